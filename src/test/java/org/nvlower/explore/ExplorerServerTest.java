package org.nvlower.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.nvlower.diag.InputException;

/** The explorer's server without a browser: the API, the page's files, the Host check, errors as JSON. */
class ExplorerServerTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient CLIENT = HttpClient.newHttpClient();
    static Explorer explorer;

    @BeforeAll
    static void start() throws Exception {
        // no libdevice here: the stages that need it must say so, not fail
        explorer = Explorer.start(0, null, () -> {
            throw new InputException("libdevice.10.bc: not found (test)");
        });
    }

    @AfterAll
    static void stop() {
        explorer.close();
    }

    static HttpResponse<String> get(String path) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(explorer.uri().resolve(path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static JsonNode post(String path, Object body) throws Exception {
        HttpResponse<String> r = CLIENT.send(HttpRequest.newBuilder(explorer.uri().resolve(path))
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build(),
                HttpResponse.BodyHandlers.ofString());
        return JSON.readTree(r.body());
    }

    static Map<String, Object> lower(String lang, String text) {
        return Map.of("lang", lang, "text", text, "options",
                Map.of("arch", "sm_90", "ftz", false, "precDiv", "1", "precSqrt", "1", "fma", "1"));
    }

    @Test
    void servesThePageAndItsFilesOnLoopbackOnly() throws Exception {
        assertEquals("127.0.0.1", explorer.uri().getHost());
        HttpResponse<String> page = get("/");
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("<script src=\"explorer.js\">"), page.body());
        assertTrue(get("/explorer.js").body().contains("/api/lower"));
        assertTrue(get("/explorer.css").body().contains("data-theme=\"dark\""));
        assertEquals(404, get("/nothing").statusCode());
    }

    @Test
    void refusesAForeignHost() throws Exception {
        // what a page on another site reaches through DNS rebinding: the right address, another name
        // (HttpClient will not send another Host; a raw socket does)
        try (var s = new java.net.Socket("127.0.0.1", explorer.uri().getPort())) {
            s.getOutputStream().write(("GET /api/options HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n")
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            String reply = new String(s.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.US_ASCII);
            assertTrue(reply.startsWith("HTTP/1.1 403"), reply);
        }
    }

    @Test
    void optionsListTheExamplesTargetsAndTemplates() throws Exception {
        JsonNode o = JSON.readTree(get("/api/options").body());
        assertEquals(3, o.get("examples").size());
        assertTrue(o.get("archs").toString().contains("\"sm_90\""), o.toString());
        assertTrue(o.get("templates").toString().contains("\"div.rn.f64\""), o.toString());
    }

    @Test
    void ptxGoesStraightToTheTemplates() throws Exception {
        String ptx = Explorer.examples().get(2).text();
        JsonNode r = post("/api/lower", lower("auto", ptx));
        assertEquals("ptx", r.get("lang").asText());
        assertTrue(r.get("error").isNull(), r.toString());
        JsonNode sass = r.get("stages").get(0);
        assertEquals("SASS templates", sass.get("name").asText());
        assertEquals("4 math instruction(s), 4 expanded for sm_90", sass.get("summary").asText());
        assertTrue(sass.get("text").asText().contains("MUFU.RCP"), sass.toString());
    }

    @Test
    void mlirShowsEveryStageAndSaysWhyLibdeviceIsMissing() throws Exception {
        JsonNode r = post("/api/lower", lower("auto", Explorer.examples().get(0).text()));
        assertEquals("mlir", r.get("lang").asText());
        List<String> names = r.get("stages").findValuesAsText("name");
        assertEquals("mathlower", names.get(0));
        assertTrue(r.get("stages").get(0).get("text").asText().contains("llvm.call @__nv_sqrtf"), r.toString());
        assertEquals("link-libdevice", names.get(names.size() - 1), names.toString());
        assertTrue(r.get("stages").get(names.size() - 1).get("skipped").asText().contains("libdevice.10.bc: not found"));
    }

    @Test
    void fp128IsLoweredWithTheRuntimeLinked() throws Exception {
        JsonNode r = post("/api/lower", lower("llvm", Explorer.examples().get(1).text()));
        assertTrue(r.get("error").isNull(), r.toString());
        JsonNode lowered = null;
        for (JsonNode s : r.get("stages")) {
            if (s.get("name").asText().endsWith("lower128")) {
                lowered = s;
            }
        }
        assertTrue(lowered != null, r.toString());
        assertTrue(lowered.get("text").asText().contains("define internal i128 @__nv_div_fp128("), lowered.toString());
    }

    @Test
    void anErrorInTheInputComesBackWithItsPosition() throws Exception {
        JsonNode r = post("/api/lower", lower("llvm", "define i32 @f(i32 %a) {\n  %b = add i32 %a,\n  ret i32 %b\n}\n"));
        JsonNode e = r.get("error");
        assertEquals(3, e.get("line").asInt());
        assertEquals(3, e.get("column").asInt());
        assertTrue(e.get("message").asText().startsWith("input.ll:3:3: error: "), e.toString());
        assertEquals(0, r.get("stages").size());
    }

    @Test
    void badRequestsGetAMessageNotAStackTrace() throws Exception {
        assertTrue(post("/api/verify", Map.of("op", "div.rn.f99", "cases", "edge", "n", 10)).get("message").asText()
                .contains("div.rn.f99"));
        assertTrue(post("/api/verify", Map.of("op", "div.rn.f32", "cases", "edge", "n", 0)).get("message").asText()
                .contains("N must be"));
        assertEquals(404, get("/api/verify/999").statusCode());
        HttpResponse<String> junk = CLIENT.send(HttpRequest.newBuilder(explorer.uri().resolve("/api/lower"))
                .POST(HttpRequest.BodyPublishers.ofString("{not json")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(400, junk.statusCode());
        assertFalse(junk.body().contains("Exception"), junk.body());
    }
}

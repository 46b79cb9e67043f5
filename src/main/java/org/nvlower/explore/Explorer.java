package org.nvlower.explore;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.runtime.RuntimeFunction;
import org.nvlower.nvptx.SmProcessor;
import org.nvlower.verify.sass.SassOp;

/**
 * {@code nvlower explore}: a web server on the loopback address alone, serving one page (plain
 * HTML, CSS and JavaScript from the jar) and a small JSON API: {@code GET /api/options},
 * {@code POST /api/lower}, {@code POST /api/verify}, {@code GET} and {@code DELETE
 * /api/verify/ID}. Requests whose Host is not this server's loopback name are refused, so that a
 * web page elsewhere cannot reach it through DNS rebinding.
 */
public final class Explorer implements AutoCloseable {

    /** A request's time limit for the stages; a verify job's limit. */
    static final long LOWER_MILLIS = 30_000;
    static final long VERIFY_MILLIS = 120_000;

    /** An example the page offers: its name, language and text. */
    public record Example(String name, String lang, String text) {}

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, String> STATIC = Map.of(
            "/", "index.html", "/index.html", "index.html", "/explorer.js", "explorer.js", "/explorer.css", "explorer.css");

    private final HttpServer http;
    private final ExecutorService pool;
    private final Stages stages;
    private final VerifyJobs jobs = new VerifyJobs(VERIFY_MILLIS);
    private final Example initial;

    private Explorer(HttpServer http, Stages stages, Example initial) {
        this.http = http;
        this.stages = stages;
        this.initial = initial;
        this.pool = Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "nvlower-explore-http");
            t.setDaemon(true);
            return t;
        });
        http.setExecutor(pool);
        http.createContext("/", this::handle);
    }

    /**
     * Starts a server on 127.0.0.1 ({@code port} 0: any free port), with the page's editor showing
     * {@code initial} (null: the first bundled example).
     */
    public static Explorer start(int port, Example initial) throws IOException {
        return start(port, initial, Stages.cudaLibdevice());
    }

    static Explorer start(int port, Example initial, Supplier<Module> libdevice) throws IOException {
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
        Explorer e = new Explorer(http, new Stages(Llc.find(), libdevice), initial);
        http.start();
        return e;
    }

    /** An input file for the editor, its language from its name. */
    public static Example file(String name, String text) {
        String lang = name.endsWith(".mlir") ? Stages.MLIR : name.endsWith(".ptx") ? Stages.PTX
                : name.endsWith(".ll") ? Stages.LLVM : Stages.detect(text);
        return new Example(name, lang, text);
    }

    public URI uri() {
        return URI.create("http://127.0.0.1:" + http.getAddress().getPort() + "/");
    }

    @Override
    public void close() {
        jobs.close();
        http.stop(0);
        pool.shutdownNow();
    }

    static List<Example> examples() {
        return List.of(
                new Example("MLIR math kernel", Stages.MLIR, resource("/org/nvlower/pipeline/demo-kernel.mlir")),
                new Example("fp128/i128 kernel (LLVM IR)", Stages.LLVM, resource("/org/nvlower/cli/means128.ll")),
                new Example("PTX kernel with div/sqrt", Stages.PTX, resource("/org/nvlower/cli/demo-kernel.ptx")));
    }

    private static String resource(String path) {
        try (InputStream in = Explorer.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ------------------------------------------------------------------ requests

    private void handle(HttpExchange x) throws IOException {
        try (x) {
            route(x);
        }
    }

    private void route(HttpExchange x) throws IOException {
        try {
            if (!localHost(x.getRequestHeaders().getFirst("Host"))) {
                send(x, 403, "text/plain", "forbidden: not a loopback Host");
                return;
            }
            String path = x.getRequestURI().getPath();
            String method = x.getRequestMethod();
            if (STATIC.containsKey(path) && method.equals("GET")) {
                String file = STATIC.get(path);
                String type = file.endsWith(".js") ? "text/javascript" : file.endsWith(".css") ? "text/css" : "text/html";
                send(x, 200, type + "; charset=utf-8", resourceUtf8("/org/nvlower/explore/" + file));
            } else if (path.equals("/api/options") && method.equals("GET")) {
                json(x, 200, options());
            } else if (path.equals("/api/lower") && method.equals("POST")) {
                JsonNode req = JSON.readTree(x.getRequestBody());
                Stages.Options o = new Stages.Options(req.path("options").path("arch").asText("sm_90"),
                        req.path("options").path("ftz").asBoolean(false),
                        req.path("options").path("precDiv").asText("1"), req.path("options").path("precSqrt").asText("1"),
                        req.path("options").path("fma").asText("1"));
                json(x, 200, stages.run(req.path("lang").asText("auto"), req.path("text").asText(""), o, LOWER_MILLIS));
            } else if (path.equals("/api/verify") && method.equals("POST")) {
                JsonNode req = JSON.readTree(x.getRequestBody());
                String id = jobs.start(new VerifyJobs.Request(req.path("op").asText(), req.path("cases").asText("edge"),
                        req.path("n").asLong(10_000), req.path("mufu").asText("exact"), req.path("gpu").asBoolean(false)));
                json(x, 200, Map.of("id", id));
            } else if (path.startsWith("/api/verify/")) {
                String id = path.substring("/api/verify/".length());
                VerifyJobs.Job j = jobs.get(id);
                if (j == null) {
                    json(x, 404, Map.of("message", "no verify job " + id));
                } else if (method.equals("DELETE")) {
                    jobs.cancel(id);
                    json(x, 200, Map.of("id", id));
                } else {
                    json(x, 200, job(j));
                }
            } else {
                json(x, 404, Map.of("message", method + " " + path + ": not found"));
            }
        } catch (IllegalArgumentException | com.fasterxml.jackson.core.JacksonException e) {
            json(x, 400, Map.of("message", String.valueOf(e.getMessage())));
        } catch (RuntimeException e) {
            json(x, 500, Map.of("message", "internal error (a bug in nvlower): " + e));
        }
    }

    private boolean localHost(String host) {
        int port = http.getAddress().getPort();
        return host != null && (host.equals("127.0.0.1:" + port) || host.equals("localhost:" + port));
    }

    private Map<String, Object> options() {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("examples", examples());
        List<String> archs = new ArrayList<>();
        for (SmProcessor sm : SmProcessor.all()) {
            if (sm.number() >= 50) {
                archs.add(sm.smName());
            }
        }
        o.put("archs", archs);
        o.put("defaultArch", "sm_90");
        o.put("templates", SassOp.names());
        o.put("runtime", java.util.Arrays.stream(RuntimeFunction.values()).map(RuntimeFunction::symbol).toList());
        o.put("initial", initial);
        return o;
    }

    private static Map<String, Object> job(VerifyJobs.Job j) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("state", j.state().name().toLowerCase(java.util.Locale.ROOT));
        o.put("done", Math.min(j.done.get(), j.total));
        o.put("total", j.total);
        o.put("mismatches", j.mismatches);
        o.put("report", j.report);
        o.put("histogram", j.histogram);
        return o;
    }

    private static String resourceUtf8(String path) {
        try (InputStream in = Explorer.class.getResourceAsStream(path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void json(HttpExchange x, int status, Object body) throws IOException {
        send(x, status, "application/json; charset=utf-8", JSON.writeValueAsString(body));
    }

    private static void send(HttpExchange x, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().set("Content-Type", type);
        x.getResponseHeaders().set("Cache-Control", "no-store");
        x.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(bytes);
        }
    }
}

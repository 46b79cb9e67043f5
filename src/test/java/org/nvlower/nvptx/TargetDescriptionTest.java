package org.nvlower.nvptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The JSON schema (docs/target.md) read back with a test-side parser, and the text forms. */
class TargetDescriptionTest {

    private static final TargetMachine SM80 = TargetMachine.fromCommandLine(List.of("-arch=compute_80"));

    @Test
    void schemaKeysInOrder() {
        Map<String, Object> root = JsonValues.object(TargetDescription.json(SM80));
        assertEquals(List.of("schema", "targetMachine", "compileOptions", "sm", "math", "reflect", "subtarget", "costModel"),
                List.copyOf(root.keySet()));
        assertEquals("nvlower.target/1", root.get("schema"));
        assertEquals(List.of("triple", "cpu", "features", "options", "dataLayout", "pointerWidth",
                "sharedMem32BitPointers", "createdBy"), keys(root, "targetMachine"));
        assertEquals(List.of("flags", "relocationModel", "codeModel", "optLevel", "threadModel"),
                keys(root, "targetMachine", "options"));
        assertEquals(List.of("arch", "opt", "ftz", "fma", "precDiv", "precSqrt", "fastMath", "deviceC", "pointerWidth",
                "knobs"), keys(root, "compileOptions"));
        assertEquals(List.of("name", "number", "variant", "ptxVersionCode", "cliAccess", "archValue", "hasMufuRcp64h",
                "hasMufuRsq64h", "hasMufuSqrt", "drsqrtHardwareFlag", "registerFileSize", "ddivTier"), keys(root, "sm"));
        assertEquals(List.of("fmaLevel", "precDivf32", "fp32Division", "precSqrtf32", "fp32Sqrt", "ddivTier"),
                keys(root, "math"));
        assertEquals(List.of("__CUDA_ARCH", "__CUDA_FTZ", "__CUDA_PREC_DIV", "__CUDA_PREC_SQRT"), keys(root, "reflect"));
        assertEquals(List.of("features", "typeLegality"), keys(root, "subtarget"));
        assertEquals(List.of("registerBitWidthScalar", "registerBitWidthVector", "supportsScalableVectors",
                "maxInterleaveFactorScalar", "maxInterleaveFactorVectorized", "issueWidth", "latency",
                "vectorizationFactor", "arithmeticCost"), keys(root, "costModel"));
    }

    @Test
    void valuesForSm80() {
        Map<String, Object> root = JsonValues.object(TargetDescription.json(SM80));
        assertEquals("nvptx64-nvidia-cuda", JsonValues.at(root, "targetMachine", "triple"));
        assertEquals("sm_80", JsonValues.at(root, "targetMachine", "cpu"));
        assertEquals("+fma-level=1,+prec-divf32=3,+prec-sqrtf32=1", JsonValues.at(root, "targetMachine", "features"));
        assertEquals(DataLayoutTest.SEED_64, JsonValues.at(root, "targetMachine", "dataLayout"));
        assertEquals(Map.of("flags", 0L, "relocationModel", 1L, "codeModel", 8L, "optLevel", 3L, "threadModel", 1L),
                JsonValues.at(root, "targetMachine", "options"));
        assertEquals("compute_80", JsonValues.at(root, "compileOptions", "arch"));
        assertEquals(Map.of(), JsonValues.at(root, "compileOptions", "knobs"));
        assertEquals(5L, JsonValues.at(root, "sm", "ptxVersionCode"));
        assertEquals("base", JsonValues.at(root, "sm", "variant"));
        assertEquals("cli", JsonValues.at(root, "sm", "cliAccess"));
        assertEquals(800L, JsonValues.at(root, "sm", "archValue"));
        assertEquals(true, JsonValues.at(root, "sm", "hasMufuRcp64h"));
        assertEquals(false, JsonValues.at(root, "sm", "hasMufuSqrt"));
        assertEquals(65536L, JsonValues.at(root, "sm", "registerFileSize"));
        assertEquals("full-unroll", JsonValues.at(root, "sm", "ddivTier"));
        assertEquals("div.rn.f32", JsonValues.at(root, "math", "fp32Division"));
        assertEquals(800L, JsonValues.at(root, "reflect", "__CUDA_ARCH"));
        assertEquals(Map.of("action", "Promote", "becomes", "i16"), JsonValues.at(root, "subtarget", "typeLegality", "i8"));
        assertEquals(32, ((Map<?, ?>) JsonValues.at(root, "subtarget", "typeLegality")).size());
        assertEquals(32L, JsonValues.at(root, "costModel", "registerBitWidthVector"));
        assertEquals(false, JsonValues.at(root, "costModel", "supportsScalableVectors"));
        assertEquals(1L, JsonValues.at(root, "costModel", "vectorizationFactor", "float"));
        assertEquals(2L, JsonValues.at(root, "costModel", "vectorizationFactor", "half"));
        assertEquals(4L, JsonValues.at(root, "costModel", "vectorizationFactor", "i8"));
        assertEquals(Map.of("i32", 1L, "i64", 4L), JsonValues.at(root, "costModel", "arithmeticCost", "mul"));
    }

    @Test
    void knobsAppearAsSetAndOutputIsStable() {
        TargetMachine tm = TargetMachine.fromCommandLine(List.of("-arch=sm_100a", "-nvptx-short-ptr",
                "-predictable-branch-threshold=12.5", "-fca-size=16"));
        String json = TargetDescription.json(tm);
        assertEquals(json, TargetDescription.json(TargetMachine.fromCommandLine(List.of("-fca-size=16",
                "-predictable-branch-threshold=12.5", "-nvptx-short-ptr", "-arch=sm_100a"))));
        Map<String, Object> root = JsonValues.object(json);
        Map<String, Object> knobs = new LinkedHashMap<>();
        knobs.put("nvptx-short-ptr", true);
        knobs.put("fca-size", 16L);
        knobs.put("predictable-branch-threshold", 12.5);
        assertEquals(knobs, JsonValues.at(root, "compileOptions", "knobs"));
        assertEquals(List.copyOf(knobs.keySet()), keys(root, "compileOptions", "knobs"));
        assertEquals(7L, JsonValues.at(root, "sm", "ptxVersionCode"));
        assertEquals("a", JsonValues.at(root, "sm", "variant"));
        assertEquals(true, JsonValues.at(root, "targetMachine", "sharedMem32BitPointers"));
    }

    @Test
    void smTableJsonHasAll45() {
        Map<String, Object> root = JsonValues.object(TargetDescription.smTableJson());
        List<?> sms = (List<?>) root.get("sms");
        assertEquals(45, sms.size());
        List<String> names = new ArrayList<>();
        for (Object o : sms) {
            names.add((String) ((Map<?, ?>) o).get("name"));
        }
        assertEquals(SmProcessorTest.FACTS_NAMES, names);
        Map<?, ?> sm89 = (Map<?, ?>) sms.get(21);
        assertEquals("sm_89", sm89.get("name"));
        assertEquals(true, sm89.get("hasMufuSqrt"));
        assertEquals("backend-only", ((Map<?, ?>) sms.get(1)).get("cliAccess"));
        assertEquals("cli-table-only", ((Map<?, ?>) sms.get(0)).get("cliAccess"));
        assertEquals("f", ((Map<?, ?>) sms.get(44)).get("variant"));
    }

    @Test
    void jsonWriterEscapesAndFormats() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("s", "a\"b\\c\nd\te\u0001");
        m.put("d", 2.0);
        m.put("e", 0.25);
        m.put("n", null);
        m.put("l", List.of(1, 2));
        m.put("o", List.of(Map.of("k", 1)));
        m.put("empty", List.of());
        assertEquals("{\n  \"s\": \"a\\\"b\\\\c\\nd\\te\\u0001\",\n  \"d\": 2.0,\n  \"e\": 0.25,\n  \"n\": null,\n"
                + "  \"l\": [ 1, 2 ],\n  \"o\": [ {\n    \"k\": 1\n  } ],\n  \"empty\": [ ]\n}\n", Json.write(m));
        assertEquals(m.get("s"), JsonValues.object(Json.write(m)).get("s"));
        assertThrows(IllegalArgumentException.class, () -> Json.write(new Object()));
    }

    @Test
    void renderIsAligned() {
        String text = TargetDescription.render(SM80);
        String[] lines = text.split("\n");
        int valueColumn = lines[0].indexOf("nvptx64-nvidia-cuda");
        for (String line : lines) {
            assertTrue(line.charAt(valueColumn - 1) == ' ' && line.charAt(valueColumn) != ' ', line);
        }
        assertTrue(text.contains("fp32 division       div.rn.f32\n"), text);
        assertTrue(text.contains("__CUDA_ARCH         800\n"), text);
        assertTrue(text.contains("MUFU.SQRT           no\n"), text);
    }

    @Test
    void sideBySideMarksDifferences() {
        TargetMachine fast = TargetMachine.fromCommandLine(List.of("-arch=compute_90", "-ftz=1", "-prec-div=0",
                "-prec-sqrt=0", "-fast-math"));
        String text = TargetDescription.sideBySide(SM80, fast);
        String[] lines = text.split("\n");
        assertEquals("  " + " ".repeat(lines[1].indexOf("triple") - 2), lines[0].substring(0, lines[1].indexOf("triple")));
        int left = lines[0].indexOf("sm_80");
        int right = lines[0].indexOf("sm_90");
        assertTrue(left > 0 && right > left);
        for (int i = 1; i < lines.length; i++) {
            assertTrue(lines[i].charAt(left - 1) == ' ', lines[i]);
            assertTrue(lines[i].length() <= right || lines[i].charAt(right - 1) == ' ', lines[i]);
        }
        assertTrue(text.contains("* fp32 division"), text);
        assertTrue(lines[find(lines, "fp32 division")].contains("div.rn.f32"));
        assertTrue(lines[find(lines, "fp32 division")].endsWith("div.approx.ftz.f32"));
        assertTrue(lines[find(lines, "triple")].startsWith("  triple"), "same triple is not marked");
        assertTrue(lines[find(lines, "MUFU.SQRT")].startsWith("* "));
        assertTrue(lines[find(lines, "__CUDA_ARCH")].endsWith("900"));
        assertEquals(TargetDescription.rows(SM80).size(), java.util.Arrays.stream(lines).skip(1)
                .filter(l -> !l.substring(2, 4).isBlank()).count());
        for (String line : lines) {
            assertTrue(line.length() <= right + TargetDescription.COLUMN_WIDTH, line);
        }
        // The data layout wraps after '-': its pieces rejoin to the whole string.
        int at = find(lines, "data layout");
        StringBuilder layout = new StringBuilder(lines[at].substring(left, right).strip());
        for (int i = at + 1; lines[i].substring(2, 4).isBlank(); i++) {
            layout.append(lines[i].substring(left, Math.min(right, lines[i].length())).strip());
        }
        assertEquals(SM80.dataLayout(), layout.toString());
    }

    @Test
    void wrapBreaksAfterSeparators() {
        assertEquals(List.of("short"), TargetDescription.wrap("short"));
        String layout = DataLayoutTest.SEED_64;
        List<String> pieces = TargetDescription.wrap(layout);
        assertTrue(pieces.size() > 1);
        assertEquals(layout, String.join("", pieces));
        for (String piece : pieces) {
            assertTrue(piece.length() <= TargetDescription.COLUMN_WIDTH, piece);
        }
        assertEquals(List.of("x".repeat(48), "x".repeat(12)), TargetDescription.wrap("x".repeat(60)));
        // A break after a space drops the space from the end of the piece.
        assertEquals(List.of("a".repeat(40) + " " + "b".repeat(5), "c".repeat(10)),
                TargetDescription.wrap("a".repeat(40) + " " + "b".repeat(5) + " " + "c".repeat(10)));
    }

    private static int find(String[] lines, String label) {
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].substring(2).startsWith(label + " ")) {
                return i;
            }
        }
        throw new AssertionError("no row " + label);
    }

    @Test
    void smTableText() {
        String[] lines = TargetDescription.smTable().split("\n");
        assertEquals(46, lines.length);
        assertTrue(lines[0].startsWith("sm "));
        assertTrue(lines[24].startsWith("sm_90a "), lines[24]);
        assertTrue(lines[24].matches("sm_90a\\s+6\\s+a\\s+cli\\s+900\\s+yes\\s+yes\\s+yes\\s+65536\\s+full-unroll"), lines[24]);
    }

    private static List<String> keys(Object root, String... path) {
        return List.copyOf(((Map<?, ?>) JsonValues.at(root, path)).keySet().stream().map(String::valueOf).toList());
    }
}

package org.nvlower.llvm.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.cli.Main;

/** {@code nvlower roundtrip} and {@code nvlower stats} through {@code Main.run}. */
class IrCliUnitTest {

    private record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void roundtripToFileIsByteExact(@TempDir Path dir) throws Exception {
        Path in = dir.resolve("in.ll");
        byte[] bytes = (Fixtures.TYPED + "; caf\u00e9 \u00ff\n").getBytes(StandardCharsets.UTF_8);
        Files.write(in, bytes);
        Path out = dir.resolve("out.ll");
        Run r = run("roundtrip", in.toString(), "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(new String(bytes, StandardCharsets.ISO_8859_1),
                new String(Files.readAllBytes(out), StandardCharsets.ISO_8859_1));
        try (var files = Files.list(dir)) {
            assertEquals(2, files.count(), "no temporary file left behind");
        }
    }

    @Test
    void invalidUtf8SurvivesTooAndStdoutWorks(@TempDir Path dir) throws Exception {
        Path in = dir.resolve("latin1.ll");
        byte[] bytes = "; \u00e9t\u00e9\n@g = global i32 0\n".getBytes(StandardCharsets.ISO_8859_1);
        Files.write(in, bytes);
        Path out = dir.resolve("o.ll");
        assertEquals(0, run("roundtrip", in.toString(), "-o", out.toString()).code());
        assertEquals(java.util.Arrays.toString(bytes), java.util.Arrays.toString(Files.readAllBytes(out)));
        Run r = run("roundtrip", in.toString());
        assertEquals(0, r.code());
        assertTrue(r.out().endsWith("@g = global i32 0\n"), r.out());
    }

    @Test
    void malformedInputIsOneErrorWithCaret(@TempDir Path dir) throws Exception {
        Path in = dir.resolve("bad.ll");
        Files.writeString(in, "define i32 @f() {\n  ret i32 %x\n}\n");
        Run r = run("roundtrip", in.toString(), "-o", dir.resolve("never.ll").toString());
        assertEquals(1, r.code());
        assertEquals(in + ":2:11: error: use of undefined value '%x'\n  ret i32 %x\n          ^\n", r.err());
        assertTrue(!Files.exists(dir.resolve("never.ll")));
        Run missing = run("roundtrip", dir.resolve("nope.ll").toString());
        assertEquals(1, missing.code());
        assertTrue(missing.err().startsWith("error: no such file"), missing.err());
    }

    @Test
    void statsCountsAndListsWideOperations(@TempDir Path dir) throws Exception {
        Path in = dir.resolve("t.ll");
        Files.writeString(in, Fixtures.TYPED);
        Run r = run("stats", in.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("functions: 3 (2 defined, 1 declared)"), r.out());
        assertTrue(r.out().contains("blocks: 4"), r.out());
        assertTrue(r.out().contains("fp128/i128 operations to lower: 11"), r.out());
        int line = lineOf(Fixtures.TYPED, "%sum = fadd fp128");
        assertTrue(r.out().contains(in + ":" + line + ": fadd fp128  (in @wide)"), r.out());
        assertTrue(r.out().contains(": fptoui fp128 -> i64"), r.out());
        assertTrue(r.out().contains(": sitofp i128 -> double"), r.out());
    }

    private static int lineOf(String text, String needle) {
        return (int) text.substring(0, text.indexOf(needle)).chars().filter(c -> c == '\n').count() + 1;
    }
}

package org.nvlower.llvm.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.cli.Main;

/**
 * {@code nvlower roundtrip} and {@code nvlower stats} on good and bad files, through
 * {@link Main#run}: exit codes, the {@code file:line:col: error:} format with the source line and
 * a caret, no stack trace, and no partial output file on error.
 */
class RoundtripCliTest {

    @TempDir
    Path dir;

    record Run(int code, String out, String err) {}

    static Run nvlower(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Run(code, out.toString(), err.toString());
    }

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private static final String BAD = "define i32 @f() {\n  %x = frobnicate i32 1, 2\n  ret i32 %x\n}\n";

    @Test
    void roundtripWritesTheInputBackByteForByte() throws IOException {
        for (Path fixture : Fixtures.all()) {
            Path out = dir.resolve("out-" + fixture.getFileName());
            Run r = nvlower("roundtrip", fixture.toString(), "-o", out.toString());
            if (r.code() == Main.USER_ERROR && Files.readString(fixture).contains(FixtureRoundTripTest.MAY_REJECT)) {
                assertNoStackTrace(r);
                assertFalse(Files.exists(out));
                continue;
            }
            assertEquals(0, r.code(), () -> fixture + ":\n" + r.err());
            assertEquals(-1L, Files.mismatch(fixture, out), () -> "output differs from " + fixture);
        }
    }

    @Test
    void roundtripToStandardOutput() throws IOException {
        Path in = write("ok.ll", "define void @f() {\n  ret void\n}\n");
        Run r = nvlower("roundtrip", in.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(Files.readString(in), r.out());
    }

    @Test
    void parseErrorIsOneMessageWithLineAndCaretAndExitCode1() throws IOException {
        Path in = write("bad.ll", BAD);
        Run r = nvlower("roundtrip", in.toString());
        assertEquals(Main.USER_ERROR, r.code());
        String[] lines = r.err().split("\r?\n");
        assertTrue(lines[0].startsWith(in + ":2:8: error: "), r.err());
        assertEquals("  %x = frobnicate i32 1, 2", lines[1]);
        assertEquals("       ^", lines[2]);
        assertEquals(3, lines.length, "nothing but the message:\n" + r.err());
        assertNoStackTrace(r);
        assertEquals("", r.out());
    }

    @Test
    void statsReportsTheSameError() throws IOException {
        Path in = write("bad.ll", BAD);
        Run r = nvlower("stats", in.toString());
        assertEquals(Main.USER_ERROR, r.code());
        assertTrue(r.err().startsWith(in + ":2:8: error: "), r.err());
        assertNoStackTrace(r);
    }

    @Test
    void statsOnAGoodFileSucceeds() {
        Path in = Fixtures.LLVM14.files().get(0);
        Run r = nvlower("stats", in.toString());
        assertEquals(0, r.code(), r.err());
        assertFalse(r.out().isBlank());
    }

    @Test
    void noOutputFileIsCreatedOnError() throws IOException {
        Path in = write("bad.ll", BAD);
        Path out = dir.resolve("out.ll");
        Run r = nvlower("roundtrip", in.toString(), "-o", out.toString());
        assertEquals(Main.USER_ERROR, r.code());
        assertFalse(Files.exists(out), "no partial output");
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary file left behind either");
        }
    }

    @Test
    void anExistingOutputFileIsLeftAloneOnError() throws IOException {
        Path in = write("bad.ll", BAD);
        Path out = write("out.ll", "previous contents\n");
        Run r = nvlower("roundtrip", in.toString(), "-o", out.toString());
        assertEquals(Main.USER_ERROR, r.code());
        assertEquals("previous contents\n", Files.readString(out));
    }

    @Test
    void missingInputFileIsAUserError() {
        Run r = nvlower("roundtrip", dir.resolve("absent.ll").toString());
        assertEquals(Main.USER_ERROR, r.code());
        assertTrue(r.err().contains("absent.ll"), r.err());
        assertNoStackTrace(r);
    }

    @Test
    void outputIntoAMissingDirectoryIsAUserError() throws IOException {
        Path in = write("ok.ll", "define void @f() {\n  ret void\n}\n");
        Run r = nvlower("roundtrip", in.toString(), "-o", dir.resolve("no/such/dir/out.ll").toString());
        assertEquals(Main.USER_ERROR, r.code(), r.err());
        assertTrue(r.err().startsWith("nvlower: error: writing ") && r.err().contains("no/such/dir"), r.err());
        assertNoStackTrace(r);
    }

    @Test
    void aDirectoryAsInputIsAUserError() {
        Run r = nvlower("roundtrip", dir.toString());
        assertEquals(Main.USER_ERROR, r.code(), r.err());
        assertTrue(r.err().startsWith("error: "), r.err());
        assertNoStackTrace(r);
    }

    private static void assertNoStackTrace(Run r) {
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), "no stack trace:\n" + r.err());
    }
}

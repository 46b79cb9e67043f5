package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Errors a person can read: whatever the input file is, one short message, never its bytes. */
class InputErrorsTest {

    @TempDir
    Path dir;

    private Path file(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    private static byte[] latin1(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** {@code command file} fails with exit 1 and exactly {@code expected} on stderr, for roundtrip and stats. */
    private static void assertError(String expected, String file) {
        for (String command : List.of("roundtrip", "stats")) {
            CliRunner r = CliRunner.run("", command, file);
            assertEquals(expected + "\n", r.err(), command);
            assertEquals(Main.USER_ERROR, r.exitCode(), command);
            assertEquals("", r.out(), command);
        }
    }

    /** Bitcode is read natively (org.nvlower.llvm.bitcode): a truncated file is one error with its byte offset. */
    private static void assertBitcodeError(String prefix, String file) {
        for (String command : List.of("roundtrip", "stats")) {
            CliRunner r = CliRunner.run("", command, file);
            assertTrue(r.err().startsWith("error: " + prefix) && r.err().indexOf('\n') == r.err().length() - 1, r.err());
            assertEquals(Main.USER_ERROR, r.exitCode(), command);
            assertEquals("", r.out(), command);
        }
    }

    @Test
    void truncatedBitcodeIsOneErrorWithTheByteOffset() throws IOException {
        Path bc = file("m.bc", latin1("BC\u00c0\u00de\u0035\u0014\u0000\u0000\u0005\u0000\u0000\u0000b\u000c0$"));
        assertBitcodeError(bc + ": at byte offset ", bc.toString());
        Path wrapped = file("w.bc", latin1("\u00de\u00c0\u0017\u000b\u0000\u0000\u0000\u0000\u0014\u0000\u0000\u0000"));
        assertBitcodeError(wrapped + ": at byte offset ", wrapped.toString());
        CliRunner r = CliRunner.run("BC\u00c0\u00de", "roundtrip", "-");
        assertEquals(Main.USER_ERROR, r.exitCode());
        // (CliRunner feeds UTF-8: C3 80 C3 9E is no bitcode magic, so this one is a parse error; see the next line)
        r = CliRunner.run("BC", "roundtrip", "-");
        assertEquals(Main.USER_ERROR, r.exitCode());
    }

    @Test
    void otherBinaryDataIsNamedAsSuch() throws IOException {
        byte[] elf = latin1("\u007fELF\u0002\u0001\u0001\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0003\u0000>");
        Path bin = file("a.out", elf);
        assertError("error: " + bin + " is not textual LLVM IR: it holds binary data (a NUL byte at offset 7)",
                bin.toString());
        // NUL is whitespace to llvm-as: valid IR with a NUL in it is still read
        Path nul = file("nul.ll", latin1("define void @f() {\u0000\n  ret void\n}\n"));
        CliRunner r = CliRunner.run("", "stats", nul.toString());
        assertEquals(0, r.exitCode(), r.err());
    }

    @Test
    void emptyMissingAndDirectoryPathsEachSayWhat() throws IOException {
        assertError("error: the input file name is empty", "");
        assertError("error: no such file: " + dir.resolve("absent.ll"), dir.resolve("absent.ll").toString());
        assertError("error: " + dir + " is a directory", dir.toString());
    }

    @Test
    void aMegabyteLineOfGarbageGivesAShortError() throws IOException {
        byte[] garbage = new byte[1 << 20];
        java.util.Arrays.fill(garbage, (byte) 'q');
        Path f = file("garbage.ll", garbage);
        CliRunner r = CliRunner.run("", "roundtrip", f.toString());
        assertEquals(Main.USER_ERROR, r.exitCode());
        assertTrue(r.err().length() < 400, r.err().length() + " characters");
        assertTrue(r.err().startsWith(f + ":1:1: error: "), r.err());
    }

    @Test
    void nonAsciiSourceLinesAreEchoedAsText() throws IOException {
        Path f = file("utf8.ll", "; caf\u00e9\n@\"\u00e9t\u00e9\" = frobnicate i32 0\n".getBytes(StandardCharsets.UTF_8));
        CliRunner r = CliRunner.run("", "roundtrip", f.toString());
        String[] lines = r.err().split("\n");
        assertEquals(3, lines.length, r.err());
        assertEquals("@\"\u00e9t\u00e9\" = frobnicate i32 0", lines[1], "no mojibake");
        assertEquals("         ^", lines[2]);
    }
}

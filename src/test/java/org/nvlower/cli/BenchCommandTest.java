package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code nvlower bench fp128}: argument errors and the output format, with tiny time budgets. */
class BenchCommandTest {

    private static final Pattern LINE = Pattern.compile(
            "fp128 (add|mul|div|sqrt): (\\d+\\.\\d) Mop/s \\(wall \\d+\\.\\d, checksum 0x([0-9a-f]{16}), (\\d+) passes of (\\d+) pairs\\)");
    private static final long K = 0x9E37_79B9_7F4A_7C15L;
    private static final String ONE = "3fff0000000000000000000000000000";

    @TempDir
    Path dir;

    record Run(int code, String out, String err) {
        List<String> lines() {
            return out.lines().toList();
        }
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Run(code, out.toString(), err.toString());
    }

    /** The documented checksum of one pass whose results are the given (hi, lo) words, in order. */
    static long checksumOf(long... words) {
        long h = 0;
        for (long word : words) {
            h = Long.rotateLeft((h ^ word) * K, 31);
        }
        return h;
    }

    @Test
    void defaultRunsAllFourOpsInOrderOverTheStandardPairs() {
        Run r = run("bench", "fp128", "--seconds", "0.002");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        List<String> lines = r.lines();
        assertEquals(4, lines.size(), r.out());
        String[] ops = {"add", "mul", "div", "sqrt"};
        for (int i = 0; i < 4; i++) {
            Matcher m = LINE.matcher(lines.get(i));
            assertTrue(m.matches(), lines.get(i));
            assertEquals(ops[i], m.group(1));
            assertTrue(Long.parseLong(m.group(4)) >= 1, lines.get(i));
            assertEquals("4096", m.group(5));
        }
    }

    @Test
    void opsAreSelectableByRepeatOrComma() {
        Run r = run("bench", "fp128", "--op", "div,add", "--op", "mul", "--seconds", "0.002");
        assertEquals(0, r.code(), r.err());
        List<String> ops = r.lines().stream().map(l -> l.substring(6, l.indexOf(':'))).toList();
        assertEquals(List.of("div", "add", "mul"), ops);
    }

    @Test
    void checksumIsTheHashOfTheResultsOfOnePass() throws IOException {
        // Pairs (1, 1) and (-1, 1); exact results known without the code under test:
        // add 2, +0; mul and div 1, -1; sqrt(|A|) 1, 1.
        Path file = dir.resolve("ones.txt");
        Files.writeString(file, "# two pairs\n" + ONE + " " + ONE + "\n\n  b" + ONE.substring(1) + "\t" + ONE + "  \n");
        long two = 0x4000_0000_0000_0000L;
        long one = 0x3FFF_0000_0000_0000L;
        long minusOne = one | Long.MIN_VALUE;
        long[][] results = {{two, 0, 0, 0}, {one, 0, minusOne, 0}, {one, 0, minusOne, 0}, {one, 0, one, 0}};
        String[] ops = {"add", "mul", "div", "sqrt"};
        for (int i = 0; i < 4; i++) {
            Run r = run("bench", "fp128", "--op", ops[i], "--seconds", "0.001", "--operands", file.toString());
            assertEquals(0, r.code(), r.err());
            Matcher m = LINE.matcher(r.lines().get(0));
            assertTrue(m.matches(), r.out());
            assertEquals("2", m.group(5));
            assertEquals(String.format("%016x", checksumOf(results[i])), m.group(3), ops[i]);
        }
    }

    @Test
    void nanResultsCountAsOneCanonicalValue() throws IOException {
        Path file = dir.resolve("nan.txt");
        Files.writeString(file, "7fff8000000000000000000000001234 " + ONE + "\n");
        Run r = run("bench", "fp128", "--op", "add", "--seconds", "0.001", "--operands", file.toString());
        assertEquals(0, r.code(), r.err());
        Matcher m = LINE.matcher(r.lines().get(0));
        assertTrue(m.matches(), r.out());
        assertEquals(String.format("%016x", checksumOf(0x7FFF_8000_0000_0000L, 0)), m.group(3));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "NaN", "abc", "1e9", "Infinity"})
    void badSecondsIsAUsageError(String seconds) {
        Run r = run("bench", "fp128", "--op", "add", "--seconds", seconds);
        assertEquals(Main.USAGE_ERROR, r.code());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("error: ") && r.err().contains("--seconds"), r.err());
    }

    @Test
    void unknownOpIsAUsageErrorNamingTheChoices() {
        Run r = run("bench", "fp128", "--op", "add,fma");
        assertEquals(Main.USAGE_ERROR, r.code());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("error: ") && r.err().contains("'fma'") && r.err().contains("add, mul, div, sqrt"), r.err());
    }

    @Test
    void helpListsTheOptionsAndRunsNothing() {
        Run r = run("bench", "fp128", "--help");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("Usage: nvlower bench fp128") && r.out().contains("--seconds")
                && r.out().contains("--op") && r.out().contains("--operands"), r.out());
        assertTrue(r.out().lines().noneMatch(l -> LINE.matcher(l).matches()), r.out());
    }

    @Test
    void missingOrUnknownBenchmarkIsAUsageError() {
        Run none = run("bench");
        assertEquals(Main.USAGE_ERROR, none.code());
        assertTrue(none.err().startsWith("error: ") && none.err().contains("fp128"), none.err());
        Run unknown = run("bench", "fp64");
        assertEquals(Main.USAGE_ERROR, unknown.code());
        assertTrue(unknown.err().startsWith("error: "), unknown.err());
    }

    @Test
    void malformedOperandFileIsReportedAtItsLineAndColumn() throws IOException {
        Path file = dir.resolve("bad.txt");
        Files.writeString(file, ONE + " " + ONE + "\n" + ONE + " 3fff00zz000000000000000000000000\n");
        Run r = run("bench", "fp128", "--operands", file.toString(), "--seconds", "0.001");
        assertEquals(1, r.code());
        assertEquals("", r.out());
        String[] err = r.err().split("\n");
        assertEquals(file + ":2:34: error: expected 32 hex digits, found '3fff00zz000000000000000000000000'", err[0]);
        assertEquals(" ".repeat(33) + "^", err[2]);
    }

    @Test
    void missingOrEmptyOperandFileIsAUserError() throws IOException {
        Run missing = run("bench", "fp128", "--operands", dir.resolve("none.txt").toString());
        assertEquals(1, missing.code());
        assertTrue(missing.err().startsWith("error: ") && missing.err().contains("no such file"), missing.err());
        Path empty = Files.writeString(dir.resolve("empty.txt"), "# nothing\n");
        Run r = run("bench", "fp128", "--operands", empty.toString());
        assertEquals(1, r.code());
        assertTrue(r.err().startsWith("error: ") && r.err().contains("no operand pairs"), r.err());
    }
}

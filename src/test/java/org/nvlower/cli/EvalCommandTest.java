package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class EvalCommandTest {

    static final String ONE = "3FFF0000000000000000000000000000";

    @Test
    void evaluatesRuntimeFunctions() {
        CliRunner r = CliRunner.run("", "eval", "__nv_add_fp128", ONE, ONE);
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("40000000000000000000000000000000\n", r.out());
        r = CliRunner.run("", "eval", "__nv_udiv128", "0000000000000000000000000000000A", "00000000000000000000000000000000");
        assertEquals("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF\n", r.out());
        r = CliRunner.run("", "eval", "__nv_fcmp_uno", ONE, "7FFF8000000000000000000000000000");
        assertEquals("1\n", r.out());
        r = CliRunner.run("", "eval", "__nv_fp128_to_int8", "C0060200000000000000000000000000");
        assertEquals("80\n", r.out(), "-129 saturates");
    }

    @Test
    void evaluatesTestFloatNamesWithFlagsAndRoundingMode() {
        // 1 + 2^-24 in f32: exact in nearest even? 1 + 2^-24 is a tie: near_even gives 1, max gives 1 + 2^-23
        CliRunner r = CliRunner.run("", "eval", "f32_add", "3F800000", "33800000");
        assertEquals("3F800000 01\n", r.out());
        r = CliRunner.run("", "eval", "-rmax", "f32_add", "3F800000", "33800000");
        assertEquals("3F800001 01\n", r.out());
        r = CliRunner.run("", "eval", "f32_div", "3F800000", "00000000");
        assertEquals("7F800000 08\n", r.out());
        r = CliRunner.run("", "eval", "f32_sqrt", "BF800000");
        assertEquals("7FFFFFFF 10\n", r.out(), "the GPU's canonical NaN");
    }

    @Test
    void readsCallsFromStdin() {
        CliRunner r = CliRunner.run("__nv_int8_to_fp128 FF\n\nf64_mul 3FF0000000000000 4000000000000000\n", "eval", "-");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("BFFF0000000000000000000000000000\n4000000000000000 00\n", r.out());
    }

    @Test
    void badStdinLineStopsWithOneErrorNamingTheLine() {
        CliRunner r = CliRunner.run("__nv_int8_to_fp128 FF\n__nv_int8_to_fp128 FFF\n__nv_int8_to_fp128 01\n", "eval", "-");
        assertEquals(1, r.exitCode());
        assertEquals("BFFF0000000000000000000000000000\n", r.out(), "no output for the bad line or after it");
        assertTrue(r.err().startsWith("<stdin>:2:20: error: __nv_int8_to_fp128 operand 1 (i8): expected 2 hex digits, "
                + "got 'FFF'\n__nv_int8_to_fp128 FFF\n" + " ".repeat(19) + "^"), r.err());
        assertEquals(1, r.err().lines().filter(l -> l.contains("error:")).count(), r.err());
    }

    @Test
    void badArgumentsAreOneErrorLine() {
        String[][] cases = {
            {"unknown function '__nv_nope'", "__nv_nope", "00"},
            {"takes 2 operands, got 1", "__nv_add_fp128", ONE},
            {"takes 2 operands, got 3", "__nv_add_fp128", ONE, ONE, ONE},
            {"__nv_add_fp128 operand 1 (fp128): expected 32 hex digits", "__nv_add_fp128", ONE + "0", ONE},
            {"is not hex", "__nv_udiv128", "0000000000000000000000000000000X", ONE},
            {"is not hex", "__nv_fp128_to_int8", "3FFF000000000000000000000000000\uFF10"},
            {"f32_add operand 1 (f32): expected 8 hex digits", "f32_add", "3F80000", "3F800000"},
            {"--list takes no function", "--list", "f32_add"},
            {"'-' reads the calls from standard input and takes no operands", "-", "x"},
            {"a function name is required", "-rmax"},
            {"__nv_add_fp128 rounds as the GPU does (fixed); -r and --exact apply to TestFloat names only",
                "-rmax", "__nv_add_fp128", ONE, ONE},
            {"-r and --exact apply to TestFloat names only", "--exact", "__nv_add_fp128", ONE, ONE},
            {"takes 1 operand, got 0", "f32_sqrt"},
            {"f32_add operand 1 '' is not one hex field", "f32_add", "", "3F800000"},
            {"f32_add operand 2 '3F80 0000' is not one hex field", "f32_add", "3F800000", "3F80 0000"},
        };
        CliRunner.assertOneLineErrors("eval", cases);
        CliRunner r = CliRunner.run("", "eval", "-rup", "f32_add", "3F800000", "3F800000");
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("unknown rounding mode 'up'"), r.err());
    }

    @Test
    void stdinErrorsPointAtTheFieldAndCutLongLines() {
        CliRunner r = CliRunner.run("f32_add 3F800000 3F800000 extra 2\n", "eval", "-");
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("<stdin>:1:27: error: f32_add takes 2 operands, got 4"), r.err());
        r = CliRunner.run("  nope 1\n", "eval", "-");
        assertTrue(r.err().startsWith("<stdin>:1:3: error: unknown function 'nope'"), r.err());
        r = CliRunner.run("\tf32_add\t3F800000\t3F800000\r\n", "eval", "-");
        assertEquals("40000000 00\n", r.out(), "tabs and CR LF separate fields too");
        r = CliRunner.run("__nv_add_fp128 " + ONE + "\n", "eval", "--exact", "-");
        assertEquals(1, r.exitCode());
        assertTrue(r.err().startsWith("<stdin>:1:1: error: __nv_add_fp128 rounds as the GPU does"), r.err());
        String huge = "A".repeat(1_000_000);
        r = CliRunner.run("f32_add 3F800000 " + huge + "\n", "eval", "-");
        assertEquals(1, r.exitCode());
        assertEquals("<stdin>:1:18: error: f32_add operand 2 (f32): expected 8 hex digits, got '" + "A".repeat(32)
                + "...' (1000000 characters)\nf32_add 3F800000 " + "A".repeat(40) + " ...\n" + " ".repeat(17) + "^\n",
                r.err(), "a huge line is cut, not echoed");
        r = CliRunner.run(huge + "\n", "eval", "-");
        assertTrue(r.err().length() < 300, r.err());
    }

    @Test
    void stopsWhenTheOutputIsClosed() {
        ByteArrayInputStream in = new ByteArrayInputStream(
                "f32_add 3F800000 3F800000\n".repeat(100_000).getBytes(StandardCharsets.US_ASCII));
        Writer closed = new Writer() { // a pipe whose reader has quit
            @Override
            public void write(char[] buf, int off, int len) throws IOException {
                throw new IOException("Broken pipe");
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        StringWriter err = new StringWriter();
        InputStream saved = System.in;
        int code;
        try {
            System.setIn(in);
            code = Main.run(new PrintWriter(closed), new PrintWriter(err), "eval", "-");
        } finally {
            System.setIn(saved);
        }
        assertEquals(1, code);
        assertEquals("nvlower: error: writing <stdout>: the output writer failed\n", err.toString());
        assertTrue(in.available() > 0, "stopped before reading all the input");
    }

    @Test
    void emptyStdinIsNoOutput() {
        CliRunner r = CliRunner.run("", "eval", "-");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.out() + r.err());
        r = CliRunner.run("\n  \n", "eval", "-");
        assertEquals("", r.out() + r.err());
    }

    @Test
    void listsTheSupportedNames() {
        CliRunner r = CliRunner.run("", "eval", "--list");
        assertEquals(0, r.exitCode());
        assertTrue(r.out().lines().anyMatch(
                l -> l.matches("__nv_cvt_u128_f32_rn +declare float @__nv_cvt_u128_f32_rn\\(i128\\)")), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("f128_mulAdd +f128 f128 f128 -> f128")), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("f32_lt_quiet +f32 f32 -> bool")), r.out());
        assertTrue(r.out().lines().count() > 55 + 100, "the 55 runtime functions and the TestFloat names");
    }
}

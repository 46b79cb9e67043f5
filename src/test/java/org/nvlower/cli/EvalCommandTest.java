package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        assertTrue(r.err().startsWith("<stdin>:2:1: error: __nv_int8_to_fp128: operand 1 'FFF' must be exactly 2 hex digits"),
                r.err());
        assertEquals(1, r.err().lines().filter(l -> l.contains("error:")).count(), r.err());
    }

    @Test
    void badArgumentsAreOneErrorLine() {
        String[][] cases = {
            {"unknown function '__nv_nope'", "__nv_nope", "00"},
            {"takes 2 operands, got 1", "__nv_add_fp128", ONE},
            {"takes 2 operands, got 3", "__nv_add_fp128", ONE, ONE, ONE},
            {"must be exactly 32 hex digits", "__nv_add_fp128", ONE + "0", ONE},
            {"is not hex", "__nv_udiv128", "0000000000000000000000000000000X", ONE},
            {"is not hex", "__nv_fp128_to_int8", "3FFF000000000000000000000000000\uFF10"},
            {"f32_add: expected 8 hex digits", "f32_add", "3F80000", "3F800000"},
            {"takes 1 operand, got 0", "f32_sqrt"},
        };
        for (String[] c : cases) {
            String[] args = new String[c.length];
            args[0] = "eval";
            System.arraycopy(c, 1, args, 1, c.length - 1);
            CliRunner r = CliRunner.run("", args);
            assertEquals(1, r.exitCode(), String.join(" ", args));
            assertEquals("", r.out());
            assertTrue(r.err().startsWith("error: ") && r.err().contains(c[0]), r.err());
            assertEquals(1, r.err().lines().count(), r.err());
        }
        CliRunner r = CliRunner.run("", "eval", "-rup", "f32_add", "3F800000", "3F800000");
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("unknown rounding mode 'up'"), r.err());
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

package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TestFloatCommandTest {

    @Test
    void actsAsSubject() {
        // f64_to_i32 in minMag: 2.5 -> 2; without -exact no inexact flag, with -exact inexact
        CliRunner r = CliRunner.run("4004000000000000\nC004000000000000 FFFFFFFE 00\n", "testfloat", "f64_to_i32", "-rminMag");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("4004000000000000 00000002 00\nC004000000000000 FFFFFFFE 00\n", r.out());
        r = CliRunner.run("4004000000000000\n", "testfloat", "f64_to_i32", "-rminMag", "-exact");
        assertEquals("4004000000000000 00000002 01\n", r.out());
        r = CliRunner.run("4004000000000000\n", "testfloat", "f64_to_i32", "-rnear_even");
        assertEquals("4004000000000000 00000002 00\n", r.out(), "2.5 to nearest even is 2");
        r = CliRunner.run("4004000000000000\n", "testfloat", "-rnear_maxMag", "f64_to_i32");
        assertEquals("4004000000000000 00000003 00\n", r.out());
    }

    @Test
    void usesTheX86NaNPolicy() {
        CliRunner r = CliRunner.run("BF800000\n", "testfloat", "f32_sqrt");
        assertEquals("BF800000 FFC00000 10\n", r.out());
        r = CliRunner.run("7FF8000000000000\n", "testfloat", "f64_to_i32");
        assertEquals("7FF8000000000000 80000000 10\n", r.out(), "x86 integer indefinite");
    }

    @Test
    void badInputNamesTheLine() {
        CliRunner r = CliRunner.run("3F800000 3F800000\n3F800000 3F8000\n", "testfloat", "f32_add");
        assertEquals(1, r.exitCode());
        assertEquals("3F800000 3F800000 40000000 00\n", r.out());
        assertTrue(r.err().startsWith("<stdin>:2:10: error: f32_add operand 2 (f32): expected 8 hex digits, got '3F8000'"), r.err());
        r = CliRunner.run("", "testfloat", "f32_fmod");
        assertEquals(1, r.exitCode());
        assertTrue(r.err().startsWith("error: unknown TestFloat function 'f32_fmod'"), r.err());
        r = CliRunner.run("", "testfloat", "f32_add", "-rsideways");
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("unknown rounding mode"), r.err());
        r = CliRunner.run("", "testfloat");
        assertEquals(1, r.exitCode());
        assertEquals("error: a TestFloat function name is required (see 'nvlower testfloat --list')\n", r.err());
        r = CliRunner.run("", "testfloat", "f32_add", "extra");
        assertEquals(Main.USAGE_ERROR, r.exitCode());
        assertTrue(r.err().startsWith("error: unexpected argument 'extra'\n"), r.err());
        r = CliRunner.run("", "testfloat", "--list", "f32_add");
        assertEquals("error: --list takes no function name\n", r.err());
    }

    @Test
    void tabsSeparateFields() {
        CliRunner r = CliRunner.run("3F800000\t3F800000\r\n", "testfloat", "f32_add");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("3F800000 3F800000 40000000 00\n", r.out());
    }

    @Test
    void listsTheFunctionNames() {
        CliRunner r = CliRunner.run("", "testfloat", "--list");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("f128_to_ui64_r_minMag +f128 -> ui64")), r.out());
        assertTrue(r.out().lines().noneMatch(l -> l.startsWith("__nv_")), "TestFloat names only");
        assertEquals(150, r.out().lines().count());
    }
}

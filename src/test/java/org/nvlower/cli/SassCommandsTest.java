package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** nvlower verify, nvlower expand and testfloat --impl sass: output, exit codes, errors. */
class SassCommandsTest {

    @Test
    void verifyRunsEachCaseSetAndExitsZeroWhenAllMatch() {
        CliRunner r = CliRunner.run("", "verify", "div.rn.f32", "-n", "3000", "--threads", "2", "--no-progress");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().startsWith("verify div.rn.f32: MUFU exact, seed 1, 2 threads"), r.out());
        assertTrue(Pattern.compile("edge +3,844 cases  0 mismatches").matcher(r.out()).find(), r.out());
        assertTrue(Pattern.compile("random +3,000 cases  0 mismatches").matcher(r.out()).find(), r.out());
        assertTrue(Pattern.compile("hard +3,000 cases  0 mismatches").matcher(r.out()).find(), r.out());
        assertTrue(Pattern.compile("total +9,844 cases  0 mismatches").matcher(r.out()).find(), r.out());
    }

    @Test
    void rangesAndThreadsDoNotChangeTheCases() {
        // a slice run alone gives the same verdict and counts as inside a whole run, with 1 or 2 threads
        CliRunner one = CliRunner.run("", "verify", "div.u64", "--cases", "random", "--range", "5000:9000",
                "--threads", "1", "--mufu", "adversarial", "--no-progress");
        CliRunner two = CliRunner.run("", "verify", "div.u64", "--cases", "random", "--range", "5000:9000",
                "--threads", "2", "--mufu", "adversarial", "--no-progress");
        assertEquals(0, one.exitCode());
        assertTrue(one.out().contains("4,000 cases  0 mismatches  [range 5000:9000]"), one.out());
        assertEquals(one.out().lines().skip(1).map(l -> l.replaceAll("\\(.*s.*\\)", "")).toList().subList(0, 1),
                two.out().lines().skip(1).map(l -> l.replaceAll("\\(.*s.*\\)", "")).toList().subList(0, 1));
    }

    @Test
    void verifyImplPtxRunsTheEmittedPtx() {
        CliRunner r = CliRunner.run("", "verify", "rsqrt.approx.f64", "--impl", "ptx", "-n", "500", "--mufu", "adversarial",
                "--threads", "1", "--no-progress");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().startsWith("verify rsqrt.approx.f64 (its PTX in the interpreter, against the reference and the "
                + "emulator): MUFU adversarial"), r.out());
        assertTrue(Pattern.compile("random +500 cases  max error 0\\.\\d+ ulp \\(bound 1.0 ulp\\), 0 beyond, 0 differ from the emulator")
                .matcher(r.out())
                .find(), r.out());
        r = CliRunner.run("", "verify", "rem.s64", "--impl", "ptx", "--cases", "random,hard", "-n", "400", "--no-progress");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(Pattern.compile("hard +400 cases  0 mismatches").matcher(r.out()).find(), r.out());
    }

    @Test
    void approximateOpsReportTheirMaximumError() {
        CliRunner r = CliRunner.run("", "verify", "div.approx.f32", "--cases", "random", "-n", "5000", "--no-progress");
        assertEquals(0, r.exitCode(), r.out());
        assertTrue(r.out().contains("max error ") && r.out().contains("(bound 2.0 ulp), 0 beyond"), r.out());
    }

    @Test
    void expandPrintsTheListingAndTheCounts() {
        CliRunner r = CliRunner.run("", "expand", "div.rn.f32");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("        /*0000*/                   BSSY.RECONVERGENT B0, `(.L_x_0) ;"), r.out());
        assertTrue(r.out().contains("        /*0010*/                   MUFU.RCP R"), r.out());
        assertTrue(r.out().contains("FCHK P0, R"), r.out());
        assertTrue(r.out().contains("CALL.REL.NOINC `(__nvlower_div_rn_f32_slowpath) ;"), r.out());
        assertTrue(r.out().contains("FFMA.RZ R"), r.out());
        assertTrue(Pattern.compile("// fast path 10 \\(ptxas 11.8: 7\\), slow path \\d+, registers \\d+, predicates \\d+")
                .matcher(r.out()).find(), r.out());
        CliRunner ftz = CliRunner.run("", "expand", "sqrt.rn.f32", "--ftz", "--arch", "sm_80");
        assertTrue(ftz.out().startsWith("// sqrt.rn.ftz.f32 for sm_80"), ftz.out());
    }

    @Test
    void testfloatImplSassComputesWithTheTemplate() {
        CliRunner r = CliRunner.run("8683F7FF C07F3FFF\n3F800000 00000000\n", "testfloat", "f32_div", "--impl", "sass");
        assertEquals(0, r.exitCode(), r.err());
        // the template's NaN is the GPU's canonical one; -1/0 = -inf with the infinite flag
        assertEquals("8683F7FF C07F3FFF 05845B44 01\n3F800000 00000000 7F800000 08\n", r.out());
        r = CliRunner.run("BF800000\n", "testfloat", "f32_sqrt", "--impl", "sass", "--mufu", "adversarial");
        assertEquals("BF800000 7FFFFFFF 10\n", r.out());
    }

    @Test
    void badInputIsOneErrorLine() {
        CliRunner.assertOneLineErrors("verify", new String[][] {
            {"no template for 'div.rn.f16'", "div.rn.f16"},
            {"--cases: unknown case set 'all'", "div.rn.f32", "--cases", "all"},
            {"--mufu: unknown MUFU model 'perfect'", "div.rn.f32", "--mufu", "perfect"},
            {"-n must be a non-negative number", "div.rn.f32", "-n", "-3"},
            {"--range must be FROM:TO", "div.rn.f32", "--range", "9:3"},
            {"no exhaustive case set for a two-operand float op", "div.rn.f32", "--cases", "exhaustive"},
            {"the binades case set is for rcp.rn and sqrt.rn", "div.u32", "--cases", "binades"},
            {"--threads must be between 1 and 1024", "div.u32", "--threads", "0"},
            {"--impl must be sass, ptx or gpu, not 'cuda'", "div.u32", "--impl", "cuda"},
            {"--impl ptx: the constant-divisor templates have no PTX form", "div.u32", "--impl", "ptx", "--divisor", "7"}});
        CliRunner.assertOneLineErrors("expand", new String[][] {
            {"no template for 'ex2.approx.f16'", "ex2.approx.f16"},
            {"no template for 'tanh.approx.f32' on sm_70 (ptxas refuses it for that target)", "tanh.approx.f32", "--arch",
                "sm_70"},
            {"unknown architecture 'sm_13'", "div.rn.f32", "--arch", "sm_13"},
            {"has no .ftz variant", "div.u32", "--ftz"}});
        CliRunner.assertOneLineErrors("testfloat", new String[][] {
            {"--impl sass: no template implements 'f64_mul'", "f64_mul", "--impl", "sass"},
            {"--impl must be softfloat or sass", "f32_div", "--impl", "gpu"},
            {"round to nearest even only", "f32_div", "--impl", "sass", "-rminMag"}});
    }
}

package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.testing.LlvmChecks;

/** {@code nvlower lower128}, {@code nvlower runtime} and {@code nvlower verify-runtime} on small inputs. */
class Lower128CommandTest {

    static final String KERNEL = """
            define fp128 @f(fp128 %a, i128 %x) {
              %q = sdiv i128 %x, 3
              %c = sitofp i128 %q to fp128
              %r = fdiv fp128 %a, %c
              ret fp128 %r
            }
            """;

    @Test
    void lowersStdinToStdoutWithTheDeclarationsOfTheTable() {
        CliRunner r = CliRunner.run(KERNEL, "lower128", "-");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("%r = call fp128 @__nv_div_fp128(fp128 %a, fp128 %c)"), r.out());
        assertTrue(r.out().contains("declare i128 @__nv_idiv128(i128, i128)"), r.out());
        assertTrue(r.out().startsWith("target datalayout = \"e-"), "a module without a target gets cicc's: " + r.out());
        assertTrue(r.out().contains("target triple = \"nvptx64-nvidia-cuda\""), r.out());
        assertEquals("", r.err());
    }

    @Test
    void timeReportsTheWarmPhasesAndLeavesTheOutputAlone() {
        CliRunner plain = CliRunner.run(KERNEL, "lower128", "-");
        CliRunner timed = CliRunner.run(KERNEL, "lower128", "-", "--time", "2");
        assertEquals(0, timed.exitCode(), timed.err());
        assertEquals(plain.out(), timed.out());
        assertTrue(timed.err().matches("(?s)best of 2 warm rounds: parse \\d+\\.\\d{3} s, print .*"
                + "Lower128 \\d+\\.\\d{3} s, .*lowering adds -?\\d+\\.\\d%\n"), timed.err());
    }

    @Test
    void linkRuntimeDefinesTheFunctionsAndCarriesFp128(@TempDir Path dir) throws Exception {
        Path in = LlvmChecks.write(dir, "k.ll", KERNEL);
        Path out = dir.resolve("k.low.ll");
        CliRunner r = CliRunner.run("", "lower128", in.toString(), "-o", out.toString(), "--link-runtime",
                "--enable-optimization", "-arch=compute_90");
        assertEquals(0, r.exitCode(), r.err());
        String text = Files.readString(out);
        assertTrue(text.contains("define i128 @f(i128 %a, i128 %x)"), text);
        assertTrue(text.contains("define internal i128 @__nv_div_fp128(i128 %a, i128 %b)"), text);
        assertTrue(text.contains("define internal i128 @__nvl_f128_normRoundPack("), text);
        assertFalse(text.contains("declare i128 @__nv_"), "every runtime function is defined: " + text);
        assertFalse(text.contains("fp128 %"), text);
        assertTrue(text.contains("nounwind readnone willreturn"), text);
        LlvmChecks.assertAccepted(dir, text);
    }

    @Test
    void anUnsupportedOperationIsAnErrorAndNothingIsWritten(@TempDir Path dir) {
        Path in = LlvmChecks.write(dir, "bad.ll", "define half @h(fp128 %a) {\n  %r = fptrunc fp128 %a to half\n"
                + "  ret half %r\n}\n");
        Path out = dir.resolve("out.ll");
        CliRunner r = CliRunner.run("", "lower128", in.toString(), "-o", out.toString());
        assertEquals(1, r.exitCode());
        assertTrue(r.err().startsWith(in + ":2:3: error: '%r = fptrunc fp128 %a to half' in @h cannot be selected"),
                r.err());
        assertFalse(Files.exists(out));
        Path two = LlvmChecks.write(dir, "two.ll", "define i256 @w(i256 %a, i256 %b) {\n  %q = udiv i256 %a, %b\n"
                + "  %r = urem i256 %q, %b\n  ret i256 %r\n}\n");
        CliRunner both = CliRunner.run("", "lower128", two.toString());
        assertEquals(1, both.exitCode());
        assertTrue(both.err().contains("(1 more below the source line)\n  %q = udiv i256 %a, %b\n  ^\n" + two
                + ":3:3: error: '%r = urem i256 %q, %b' in @w cannot be selected by NVPTX"), both.err());
        assertEquals("", both.out());
        CliRunner kept = CliRunner.run("", "lower128", in.toString(), "-o", out.toString(), "--keep-unsupported");
        assertEquals(0, kept.exitCode(), kept.err());
        assertTrue(kept.err().startsWith(in + ":2:3: warning: '%r = fptrunc fp128 %a to half' in @h cannot be "
                + "selected by NVPTX"), kept.err());
        assertTrue(Files.exists(out));
    }

    @Test
    void badInputIsOneError() {
        CliRunner.assertOneLineErrors("lower128", new String[][] {
            {"no such file: /nonexistent.ll", "/nonexistent.ll"},
            {"unknown option '--link'", "-", "--link"},
        });
        CliRunner r = CliRunner.run("define void @f( {\n", "lower128", "-");
        assertEquals(1, r.exitCode());
        assertTrue(r.err().startsWith("<stdin>:2:1: error: "), r.err());
    }

    /** fp128 intrinsics and quad C calls, which the pass lowers though they are no 128-bit instruction. */
    static final String QUAD_CALLS = """
            define fp128 @q(fp128 %a, fp128 %b, ptr %p) {
              %f = call fp128 @llvm.fma.f128(fp128 %a, fp128 %b, fp128 %a)
              %c = call fp128 @cbrtq(fp128 %f)
              %m = call fp128 @modff128(fp128 %c, ptr %p)
              %s = call fp128 @llvm.fabs.f128(fp128 %m)
              ret fp128 %s
            }
            declare fp128 @llvm.fma.f128(fp128, fp128, fp128)
            declare fp128 @cbrtq(fp128)
            declare fp128 @modff128(fp128, ptr)
            declare fp128 @llvm.fabs.f128(fp128)
            """;

    @Test
    void statsAndRuntimeKnowTheQuadCalls(@TempDir Path dir) {
        Path in = LlvmChecks.write(dir, "q.ll", QUAD_CALLS);
        CliRunner stats = CliRunner.run("", "stats", in.toString());
        assertEquals(0, stats.exitCode(), stats.err());
        assertTrue(stats.out().contains("fp128/i128 operations to lower: 3\n"), stats.out());
        for (String line : List.of("q.ll:2: call fp128 @llvm.fma.f128  (in @q)", "q.ll:3: call fp128 @cbrtq  (in @q)",
                "q.ll:4: call fp128 @modff128  (in @q)")) {
            assertTrue(stats.out().contains(line), line + "\n" + stats.out());
        }
        CliRunner used = CliRunner.run("", "runtime", "--only-used", in.toString());
        assertEquals(0, used.exitCode(), used.err());
        List<String> defined = used.out().lines().filter(l -> l.startsWith("define ") && l.contains("@__nv_"))
                .map(l -> l.substring(l.indexOf('@') + 1, l.indexOf('('))).sorted().toList();
        // modf's fraction calls trunc's and sub's rows itself; the integral part is trunc's row
        assertEquals(List.of("__nv_cbrt_fp128", "__nv_fma_fp128", "__nv_modf_fp128", "__nv_sub_fp128",
                "__nv_trunc_fp128"), defined);
    }

    @Test
    void runtimeWritesTheUsedFunctionsOrAll(@TempDir Path dir) {
        Path in = LlvmChecks.write(dir, "k.ll", KERNEL);
        CliRunner used = CliRunner.run("", "runtime", "--only-used", in.toString());
        assertEquals(0, used.exitCode(), used.err());
        assertTrue(used.out().contains("define fp128 @__nv_div_fp128(fp128 %a, fp128 %b)"), used.out());
        assertTrue(used.out().contains("define i128 @__nv_idiv128(i128 %a, i128 %b)"), used.out());
        assertTrue(used.out().contains("define fp128 @__nv_int128_to_fp128(i128 %a)"), used.out());
        assertFalse(used.out().contains("@__nv_add_fp128"), used.out());
        LlvmChecks.assertAccepted(dir, used.out());
        CliRunner all = CliRunner.run("", "runtime", "--fp128-as-i128");
        assertEquals(0, all.exitCode(), all.err());
        // every row: the seed's 55 and nvlower's extensions (fma, sqrt, rounding, cbrt, hypot, exp, log, pow, sinh, sin ...)
        assertEquals(org.nvlower.llvm.runtime.RuntimeFunction.values().length, all.out().lines().filter(l -> l.startsWith("define i") || l.startsWith("define float")
                || l.startsWith("define double")).filter(l -> l.contains("@__nv_")).count());
        assertFalse(java.util.regex.Pattern.compile("(?<![_a-z])fp128").matcher(all.out()).find(), "carried as i128");
    }

    @Test
    void verifyRuntimeReportsEveryFunction() {
        CliRunner r = CliRunner.run("", "verify-runtime", "-n", "50", "__nv_mul_fp128", "__nv_udiv128");
        assertEquals(0, r.exitCode(), r.err() + r.out());
        assertTrue(r.out().contains("2 functions, "), r.out());
        assertTrue(r.out().contains(" 0 mismatches (interpreter)"), r.out());
        CliRunner bad = CliRunner.run("", "verify-runtime", "__nv_nothing");
        assertEquals(1, bad.exitCode());
        assertTrue(bad.err().contains("unknown runtime function '__nv_nothing'"), bad.err());
    }
}

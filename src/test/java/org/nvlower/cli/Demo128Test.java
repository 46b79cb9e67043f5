package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The demo's fp128/i128 lowering section. */
class Demo128Test {

    @Test
    void demoLowersTheBundledKernelAndRunsIt() {
        CliRunner r = CliRunner.run("", "demo");
        assertEquals(0, r.exitCode(), r.err());
        String out = r.out();
        assertTrue(out.contains("      %m = fdiv fp128 %sum, %c\n"), out);
        assertTrue(out.contains("      %m = call i128 @__nv_div_fp128(i128 %sum, i128 %c)\n"), out);
        assertTrue(out.contains("call __nv_div_fp128 __nv_irem128 __nv_int128_to_fp128 __nv_fcmp_olt,"), out);
        // 1/3 in binary128 (see DemoCommandTest), computed by the lowered IR in the interpreter
        assertTrue(out.contains("interpreter: mean(1, 3) = 0x3FFD5555555555555555555555555555; softfloat 1/3 = "
                + "0x3FFD5555555555555555555555555555: equal"), out);
    }

    /**
     * The quad section: the lowered program's three results equal softfloat's (Newton's six
     * rounded steps; the fused residual; cbrt(2) correctly rounded: 1.2599210498948731647672106072782283505...
     * is 0x3FFF428A2F98D728AE223DDAB715BE25, checked exactly by F128LibmTest's kind of check), and
     * the tools, where present, agree.
     */
    @Test
    void demoRunsTheQuadProgramEverywhere() {
        CliRunner r = CliRunner.run("", "demo");
        assertEquals(0, r.exitCode(), r.err());
        String out = r.out();
        assertTrue(out.contains("lowered: 5 calls of __nv_add_fp128 __nv_mul_fp128 __nv_div_fp128 __nv_fma_fp128 "
                + "__nv_cbrt_fp128, their bodies linked"), out);
        assertTrue(out.contains("cube_root2()         = 0x3FFF428A2F98D728AE223DDAB715BE25  = softfloat"), out);
        assertEquals(3, out.lines().filter(l -> l.endsWith("  = softfloat")).count(), out);
        assertTrue(out.contains("Newton's rounded steps end 1 ulp above"), out);
        assertTrue(out.contains("(llc not found") || out.contains("-mcpu=sm_80: ") && out.contains(
                "lines of PTX, .func newton_sqrt2 in it"), out);
        assertTrue(out.contains("(lli not found") || out.contains("(x86-64): prints the same three values"), out);
    }
}

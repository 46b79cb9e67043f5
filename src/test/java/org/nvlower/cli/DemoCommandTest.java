package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The demo's claims, checked against values derived by hand (see the comments). */
class DemoCommandTest {

    @Test
    void demoShowsTheOracleAndTheTarget() {
        CliRunner r = CliRunner.run("", "demo");
        assertEquals(0, r.exitCode(), r.err());
        String out = r.out();
        // 1/3 in binary128: exponent -2 (0x3FFD), significand 1.0101... = 0x5555... repeated.
        assertTrue(out.contains("0x3FFD5555555555555555555555555555"), out);
        // sqrt(2) to 34 digits: 1.414213562373095048801688724209698 (from 1.41421356237309504880168872420969807...).
        assertTrue(out.contains("1.414213562373095048801688724209698"), out);
        // 2^60 + 2^37 is float 0x5D800001 (exponent 60 + 127 = 0xBB, last fraction bit = 2^37); 2^60 is 0x5D800000.
        assertTrue(out.contains("__nv_cvt_i128_f32_rn(x)  = 0x5D800001"), out);
        assertTrue(out.contains("(float)(double)x         = 0x5D800000"), out);
        assertTrue(out.contains("yes (matches BigInteger)"), out);
        assertTrue(out.contains("0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"), out);
        assertTrue(out.contains("__CUDA_ARCH         800"), out);
        // nvcc -use_fast_math (-ftz=1 -prec-div=0 -fast-math) divides with div.approx.ftz.f32 (measured, docs/target.md).
        assertTrue(out.contains("-arch=compute_90a -ftz=1 -prec-div=0 -prec-sqrt=0 -fma=1 -fast-math"), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("\\* fp32 division +div\\.rn\\.f32 +div\\.approx\\.ftz\\.f32")), out);
        assertTrue(out.contains("== every stage side by side: nvlower explore"), out);
    }

    @Test
    void demoResolvesTheKernelsLibdeviceCalls() {
        CliRunner r = CliRunner.run("", "demo");
        assertEquals(0, r.exitCode(), r.err());
        String out = r.out();
        assertTrue(out.contains("== math pipeline: a bundled MLIR kernel"), out);
        if (org.nvlower.testing.ExternalTools.libdeviceBitcode().isEmpty() || org.nvlower.testing.ExternalTools.llvmDis().isEmpty()) {
            assertTrue(out.contains("(skipped: libdevice not found"), out);
            return;
        }
        // what libdevice's own arms contain (the same facts LibdeviceLinkTest checks)
        assertTrue(out.contains("  sqrt              sqrt.approx.ftz.f            sqrt.rn.f\n"), out);
        assertTrue(out.contains("  rsqrt             rsqrt.approx.ftz.f           rsqrt.approx.f\n"), out);
        assertTrue(out.contains("ex2.approx.ftz.f fma.rm.ftz.f fma.rn.ftz.f saturate.ftz.f\n"), out);
        assertTrue(out.contains("  sqrt_f64          sqrt.rn.d                    sqrt.rn.d\n"), out);
        // sinf(0.5) folded on the host: the float nearest to sin(0.5) = 0.4794255386...
        assertTrue(out.contains("  sin_of_half       folded: 0.47942555           folded: 0.47942555\n"), out);
    }
}

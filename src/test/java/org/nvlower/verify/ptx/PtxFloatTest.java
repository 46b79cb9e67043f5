package org.nvlower.verify.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * The interpreter's binary16 instructions, .sat and cvt.sat, each against values computed without
 * softfloat: binary16 results rounded from the exact BigDecimal value (the nearest of the candidate
 * binary16 values around Java's {@code Float.floatToFloat16}, ties to even; the directed modes the
 * nearest on their side), widenings against {@code Float.float16ToFloat}.
 */
class PtxFloatTest {

    private static final String HALVES = "    .reg .b16 %h<4>;\n";

    private static long run(String body) {
        return PtxInstructionsTest.run(HALVES + body);
    }

    private static String f16(short h) {
        return String.format(Locale.ROOT, "0x%04x", h & 0xFFFF);
    }

    private static String f32(float f) {
        return String.format(Locale.ROOT, "0f%08X", Float.floatToRawIntBits(f));
    }

    private static BigDecimal exact(short h) {
        return new BigDecimal(Float.float16ToFloat(h));
    }

    /** The finite binary16 nearest to (or, directed, on the mode's side of) x, from the candidates around Java's rounding. */
    static short round16(BigDecimal x, String mode) {
        short guess = Float.floatToFloat16(x.floatValue());
        short best = 0;
        BigDecimal bestDistance = null;
        for (int d = -3; d <= 3; d++) {
            short h = (short) (guess + d);
            if ((h & 0x7C00) == 0x7C00 || ((guess ^ h) & 0x8000) != 0 && (h & 0x7FFF) != 0) {
                continue; // infinities and NaNs, and stepping across zero the wrong way
            }
            BigDecimal v = exact(h);
            int side = v.compareTo(x);
            boolean allowed = switch (mode) {
                case "rz" -> x.signum() >= 0 ? side <= 0 : side >= 0;
                case "rm" -> side <= 0;
                case "rp" -> side >= 0;
                default -> true;
            };
            BigDecimal distance = v.subtract(x).abs();
            int c = bestDistance == null ? -1 : distance.compareTo(bestDistance);
            if (allowed && (c < 0 || c == 0 && (h & 1) == 0)) {
                best = h;
                bestDistance = distance;
            }
        }
        return best;
    }

    private static short randomHalf(SplittableRandom r) {
        // finite binary16 values of moderate exponent (results stay finite), a few subnormals
        int exponent = r.nextInt(8) == 0 ? 0 : r.nextInt(6, 22);
        return (short) ((r.nextBoolean() ? 0x8000 : 0) | exponent << 10 | r.nextInt(1 << 10));
    }

    @Test
    void halfArithmeticRoundsAsTheExactValue() {
        SplittableRandom r = new SplittableRandom(16);
        for (int i = 0; i < 300; i++) {
            short a = randomHalf(r);
            short b = randomHalf(r);
            short c = randomHalf(r);
            BigDecimal x = exact(a);
            BigDecimal y = exact(b);
            String ops = f16(a) + ", " + f16(b);
            String what = f16(a) + " " + f16(b) + " " + f16(c);
            assertEquals(round16(x.add(y), "rn") & 0xFFFF, halfResult("add.f16 %h0, " + ops), "add " + what);
            assertEquals(round16(x.subtract(y), "rn") & 0xFFFF, halfResult("sub.rn.f16 %h0, " + ops), "sub " + what);
            assertEquals(round16(x.multiply(y), "rn") & 0xFFFF, halfResult("mul.rn.f16 %h0, " + ops), "mul " + what);
            assertEquals(round16(x.multiply(y).add(exact(c)), "rn") & 0xFFFF,
                    halfResult("fma.rn.f16 %h0, " + ops + ", " + f16(c)), "fma " + what);
        }
    }

    private static long halfResult(String instruction) {
        return run("    " + instruction + ";\n    cvt.u64.u16 %d0, %h0;");
    }

    /** .f16x2: each half alone, the upper one from the upper halves (packed with mov.b32 {lo, hi}). */
    @Test
    void packedHalvesAreTwoIndependentOperations() {
        short[] v = {0x3C00, 0x4200, 0x3555, (short) 0xC900}; // 1, 3, 0.333, -10
        long got = run("    mov.b32 %r1, {" + f16(v[0]) + ", " + f16(v[1]) + "};\n    mov.b32 %r2, {" + f16(v[2]) + ", "
                + f16(v[3]) + "};\n    mul.rn.f16x2 %r0, %r1, %r2;\n    cvt.u64.u32 %d0, %r0;");
        long low = round16(exact(v[0]).multiply(exact(v[2])), "rn") & 0xFFFF;
        long high = round16(exact(v[1]).multiply(exact(v[3])), "rn") & 0xFFFF;
        assertEquals(high << 16 | low, got);
        assertEquals(0x80003C00L, run("    mov.b32 %r1, 0x0000BC00;\n    neg.f16x2 %r0, %r1;\n    cvt.u64.u32 %d0, %r0;"));
    }

    @Test
    void conversionsToHalfRoundInEveryMode() {
        SplittableRandom r = new SplittableRandom(32);
        for (int i = 0; i < 200; i++) {
            // binary16's normal and subnormal range and a little beyond its largest value's rounding
            float f = (float) (r.nextBoolean() ? -1 : 1) * (float) Math.scalb(1 + r.nextDouble(), r.nextInt(-26, 16));
            double d = Math.scalb(1 + r.nextDouble(), r.nextInt(-26, 16));
            for (String mode : new String[] {"rn", "rz", "rm", "rp"}) {
                short want = round16(new BigDecimal(f), mode);
                assertEquals(want & 0xFFFF, halfResult("cvt." + mode + ".f16.f32 %h0, " + f32(f)), mode + " " + f);
                short wantD = round16(new BigDecimal(d), mode);
                assertEquals(wantD & 0xFFFF, halfResult("cvt." + mode + ".f16.f64 %h0, 0d"
                        + String.format(Locale.ROOT, "%016X", Double.doubleToRawLongBits(d))), mode + " " + d);
            }
        }
        // past the largest binary16 value: to infinity in nearest even, to 65504 toward zero
        assertEquals(0x7C00, halfResult("cvt.rn.f16.f32 %h0, " + f32(65520f)));
        assertEquals(0x7BFF, halfResult("cvt.rz.f16.f32 %h0, " + f32(1e6f)));
        // cvt.rn.f16x2.f32 d, a, b puts a in the upper half
        assertEquals(0x3C00C000L, run("    cvt.rn.f16x2.f32 %r0, " + f32(1f) + ", " + f32(-2f) + ";\n    cvt.u64.u32 %d0, %r0;"));
        // integers to binary16 and back
        assertEquals(0x7BFF, halfResult("cvt.rn.f16.s32 %h0, 65519"));
        assertEquals(0xFC00, halfResult("cvt.rn.f16.s32 %h0, -65520"));
        assertEquals(-2L, run("    mov.b16 %h1, 0xC100;\n    cvt.rni.s64.f16 %d0, %h1;")); // -2.5 to even
        assertEquals(65504L, run("    mov.b16 %h1, 0x7BFF;\n    cvt.rzi.u64.f16 %d0, %h1;"));
    }

    @Test
    void widenedHalvesAreExact() {
        for (int bits = 0; bits < 0x10000; bits += 7) {
            short h = (short) bits;
            if (Float.isNaN(Float.float16ToFloat(h))) {
                continue;
            }
            assertEquals(Float.floatToRawIntBits(Float.float16ToFloat(h)) & 0xFFFFFFFFL,
                    run("    mov.b16 %h1, " + f16(h) + ";\n    cvt.f32.f16 %r0, %h1;\n    cvt.u64.u32 %d0, %r0;"), f16(h));
            assertEquals(Double.doubleToRawLongBits(Float.float16ToFloat(h)),
                    run("    mov.b16 %h1, " + f16(h) + ";\n    cvt.f64.f16 %d0, %h1;"), f16(h));
        }
    }

    /** .ftz: binary16 arithmetic flushes its subnormals; a conversion only the .f32 side's. */
    @Test
    void flushToZeroAppliesToTheFormatsItNames() {
        assertEquals(0x0002, halfResult("add.f16 %h0, 0x0001, 0x0001"));
        assertEquals(0x0000, halfResult("add.ftz.f16 %h0, 0x0001, 0x0001"));
        assertEquals(0x8000, halfResult("mul.ftz.f16 %h0, 0x8400, 0x3800")); // -2^-14 * 0.5 is subnormal: -0
        float twoToMinus20 = 0x1p-20f; // a normal float, a binary16 subnormal: kept under .ftz
        assertEquals(0x0010, halfResult("cvt.rn.ftz.f16.f32 %h0, " + f32(twoToMinus20)));
        assertEquals(0x8000, halfResult("cvt.rn.ftz.f16.f32 %h0, 0f80000001")); // a subnormal float reads as -0
        assertEquals(0x0000, halfResult("cvt.rp.ftz.f16.f32 %h0, 0f00000001"));
        assertEquals(0x0001, halfResult("cvt.rp.f16.f32 %h0, 0f00000001"));
    }

    @Test
    void saturationClampsToZeroAndOne() {
        assertEquals(0x3F800000L, f32Result("add.sat.f32 %r0, " + f32(0.75f) + ", " + f32(0.5f)));
        assertEquals(0x3F000000L, f32Result("add.sat.f32 %r0, " + f32(0.25f) + ", " + f32(0.25f)));
        assertEquals(0L, f32Result("add.sat.f32 %r0, " + f32(-2f) + ", " + f32(1f)));
        assertEquals(0L, f32Result("sub.sat.f32 %r0, 0f7F800000, 0f7F800000")); // NaN to +0
        assertEquals(0x3F800000L, f32Result("cvt.rn.sat.f32.f64 %r0, 0d4000000000000000"));
        assertEquals(0x3C00, halfResult("fma.rn.sat.f16 %h0, 0x4000, 0x4000, 0x3C00"));
        assertEquals(255L, run("    cvt.sat.u8.s32 %r0, 300;\n    cvt.u64.u32 %d0, %r0;"));
        assertEquals(0L, run("    cvt.sat.u32.s32 %r0, -1;\n    cvt.u64.u32 %d0, %r0;"));
        assertEquals(127L, run("    cvt.sat.s8.u64 %r0, 0xFFFFFFFFFFFFFFFF;\n    cvt.s64.s32 %d0, %r0;"));
        assertEquals(-128L, run("    cvt.sat.s8.s64 %r0, -1000;\n    cvt.s64.s32 %d0, %r0;"));
        assertEquals(Long.MAX_VALUE, run("    cvt.sat.s64.u64 %d0, 0xFFFFFFFFFFFFFFFF;"));
        assertEquals(0L, run("    cvt.sat.u64.s64 %d0, -5;"));
        assertEquals(-1L, run("    cvt.sat.u64.u64 %d0, 0xFFFFFFFFFFFFFFFF;"));
    }

    private static long f32Result(String instruction) {
        return run("    " + instruction + ";\n    cvt.u64.u32 %d0, %r0;");
    }

    @Test
    void halfComparisons() {
        assertEquals(1L, run("    setp.lt.f16 %p0, 0xBC00, 0x3C00;\n    selp.u64 %d0, 1, 2, %p0;"));
        assertEquals(2L, run("    setp.gt.f16 %p0, 0xBC00, 0x3C00;\n    selp.u64 %d0, 1, 2, %p0;"));
        assertEquals(1L, run("    setp.equ.f16 %p0, 0x7E00, 0x3C00;\n    selp.u64 %d0, 1, 2, %p0;"));
        assertEquals(1L, run("    setp.eq.f16 %p0, 0x8000, 0x0000;\n    selp.u64 %d0, 1, 2, %p0;"));
    }

    /** What no GPU run has measured is refused by name, never guessed. */
    @Test
    void unmeasuredHalfNaNsAndNegativeZeroUnderSatAreRefused() {
        assertRefused("add.f16 %h0, 0x7C00, 0xFC00", "NaN");
        assertRefused("cvt.f32.f16 %r0, 0x7E00", "NaN");
        assertRefused("cvt.rn.f16.f32 %h0, 0f7FC00000", "NaN");
        assertRefused("neg.f16 %h0, 0x7E01", "NaN");
        assertRefused("add.sat.f32 %r0, 0f80000000, 0f80000000", "-0");
        assertRefused("setp.lt.f16x2 %p0|%p1, %r1, %r2", "setp.lt.f16x2");
        assertRefused("cvt.rn.relu.f16x2.f32 %r0, %r1, %r2", ".relu");
        assertRefused("min.f16 %h0, 0x3C00, 0x4000", "min.f16");
    }

    private static void assertRefused(String instruction, String why) {
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                () -> run("    mov.b32 %r1, 0;\n    mov.b32 %r2, 0;\n    " + instruction + ";"));
        assertTrue(e.getMessage().contains(why), e.getMessage());
    }

    /**
     * nvcc 13's binary16 code (half.cu: __float2half_rn, __hadd, __hmul, __hfma, __hlt,
     * __floats2half2_rn, __hmul2), run for 32 threads; each result worked out here from the CUDA
     * source with the exact values.
     */
    @Test
    void nvccHalfKernelRunsAsItsSourceSays() throws java.io.IOException {
        var x = KernelRunTest.expand("/ptx/half.ptx");
        long in = 0x100000, out = 0x200000, packed = 0x300000;
        PtxMemory global = new PtxMemory();
        global.map(in, 4 * 64);
        global.map(out, 4 * 128);
        global.map(packed, 4 * 32);
        SplittableRandom r = new SplittableRandom(5);
        float[] v = new float[64];
        for (int k = 0; k < 64; k++) {
            v[k] = (float) ((r.nextBoolean() ? -1 : 1) * Math.scalb(1 + r.nextDouble(), r.nextInt(-10, 6)));
            global.store(in + 4 * k, Float.floatToRawIntBits(v[k]) & 0xFFFFFFFFL, 4);
        }
        String p = "_Z8half_opsPKfPfPj_param_";
        KernelRun.block(KernelRun.kernels(x).get(0), java.util.Map.of(p + 0, in, p + 1, out, p + 2, packed),
                new PtxThread.Memories(global, new PtxMemory(), java.util.Map.of(), java.util.Map.of()), 32,
                (i, src) -> {
                    throw new AssertionError(i.opcode());
                }, org.nvlower.sass.MufuModel.exact());
        for (int t = 0; t < 32; t++) {
            short a = round16(new BigDecimal(v[2 * t]), "rn");
            short b = round16(new BigDecimal(v[2 * t + 1]), "rn");
            short s = round16(exact(a).add(exact(b)), "rn");
            short prod = round16(exact(a).multiply(exact(b)), "rn");
            short f = round16(exact(a).multiply(exact(b)).add(exact(s)), "rn");
            float lt = Float.float16ToFloat(a) < Float.float16ToFloat(b) ? 1f : -1f;
            float[] want = {Float.float16ToFloat(s), Float.float16ToFloat(prod), Float.float16ToFloat(f), lt};
            for (int k = 0; k < 4; k++) {
                assertEquals(Float.floatToRawIntBits(want[k]) & 0xFFFFFFFFL, global.load(out + 4 * (4 * t + k), 4),
                        "thread " + t + " result " + k);
            }
            long square = (round16(exact(b).multiply(exact(b)), "rn") & 0xFFFFL) << 16 | round16(exact(a).multiply(exact(a)), "rn") & 0xFFFFL;
            assertEquals(square, global.load(packed + 4 * t, 4), "thread " + t + " half2 square");
        }
    }
}

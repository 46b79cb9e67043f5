package org.nvlower.sass.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nvlower.sass.Operand.RZ;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.nvlower.ptx.PtxMathOp;
import org.nvlower.sass.Emulator;
import org.nvlower.sass.Mod;
import org.nvlower.sass.Mod.MufuFn;
import org.nvlower.sass.MufuModel;
import org.nvlower.sass.Program;
import org.nvlower.sass.ProgramBuilder;
import org.nvlower.sass.Reg;
import org.nvlower.sass.Reg.RegClass;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.F32;
import org.nvlower.softfloat.F64;
import org.nvlower.softfloat.RoundingMode;

/**
 * The directed roundings (.rz .rm .rp): why the .rn result is corrected from its own residual
 * (DirectedRounding's counterexample), and the results at the ends of the range that only a
 * directed rounding gives (overflow to the largest finite, the smallest subnormal), each
 * against softfloat under every MUFU model of the emulator.
 */
class DirectedRoundingTest {

    private static final String[] MODELS = {"exact", "bounded", "adversarial", "adversarial-low", "adversarial-high"};

    /** a = (2 - 2^-11)^2 and b = 2 - 2^-11: the quotient 2 - 2^-11 is exact. */
    private static final int A = Float.floatToRawIntBits((2 - 0x1p-11f) * (2 - 0x1p-11f));
    private static final int B = Float.floatToRawIntBits(2 - 0x1p-11f);

    /** MUFU.RCP, the .rn reciprocal r1, q0 = a r1, and at once FFMA.RZ(r1, a - b q0, q0): no .rn quotient first. */
    private static Program oneCorrectionFromQ0() {
        ProgramBuilder b = new ProgramBuilder("div.rz.f32 without the .rn step");
        Reg a = b.input("a", RegClass.R32);
        Reg d = b.input("b", RegClass.R32);
        Reg q = b.output("q", RegClass.R32);
        Reg r0 = b.temp("r0");
        Reg r1 = b.temp("r1");
        Reg q0 = b.temp("q0");
        Reg rem = b.temp("rem");
        b.mufu(MufuFn.RCP, r0, d.op());
        Fp32Division.emitReciprocal(b, d, r0, r1);
        b.ffma(q0, a.op(), r1.op(), RZ);
        b.ffma(rem, d.neg(), q0.op(), a.op());
        DirectedRounding.correct(b, Mod.RZ, 0, q, rem, r1, q0);
        b.exit();
        return b.build();
    }

    @Test
    void oneDirectedCorrectionOfTheFirstQuotientIsNotEnough() {
        assertEquals(A, Float.floatToRawIntBits(Float.intBitsToFloat(B) * Float.intBitsToFloat(B))); // a is exact
        int got = new Emulator(oneCorrectionFromQ0(), MufuModel.byName("exact", 0)).run(A, B);
        assertEquals(B - 1, got, "q0 = RN(a RN(1/b)) is one ulp above a/b, and its correction lands just below it");
        for (String op : List.of("div.rz.f32", "div.rm.f32", "div.rp.f32", "div.rz.ftz.f32")) {
            for (String model : MODELS) {
                Template t = Templates.require(TemplateKey.valueOf(op));
                assertEquals(B, new Emulator(t.program(), MufuModel.byName(model, 3)).run(A, B), op + " " + model);
            }
        }
    }

    private static int f32(String op, int a, int b, String model) {
        Template t = Templates.require(TemplateKey.valueOf(op));
        Emulator em = new Emulator(t.program(), MufuModel.byName(model, 5));
        return t.operands().inputs == 1 ? em.run(a) : em.run(a, b);
    }

    private static RoundingMode mode(String op) {
        return switch (PtxMathOp.bySpelling(op.replaceAll(":.*", "")).orElseThrow().rounding()) {
            case "rz" -> RoundingMode.MIN_MAG;
            case "rm" -> RoundingMode.MIN;
            case "rp" -> RoundingMode.MAX;
            default -> RoundingMode.NEAR_EVEN;
        };
    }

    @Test
    void fp32RangeEndsAsSoftfloat() {
        int max = 0x7F7FFFFF;
        int half = 0x3F000000;
        int tiny = 0x00000001;
        int[][] divisions = {{max, half}, {max | 0x80000000, half}, {tiny, 0x40400000}, {tiny | 0x80000000, 0x40400000},
            {0x00800000, 0x3FC00000}, {0x3F800000, 0x40400000}, {0xBF800000, 0x40400000}};
        for (String op : List.of("div.rz.f32", "div.rm.f32", "div.rp.f32", "div.rz.ftz.f32", "div.rm.ftz.f32",
                "div.rp.ftz.f32")) {
            Env env = Env.ptx(op.contains(".ftz"));
            for (int[] ab : divisions) {
                int want = F32.div(ab[0], ab[1], mode(op), env);
                for (String model : MODELS) {
                    assertEquals(want, f32(op, ab[0], ab[1], model), op + " " + Integer.toHexString(ab[0]) + " / "
                            + Integer.toHexString(ab[1]) + " " + model);
                }
            }
        }
        // the overflow of div.rz is the largest finite, div.rp's of a positive quotient infinity
        assertEquals(max, f32("div.rz.f32", max, half, "exact"));
        assertEquals(0x7F800000, f32("div.rp.f32", max, half, "exact"));
        // the smallest subnormal divided by 3: rp rounds up to it, rz and rm (positive) to zero
        assertEquals(tiny, f32("div.rp.f32", tiny, 0x40400000, "exact"));
        assertEquals(0, f32("div.rz.f32", tiny, 0x40400000, "exact"));
        for (String op : List.of("rcp.rz.f32", "rcp.rm.f32", "rcp.rp.f32", "sqrt.rz.f32", "sqrt.rm.f32", "sqrt.rp.f32",
                "rcp.rp.ftz.f32", "sqrt.rm.ftz.f32")) {
            Env env = Env.ptx(op.contains(".ftz"));
            for (int x : new int[] {max, 0x7F000001, 0x00400001, 0x80400001, 0x40400000, 0xC0400000, 0x3FFFFFFF}) {
                int want = op.startsWith("rcp") ? F32.div(0x3F800000, x, mode(op), env) : F32.sqrt(x, mode(op), env);
                for (String model : MODELS) {
                    assertEquals(want, f32(op, x, 0, model), op + " " + Integer.toHexString(x) + " " + model);
                }
            }
        }
    }

    @Test
    void fp64RangeEndsAsSoftfloat() {
        long max = 0x7FEFFFFFFFFFFFFFL;
        long three = Double.doubleToRawLongBits(3.0);
        long[][] divisions = {{max, Double.doubleToRawLongBits(0.5)}, {1L, three}, {1L | Long.MIN_VALUE, three},
            {Double.doubleToRawLongBits(1.0), three}, {Double.doubleToRawLongBits(-1.0), three}};
        int checked = 0;
        for (String op : List.of("div.rz.f64", "div.rm.f64", "div.rp.f64", "div.rz.f64:rcp", "div.rp.f64:rcp")) {
            Template t = Templates.require(TemplateKey.valueOf(op));
            for (long[] ab : divisions) {
                long want = F64.div(ab[0], ab[1], mode(op), Env.ptx(false));
                for (String model : MODELS) {
                    assertEquals(want, new Emulator(t.program(), MufuModel.byName(model, 5)).run64(ab[0], ab[1]), op + " "
                            + Long.toHexString(ab[0]) + " / " + Long.toHexString(ab[1]) + " " + model);
                    checked++;
                }
            }
        }
        // 1/max is 2^-1024 (1 + 2^-53 + ...): rp one subnormal step above 2^-1024, rz 2^-1024 itself
        for (String op : List.of("rcp.rz.f64", "rcp.rm.f64", "rcp.rp.f64", "rcp.rp.f64:rcp", "sqrt.rz.f64", "sqrt.rp.f64",
                "sqrt.rm.f64:rsq")) {
            Template t = Templates.require(TemplateKey.valueOf(op));
            for (long x : new long[] {max, max | Long.MIN_VALUE, 1L, three, 0x000FFFFFFFFFFFFFL, 0x3FFFFFFFFFFFFFFFL}) {
                long want = op.startsWith("rcp") ? F64.div(0x3FF0000000000000L, x, mode(op), Env.ptx(false))
                        : F64.sqrt(x, mode(op), Env.ptx(false));
                if (op.startsWith("sqrt") && x < 0) {
                    continue; // the GPU's NaN, covered by the verify runs
                }
                for (String model : MODELS) {
                    assertEquals(want, new Emulator(t.program(), MufuModel.byName(model, 5)).run64(x), op + " "
                            + Long.toHexString(x) + " " + model);
                    checked++;
                }
            }
        }
        long rp = new Emulator(Templates.require(TemplateKey.valueOf("rcp.rp.f64")).program(), MufuModel.byName("exact", 0))
                .run64(max);
        assertEquals(0x0004000000000001L, rp); // 2^-1024 + 2^-1074
        assertTrue(checked > 200, "checked " + checked);
    }

    /**
     * div.{rz,rm,rp}[.ftz].f32's scaled path (and the slow path it calls) on every pair of exponent
     * fields, 256 x 256, with significand pairs whose quotients sit at the ends of [1/2, 2) and in
     * between (exact and inexact: all-ones over one, one over all-ones, equal, 2/3, and two seeded
     * random pairs per exponent pair), the signs mixed, under the exact MUFU and the extremes of
     * its bound (either one, per input), against softfloat. Every clamp of the scaling (C at -125 and 126, K raised to -126
     * for E below -251), every overflow and underflow, the results rounding onto 2^-126 and the
     * largest finite, and the exponent fields 0 and 255 (the slow path) are in this grid.
     */
    @Test
    void fp32DivisionOnEveryExponentPair() {
        int[][] significands = {{0x7FFFFF, 0}, {0, 0x7FFFFF}, {0, 0}, {0, 0x400000}, {0x7FFFFF, 1}};
        String[] models = {"exact", "adversarial"}; // adversarial: either extreme of the bound, per input
        for (String op : List.of("div.rz.f32", "div.rm.f32", "div.rp.f32", "div.rz.ftz.f32", "div.rm.ftz.f32",
                "div.rp.ftz.f32")) {
            Template t = Templates.require(TemplateKey.valueOf(op));
            Env env = Env.ptx(op.contains(".ftz"));
            RoundingMode mode = mode(op);
            for (String model : models) {
                Emulator em = new Emulator(t.program(), MufuModel.byName(model, 7));
                long h = 0x9E3779B97F4A7C15L;
                for (int ea = 0; ea < 256; ea++) {
                    for (int eb = 0; eb < 256; eb++) {
                        for (int k = 0; k < significands.length + 2; k++) {
                            h = h * 6364136223846793005L + 1442695040888963407L;
                            int sa = k < significands.length ? significands[k][0] : (int) (h >>> 41) & 0x7FFFFF;
                            int sb = k < significands.length ? significands[k][1] : (int) (h >>> 18) & 0x7FFFFF;
                            int a = (int) (h >>> 63) << 31 | ea << 23 | sa;
                            int b = (int) (h >>> 62 & 1) << 31 | eb << 23 | sb;
                            int want = F32.div(a, b, mode, env);
                            int got = em.run(a, b);
                            if (got != want) {
                                assertEquals(Integer.toHexString(want), Integer.toHexString(got), op + " "
                                        + Integer.toHexString(a) + " / " + Integer.toHexString(b) + " " + model);
                            }
                        }
                    }
                }
            }
        }
    }

    /**
     * rcp.{rz,rm,rp}[.ftz].f32 (the faithful reciprocal and one FFMA in the mode, and the slow path
     * it calls) on every exponent field with significands that put 1/x at the ends of a binade,
     * on a float, or a hair off one (x = 0x3fca6691: its significand times another 24-bit one is
     * 2^47 - 1, so 1/x lies 2^-47/x above a float, as close as a reciprocal gets), and seeded
     * random ones, both signs, under every MUFU output inside the bound (the enumerating model),
     * against softfloat.
     */
    @Test
    void fp32ReciprocalOnEveryExponentUnderEveryMufuOutput() {
        int[] significands = {0, 1, 0x400000, 0x7FFFFF, 0x7FFFFE, 0x4A6691, 0x2AAAAB, 0x555555};
        for (String op : List.of("rcp.rz.f32", "rcp.rm.f32", "rcp.rp.f32", "rcp.rz.ftz.f32", "rcp.rm.ftz.f32",
                "rcp.rp.ftz.f32")) {
            Template t = Templates.require(TemplateKey.valueOf(op));
            Env env = Env.ptx(op.contains(".ftz"));
            RoundingMode mode = mode(op);
            MufuModel.Enumerating all = new MufuModel.Enumerating();
            Emulator em = new Emulator(t.program(), all);
            long h = 0x2545F4914F6CDD1DL;
            for (int e = 0; e < 256; e++) {
                for (int k = 0; k < significands.length + 8; k++) {
                    h = h * 6364136223846793005L + 1442695040888963407L;
                    int sig = k < significands.length ? significands[k] : (int) (h >>> 41) & 0x7FFFFF;
                    for (int sign : new int[] {0, 0x80000000}) {
                        int x = sign | e << 23 | sig;
                        int want = F32.div(0x3F800000, x, mode, env);
                        for (int c = 0; c < MufuModel.Enumerating.MAX_CHOICES; c++) {
                            all.choice = c;
                            int got = em.run(x);
                            if (got != want) {
                                assertEquals(Integer.toHexString(want), Integer.toHexString(got), op + " "
                                        + Integer.toHexString(x) + " MUFU choice " + c);
                            }
                        }
                    }
                }
            }
        }
    }
}

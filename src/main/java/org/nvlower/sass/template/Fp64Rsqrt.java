package org.nvlower.sass.template;

import static org.nvlower.sass.Operand.PT;
import static org.nvlower.sass.Operand.RZ;

import org.nvlower.sass.Label;
import org.nvlower.sass.Mod;
import org.nvlower.sass.Mod.Cmp;
import org.nvlower.sass.Mod.MufuFn;
import org.nvlower.sass.Path;
import org.nvlower.sass.Pred;
import org.nvlower.sass.Program;
import org.nvlower.sass.ProgramBuilder;
import org.nvlower.sass.Reg;
import org.nvlower.sass.Reg.RegClass;

/**
 * rsqrt.approx.f64 (DRSQRT) from MUFU.RSQ64H of the high word, or where the SM lacks it (before
 * sm_80) from MUFU.RSQ of a float holding x's top significand bits (coordinator A, which the seed
 * gives those SMs; the same seed serves sqrt.rn.f64's {@code :rsq} variant in
 * {@link DrcpDsqrtCoordinator}).
 *
 * <p>The fast path takes every positive normal finite x (biased exponent in [0x001, 0x7ff), as
 * ptxas's guard; y, x y and y^2 stay normal there).
 * Coordinator A (full refinement): two Newton-Raphson steps y + y (1/2 - (x y) (y / 2)), the
 * second with 1 - x y^2 computed to about 2^-90 (x y split exactly into two doubles), so one
 * rounding remains; coordinator B (the SM's hardware flag, a better seed): one third-order step
 * y + y e (1/2 + 3/8 e), e = 1 - x y^2.
 *
 * <p>The slow path: NaN -> the NaN quieted, +-0 -> +-inf, negative -> 0xFFF8000000000000 (the GPU's
 * NaNs, docs/nan.md), +inf -> +0; otherwise
 * x = m 2^(2k) with m in [1, 4) (subnormals normalised by 2^54 first), the same refinement on m,
 * and the result scaled by 2^-k (exact).
 */
final class Fp64Rsqrt {

    /** Which coordinator. */
    private enum Kind { RSQRT_FULL, RSQRT_REDUCED }

    private Fp64Rsqrt() {}

    /**
     * rsqrt.approx.f64 with coordinator A (hwFlag false: the SMs without MUFU.RSQ64H, so the float
     * MUFU.RSQ seed and the full refinement) or B (hwFlag true: MUFU.RSQ64H, one step).
     */
    static Program rsqrtApprox(boolean hwFlag) {
        return build("rsqrt.approx.f64", hwFlag ? Kind.RSQRT_REDUCED : Kind.RSQRT_FULL, hwFlag);
    }

    private static Program build(String name, Kind kind, boolean rsq64h) {
        ProgramBuilder b = new ProgramBuilder(name + (kind == Kind.RSQRT_REDUCED ? " (coordinator B)" : " (coordinator A)"));
        Reg x = b.input("x", RegClass.R64);
        Reg s = b.output("y", RegClass.R64);
        Reg g = b.temp("g");
        Pred outside = b.pred();
        b.path(Path.FAST);
        rootOutside(b, g, x, outside);
        emitRoot(b, kind, x, s, rsq64h);
        SlowPathCall.emit(b, outside, name);
        emitSlowPath(b, kind, x, s, rsq64h);
        b.ret();
        return b.build();
    }

    /**
     * rsqrt.approx.f64's fast-path guard: outside = x not positive, normal and finite (biased exponent
     * in [0x001, 0x7ff), as ptxas's guard): y ~ 1/sqrt(x) and every step stay normal there.
     */
    static void rootOutside(ProgramBuilder b, Reg g, Reg x, Pred outside) {
        rootOutside(b, g, x, 0x001, 0x7FF, outside);
    }

    /**
     * outside = x not positive with a biased exponent in [low, high): one unsigned compare, the
     * sign bit making negative x large.
     */
    static void rootOutside(ProgramBuilder b, Reg g, Reg x, int low, int high, Pred outside) {
        b.iadd3(g, x.hi().op(), b.imm(-(low << 20)), RZ);
        b.isetp(Cmp.GE, Mod.U32, outside, g.op(), b.imm((high - low) << 20));
    }

    /** The refinement from the seed: 1/sqrt(x) within about an ulp. */
    private static void emitRoot(ProgramBuilder b, Kind kind, Reg x, Reg out, boolean rsq64h) {
        Reg y = b.temp("y", RegClass.R64);
        Reg gg = b.temp("gg", RegClass.R64);
        Reg h = b.temp("h", RegClass.R64);
        Reg r = b.temp("r", RegClass.R64);
        int half = b.f64(0.5);
        seed(b, rsq64h, x, y, false);
        switch (kind) {
            case RSQRT_FULL -> {
                b.dmul(gg, x.op(), y.op());
                b.dmul(h, y.op(), half);
                b.dfma(r, gg.neg(), h.op(), half);
                b.dfma(y, y.op(), r.op(), y.op());
                // e = 1 - x y^2 to about 2^-90: x y = gg + h exactly (h from DFMA), e = (1 - gg y) - h y
                b.dmul(gg, x.op(), y.op());
                b.dfma(h, x.op(), y.op(), gg.neg());
                b.dfma(r, gg.neg(), y.op(), b.f64(1.0));
                b.dfma(r, h.neg(), y.op(), r.op());
                b.dmul(r, r.op(), half);
                b.dfma(out, y.op(), r.op(), y.op());
            }
            case RSQRT_REDUCED -> {
                b.dmul(gg, y.op(), y.op());
                b.dfma(r, x.neg(), gg.op(), b.f64(1.0));
                b.dfma(h, r.op(), b.f64(0.375), half);
                b.dmul(gg, y.op(), r.op());
                b.dfma(out, gg.op(), h.op(), y.op());
            }
        }
    }

    /**
     * y ~ 1/sqrt(x) for a positive normal x: MUFU.RSQ64H of the high word (within about 2^-19), or
     * on SMs without it MUFU.RSQ of the float f = 1.m 2^(E mod 2) (x = 1.m 2^E, m cut to 23 bits;
     * within about 2^-22), whose exponent and significand move into y's high word with the
     * exponent 896 - floor(E / 2) added back (1/sqrt(x) = 2^-floor(E/2) / sqrt(f); 896 = 1023 - 127).
     * With {@code lowWordSet} y's low word is left as it is (sqrt.rn's fast path leaves its guard
     * there; the float seed its scratch): it moves y by under 2^-20 relative, so |1 - x y^2| stays
     * below about 2^-17.7 and the two coupled steps still end near 2^-70, far inside the final
     * correction's need. rsqrt.approx.f64 passes false: its one or two steps have less margin.
     */
    static void seed(ProgramBuilder b, boolean rsq64h, Reg x, Reg y, boolean lowWordSet) {
        if (rsq64h) {
            Fp64Division.highWordSeed(b, MufuFn.RSQ64H, x, y, lowWordSet);
            return;
        }
        Reg f = y.lo();
        Reg k = y.hi();
        b.shf(true, Mod.IntType.U32, false, f, x.hi().op(), b.imm(3), RZ);
        b.lop3(PT, f, f.op(), b.imm(0x007FFFFF), b.imm(0x3F800000), 0xEA); // 1.m in [1, 2)
        b.lop3(PT, k, x.hi().op(), b.imm(0x00100000), RZ, 0x0C);           // E odd: the biased exponent is even
        b.lea(f, k.op(), f.op(), 3);                                         // then f in [2, 4)
        b.mufu(MufuFn.RSQ, f, f.op());
        b.shf(false, Mod.IntType.U32, false, f, f.op(), b.imm(3), RZ);
        b.iadd3(k, x.hi().op(), b.imm(0x00100000), RZ);                     // biased E + 1 (x positive, finite)
        b.shf(false, Mod.IntType.U32, false, k, k.op(), b.imm(21), RZ);     // floor(E / 2) + 512
        b.iadd3(k, k.neg(), b.imm(896 + 512), RZ);
        b.lea(y.hi(), k.op(), f.op(), 20);
        if (!lowWordSet) {
            b.mov(PT, y.lo(), RZ);
        }
    }

    private static void emitSlowPath(ProgramBuilder b, Kind kind, Reg x, Reg out, boolean rsq64h) {
        Label end = b.label();
        Exceptions.RSQRT.emit(b, x, out, end);
        // x = m 2^(2k), m in [1, 4)
        Reg m = b.temp("m", RegClass.R64);
        Reg e = b.temp("e");
        Reg k = b.temp("k");
        Reg scale = b.temp("scale", RegClass.R64);
        Fp64Division.significand(b, x, m, e);
        b.lop3(PT, k, e.op(), b.imm(1), RZ, 0xC0); // the exponent's parity goes into m
        b.lea(m.hi(), k.op(), m.hi().op(), 20);
        b.shf(false, Mod.IntType.S32, false, k, e.op(), b.imm(1), RZ); // floor(e / 2)
        emitRoot(b, kind, m, out, rsq64h);
        b.mov(PT, scale.lo(), RZ);
        b.iadd3(scale.hi(), k.neg(), b.imm(1023), RZ);
        b.shf(true, Mod.IntType.U32, false, scale.hi(), scale.hi().op(), b.imm(20), RZ);
        b.dmul(out, out.op(), scale.op());
        b.place(end);
    }
}

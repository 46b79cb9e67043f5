package org.nvlower.sass.template;

import static org.nvlower.sass.Operand.PT;
import static org.nvlower.sass.Operand.RZ;

import org.nvlower.sass.Label;
import org.nvlower.sass.Mod;
import org.nvlower.sass.Mod.BoolOp;
import org.nvlower.sass.Mod.Cmp;
import org.nvlower.sass.Mod.MufuFn;
import org.nvlower.sass.Path;
import org.nvlower.sass.Pred;
import org.nvlower.sass.Program;
import org.nvlower.sass.ProgramBuilder;
import org.nvlower.sass.Reg;
import org.nvlower.sass.Reg.RegClass;
import org.nvlower.nvptx.DdivTier;

/**
 * div.rn.f64 (DDIV). rcp.rn.f64 (DRCP) is {@link DrcpDsqrtCoordinator}'s, which shares this class's seed,
 * significand normalisation and final scaling.
 *
 * <p>Fast path (b normal below 2^1021 and not all ones, a finite from 2^-969, then the quotient's
 * exponent in [0x002, 0x7fe): as wide as ptxas's; no intermediate over- or underflows and every
 * residual is exact there): r0 = MUFU.RCP64H(b) (1.11.20, within 2^-20 of 1/b_hi), e = 1 - b r0,
 * r1 = r0 + r0 (e + e^2) (error about e^3 < 2^-56), r2 = r1 + r1 (1 - b r1) (within about one
 * ulp of 1/b), q0 = a r2, q = q0 + r2 (a - b q0): the Newton-Raphson core ptxas emits (seven
 * DFMA and one DMUL, ../shared/reference/sass-ptxas-11.8-sm_90/div_rn_f64.sass).
 *
 * <p>Slow path (everything else): NaN, zeros and infinities by IEEE 754, with the GPU's NaNs (a's
 * NaN quieted, else d's; 0/0 and inf/inf 0xFFF8000000000000, as ptxas 13's own slow path: docs/nan.md); otherwise the same core
 * on the significands a_s, b_s in [1, 2) (subnormals normalised by 2^54 first), giving the
 * correctly rounded q_s in (1/2, 2) and its exact residual r_s = a_s - b_s q_s; the result is
 * q_s 2^E (E = e_a - e_b clamped to [-1100, 1100]) by two DMULs, the second the only rounding
 * (to the subnormal grid, or to infinity). When that rounding sees q_s exactly on a midpoint of
 * the subnormal grid (q_s was itself rounded), r_s's sign tells which side the true quotient
 * lies on, and q_s moves half a subnormal ulp that way first (exact), so the result is rounded once.
 *
 * <p>The three register-pressure tiers (seed 3, "Register Pressure Variants") compute the same
 * values with different register use: {@link DdivTier#FULL_UNROLL} gives every intermediate its own
 * register (most independent instructions in flight), {@link DdivTier#PARTIAL_SPILL} reuses the residual
 * and the reciprocal registers, {@link DdivTier#MINIMAL_REGISTERS} keeps two pairs and computes in place;
 * the slow path, where the register count peaks, keeps less live from tier to tier (22, 20, 18
 * physical registers for the whole template; see {@link #emitSlowPath}).
 */
final class Fp64Division {

    private Fp64Division() {}

    static Program divRn(DdivTier tier, boolean rcp64h) {
        return div(tier, rcp64h, Mod.RN);
    }

    /**
     * div.{rn,rz,rm,rp}.f64: the directed ones (tier FULL_UNROLL) correct the .rn quotient once in
     * their mode, on the fast path with the reciprocal, on the slow path with the significands'
     * quotient and residual before the scaling ({@link DirectedRounding}).
     */
    static Program div(DdivTier tier, boolean rcp64h, int rounding) {
        if (rounding != Mod.RN && tier != DdivTier.FULL_UNROLL) {
            throw new IllegalArgumentException("directed rounding has the FULL_UNROLL tier only");
        }
        String ptx = "div." + DirectedRounding.spelling(rounding) + ".f64";
        ProgramBuilder b = new ProgramBuilder(ptx + (tier == DdivTier.FULL_UNROLL ? "" : " " + tier)
                + (rcp64h ? "" : " (MUFU.RCP seed)"));
        Reg a = b.input("a", RegClass.R64);
        Reg d = b.input("b", RegClass.R64);
        Reg q = b.output("q", RegClass.R64);
        Reg ga = b.temp("ga");
        Reg r0 = b.temp(tier == DdivTier.FULL_UNROLL ? "r0" : "r", RegClass.R64);
        Pred outside = b.pred();
        Pred regular = b.pred();
        b.path(Path.FAST);
        // the guard, as wide as ptxas's: b normal below 2^1021 (1/b and its steps normal) with a
        // significand not all ones, a finite from 2^-969 (the residual a - b q0, a multiple of
        // ulp(b) ulp(q0) >= 2^-1074, exact; b q0 may be a binade below a, so one binade above
        // sqrt's bound: the hard cases found a = 1.39 2^-970 one ulp off); b's test leaves its LEA result in the seed's low word (see seed).
        // After the core, the quotient's exponent in [0x002, 0x7fe): normal, no overflow on the way.
        notAllOnes(b, regular, d);
        exponentOutside(b, r0.lo(), d, 0x001, 0x7FC, outside, regular.not());
        exponentOutside(b, ga, a, 0x036, 0x7FF, outside, outside.op());
        if (rounding == Mod.RN) {
            emitQuotient(b, tier, rcp64h, a, d, q, null, r0);
            exponentOutside(b, ga, q, 0x002, 0x7FE, outside, outside.op());
        } else {
            Reg qn = b.temp("qn", RegClass.R64);
            Reg rem = b.temp("rem2", RegClass.R64);
            Reg y = emitQuotient(b, tier, rcp64h, a, d, qn, null, r0);
            exponentOutside(b, ga, qn, 0x002, 0x7FE, outside, outside.op());
            b.dfma(rem, d.neg(), qn.op(), a.op());                 // a - b qn (exact)
            DirectedRounding.correct64(b, rounding, q, rem, y.op(), qn);
        }
        SlowPathCall.emit(b, outside, ptx);
        emitSlowPath(b, tier, a, d, q, rcp64h, rounding);
        b.ret();
        return b.build();
    }

    /**
     * p = x's significand is not all ones. For an all-ones divisor r2 may miss the correctly rounded
     * 1/x (Markstein's exception), so the fast paths send it to the slow path.
     */
    static void notAllOnes(ProgramBuilder b, Pred p, Reg x) {
        b.lop3p(p, x.hi().op(), b.imm(0xFFF00000), x.lo().op(), 0x57); // ~((hi | 0xfff00000) & lo) != 0
    }

    /**
     * outside = (x's biased exponent not in [low, high)) or {@code or}: LEA shifts the sign out and
     * subtracts the lower bound, so one unsigned compare checks both bounds (the fraction bits below
     * the exponent do not change it).
     */
    static void exponentOutside(ProgramBuilder b, Reg g, Reg x, int low, int high, Pred outside, int or) {
        b.lea(g, x.hi().op(), b.imm(-(low << 21)), 1);
        b.isetp(Cmp.GE, Mod.U32, BoolOp.OR, outside, g.op(), b.imm((high - low) << 21), or);
    }

    /**
     * The Newton-Raphson core: q = a / d correctly rounded when a, d and the quotient are well
     * inside the normal range (the fast path's guard, or the slow path's significands). Returns the
     * register holding the reciprocal it used.
     */
    static Reg emitQuotient(ProgramBuilder b, DdivTier tier, boolean rcp64h, Reg a, Reg d, Reg q, Pred allOnes,
            Reg seedPair) {
        switch (tier) {
            case FULL_UNROLL -> {
                Reg r0 = seedPair != null ? seedPair : b.temp("r0", RegClass.R64);
                Reg e0 = b.temp("e0", RegClass.R64);
                Reg e1 = b.temp("e1", RegClass.R64);
                Reg r1 = b.temp("r1", RegClass.R64);
                Reg e2 = b.temp("e2", RegClass.R64);
                Reg r2 = b.temp("r2", RegClass.R64);
                Reg q0 = b.temp("q0", RegClass.R64);
                Reg res = b.temp("res", RegClass.R64);
                reciprocal(b, rcp64h, d, r0, seedPair != null, e0, e1, r1, e2, r2);
                allOnesReciprocal(b, allOnes, r2);
                b.dmul(q0, a.op(), r2.op());
                b.dfma(res, d.neg(), q0.op(), a.op());
                b.dfma(q, r2.op(), res.op(), q0.op());
                return r2;
            }
            case PARTIAL_SPILL, MINIMAL_REGISTERS -> {
                // PARTIAL: the reciprocal and residual pairs reused; MINIMAL: the quotient built in q itself too
                Reg r = seedPair != null ? seedPair : b.temp("r", RegClass.R64);
                Reg e = b.temp("e", RegClass.R64);
                Reg q0 = tier == DdivTier.PARTIAL_SPILL ? b.temp("q0", RegClass.R64) : q;
                reciprocal(b, rcp64h, d, r, seedPair != null, e, e, r, e, r);
                allOnesReciprocal(b, allOnes, r);
                b.dmul(q0, a.op(), r.op());
                b.dfma(e, d.neg(), q0.op(), a.op());
                b.dfma(q, r.op(), e.op(), q0.op());
                return r;
            }
        }
        throw new AssertionError(tier);
    }

    /** r2 = r1 + r1 (1 - d r1) with r1 = r0 + r0 (e0 + e0^2), e0 = 1 - d r0, r0 the seed: within about an ulp of 1/d. */
    private static void reciprocal(ProgramBuilder b, boolean rcp64h, Reg d, Reg r0, boolean lowWordSet, Reg e0, Reg e1,
            Reg r1, Reg e2, Reg r2) {
        int one = b.f64(1.0);
        seed(b, rcp64h, d, r0, lowWordSet);
        b.dfma(e0, d.neg(), r0.op(), one);
        b.dfma(e1, e0.op(), e0.op(), e0.op());
        b.dfma(r1, r0.op(), e1.op(), r0.op());
        b.dfma(e2, d.neg(), r1.op(), one);
        b.dfma(r2, r1.op(), e2.op(), r1.op());
    }

    /**
     * r ~ 1/d within about 2^-19: MUFU.RCP64H of d's high word (sm_80+); on older SMs MUFU.RCP
     * of a float with d's top 20 significand bits and exponent 0 (in [1, 2)), its significand
     * moved into the high word and d's exponent and sign put back (d normal). The low word is not
     * cleared when {@code lowWordSet} (the fast paths leave their guard's LEA result there) nor
     * after the float seed (its scratch): any low word moves r by less than an ulp of the high
     * word's 20 fraction bits, 2^-20 relative; with the seed's 2^-20 (MUFU.RCP64H; the float seed's
     * 2^-23 and its cut to 20 bits) and d's cut to its high word, |e| = |1 - d r| < 2^-18.3, so
     * r1 = r (1 + e + e^2) = (1/d)(1 - e^3) is within 2^-54.9 relative plus its roundings, under
     * an ulp of 1/d, as Markstein's r2 needs. (ptxas's rcp.rn.f64 does the same: its guard's IADD3 writes the seed's low word.)
     */
    static void seed(ProgramBuilder b, boolean rcp64h, Reg d, Reg r, boolean lowWordSet) {
        if (rcp64h) {
            highWordSeed(b, MufuFn.RCP64H, d, r, lowWordSet);
            return;
        }
        Reg f = r.lo();
        Reg ex = r.hi();
        b.shf(true, Mod.IntType.U32, false, f, d.hi().op(), b.imm(3), RZ);
        b.lop3(PT, f, f.op(), b.imm(0x007FFFFF), b.imm(0x3F800000), 0xEA);
        b.mufu(MufuFn.RCP, f, f.op());
        b.shf(false, Mod.IntType.U32, false, f, f.op(), b.imm(3), RZ);
        b.lop3(PT, ex, d.hi().op(), b.imm(0x7FF00000), RZ, 0xC0);
        b.iadd3(ex, f.op(), ex.neg(), b.imm(0x38000000 + 0x3FF00000));
        b.lop3(PT, ex, d.hi().op(), b.imm(0x80000000), ex.op(), 0xEA);
    }

    /** r's high word = MUFU.fn of x's high word (RCP64H, RSQ64H); its low word cleared unless {@code lowWordSet}. */
    static void highWordSeed(ProgramBuilder b, MufuFn fn, Reg x, Reg r, boolean lowWordSet) {
        if (!lowWordSet) {
            b.mov(PT, r.lo(), RZ);
        }
        b.mufu(fn, r.hi(), x.hi().op());
    }

    /** allOnes = the significand m (in [1, 2)) is all ones, 2 - 2^-52; {@code scratch} takes the test's word. */
    static void allOnes(ProgramBuilder b, Pred allOnes, Reg scratch, Reg m) {
        b.lop3(PT, scratch, m.hi().op(), b.imm(0xFFF00000), m.lo().op(), 0xA8);
        b.isetp(Cmp.EQ, 0, allOnes, scratch.op(), b.imm(-1));
    }

    /** For the slow path's d = 2 - 2^-52 (allOnes): r = RN(1/d) = 1/2 + 2^-53. */
    static void allOnesReciprocal(ProgramBuilder b, Pred allOnes, Reg r) {
        if (allOnes != null) {
            b.mov(allOnes.op(), r.lo(), b.imm(1));
            b.mov(allOnes.op(), r.hi(), b.imm(0x3FE00000));
        }
    }

    /**
     * Special operands, then the significands' quotient scaled by 2^E with one rounding. The tiers
     * differ here in what stays live through the scaling, where the whole template's register
     * count peaks: FULL_UNROLL keeps the sign, both exponents, the significands' quotient q_s and
     * the scaled t in registers of their own; PARTIAL_SPILL folds the exponents into one before the
     * core and computes q_s in q; MINIMAL_REGISTERS folds the exponents, scales into q, and
     * recomputes the sign at the end and 2^(E + 100) in the rare midpoint branch instead of keeping
     * them live.
     */
    private static void emitSlowPath(ProgramBuilder b, DdivTier tier, Reg a, Reg d, Reg q, boolean rcp64h,
            int rounding) {
        boolean full = tier == DdivTier.FULL_UNROLL;
        boolean minimal = tier == DdivTier.MINIMAL_REGISTERS;
        Pred p = b.pred();
        Pred p2 = b.pred();
        Label out = b.label();
        Reg sign = b.temp("sign");
        Reg t = minimal ? q : b.temp("t", RegClass.R64);
        // NaN operand: a's NaN quieted if it is one, else d's (the GPU's div.rn.f64, docs/nan.md); x + x
        // quiets x's NaN whichever operand order ptxas gives the DADD
        b.dsetp(Cmp.NAN, p, a.op(), d.op());
        b.dsetp(Cmp.NAN, p2, a.op(), a.op());
        b.dadd(p.op(), q, d.op(), d.op());
        b.dadd(p2.op(), q, a.op(), a.op());
        b.bra(p.op(), out);
        b.lop3(PT, sign, a.hi().op(), d.hi().op(), b.imm(0x80000000), 0x28);
        // 0/0, inf/inf: the GPU's NaN for an invalid operation
        b.dsetp(Cmp.EQ, p, a.op(), b.f64(0.0));
        b.dsetp(Cmp.EQ, BoolOp.AND, p, d.op(), b.f64(0.0), p.op());
        b.dsetp(Cmp.EQ, p2, a.abs(), b.f64(Double.POSITIVE_INFINITY));
        b.dsetp(Cmp.EQ, BoolOp.AND, p2, d.abs(), b.f64(Double.POSITIVE_INFINITY), p2.op());
        b.plop3(p, p.op(), p2.op(), PT, 0xFC);
        b.mov(p.op(), q.lo(), RZ);
        b.mov(p.op(), q.hi(), b.imm(0xFFF80000));
        b.bra(p.op(), out);
        // inf / x, x / 0: infinity of the sign
        b.dsetp(Cmp.EQ, p, a.abs(), b.f64(Double.POSITIVE_INFINITY));
        b.dsetp(Cmp.EQ, BoolOp.OR, p, d.op(), b.f64(0.0), p.op());
        b.mov(p.op(), q.lo(), RZ);
        b.lop3(p.op(), q.hi(), sign.op(), b.imm(0x7FF00000), RZ, 0xFC);
        b.bra(p.op(), out);
        // x / inf, 0 / x: zero of the sign
        b.dsetp(Cmp.EQ, p, d.abs(), b.f64(Double.POSITIVE_INFINITY));
        b.dsetp(Cmp.EQ, BoolOp.OR, p, a.op(), b.f64(0.0), p.op());
        b.mov(p.op(), q.lo(), RZ);
        b.mov(p.op(), q.hi(), sign.op());
        b.bra(p.op(), out);
        // finite nonzero: significands in [1, 2) and the exponent difference
        Reg as = b.temp("as", RegClass.R64);
        Reg ds = b.temp("ds", RegClass.R64);
        Reg ea = b.temp("ea");
        Reg ed = b.temp("ed");
        significand(b, a, as, ea);
        significand(b, d, ds, ed);
        Reg qs = tier == DdivTier.PARTIAL_SPILL ? q : b.temp("qs", RegClass.R64);
        Reg e = b.temp("e");
        Reg rs = b.temp("rs", RegClass.R64);
        Pred allOnes = b.pred();
        if (!full) {
            b.iadd3(e, ea.op(), ed.neg(), RZ);
        }
        allOnes(b, allOnes, full ? e : ea, ds);
        emitQuotient(b, tier, rcp64h, as, ds, qs, allOnes, null);
        b.dfma(rs, ds.neg(), qs.op(), as.op());
        if (full) {
            b.iadd3(e, ea.op(), ed.neg(), RZ);
        }
        if (rounding != Mod.RN) {
            // q_s and r_s take the quotient's sign; q_s + r_s / 2 (d_s in [1, 2)) rounded in the mode
            b.lop3(PT, qs.hi(), qs.hi().op(), sign.op(), RZ, 0xFC);
            b.lop3(PT, rs.hi(), rs.hi().op(), sign.op(), RZ, 0x3C);
            DirectedRounding.correct64(b, rounding, qs, rs, b.f64(0.5), qs);
            DirectedRounding.scaleF64(b, b::temp, rounding, qs, e, t);
        } else {
            scaleOnce(b, b::temp, qs, rs, e, t, minimal);
        }
        Reg resultSign = sign;
        if (minimal) { // a register of its own: reusing sign would keep it live through the scaling
            resultSign = b.temp("resultSign");
            b.lop3(PT, resultSign, a.hi().op(), d.hi().op(), b.imm(0x80000000), 0x28);
        }
        if (t != q) {
            b.mov(PT, q.lo(), t.lo().op());
        }
        b.lop3(PT, q.hi(), t.hi().op(), resultSign.op(), RZ, 0xFC);
        b.place(out);
    }

    /**
     * s = |x|'s significand in [1, 2) (a subnormal scaled by 2^54 first) and e its unbiased
     * exponent; x finite and nonzero.
     */
    static void significand(ProgramBuilder b, Reg x, Reg s, Reg e) {
        Pred sub = b.pred();
        b.mov(PT, s.lo(), x.lo().op());
        b.lop3(PT, s.hi(), x.hi().op(), b.imm(0x7FFFFFFF), RZ, 0xC0);
        b.dsetp(Cmp.LT, sub, s.op(), b.f64(0x1p-1022));
        b.dmul(sub.op(), s, s.op(), b.f64(0x1p54));
        b.shf(false, Mod.IntType.U32, false, e, s.hi().op(), b.imm(20), RZ);
        b.iadd3(e, e.op(), b.imm(-1023), RZ);
        b.iadd3(sub.op(), e, e.op(), b.imm(-54), RZ);
        b.lop3(PT, s.hi(), s.hi().op(), b.imm(0x000FFFFF), b.imm(0x3FF00000), 0xEA);
    }

    /**
     * t = q_s 2^E rounded once: E clamped to [-1100, 1100] (beyond, the result is zero or
     * infinity either way), then q_s 2^(E -+ 100) (exact, normal) times 2^(+-100) (the rounding).
     * A q_s exactly on a midpoint of the result's grid with a nonzero residual r_s first moves
     * half a grid step towards the true quotient (q_s > 0). 2^(+-100), 2^-(E -+ 100) and the half
     * step take turns in one pair (selected, not predicated: PTX would see a maybe-undefined
     * register); with {@code recomputeScale} the midpoint branch rebuilds 2^(E + 100) there too
     * instead of keeping it live.
     */
    static void scaleOnce(ProgramBuilder b, Temps temps, Reg qs, Reg rs, Reg e, Reg t, boolean recomputeScale) {
        Pred p = b.pred();
        Pred neg = b.pred();
        Reg s = temps.temp("scale", RegClass.R64);
        Reg w = temps.temp("halfStep", RegClass.R64);
        Reg back = temps.temp("back", RegClass.R64);
        Reg k = temps.temp("k100", RegClass.R32);
        int down = b.f64(0x1p-100);
        DirectedRounding.splitExponent(b, p, neg, e, k, 1100, 100); // E + 100 or E - 100
        b.mov(PT, s.lo(), RZ);
        b.iadd3(s.hi(), k.op(), b.imm(1023), RZ);
        b.shf(true, Mod.IntType.U32, false, s.hi(), s.hi().op(), b.imm(20), RZ);
        b.dmul(t, qs.op(), s.op());
        b.mov(PT, w.lo(), RZ);
        b.sel(w.hi(), b.imm(0x39B00000), b.imm(0x46300000), neg.op()); // 2^-100 or 2^100
        b.dmul(t, t.op(), w.op());
        // t back on q_s's scale (exact), and half a step of the result's grid there, 2^(-1075 - E)
        b.sel(w.hi(), b.imm(0x46300000), b.imm(0x39B00000), neg.op());
        b.dmul(back, t.op(), w.op());
        b.iadd3(w.hi(), k.neg(), b.imm(1023), RZ);
        b.shf(true, Mod.IntType.U32, false, w.hi(), w.hi().op(), b.imm(20), RZ);
        b.dmul(back, back.op(), w.op());
        b.iadd3(w.hi(), e.neg(), b.imm(-52), RZ);
        b.shf(true, Mod.IntType.U32, false, w.hi(), w.hi().op(), b.imm(20), RZ);
        b.dadd(PT, back, qs.op(), back.neg());
        b.dsetp(Cmp.EQ, p, back.abs(), w.op());
        b.isetp(Cmp.LT, 0, BoolOp.AND, p, e.op(), b.imm(-1021), p.op());
        b.dsetp(Cmp.NE, BoolOp.AND, p, rs.op(), b.f64(0.0), p.op());
        Label exact = b.label();
        b.bra(p.not(), exact);
        // a subnormal result (E < -1021): the scaling is 2^(E + 100) then 2^-100
        b.dsetp(Cmp.LT, p, rs.op(), b.f64(0.0));
        b.lop3(p.op(), w.hi(), w.hi().op(), b.imm(0x80000000), RZ, 0xFC);
        b.dadd(PT, back, qs.op(), w.op());
        if (recomputeScale) { // in w, dead here, so that s's interval ends at its first use
            b.iadd3(w.hi(), e.op(), b.imm(100 + 1023), RZ);
            b.shf(true, Mod.IntType.U32, false, w.hi(), w.hi().op(), b.imm(20), RZ);
            b.mov(PT, w.lo(), RZ);
        }
        b.dmul(t, back.op(), (recomputeScale ? w : s).op());
        b.dmul(t, t.op(), down);
        b.place(exact);
    }
}

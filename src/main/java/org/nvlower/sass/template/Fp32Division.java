package org.nvlower.sass.template;

import static org.nvlower.sass.Operand.NEG_RZ;
import static org.nvlower.sass.Operand.PT;
import static org.nvlower.sass.Operand.RZ;

import org.nvlower.sass.Label;
import org.nvlower.sass.Mod;
import org.nvlower.sass.Mod.Cmp;
import org.nvlower.sass.Mod.ImadHint;
import org.nvlower.sass.Mod.IntType;
import org.nvlower.sass.Mod.MufuFn;
import org.nvlower.sass.SassOpcode;
import org.nvlower.sass.Path;
import org.nvlower.sass.Pred;
import org.nvlower.sass.Program;
import org.nvlower.sass.ProgramBuilder;
import org.nvlower.sass.Reg;
import org.nvlower.sass.Reg.RegClass;

/**
 * FP32 division (seed 5) and reciprocal: div.rn.f32 (MUFU.RCP, FCHK and five FFMA on the fast
 * path; an out-of-line slow path for everything FCHK flags), rcp.rn.f32 (a three-instruction
 * range guard, MUFU.RCP and one Newton-Raphson step; the same slow path with a = 1), and the
 * branch-free div.full.f32 and div.approx.f32, each with its .ftz variant.
 */
final class Fp32Division {

    private static final float TWO_64 = 0x1p64f;

    private Fp32Division() {}

    // ------------------------------------------------------------------ the reciprocal

    /**
     * r = RN(1/x) from r0 = MUFU.RCP(x), for normal x whose reciprocal is normal, whatever
     * MUFU.RCP returns within its bound. On magnitudes: e = 1 - |x| |r0| (exact); t = |r0| + |r0| e
     * rounded up (the Newton value |r0| (2 - |x r0|) = |1/x| (1 - e^2) never exceeds |1/x|, so
     * rounding it up cannot stop below a midpoint |1/x| lies above); e1 = 1 - |x| t (exact); then
     * t takes x's sign and r = t + t e1. The one-step refinement ptxas uses (r0 + r0 e rounded to
     * nearest) fails when r0 is a power of two and x's significand is all ones: its value is then
     * exactly a midpoint and ties to even (x = 2 - 2^-23 with r0 = 0.5, within half an ulp of
     * 1/x). {@code ReciprocalProofTest} runs this on every significand of both signs with every
     * MUFU output inside the bound.
     */
    static void emitReciprocal(ProgramBuilder b, Reg x, Reg r0, Reg r) {
        Reg e = b.temp("e");
        Reg t = b.temp("t");
        b.ffma(e, x.negAbs(), r0.abs(), b.f32(1f));
        b.ffma(PT, Mod.RP, t, r0.abs(), e.op(), r0.abs());
        b.ffma(e, x.negAbs(), t.op(), b.f32(1f));
        b.lop3(PT, t, t.op(), b.imm(0x80000000), x.op(), 0xF8); // t | (x & sign)
        b.ffma(r, t.op(), e.op(), t.op());
    }

    // ------------------------------------------------------------------ div.rn.f32

    static Program divRn(boolean ftz) {
        return div(ftz, Mod.RN);
    }

    /**
     * div.{rn,rz,rm,rp}[.ftz].f32: {@code rounding} is the {@link Mod} rounding of the result. The
     * directed ones compute the .rn quotient and correct it once in their mode ({@link DirectedRounding}).
     */
    static Program div(boolean ftz, int rounding) {
        if (rounding != Mod.RN) {
            return divDirected(ftz, rounding);
        }
        String name = DirectedRounding.f32Name("div", rounding, ftz);
        ProgramBuilder b = new ProgramBuilder(name);
        Reg a = b.input("a", RegClass.R32);
        Reg d = b.input("b", RegClass.R32);
        Reg q = b.output("q", RegClass.R32);
        Reg r0 = b.temp("r0");
        Pred check = b.pred();
        Label slow = b.label();
        Label done = b.label();
        int reconverge = b.barrier();
        b.path(Path.GLUE);
        b.emitBarrier(SassOpcode.BSSY, reconverge, done); // the warp reconverges at done, slow path or not
        b.path(Path.FAST);
        b.mufu(MufuFn.RCP, r0, d.op());           // r0 ~ 1/b
        b.fchk(check, a.op(), d.op());              // may the fast path be wrong?
        emitQuotient(b, a, d, r0, q, rounding);
        b.path(Path.GLUE);
        b.bra(check.not(), done);
        b.call(slow);
        b.place(done);
        b.emitBarrier(SassOpcode.BSYNC, reconverge, done);
        b.exit();
        emitSlowPath(b, slow, name, a, d, q, ftz, rounding);
        return b.build();
    }

    /**
     * div.{rz,rm,rp}[.ftz].f32 for every pair of normal operands on one branch-free path (FCHK
     * would send a third of all exponent pairs to the slow path); only an operand with exponent
     * field 0 or 255 calls the slow path. With E = e_a - e_b (fields, in [-253, 253]) and
     * C = clamp(E, -125, 126): am = a with exponent field 127 (a's significand and sign), bm = b with
     * field 127 - C (in [1, 252]), so am/bm = (a/b) 2^(C - E) lies in (2^(C-1), 2^(C+1)), a normal
     * quotient whose operands pass every FCHK condition; the .rn fast path and one directed FFMA give
     * qd = am/bm rounded in the mode, exactly 2^C times the same sequence on the significands (every
     * intermediate is normal). Then q = qd 2^K, K = E - C (in [-128, 127], raised to -126: a
     * quotient below 2^-250 rounds the same either way), by one FMUL in the mode (.FTZ for .ftz): its
     * exact product is the quotient rounded in the mode onto the 24-bit grid of unbounded exponent,
     * and rounding that once more in the same direction onto the format's values (normal: the same
     * grid; subnormal: a coarser one; overflow: the largest finite or infinity) is rounding the
     * exact quotient once, as {@link DirectedRounding#scaleF32} argues for the slow path.
     * docs/templates.md, "Directed rounding", has the proof.
     */
    static Program divDirected(boolean ftz, int rounding) {
        String name = DirectedRounding.f32Name("div", rounding, ftz);
        ProgramBuilder b = new ProgramBuilder(name);
        Reg a = b.input("a", RegClass.R32);
        Reg d = b.input("b", RegClass.R32);
        Reg q = b.output("q", RegClass.R32);
        Reg ea = b.temp("ea");
        Reg eb = b.temp("eb");
        Reg e = b.temp("e");
        Reg c = b.temp("c");
        Reg am = b.temp("am");
        Reg bm = b.temp("bm");
        Reg y = b.temp("y");
        Reg r0 = b.temp("r0");
        Reg r1 = b.temp("r1");
        Reg q0 = b.temp("q0");
        Reg rem = b.temp("rem");
        Reg qn = b.temp("qn");
        Reg qd = b.temp("qd");
        Pred normal = b.pred();
        Pred p = b.pred();
        Label slow = b.label();
        Label done = b.label();
        int reconverge = b.barrier();
        b.path(Path.GLUE);
        b.emitBarrier(SassOpcode.BSSY, reconverge, done); // the warp reconverges at done, slow path or not
        b.path(Path.FAST);
        b.lop3(PT, ea, a.op(), b.imm(0x7F800000), RZ, 0xC0);             // e_a << 23
        b.lop3(PT, eb, d.op(), b.imm(0x7F800000), RZ, 0xC0);             // e_b << 23
        // both exponent fields in [1, 254]: normal operands
        b.isetp(Cmp.NE, Mod.U32, normal, ea.op(), RZ);
        b.isetp(Cmp.NE, Mod.U32, Mod.BoolOp.AND, normal, ea.op(), b.imm(0x7F800000), normal.op());
        b.isetp(Cmp.NE, Mod.U32, Mod.BoolOp.AND, normal, eb.op(), RZ, normal.op());
        b.isetp(Cmp.NE, Mod.U32, Mod.BoolOp.AND, normal, eb.op(), b.imm(0x7F800000), normal.op());
        b.iadd3(e, ea.op(), eb.neg(), RZ);                                  // E << 23, E in [-253, 253]
        DirectedRounding.clamp(b, p, c, e, -125 << 23, 126 << 23);        // C << 23
        b.iadd3(c, b.imm(0x3F800000), c.neg(), RZ);                       // (127 - C) << 23: bm's field
        b.iadd3(bm, d.op(), eb.neg(), c.op());                            // b's sign and significand, field 127 - C
        b.iadd3(y, e.op(), c.op(), RZ);                                   // (K + 127) << 23: 2^K, K = E - C
        b.isetp(Cmp.LT, 0, p, y.op(), b.imm(0x800000));
        b.sel(y, b.imm(0x800000), y.op(), p.op());                        // K raised to -126
        b.iadd3(am, a.op(), ea.neg(), b.imm(0x3F800000));                 // a's sign and significand, field 127
        b.mufu(MufuFn.RCP, r0, bm.op());
        emitReciprocal(b, bm, r0, r1);             // r1 = RN(1/bm)
        b.ffma(q0, am.op(), r1.op(), RZ);          // q0 = am r1, within one ulp of am/bm
        b.ffma(rem, bm.neg(), q0.op(), am.op());   // am - bm q0 (exact)
        b.ffma(qn, r1.op(), rem.op(), q0.op());    // qn = RN(am/bm) (Markstein)
        DirectedRounding.correctQuotient(b, rounding, 0, qd, qn, am, bm, r1, rem); // qd: am/bm in the mode
        b.fmul(PT, rounding | (ftz ? Mod.FTZ : 0), q, qd.op(), y.op());        // qd 2^K, the only other rounding
        b.path(Path.GLUE);
        b.bra(normal.op(), done);
        b.call(slow);
        b.place(done);
        b.emitBarrier(SassOpcode.BSYNC, reconverge, done);
        b.exit();
        emitSlowPath(b, slow, name, a, d, q, ftz, rounding);
        return b.build();
    }

    /**
     * div.rn.f32's fast path alone, without FCHK and the slow path: what FCHK guards. For
     * FchkTest, which runs it on every pair of exponents.
     */
    static Program divRnFastPathOnly() {
        ProgramBuilder b = new ProgramBuilder("div.rn.f32 fast path");
        Reg a = b.input("a", RegClass.R32);
        Reg d = b.input("b", RegClass.R32);
        Reg q = b.output("q", RegClass.R32);
        Reg r0 = b.temp("r0");
        b.mufu(MufuFn.RCP, r0, d.op());
        emitQuotient(b, a, d, r0, q, Mod.RN);
        b.exit();
        return b.build();
    }

    /**
     * The fast path after MUFU.RCP (r0 ~ 1/b): q = a/b rounded as {@code rounding} says when FCHK
     * passes (the .rn quotient, then for a directed rounding one correction).
     */
    private static void emitQuotient(ProgramBuilder b, Reg a, Reg d, Reg r0, Reg q, int rounding) {
        Reg r1 = b.temp("r1");
        Reg q0 = b.temp("q0");
        Reg rem = b.temp("rem");
        Reg qn = rounding == Mod.RN ? q : b.temp("qn");
        emitReciprocal(b, d, r0, r1);              // r1 = RN(1/b)
        b.ffma(q0, a.op(), r1.op(), RZ);          // q0 = a r1, within one ulp of a/b
        b.ffma(rem, d.neg(), q0.op(), a.op());    // rem = a - b q0 (exact)
        b.ffma(qn, r1.op(), rem.op(), q0.op());   // q = q0 + r1 rem: correctly rounded (Markstein)
        DirectedRounding.correctQuotient(b, rounding, 0, q, qn, a, d, r1, rem);
    }

    /**
     * The slow path, a section of its own ending in RET: special operands (NaN, zero, infinity),
     * subnormal operands scaled by 2^64 (.ftz: read as zeros), the quotient of the operands with
     * their exponents set aside computed again with two quotient corrections, then the
     * exponent put back: normal, overflow to infinity, or a subnormal result rounded to nearest
     * even from the quotient truncated (FFMA.RZ) and its inexactness (FFMA.RM != FFMA.RP);
     * .ftz: a zero when the rounded quotient's exponent is below the normal range (tininess
     * after rounding, as Env.ftz). The quotient of two 24-bit significands never rounds across a
     * power of two, so the truncated and the rounded quotient share their exponent.
     */
    static void emitSlowPath(ProgramBuilder b, Label entry, String name, Reg a, Reg d, Reg q, boolean ftz,
            int rounding) {
        b.path(Path.SLOW);
        b.section("__nvlower_" + name.replace('.', '_') + "_slowpath");
        b.place(entry);
        int reconverge = b.barrier();
        Label out = b.label();
        b.emitBarrier(SassOpcode.BSSY, reconverge, out); // the cases below reconverge before RET
        Reg ea = b.temp("ea");
        Reg eb = b.temp("eb");
        Reg ea1 = b.temp("ea1");
        Reg eb1 = b.temp("eb1");
        Reg an = b.temp("an");
        Reg bn = b.temp("bn");
        Reg adj = b.temp("adj");
        Pred p0 = b.pred();
        Pred p1 = b.pred();
        Pred p2 = b.pred();
        Label normal = b.label();
        Label nanResult = b.label();
        Label invalid = b.label();
        Label zeroResult = b.label();
        Label infResult = b.label();
        b.shf(false, IntType.U32, true, eb, RZ, b.imm(23), d.op());
        b.shf(false, IntType.U32, true, ea, RZ, b.imm(23), a.op());
        b.imadMov(PT, an, a.op());
        b.imadMov(PT, bn, d.op());
        b.lop3(PT, eb, eb.op(), b.imm(0xFF), RZ, 0xC0);
        b.lop3(PT, ea, ea.op(), b.imm(0xFF), RZ, 0xC0);
        b.iadd3(eb1, eb.op(), b.imm(-1), RZ);
        b.iadd3(ea1, ea.op(), b.imm(-1), RZ);
        // either field 0 (zero, subnormal) or 255 (infinity, NaN)?
        b.isetp(Cmp.GT, Mod.U32, p0, eb1.op(), b.imm(0xFD));
        b.isetp(Cmp.GT, Mod.U32, Mod.BoolOp.OR, p0, ea1.op(), b.imm(0xFD), p0.op());
        b.imadMov(p0.not(), adj, RZ);
        b.bra(p0.not(), normal);
        // a NaN operand gives a NaN
        b.fsetp(Cmp.GTU, Mod.FTZ, p0, a.abs(), b.f32(Float.POSITIVE_INFINITY));
        b.fsetp(Cmp.GTU, Mod.FTZ, p1, d.abs(), b.f32(Float.POSITIVE_INFINITY));
        b.plop3(p0, p0.op(), p1.op(), PT, 0xA8); // (p0 | p1) & PT
        b.bra(p0.op(), nanResult);
        // zeros (with .ftz, subnormals too) and infinities, by FSETP.FTZ against 0 and infinity
        int zeroTest = ftz ? Mod.FTZ : 0; // .ftz: subnormals count as zeros
        b.fsetp(Cmp.NEU, zeroTest, p1, a.op(), RZ);              // a nonzero
        b.fsetp(Cmp.NEU, zeroTest, p2, d.op(), RZ);              // b nonzero
        b.emitBranch(p2.not(), SassOpcode.BRA, p1.not(), invalid); // 0 / 0
        b.fsetp(Cmp.NEU, Mod.FTZ, p0, a.abs(), b.f32(Float.POSITIVE_INFINITY)); // a finite
        b.fsetp(Cmp.NEU, Mod.FTZ, p2, d.abs(), b.f32(Float.POSITIVE_INFINITY)); // b finite
        b.emitBranch(p2.not(), SassOpcode.BRA, p0.not(), invalid); // inf / inf
        b.plop3(p1, p2.op(), p1.op(), PT, 0x2A);  // !(b finite & a nonzero): b infinite or a zero
        b.bra(p1.op(), zeroResult);
        b.fsetp(Cmp.NEU, zeroTest, p2, d.op(), RZ);              // b nonzero
        b.plop3(p0, p0.op(), p2.op(), PT, 0x2A);  // !(a finite & b nonzero): a infinite or b zero
        b.bra(p0.op(), infResult);
        if (!ftz) {
            // finite, nonzero, at least one subnormal: scale it by 2^64 and remember the exponent
            b.isetp(Cmp.GE, 0, p0, ea1.op(), RZ);
            b.isetp(Cmp.GE, 0, p1, eb1.op(), RZ);
            b.imadMov(p0.op(), adj, RZ);
            b.ffma(p0.not(), 0, an, a.op(), b.f32(TWO_64), RZ);
            b.imadMov(p0.not(), adj, b.imm(-64));
            b.ffma(p1.not(), 0, bn, d.op(), b.f32(TWO_64), RZ);
            b.iadd3(p1.not(), adj, adj.op(), b.imm(64), RZ);
        }
        b.place(normal);
        Reg bm = b.temp("bm");
        Reg am = b.temp("am");
        Reg e = b.temp("e");
        Reg r0 = b.temp("r0");
        Reg nb = b.temp("nb");
        Reg r1 = b.temp("r1");
        Reg q0 = b.temp("q0");
        Reg rem = b.temp("rem");
        Reg q1 = b.temp("q1");
        Reg q2 = b.temp("q2");
        Reg fq = b.temp("fq");
        Reg ef = b.temp("ef");
        // set the exponents aside: b to [1, 2) (or, scaled, to some normal binade), a likewise
        b.lea(bm, eb.op(), b.imm(0xC0800000), 23);            // (eb - 127) << 23
        b.iadd3(ea, ea.op(), b.imm(-127), RZ);
        b.imad(PT, 0, ImadHint.IADD, bm, bn.op(), b.imm(1), bm.neg());
        b.iadd3(e, ea.op(), b.imm(127), eb.neg());
        b.imad(am, ea.op(), b.imm(-0x800000), an.op());
        b.mufu(MufuFn.RCP, r0, bm.op());
        b.fadd(PT, Mod.FTZ, nb, bm.neg(), NEG_RZ);
        b.imad(PT, 0, ImadHint.IADD, e, e.op(), b.imm(1), adj.op());
        emitReciprocal(b, bm, r0, r1);
        b.ffma(q0, am.op(), r1.op(), RZ);
        b.ffma(rem, nb.op(), q0.op(), am.op());
        b.ffma(q1, r1.op(), rem.op(), q0.op());
        b.ffma(rem, nb.op(), q1.op(), am.op());
        b.ffma(PT, ftz ? Mod.FTZ : 0, q2, r1.op(), rem.op(), q1.op());
        if (rounding != Mod.RN) {
            // the significands' quotient rounded in the mode (signed), then scaled by 2^e with one rounding
            Reg qd = b.temp("qd");
            b.ffma(rem, nb.op(), q2.op(), am.op());
            DirectedRounding.correct(b, rounding, 0, qd, rem, r1, q2);
            DirectedRounding.scaleF32(b, rounding, ftz, qd, e, q);
            b.bra(PT, out);
        } else {
            // the exponent of the rounded quotient, and the result's
            b.shf(false, IntType.U32, true, fq, RZ, b.imm(23), q2.op());
            b.lop3(PT, fq, fq.op(), b.imm(0xFF), RZ, 0xC0);
            b.imad(PT, 0, ImadHint.IADD, ef, fq.op(), b.imm(1), e.op());
            b.iadd3(fq, ef.op(), b.imm(-1), RZ);
            b.isetp(Cmp.GE, Mod.U32, p0, fq.op(), b.imm(0xFE));
            Label normalResult = b.label();
            b.bra(p0.not(), normalResult);
            b.isetp(Cmp.GT, 0, p0, ef.op(), b.imm(0xFE));
            b.lop3(PT, q, q2.op(), b.imm(0x80000000), RZ, 0xC0);  // the sign, alone
            b.lop3(p0.op(), q, q.op(), b.imm(0x7F800000), RZ, 0xFC); // overflow: +-inf
            b.bra(p0.op(), out);
            if (ftz) {
                b.bra(PT, out); // tiny after rounding: a zero
            } else {
                b.isetp(Cmp.GE, 0, p0, ef.op(), b.imm(-24));
                b.bra(p0.not(), out); // below half the smallest subnormal: a zero
                emitSubnormalPacking(b, q, r1, rem, q1, ef, p0, p1, p2);
                b.bra(PT, out);
            }
            b.place(normalResult);
            b.imad(q, e.op(), b.imm(0x800000), q2.op());
            b.bra(PT, out);
        }
        b.place(zeroResult);
        b.lop3(PT, q, d.op(), b.imm(0x80000000), a.op(), 0x48); // (a ^ b) & sign
        b.bra(PT, out);
        b.place(infResult);
        b.lop3(PT, q, d.op(), b.imm(0x80000000), a.op(), 0x48);
        b.lop3(PT, q, q.op(), b.imm(0x7F800000), RZ, 0xFC);
        b.bra(PT, out);
        b.place(invalid);
        b.mov(PT, q, b.imm(0x7FFFFFFF)); // the canonical NaN
        b.bra(PT, out);
        b.place(nanResult);
        b.fadd(PT, Mod.FTZ, q, a.op(), d.op()); // a NaN operand: the canonical NaN
        b.place(out);
        b.emitBarrier(SassOpcode.BSYNC, reconverge, out);
        b.ret();
    }

    /**
     * A subnormal result from the quotient q1 + r1 rem (exact value, not yet rounded) whose
     * rounded exponent field ef is in [-24, 0]: the 24-bit significand truncated, shifted right
     * by 1 - ef with round-to-nearest-even from the round bit, the bits below it and the
     * inexactness of the truncation.
     */
    private static void emitSubnormalPacking(ProgramBuilder b, Reg q, Reg r1, Reg rem, Reg q1, Reg ef, Pred p0,
            Pred p1, Pred p2) {
        Reg qz = b.temp("qz");
        Reg qm = b.temp("qm");
        Reg qp = b.temp("qp");
        Reg m = b.temp("m");
        Reg s = b.temp("s");
        Reg low = b.temp("low");
        Reg tt = b.temp("tt");
        Reg mant = b.temp("mant");
        Reg up = b.temp("up");
        b.ffma(PT, Mod.RZ, qz, r1.op(), rem.op(), q1.op());
        b.ffma(PT, Mod.RM, qm, r1.op(), rem.op(), q1.op());
        b.ffma(PT, Mod.RP, qp, r1.op(), rem.op(), q1.op());
        b.lop3(PT, m, qz.op(), b.imm(0x7FFFFF), RZ, 0xC0);
        b.lop3(PT, m, m.op(), b.imm(0x800000), RZ, 0xFC);          // the 24-bit significand, truncated
        b.fsetp(Cmp.NEU, Mod.FTZ, p0, qp.op(), qm.op());             // the quotient is inexact
        b.iadd3(low, ef.op(), b.imm(32), RZ);                        // 32 - s: bits below the round bit
        b.imadMov(PT, s, ef.neg());                                  // s = -ef in [0, 24]
        b.shf(true, IntType.U32, false, low, m.op(), low.op(), RZ); // m << (32 - s): 0 when s = 0
        b.isetp(Cmp.NE, Mod.U32, Mod.BoolOp.OR, p0, low.op(), RZ, p0.op()); // sticky
        b.shf(false, IntType.U32, true, tt, RZ, s.op(), m.op());    // m >> s: bit 0 is the round bit
        b.shf(false, IntType.U32, true, mant, RZ, b.imm(1), tt.op());
        b.sel(up, b.imm(1), RZ, p0.op());                            // sticky
        b.lop3(PT, up, up.op(), b.imm(1), mant.op(), 0xF8);         // sticky | (mant & 1)
        b.lop3(PT, up, up.op(), tt.op(), RZ, 0xC0);                  // & round bit
        b.imad(PT, 0, ImadHint.IADD, mant, mant.op(), b.imm(1), up.op());
        b.lop3(PT, q, mant.op(), q.op(), RZ, 0xFC);                  // with the sign already in q
    }

    // ------------------------------------------------------------------ rcp.rn.f32

    static Program rcpRn(boolean ftz) {
        return rcp(ftz, Mod.RN);
    }

    /** inRange = exponent field + 3 (mod 256) > 3: x normal with |x| < 2^126 (rcp's fast path). */
    private static void emitInRange(ProgramBuilder b, Reg x, Reg g, Pred inRange) {
        b.iadd3(g, x.op(), b.imm(0x1800000), RZ);
        b.lop3(PT, g, g.op(), b.imm(0x7F800000), RZ, 0xC0);
        b.isetp(Cmp.GT, Mod.U32, inRange, g.op(), b.imm(0x1FFFFFF));
    }

    /** rcp.{rn,rz,rm,rp}[.ftz].f32: the .rn reciprocal ({@link #rcpDirected} for a directed rounding). */
    static Program rcp(boolean ftz, int rounding) {
        if (rounding != Mod.RN) {
            return rcpDirected(ftz, rounding);
        }
        String name = DirectedRounding.f32Name("rcp", rounding, ftz);
        ProgramBuilder b = new ProgramBuilder(name);
        Reg x = b.input("x", RegClass.R32);
        Reg r = b.output("r", RegClass.R32);
        Reg g = b.temp("g");
        Reg one = b.temp("one");
        Pred inRange = b.pred();
        Label fast = b.label();
        Label slow = b.label();
        Label done = b.label();
        b.path(Path.FAST);
        emitInRange(b, x, g, inRange);
        b.path(Path.GLUE);
        b.bra(inRange.op(), fast);
        b.mov(PT, one, b.f32(1f));
        b.call(slow);
        b.bra(PT, done);
        b.place(fast);
        b.path(Path.FAST);
        Reg r0 = b.temp("r0");
        b.mufu(MufuFn.RCP, r0, x.op());                // r0 ~ 1/x
        emitReciprocal(b, x, r0, r);                   // r = RN(1/x)
        b.place(done);
        b.path(Path.GLUE);
        b.exit();
        emitSlowPath(b, slow, name, one, x, r, ftz, rounding);
        return b.build();
    }

    /**
     * rcp.{rz,rm,rp}[.ftz].f32: for normal x with |x| < 2^126 MUFU.RCP and
     * {@link #emitDirectedReciprocal}; every other x (exponent fields 0, 253, 254, 255) calls a short
     * section of its own instead of the division's slow path: a zero, an infinity or a NaN (.ftz:
     * a subnormal too) gives MUFU.RCP(x), which is the PTX result (+-0 -> +-inf, +-inf -> +-0, NaN
     * -> the canonical NaN); a subnormal x (not .ftz) and |x| >= 2^126 are scaled by s = 2^24 or
     * 2^-24 (exact: x s is normal, in [2^-125, 2^104)), 1/(x s) rounded in the mode as on the fast
     * path, then times s by one FMUL in the mode (.FTZ for .ftz): rounding in one direction onto the
     * format's values after rounding the same way onto the 24-bit grid is one rounding, overflow
     * (1/x above the largest finite) and subnormal results included, as in
     * {@link DirectedRounding#scaleF32}.
     */
    static Program rcpDirected(boolean ftz, int rounding) {
        String name = DirectedRounding.f32Name("rcp", rounding, ftz);
        ProgramBuilder b = new ProgramBuilder(name);
        Reg x = b.input("x", RegClass.R32);
        Reg r = b.output("r", RegClass.R32);
        Reg g = b.temp("g");
        Reg r0 = b.temp("r0");
        Pred inRange = b.pred();
        Label fast = b.label();
        Label slow = b.label();
        Label done = b.label();
        b.path(Path.FAST);
        emitInRange(b, x, g, inRange);
        b.path(Path.GLUE);
        b.bra(inRange.op(), fast);
        b.call(slow);
        b.bra(PT, done);
        b.place(fast);
        b.path(Path.FAST);
        b.mufu(MufuFn.RCP, r0, x.op());                // r0 ~ 1/x
        emitDirectedReciprocal(b, rounding, x, r0, r);
        b.place(done);
        b.path(Path.GLUE);
        b.exit();

        b.path(Path.SLOW);
        b.section("__nvlower_" + name.replace('.', '_') + "_slowpath");
        b.place(slow);
        Reg sc = b.temp("sc");
        Reg xs = b.temp("xs");
        Reg rs = b.temp("rs");
        Pred big = b.pred();
        Pred finite = b.pred();
        Pred p = b.pred();
        b.mufu(MufuFn.RCP, r0, x.op());                                   // the result of a zero, infinity, NaN
        b.fsetp(Cmp.GE, 0, big, x.abs(), b.f32(0x1p126f));
        b.sel(sc, b.f32(0x1p-24f), b.f32(0x1p24f), big.op());             // s
        b.fmul(0, xs, x.op(), sc.op());                                   // x s, exact and normal when x is finite, nonzero
        b.mufu(MufuFn.RCP, rs, xs.op());
        emitDirectedReciprocal(b, rounding, xs, rs, r);                   // 1/(x s) in the mode
        b.fmul(PT, rounding | (ftz ? Mod.FTZ : 0), r, r.op(), sc.op());   // times s: the one rounding onto the format
        b.fsetp(Cmp.GT, ftz ? Mod.FTZ : 0, finite, x.abs(), RZ);          // nonzero (.ftz: and not subnormal), not NaN
        b.fsetp(Cmp.LT, 0, p, x.abs(), b.f32(Float.POSITIVE_INFINITY));  // finite, not NaN
        b.plop3(finite, finite.op(), p.op(), PT, 0x80);
        b.sel(r, r.op(), r0.op(), finite.op());
        b.ret();
        return b.build();
    }

    /**
     * r = 1/x rounded in {@code rounding} (RZ, RM, RP) from r0 = MUFU.RCP(x), for normal x with
     * |x| < 2^126, whatever MUFU.RCP returns within its bound (|1 - x r0| <= 2^-23), without
     * RN(1/x) first (the .rn reciprocal's FFMA.RP step and sign): e = RN(1 - x r0) (within 2^-48
     * of eps = 1 - x r0); t = RN(r0 + r0 e), the exact value of which, (1/x)(1 - eps^2) +
     * r0 (e - eps), is within |1/x| 2^-45 of 1/x: t is 1/x itself where that is a float, else one
     * of its two neighbours, at most half their spacing plus |1/x| 2^-45 away; e1 = 1 - x t, exact
     * (|e1| < 2^-23 |x| spacing, a multiple of the product of the ulps); then FFMA in the mode,
     * t + t e1 = t + f (1/x - t) with f = x t within 2^-22 of 1: on 1/x's side of t, and past 1/x
     * (when f > 1) by at most (half a spacing + |1/x| 2^-45) 2^-22, far less than the distance
     * from 1/x to the float beyond it (at least half a spacing less the same 2^-45). So it lies in
     * the open interval between the two floats around 1/x (or is t = 1/x), and every directed
     * rounding of it is 1/x's. docs/templates.md, "Directed rounding".
     */
    static void emitDirectedReciprocal(ProgramBuilder b, int rounding, Reg x, Reg r0, Reg r) {
        Reg e = b.temp("e");
        Reg t = b.temp("t");
        b.ffma(e, x.neg(), r0.op(), b.f32(1f));       // e = 1 - x r0
        b.ffma(t, r0.op(), e.op(), r0.op());          // t: 1/x or a neighbour, nearly the nearest
        b.ffma(e, x.neg(), t.op(), b.f32(1f));        // e1 = 1 - x t (exact)
        DirectedRounding.correct(b, rounding, 0, r, e, t, t); // t + t e1 in the mode
    }

    // ------------------------------------------------------------------ div.full.f32, div.approx.f32

    /**
     * div.full.f32 and div.approx.f32, branch-free: a * MUFU.RCP(b), the operands scaled in place
     * (as ptxas does) by 2^24 when b is subnormal (not with .ftz) and, for div.full only, by 1/4
     * when |b| > 2^126 so that 1/b stays normal.
     */
    static Program divByReciprocal(boolean full, boolean ftz) {
        ProgramBuilder b = new ProgramBuilder((full ? "div.full" : "div.approx") + (ftz ? ".ftz" : "") + ".f32");
        Reg a = b.input("a", RegClass.R32);
        Reg d = b.input("b", RegClass.R32);
        Reg q = b.output("q", RegClass.R32);
        Reg r = b.temp("r");
        Pred big = b.pred();
        Pred normal = b.pred();
        int f = ftz ? Mod.FTZ : 0;
        b.path(Path.FAST);
        if (full) {
            b.fsetp(Cmp.GT, f, big, d.abs(), b.f32(0x1p126f));
        }
        if (!ftz) {
            b.fsetp(Cmp.GEU, 0, normal, d.abs(), b.f32(0x1p-126f));
        }
        if (full) {
            b.fmul(big.op(), f, d, d.op(), b.f32(0.25f));
            b.fmul(big.op(), f, a, a.op(), b.f32(0.25f));
        }
        if (!ftz) {
            b.fmul(normal.not(), 0, d, d.op(), b.f32(0x1p24f));
            b.fmul(normal.not(), 0, a, a.op(), b.f32(0x1p24f));
        }
        b.mufu(MufuFn.RCP, r, d.op());
        b.fmul(f, q, r.op(), a.op());
        b.path(Path.GLUE);
        b.exit();
        return b.build();
    }
}

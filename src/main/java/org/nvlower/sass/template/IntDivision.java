package org.nvlower.sass.template;

import static org.nvlower.sass.Operand.NOT_PT;
import static org.nvlower.sass.Operand.PT;
import static org.nvlower.sass.Operand.RZ;

import org.nvlower.sass.Label;
import org.nvlower.sass.Mod;
import org.nvlower.sass.Mod.Cmp;
import org.nvlower.sass.Mod.ImadHint;
import org.nvlower.sass.Mod.IntType;
import org.nvlower.sass.Mod.MufuFn;
import org.nvlower.sass.SassOpcode;
import org.nvlower.sass.Operand;
import org.nvlower.sass.Path;
import org.nvlower.sass.Pred;
import org.nvlower.sass.Program;
import org.nvlower.sass.ProgramBuilder;
import org.nvlower.sass.Reg;
import org.nvlower.sass.Reg.RegClass;

/**
 * Integer division and remainder by a variable divisor (seed 3, "Integer Division Lowering").
 *
 * <p>32 bits (seed's eight steps): x0 = trunc(2^32 / float(b)) from MUFU.RCP of b rounded up,
 * two ulps below, so x0 < 2^32 / b; one Newton-Raphson step in integers, x1 = x0 + mulhi(x0,
 * 2^32 - b x0); q = mulhi(a, x1) is at most two below the quotient; two corrections. Signed:
 * the same on |a|, |b|, then the sign.
 *
 * <p>64 bits (seed's phases): a 32-bit fast path when both high words are zero; otherwise
 * (out of line) the same with a 64-bit reciprocal and two Newton-Raphson steps, mulhi built
 * from IMAD.WIDE/IMAD.HI with carries; the signed wrapper takes absolute values and fixes the
 * sign.
 *
 * <p>Division by zero gives what ptxas 11.8's expansions give on sm_90 (the reference listings):
 * all ones, for the quotient and the remainder, signed or not (div.s32: -1).
 */
final class IntDivision {

    private IntDivision() {}

    private static String name(String what, boolean signed, boolean rem, int bits) {
        return (rem ? "rem." : "div.") + (signed ? "s" : "u") + bits + what;
    }

    // ------------------------------------------------------------------ 32 bits

    static Program div32(boolean signed, boolean rem) {
        ProgramBuilder b = new ProgramBuilder(name("", signed, rem, 32));
        Reg a = b.input("a", RegClass.R32);
        Reg d = b.input("b", RegClass.R32);
        Reg out = b.output(rem ? "r" : "q", RegClass.R32);
        b.path(Path.FAST);
        Reg ua = a;
        Reg ud = d;
        if (signed) {
            ua = b.temp("ua");
            ud = b.temp("ub");
            b.iabs(ud, d.op());
            b.iabs(ua, a.op());
        }
        Pred nonzero = b.pred();
        Reg q = rem ? b.temp("q") : out;
        Reg r = rem ? out : b.temp("r");
        emitUnsigned32(b, ua, ud, q, r, nonzero, rem);
        if (signed) {
            Pred positive = b.pred();
            if (rem) {
                b.isetp(Cmp.GE, 0, positive, a.op(), RZ);                        // the remainder has a's sign
                b.iadd3(positive.not(), r, r.neg(), RZ, RZ);
            } else {
                Reg s = b.temp("s");
                b.lop3(PT, s, a.op(), d.op(), RZ, 0x3C);                         // a ^ b
                b.isetp(Cmp.GE, 0, positive, s.op(), RZ);
                b.imad(positive.not(), 0, ImadHint.MOV, q, RZ, RZ, q.neg());
            }
        }
        b.lop3(nonzero.not(), out, RZ, d.op(), RZ, 0x33);                        // b == 0: ~b, all ones
        b.path(Path.GLUE);
        b.exit();
        return b.build();
    }

    /**
     * q = a / b and r = a - q b for unsigned 32-bit a, b (b != 0), nonzero = (b != 0); when
     * {@code remOnly}, q's last correction is skipped (only r is wanted).
     */
    static void emitUnsigned32(ProgramBuilder b, Reg a, Reg d, Reg q, Reg r, Pred nonzero, boolean remOnly) {
        Reg f = b.temp("f");
        Reg nb = b.temp("nb");
        Reg x = b.temp("x");
        Reg e = b.temp("e");
        Pred ge = b.pred();
        b.i2f(IntType.U32, Mod.RP, f, d.op());                                  // float(b), rounded up
        b.imad(PT, 0, ImadHint.MOV, nb, RZ, RZ, d.neg());                        // -b
        b.isetp(Cmp.NE, Mod.U32, nonzero, d.op(), RZ);
        b.mufu(MufuFn.RCP, f, f.op());
        b.iadd3(f, f.op(), b.imm(0x0FFFFFFE), RZ);                               // times 2^32, two ulps down
        b.f2i(IntType.U32, Mod.FTZ | Mod.RZ | Mod.NTZ, x, f.op());               // x0 < 2^32 / b
        b.imad(e, nb.op(), x.op(), RZ);                                         // e = 2^32 - b x0
        b.emit(SassOpcode.IMAD, Mod.HI | Mod.U32, Operand.dest(x.id()), PT, x.op(),
                e.op(), x.op(), NOT_PT);                                          // x1 = x0 + mulhi(x0, e)
        b.imadHi(q, PT, x.op(), a.op(), RZ);                                    // q = mulhi(x1, a) <= a / b
        b.imad(r, q.op(), nb.op(), a.op());                                     // r = a - q b
        b.isetp(Cmp.GE, Mod.U32, ge, r.op(), d.op());
        b.imad(ge.op(), 0, ImadHint.IADD, r, r.op(), b.imm(1), d.neg());
        if (!remOnly) {
            b.iadd3(ge.op(), q, q.op(), b.imm(1), RZ);
        }
        b.isetp(Cmp.GE, Mod.U32, ge, r.op(), d.op());
        if (remOnly) {
            b.imad(ge.op(), 0, ImadHint.IADD, r, r.op(), b.imm(1), d.neg());
        } else {
            b.iadd3(ge.op(), q, q.op(), b.imm(1), RZ);
        }
    }

    // ------------------------------------------------------------------ 64 bits

    /** Emits 64-bit helpers into one builder; zero is a pair whose high word is kept 0. */
    private static final class Wide {
        private final ProgramBuilder b;
        private final Reg zero;

        Wide(ProgramBuilder b) {
            this.b = b;
            this.zero = b.temp("z", RegClass.R64);
        }

        void init() {
            b.imadMov(PT, zero.hi(), RZ);
        }

        /** d = x * y mod 2^64. */
        void mulLo(Reg d, Reg x, Reg y) {
            b.imadWide(d, PT, x.lo().op(), y.lo().op(), RZ);
            b.imad(d.hi(), x.hi().op(), y.lo().op(), d.hi().op());
            b.imad(d.hi(), x.lo().op(), y.hi().op(), d.hi().op());
        }

        void neg(Reg d, Reg x, Pred carry) {
            negate(b, d, x, carry);
        }

        /** d = floor(x y / 2^64) + z mod 2^64 (z: a pair, or null for 0); w1, w2: scratch pairs. */
        void mulHi(Reg d, Reg x, Reg y, Reg z, Reg w1, Reg w2, Pred c1, Pred c2) {
            b.imadHi(zero.lo(), PT, x.lo().op(), y.lo().op(), RZ);         // hi(xl yl)
            b.imadWide(w1, PT, x.lo().op(), y.hi().op(), zero.op());       // xl yh + hi(xl yl)
            b.imadMov(PT, zero.lo(), w1.lo().op());
            b.imadWide(w2, PT, x.hi().op(), y.lo().op(), zero.op());       // xh yl + the middle low word
            b.imadMov(PT, zero.lo(), w1.hi().op());
            b.imadWide(d, PT, x.hi().op(), y.hi().op(), zero.op());        // xh yh + the first middle high word
            b.emit(SassOpcode.IADD3, 0, Operand.dest(d.lo().id()), c1.op(), c2.op(),
                    d.lo().op(), w2.hi().op(), z == null ? RZ : z.lo().op(), NOT_PT, NOT_PT);
            b.iadd3x(d.hi(), PT, d.hi().op(), z == null ? RZ : z.hi().op(), RZ, c1.op(), c2.op());
        }

        /** d = x + y mod 2^64, guarded. */
        void add(int guard, Reg d, Reg x, int yLo, int yHi, Pred carry) {
            b.iadd3(guard, d.lo(), carry.op(), x.lo().op(), yLo, RZ);
            b.emitGuarded(guard, SassOpcode.IADD3, Mod.X, Operand.dest(d.hi().id()), PT,
                    PT, x.hi().op(), yHi, RZ, carry.op(), NOT_PT);
        }

        /** p = x >= y (unsigned 64-bit). */
        void geu(Pred p, Reg x, Reg y) {
            b.isetp(Cmp.GE, Mod.U32, p, x.lo().op(), y.lo().op());
            b.isetpEx(Cmp.GE, Mod.U32, p, x.hi().op(), y.hi().op(), p.op());
        }
    }

    static Program div64(boolean signed, boolean rem) {
        String name = name("", signed, rem, 64);
        ProgramBuilder b = new ProgramBuilder(name);
        Reg a = b.input("a", RegClass.R64);
        Reg d = b.input("b", RegClass.R64);
        Reg out = b.output(rem ? "r" : "q", RegClass.R64);
        Reg ua = signed ? b.temp("ua", RegClass.R64) : a;
        Reg ud = signed ? b.temp("ub", RegClass.R64) : d;
        Pred p0 = b.pred();
        Pred p1 = b.pred();
        Label narrow = b.label();
        Label wide = b.label();
        Label done = b.label();
        Reg hiBits = b.temp("hiBits");
        b.path(Path.FAST);
        if (signed) {
            absolute(b, ud, d, p0, p1);
            absolute(b, ua, a, p0, p1);
        }
        // the 32-bit fast path when both high words are zero, else the 64-bit subroutine
        b.lop3(PT, hiBits, ua.hi().op(), ud.hi().op(), RZ, 0xFC);
        b.isetp(Cmp.NE, Mod.U32, p0, hiBits.op(), RZ);
        b.path(Path.GLUE);
        b.bra(p0.not(), narrow);
        b.call(wide);
        b.bra(PT, done);
        b.place(narrow);
        b.path(Path.FAST);
        Reg q32 = rem ? b.temp("q32") : out.lo();
        Reg r32 = rem ? out.lo() : b.temp("r32");
        emitUnsigned32(b, ua.lo(), ud.lo(), q32, r32, p1, rem);
        b.imadMov(PT, out.hi(), RZ);
        b.place(done);
        if (signed) {
            // the quotient's sign is a's xor b's, the remainder's a's
            Pred positive = b.pred();
            if (rem) {
                b.isetp(Cmp.GE, 0, positive, a.hi().op(), RZ);
            } else {
                Reg s = b.temp("s");
                b.lop3(PT, s, a.hi().op(), d.hi().op(), RZ, 0x3C);
                b.isetp(Cmp.GE, 0, positive, s.op(), RZ);
            }
            Reg neg = b.temp("neg", RegClass.R64);
            negate(b, neg, out, p1);
            b.sel(out.lo(), out.lo().op(), neg.lo().op(), positive.op());
            b.sel(out.hi(), out.hi().op(), neg.hi().op(), positive.op());
        }
        // division by zero: all ones
        b.isetp(Cmp.NE, Mod.U32, p0, d.lo().op(), RZ);
        b.emit(SassOpcode.ISETP, Mod.EX | Mod.U32 | Mod.cmp(Cmp.NE) | Mod.bool(Mod.BoolOp.AND), p0.op(), PT,
                d.hi().op(), RZ, PT, p0.op());
        b.sel(out.lo(), out.lo().op(), b.imm(-1), p0.op());
        b.sel(out.hi(), out.hi().op(), b.imm(-1), p0.op());
        b.path(Path.GLUE);
        b.exit();

        b.path(Path.SLOW);
        b.section("__nvlower_" + name.replace('.', '_') + "_wide");
        b.place(wide);
        emitUnsigned64(b, ua, ud, out, rem);
        b.ret();
        return b.build();
    }

    /** d = -x mod 2^64. */
    static void negate(ProgramBuilder b, Reg d, Reg x, Pred carry) {
        b.iadd3(PT, d.lo(), carry.op(), x.lo().neg(), RZ, RZ);
        b.iadd3x(d.hi(), PT, RZ, x.hi().not(), RZ, carry.op(), NOT_PT);
    }

    /** dst = |src| (64-bit two's complement; |MIN| = MIN as an unsigned 2^63). */
    private static void absolute(ProgramBuilder b, Reg dst, Reg src, Pred neg, Pred carry) {
        b.isetp(Cmp.LT, 0, neg, src.hi().op(), RZ);
        negate(b, dst, src, carry);
        b.sel(dst.lo(), dst.lo().op(), src.lo().op(), neg.op());
        b.sel(dst.hi(), dst.hi().op(), src.hi().op(), neg.op());
    }

    /**
     * The unsigned 64-bit quotient (or remainder) of a by b into out: x0 ~ 2^64 / b from MUFU.RCP,
     * two Newton-Raphson steps x += mulhi(x, 2^64 - b x), q = mulhi(a, x) (at most two low), r = a -
     * q b, two corrections. b = 0 is fixed by the caller.
     */
    private static void emitUnsigned64(ProgramBuilder b, Reg a, Reg d, Reg out, boolean rem) {
        Wide w = new Wide(b);
        Reg f = b.temp("f");
        Reg x = b.temp("x", RegClass.R64);
        Reg e = b.temp("e", RegClass.R64);
        Reg t = b.temp("t", RegClass.R64);
        Reg w1 = b.temp("w1", RegClass.R64);
        Reg w2 = b.temp("w2", RegClass.R64);
        Reg q = rem ? b.temp("q", RegClass.R64) : out;
        Reg r = rem ? out : b.temp("r", RegClass.R64);
        Reg nd = b.temp("nb", RegClass.R64);
        Pred c1 = b.pred();
        Pred c2 = b.pred();
        Pred ge = b.pred();
        w.init();
        b.i2f(IntType.U64, Mod.RP, f, d.op());                                  // float(b), rounded up
        b.mufu(MufuFn.RCP, f, f.op());
        b.iadd3(f, f.op(), b.imm(0x1FFFFFFE), RZ);                               // times 2^64, two ulps down
        b.f2i(IntType.U64, Mod.RZ, x, f.op());                                  // x0 < 2^64 / b
        Reg x1 = b.temp("x1", RegClass.R64);
        w.mulLo(t, x, d);
        w.neg(e, t, c1);                                                         // e = 2^64 - b x0
        w.mulHi(x1, x, e, x, w1, w2, c1, c2);                                    // x1 = x0 + mulhi(x0, e)
        w.mulLo(t, x1, d);
        w.neg(e, t, c1);
        w.mulHi(x, x1, e, x1, w1, w2, c1, c2);                                   // x2 = x1 + mulhi(x1, e)
        w.mulHi(q, a, x, null, w1, w2, c1, c2);                                  // q <= a / b, at most 2 below
        w.neg(nd, d, c1);
        w.mulLo(t, q, nd);
        w.add(PT, r, a, t.lo().op(), t.hi().op(), c1);                           // r = a - q b
        for (int k = 0; k < 2; k++) {
            w.geu(ge, r, d);
            w.add(ge.op(), r, r, nd.lo().op(), nd.hi().op(), c1);
            if (!rem) {
                w.add(ge.op(), q, q, b.imm(1), RZ, c2);
            }
        }
    }
}

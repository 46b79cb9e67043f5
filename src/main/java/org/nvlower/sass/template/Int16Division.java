package org.nvlower.sass.template;

import static org.nvlower.sass.Operand.PT;
import static org.nvlower.sass.Operand.RZ;

import org.nvlower.sass.Mod;
import org.nvlower.sass.Mod.Cmp;
import org.nvlower.sass.Mod.ImadHint;
import org.nvlower.sass.Mod.IntType;
import org.nvlower.sass.Mod.MufuFn;
import org.nvlower.sass.Path;
import org.nvlower.sass.Pred;
import org.nvlower.sass.Program;
import org.nvlower.sass.ProgramBuilder;
import org.nvlower.sass.Reg;
import org.nvlower.sass.Reg.RegClass;

/**
 * div/rem .u16/.s16 as ptxas 11.8 expands them (sm_90 listings of {@code __cuda_sm20_div_s16} and
 * its siblings): in floats, branch-free. The operands are the low 16 bits of their registers
 * (zero- or sign-extended here, so the upper bits do not matter); q = trunc(RZ(|a| r)) with r =
 * MUFU.RCP(float(|b|)) moved two ulps up; the sign, the remainder |a| - q |b| and all ones for a
 * zero divisor after. ptxas also scales b by its div.full guard (1/4 above 2^126, 2^24 below
 * 2^-126), which never applies to a 16-bit divisor; nvlower leaves it out.
 *
 * <p>Why the quotient is exact for every MUFU.RCP output within its 1-ulp bound: r is above 1/b
 * (two ulps added to a value at most one ulp below) and at most 3 ulps, 3 2^-23 relative, above
 * it. So |a| r is at least |a|/|b| and thus at least q* = floor(|a|/|b|), and RZ keeps it there (q* is
 * a float); and |a| r < |a|/|b| + 3 2^-23 |a|/|b| <= q* + (|b| - 1)/|b| + 3 2^-23 |a|/|b| < q* + 1
 * because 3 |a| < 2^23. The result's upper 16 bits are not part of the result.
 */
final class Int16Division {

    private Int16Division() {}

    static Program build(boolean signed, boolean remainder) {
        ProgramBuilder b = new ProgramBuilder((remainder ? "rem" : "div") + (signed ? ".s16" : ".u16"));
        Reg a = b.input("a", RegClass.R32);
        Reg d = b.input("b", RegClass.R32);
        Reg out = b.output("q", RegClass.R32);
        Reg ua = b.temp("ua");
        Reg ud = b.temp("ud");
        Reg fa = b.temp("fa");
        Reg fd = b.temp("fd");
        Reg q = b.temp("q");
        Reg s = b.temp("s");
        Pred nonzero = b.pred();
        b.path(Path.FAST);
        if (signed) { // sign-extend the low halves, then their magnitudes
            b.imad(PT, 0, ImadHint.SHL, ua, a.op(), b.imm(0x10000), RZ);
            b.imad(PT, 0, ImadHint.SHL, ud, d.op(), b.imm(0x10000), RZ);
            b.shf(false, IntType.S32, true, ua, RZ, b.imm(16), ua.op());
            b.shf(false, IntType.S32, true, ud, RZ, b.imm(16), ud.op());
            // the result's sign: a's for rem, a xor b for div (0 or 1)
            b.lop3(PT, s, ua.op(), remainder ? RZ : ud.op(), RZ, 0x3C);
            b.shf(false, IntType.U32, true, s, RZ, b.imm(31), s.op());
            b.iabs(ua, ua.op());
            b.iabs(ud, ud.op());
        } else {
            b.lop3(PT, ua, a.op(), b.imm(0xFFFF), RZ, 0xC0);
            b.lop3(PT, ud, d.op(), b.imm(0xFFFF), RZ, 0xC0);
        }
        b.isetp(Cmp.NE, Mod.U32, nonzero, ud.op(), RZ);
        b.i2f(IntType.U32, Mod.RN, fd, ud.op());                          // exact: below 2^17
        b.i2f(IntType.U32, Mod.RN, fa, ua.op());
        b.mufu(MufuFn.RCP, fd, fd.op());
        b.iadd3(fd, fd.op(), b.imm(2), RZ);                                // two ulps up: above 1/|b|
        b.fmul(PT, Mod.RZ, q, fa.op(), fd.op());
        b.f2i(IntType.U32, Mod.FTZ | Mod.RZ | Mod.NTZ, q, q.op());          // floor(|a| / |b|)
        if (remainder) {
            b.iadd3(ud, ud.neg(), RZ, RZ);
            b.imad(q, q.op(), ud.op(), ua.op());                            // |a| - q |b|
        }
        if (signed) { // (v xor -s) + s
            Reg ns = b.temp("ns");
            b.iadd3(ns, s.neg(), RZ, RZ);
            b.lop3(PT, q, q.op(), ns.op(), RZ, 0x3C);
            b.iadd3(q, q.op(), s.op(), RZ);
        }
        b.imadMov(PT, out, q.op());
        b.mov(nonzero.not(), out, b.imm(-1));                               // division by zero: all ones
        b.path(Path.GLUE);
        b.exit();
        return b.build();
    }
}

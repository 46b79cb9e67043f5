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
 * sqrt.rn.f32: MUFU.RSQ gives y ~ 1/sqrt(x); s = x y ~ sqrt(x), h = y / 2, refined together
 * once, then the exact residual x - s^2 times h corrects s (Markstein's square root). The guard keeps the fast
 * path to positive normal x >= 2^-101 (bits 0x0d000000 .. 0x7f7fffff, one unsigned compare), where
 * s and h are normal. The slow path returns zeros, NaN for negative x, NaN and +inf themselves,
 * and otherwise runs the same refinement on x 2^64 and scales the root by 2^-32 (exactly: the
 * root of a positive float is normal).
 */
final class Fp32Sqrt {

    private Fp32Sqrt() {}

    static Program sqrtRn(boolean ftz) {
        return sqrt(ftz, Mod.RN);
    }

    /**
     * sqrt.{rn,rz,rm,rp}[.ftz].f32: the .rn root, then for a directed rounding one correction in
     * the mode from its exact residual x - r^2 ({@link DirectedRounding}).
     */
    static Program sqrt(boolean ftz, int rounding) {
        String name = DirectedRounding.f32Name("sqrt", rounding, ftz);
        ProgramBuilder b = new ProgramBuilder(name);
        Reg x = b.input("x", RegClass.R32);
        Reg r = b.output("r", RegClass.R32);
        Reg g = b.temp("g");
        Reg y = b.temp("y");
        Reg s = b.temp("s");
        Reg h = b.temp("h");
        Reg d = b.temp("d");
        Pred outside = b.pred();
        Label fast = b.label();
        Label slow = b.label();
        Label done = b.label();
        b.path(Path.FAST);
        b.iadd3(g, x.op(), b.imm(-0x0D000000), RZ);
        b.mufu(MufuFn.RSQ, y, x.op());
        b.isetp(Cmp.GT, Mod.U32, outside, g.op(), b.imm(0x727FFFFF));
        b.path(Path.GLUE);
        b.bra(outside.not(), fast);
        b.call(slow);
        b.bra(PT, done);
        b.place(fast);
        b.path(Path.FAST);
        emitRefinement(b, x, y, s, h, d, r, rounding);
        b.place(done);
        b.path(Path.GLUE);
        b.exit();

        b.path(Path.SLOW);
        b.section("__nvlower_" + name.replace('.', '_') + "_slowpath");
        b.place(slow);
        Pred p = b.pred();
        Label out = b.label();
        Reg xs = b.temp("xs");
        // +-0 (with .ftz, subnormals too): the operand itself (.ftz: flushed, keeping the sign)
        int f = ftz ? Mod.FTZ : 0;
        b.fsetp(Cmp.NEU, f, p, x.op(), RZ);
        b.fmul(p.not(), f, r, x.op(), b.f32(1f));
        b.bra(p.not(), out);
        // negative (including -inf): the canonical NaN
        b.fsetp(Cmp.GEU, Mod.FTZ, p, x.op(), RZ);
        b.mov(p.not(), r, b.imm(0x7FFFFFFF));
        b.bra(p.not(), out);
        // NaN: the canonical NaN; +inf: +inf
        b.fsetp(Cmp.GTU, Mod.FTZ, p, x.abs(), b.f32(Float.POSITIVE_INFINITY));
        b.fadd(p.op(), Mod.FTZ, r, x.op(), b.f32(1f));
        b.bra(p.op(), out);
        b.fsetp(Cmp.NEU, Mod.FTZ, p, x.abs(), b.f32(Float.POSITIVE_INFINITY));
        b.mov(p.not(), r, x.op());
        b.bra(p.not(), out);
        // small positive x (and, without .ftz, subnormal): refine on x 2^64, then scale by 2^-32
        b.fmul(PT, f, xs, x.op(), b.f32(0x1p64f));
        b.mufu(MufuFn.RSQ, y, xs.op());
        emitRefinement(b, xs, y, s, h, d, r, rounding);
        b.fmul(Mod.FTZ, r, r.op(), b.f32(0x1p-32f));
        b.place(out);
        b.ret();
        return b.build();
    }

    /**
     * s = x y, h = y / 2; e = 1/2 - s h (about minus y's relative error); s1 = s + s e and h1 = h
     * + h e (both to about 2^-45 before rounding); d = x - s1^2 (exact); r = s1 + d h1. ptxas's
     * shorter refinement (s + (x - s^2) h directly) fails for two significands when MUFU.RSQ is one
     * ulp above the correctly rounded root (x = 0x3ffc114a, 0x406e9372, MUFU 0x3f366d09,
     * 0x3f04977f); {@code SqrtProofTest} runs this one on every significand and exponent parity
     * with every MUFU output inside the bound.
     */
    private static void emitRefinement(ProgramBuilder b, Reg x, Reg y, Reg s, Reg h, Reg d, Reg r, int rounding) {
        b.fmul(Mod.FTZ, s, x.op(), y.op());
        b.fmul(Mod.FTZ, h, y.op(), b.f32(0.5f));
        b.ffma(d, s.neg(), h.op(), b.f32(0.5f));
        b.ffma(s, s.op(), d.op(), s.op());
        b.ffma(h, h.op(), d.op(), h.op());
        b.ffma(d, s.neg(), s.op(), x.op());
        if (rounding == Mod.RN) {
            b.ffma(r, d.op(), h.op(), s.op());
            return;
        }
        // r = RN(sqrt(x)) into s; x - s^2 (exact) is (sqrt(x) - s)(sqrt(x) + s), and h (sqrt(x) + s) ~ 1
        b.ffma(s, d.op(), h.op(), s.op());
        b.ffma(d, s.neg(), s.op(), x.op());
        DirectedRounding.correct(b, rounding, 0, r, d, h, s);
    }
}

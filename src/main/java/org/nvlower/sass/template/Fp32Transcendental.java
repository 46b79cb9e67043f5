package org.nvlower.sass.template;

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
 * ex2/lg2/sin/cos.approx.f32 as ptxas 11.8 expands them (sm_90, the listings in docs/templates.md):
 * one MUFU each. MUFU flushes a subnormal input and result, so without .ftz ptxas scales around it:
 * ex2 halves x below -126 and squares the result (2^x subnormal: the square is rounded once, by
 * FMUL, into the subnormal range); lg2 multiplies |x| below 2^-126 by 2^24 and subtracts 24. The
 * .ftz forms are the MUFU alone. sin/cos (both forms alike) multiply by 1/(2 pi), rounded toward
 * zero, since MUFU.SIN/COS take revolutions. Every step but the MUFU is exact or one rounding, so
 * each result lies within a bound derived from MUFU's (SassOp's error metrics, docs/templates.md).
 */
final class Fp32Transcendental {

    /** 1/(2 pi) as ptxas writes it: 0.15915493667125701904 (0x3e22f983, below 1/(2 pi) by 6.4e-9). */
    static final float INV_2PI = Float.intBitsToFloat(0x3E22F983);

    private Fp32Transcendental() {}

    static Program ex2(boolean ftz) {
        ProgramBuilder b = new ProgramBuilder(ftz ? "ex2.approx.ftz.f32" : "ex2.approx.f32");
        Reg x = b.input("x", RegClass.R32);
        Reg r = b.output("r", RegClass.R32);
        b.path(Path.FAST);
        if (ftz) {
            b.mufu(MufuFn.EX2, r, x.op());
        } else {
            Pred notTiny = b.pred(); // x >= -126 or NaN: 2^x is normal (or special)
            b.fsetp(Cmp.GEU, 0, notTiny, x.op(), b.f32(-126f));
            b.fmul(notTiny.not(), 0, x, x.op(), b.f32(0.5f));
            b.mufu(MufuFn.EX2, r, x.op());
            b.fmul(notTiny.not(), 0, r, r.op(), r.op());
        }
        b.path(Path.GLUE);
        b.exit();
        return b.build();
    }

    static Program lg2(boolean ftz) {
        ProgramBuilder b = new ProgramBuilder(ftz ? "lg2.approx.ftz.f32" : "lg2.approx.f32");
        Reg x = b.input("x", RegClass.R32);
        Reg r = b.output("r", RegClass.R32);
        b.path(Path.FAST);
        if (ftz) {
            b.mufu(MufuFn.LG2, r, x.op());
        } else {
            Pred normal = b.pred(); // |x| >= 2^-126 or NaN
            b.fsetp(Cmp.GEU, 0, normal, x.abs(), b.f32(0x1p-126f));
            b.fmul(normal.not(), 0, x, x.op(), b.f32(0x1p24f));
            b.mufu(MufuFn.LG2, r, x.op());
            b.fadd(normal.not(), 0, r, r.op(), b.f32(-24f));
        }
        b.path(Path.GLUE);
        b.exit();
        return b.build();
    }

    /**
     * tanh.approx.f32: MUFU.TANH alone, as ptxas 11.8 writes it for sm_75 and sm_90 (nothing
     * around it: MUFU.TANH passes subnormal inputs through, and the instruction has no .ftz form).
     */
    static Program tanh() {
        ProgramBuilder b = new ProgramBuilder("tanh.approx.f32");
        Reg x = b.input("x", RegClass.R32);
        Reg r = b.output("r", RegClass.R32);
        b.path(Path.FAST);
        b.mufu(MufuFn.TANH, r, x.op());
        b.path(Path.GLUE);
        b.exit();
        return b.build();
    }

    /** sin or cos (fn SIN or COS): the same program with and without .ftz, as ptxas emits it. */
    static Program sinCos(MufuFn fn, boolean ftz) {
        String name = (fn == MufuFn.SIN ? "sin" : "cos") + (ftz ? ".approx.ftz.f32" : ".approx.f32");
        ProgramBuilder b = new ProgramBuilder(name);
        Reg x = b.input("x", RegClass.R32);
        Reg r = b.output("r", RegClass.R32);
        b.path(Path.FAST);
        Reg t = b.temp("t", RegClass.R32);
        b.fmul(Mod.RZ, t, x.op(), b.f32(INV_2PI));
        b.mufu(fn, r, t.op());
        b.path(Path.GLUE);
        b.exit();
        return b.build();
    }
}

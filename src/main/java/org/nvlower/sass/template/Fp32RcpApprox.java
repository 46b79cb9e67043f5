package org.nvlower.sass.template;

import org.nvlower.sass.Mod.Cmp;
import org.nvlower.sass.Mod.MufuFn;
import org.nvlower.sass.Operand;
import org.nvlower.sass.Path;
import org.nvlower.sass.Pred;
import org.nvlower.sass.Program;
import org.nvlower.sass.ProgramBuilder;
import org.nvlower.sass.Reg;
import org.nvlower.sass.Reg.RegClass;

/**
 * rcp.approx.f32 as ptxas 11.8 expands it (the same for sm_52, sm_75 and sm_90): MUFU.RCP flushes
 * a subnormal input and a subnormal result, so one scale s is chosen, x is multiplied by it before
 * the MUFU and the MUFU's result by it after: s = 2^24 for |x| below 2^-126 (x s is normal, exact),
 * 1/4 for |x| above 2^126 (1/(x/4) is normal; the last product rounds it, once, into the subnormal
 * range), else 1 (IMAD.MOV of 2^24, FSETP.GEU, FSETP.GT, two FSELs, FMUL, MUFU.RCP, FMUL). A NaN compares unordered:
 * s = 1. The .ftz form is the MUFU alone.
 */
final class Fp32RcpApprox {

    private Fp32RcpApprox() {}

    static Program build(boolean ftz) {
        ProgramBuilder b = new ProgramBuilder(ftz ? "rcp.approx.ftz.f32" : "rcp.approx.f32");
        Reg x = b.input("x", RegClass.R32);
        Reg r = b.output("r", RegClass.R32);
        b.path(Path.FAST);
        if (ftz) {
            b.mufu(MufuFn.RCP, r, x.op());
        } else {
            Pred notTiny = b.pred(); // |x| >= 2^-126 or NaN
            Pred huge = b.pred(); // |x| > 2^126
            Reg s = b.temp("s", RegClass.R32);
            b.imadMov(Operand.PT, s, b.f32(0x1p24f)); // FSEL takes one immediate
            b.fsetp(Cmp.GEU, 0, notTiny, x.abs(), b.f32(0x1p-126f));
            b.fsetp(Cmp.GT, 0, huge, x.abs(), b.f32(0x1p126f));
            b.fsel(s, s.op(), b.f32(1f), notTiny.not());
            b.fsel(s, s.op(), b.f32(0.25f), huge.not());
            b.fmul(0, x, x.op(), s.op());
            b.mufu(MufuFn.RCP, x, x.op());
            b.fmul(0, r, s.op(), x.op());
        }
        b.path(Path.GLUE);
        b.exit();
        return b.build();
    }
}

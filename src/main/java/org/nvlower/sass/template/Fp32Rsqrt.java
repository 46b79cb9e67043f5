package org.nvlower.sass.template;

import org.nvlower.sass.Mod.Cmp;
import org.nvlower.sass.Mod.MufuFn;
import org.nvlower.sass.Path;
import org.nvlower.sass.Pred;
import org.nvlower.sass.Program;
import org.nvlower.sass.ProgramBuilder;
import org.nvlower.sass.Reg;
import org.nvlower.sass.Reg.RegClass;

/**
 * rsqrt.approx.f32 as ptxas 11.8 expands it (sm_90): MUFU.RSQ flushes a subnormal input, so |x|
 * below 2^-126 is scaled by 2^24 first and the result by 2^12 after (both exact: 1/sqrt(x 2^24)
 * 2^12 = 1/sqrt(x), and the results are normal); .ftz is the MUFU alone (a subnormal reads as a
 * zero: +-inf). The result is MUFU.RSQ's, scaled: within the PTX ISA's 2^-22.9 relative for every
 * admissible MUFU output.
 */
final class Fp32Rsqrt {

    private Fp32Rsqrt() {}

    /**
     * sqrt.approx.f32 as ptxas 11.8 expands it (sm_52 to sm_90 alike): the same scaling around
     * MUFU.SQRT, the result times 2^-12 (sqrt(x 2^24) 2^-12 = sqrt(x), exact); .ftz is the MUFU alone.
     */
    static Program sqrtApprox(boolean ftz) {
        ProgramBuilder b = new ProgramBuilder(ftz ? "sqrt.approx.ftz.f32" : "sqrt.approx.f32");
        Reg x = b.input("x", RegClass.R32);
        Reg r = b.output("r", RegClass.R32);
        b.path(Path.FAST);
        if (ftz) {
            b.mufu(MufuFn.SQRT, r, x.op());
        } else {
            Pred normal = b.pred();
            b.fsetp(Cmp.GEU, 0, normal, x.abs(), b.f32(0x1p-126f));
            b.fmul(normal.not(), 0, x, x.op(), b.f32(0x1p24f));
            b.mufu(MufuFn.SQRT, r, x.op());
            b.fmul(normal.not(), 0, r, r.op(), b.f32(0x1p-12f));
        }
        b.path(Path.GLUE);
        b.exit();
        return b.build();
    }

    static Program rsqrtApprox(boolean ftz) {
        ProgramBuilder b = new ProgramBuilder(ftz ? "rsqrt.approx.ftz.f32" : "rsqrt.approx.f32");
        Reg x = b.input("x", RegClass.R32);
        Reg r = b.output("r", RegClass.R32);
        b.path(Path.FAST);
        if (ftz) {
            b.mufu(MufuFn.RSQ, r, x.op());
        } else {
            Pred normal = b.pred();
            b.fsetp(Cmp.GEU, 0, normal, x.abs(), b.f32(0x1p-126f));
            b.fmul(normal.not(), 0, x, x.op(), b.f32(0x1p24f));
            b.mufu(MufuFn.RSQ, r, x.op());
            b.fmul(normal.not(), 0, r, r.op(), b.f32(0x1p12f));
        }
        b.path(Path.GLUE);
        b.exit();
        return b.build();
    }
}

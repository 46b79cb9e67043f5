package org.nvlower.sass.template;

import static org.nvlower.sass.Operand.PT;
import static org.nvlower.sass.Operand.RZ;

import org.nvlower.sass.Mod.MufuFn;
import org.nvlower.sass.Path;
import org.nvlower.sass.Program;
import org.nvlower.sass.ProgramBuilder;
import org.nvlower.sass.Reg;
import org.nvlower.sass.Reg.RegClass;

/**
 * rcp.approx.ftz.f64 and rsqrt.approx.ftz.f64: one MUFU.RCP64H / RSQ64H of the operand's high word
 * and a zero low word, as ptxas 11.8 writes them for every target (sm_35 to sm_90, one-instruction
 * kernels: {@code MUFU.RCP64H R5, R4} then {@code MOV R4, RZ}, or {@code HFMA2.MMA R4, -RZ, RZ, 0, 0}
 * on sm_80 and sm_90; the kernel loads the high word alone). Nothing around the MUFU: the PTX ISA
 * defines both on the high word in 1.11.20 format, subnormals flushed, the low word of the result
 * zero, and MUFU gives the special cases itself.
 */
final class Fp64Approx {

    private Fp64Approx() {}

    /** fn RCP64H (rcp.approx.ftz.f64) or RSQ64H (rsqrt.approx.ftz.f64). */
    static Program build(MufuFn fn) {
        if (fn != MufuFn.RCP64H && fn != MufuFn.RSQ64H) {
            throw new IllegalArgumentException("not an FP64 MUFU: " + fn);
        }
        ProgramBuilder b = new ProgramBuilder((fn == MufuFn.RCP64H ? "rcp" : "rsqrt") + ".approx.ftz.f64");
        Reg x = b.input("x", RegClass.R64);
        Reg r = b.output("r", RegClass.R64);
        b.path(Path.FAST);
        b.mufu(fn, r.hi(), x.hi().op());
        b.mov(PT, r.lo(), RZ);
        b.path(Path.GLUE);
        b.exit();
        return b.build();
    }
}

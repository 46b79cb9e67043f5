package org.nvlower.verify.ptx;

import java.util.Map;

import org.nvlower.sass.Mod.MufuFn;
import org.nvlower.sass.MufuModel;

/**
 * The approximate PTX instructions that are one MUFU each, evaluated through a {@link MufuModel}
 * (the emulator's models, so an instruction here gives what the MUFU gives in a template under
 * the same model). Only the .ftz forms: MUFU flushes subnormal inputs and results, which is what
 * .ftz means; without .ftz ptxas adds scaling around the MUFU, which is not modelled (refused).
 * The f64 forms are MUFU.RCP64H / RSQ64H of the high word (1.11.20 format): the result's low
 * word is 0. rcp.approx.ftz.f64 reads the high word alone on the GPU (an H200 gives 0 for
 * 0x7ff00000_00000789 and 0x7FFFFFFF00000000 for a quiet NaN: docs/nan.md), so any low word is
 * taken; rsqrt.approx.ftz.f64 of a nonzero low word is refused (not measured).
 */
final class PtxApprox {

    private static final Map<String, MufuFn> TABLE = Map.of(
            "rcp.approx.ftz.f32", MufuFn.RCP,
            "rsqrt.approx.ftz.f32", MufuFn.RSQ,
            "sqrt.approx.ftz.f32", MufuFn.SQRT,
            "ex2.approx.ftz.f32", MufuFn.EX2,
            "lg2.approx.ftz.f32", MufuFn.LG2,
            "rcp.approx.ftz.f64", MufuFn.RCP64H,
            "rsqrt.approx.ftz.f64", MufuFn.RSQ64H);

    private PtxApprox() {}

    /** The MUFU function of an opcode, or null when the opcode is not one of the table's. */
    static MufuFn of(String opcode) {
        return TABLE.get(opcode);
    }

    /** The instruction's result for source value x (a binary32 in the low word, or a binary64). */
    static long eval(MufuModel model, MufuFn fn, long x) {
        if (fn == MufuFn.RCP64H || fn == MufuFn.RSQ64H) {
            if (fn == MufuFn.RSQ64H && (int) x != 0) {
                throw new UnsupportedOperationException(String.format("%s of 0x%016x: the MUFU models take the high"
                        + " word alone, an input with a nonzero low word is not modelled", fn, x));
            }
            return (long) model.eval(fn, (int) (x >>> 32)) << 32;
        }
        return model.eval(fn, (int) x) & 0xFFFFFFFFL;
    }
}

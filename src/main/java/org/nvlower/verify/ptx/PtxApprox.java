package org.nvlower.verify.ptx;

import java.util.Map;

import org.nvlower.sass.Mod.MufuFn;
import org.nvlower.sass.MufuModel;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.F32;
import org.nvlower.softfloat.RoundingMode;

/**
 * The approximate PTX instructions, each one MUFU through a {@link MufuModel} (the emulator's
 * models, so an instruction here gives what the MUFU gives in a template under the same model),
 * with the steps ptxas 11.8 puts around it (sm_90 listings, docs/templates.md): the .ftz forms are
 * the MUFU alone (MUFU flushes subnormal inputs and results, which is what .ftz means); without
 * .ftz, rcp multiplies x and the result by one scale (2^24 for |x| below 2^-126, 1/4 above 2^126),
 * ex2 halves x below -126 and squares the result, lg2, rsqrt and sqrt scale |x| below 2^-126
 * by 2^24 and correct the result (- 24, * 2^12, * 2^-12); sin/cos (either form) take x times 1/(2 pi) rounded
 * toward zero, since MUFU.SIN/COS take revolutions; tanh.approx.f32 is MUFU.TANH alone (it passes
 * subnormal inputs through). Other approximations are refused.
 * The f64 forms are MUFU.RCP64H / RSQ64H of the high word (1.11.20 format): the result's low
 * word is 0. rcp.approx.ftz.f64 reads the high word alone on the GPU (an H200 gives 0 for
 * 0x7ff00000_00000789 and 0x7FFFFFFF00000000 for a quiet NaN: docs/nan.md), so any low word is
 * taken; so is rsqrt.approx.ftz.f64's: ptxas 11.8's code for either (sm_35 to sm_90) loads only
 * the operand's high word, so no GPU result can depend on the low word.
 */
final class PtxApprox {

    /** What ptxas puts around the MUFU. */
    enum Steps { NONE, RCP_SCALED, EX2_SCALED, LG2_SCALED, RSQ_SCALED, SQRT_SCALED, REVOLUTIONS }

    /** An approximate instruction: its MUFU and the steps around it. */
    record Form(MufuFn fn, Steps steps) {}

    private static final Map<String, Form> TABLE = Map.ofEntries(
            Map.entry("rcp.approx.ftz.f32", new Form(MufuFn.RCP, Steps.NONE)),
            Map.entry("rcp.approx.f32", new Form(MufuFn.RCP, Steps.RCP_SCALED)),
            Map.entry("rsqrt.approx.ftz.f32", new Form(MufuFn.RSQ, Steps.NONE)),
            Map.entry("rsqrt.approx.f32", new Form(MufuFn.RSQ, Steps.RSQ_SCALED)),
            Map.entry("sqrt.approx.ftz.f32", new Form(MufuFn.SQRT, Steps.NONE)),
            Map.entry("sqrt.approx.f32", new Form(MufuFn.SQRT, Steps.SQRT_SCALED)),
            Map.entry("ex2.approx.ftz.f32", new Form(MufuFn.EX2, Steps.NONE)),
            Map.entry("ex2.approx.f32", new Form(MufuFn.EX2, Steps.EX2_SCALED)),
            Map.entry("lg2.approx.ftz.f32", new Form(MufuFn.LG2, Steps.NONE)),
            Map.entry("lg2.approx.f32", new Form(MufuFn.LG2, Steps.LG2_SCALED)),
            Map.entry("sin.approx.ftz.f32", new Form(MufuFn.SIN, Steps.REVOLUTIONS)),
            Map.entry("sin.approx.f32", new Form(MufuFn.SIN, Steps.REVOLUTIONS)),
            Map.entry("cos.approx.ftz.f32", new Form(MufuFn.COS, Steps.REVOLUTIONS)),
            Map.entry("cos.approx.f32", new Form(MufuFn.COS, Steps.REVOLUTIONS)),
            Map.entry("tanh.approx.f32", new Form(MufuFn.TANH, Steps.NONE)),
            Map.entry("rcp.approx.ftz.f64", new Form(MufuFn.RCP64H, Steps.NONE)),
            Map.entry("rsqrt.approx.ftz.f64", new Form(MufuFn.RSQ64H, Steps.NONE)));

    /** 1/(2 pi) as ptxas writes it (0x3e22f983). */
    private static final int INV_2PI = 0x3E22F983;

    private PtxApprox() {}

    /** The form of an opcode, or null when the opcode is not one of the table's. */
    static Form of(String opcode) {
        return TABLE.get(opcode);
    }

    /** The instruction's result for source value x (a binary32 in the low word, or a binary64). */
    static long eval(MufuModel model, Form form, long x) {
        MufuFn fn = form.fn();
        if (fn == MufuFn.RCP64H || fn == MufuFn.RSQ64H) {
            return (long) model.eval(fn, (int) (x >>> 32)) << 32;
        }
        return f32(model, form, (int) x) & 0xFFFFFFFFL;
    }

    private static int f32(MufuModel model, Form form, int x) {
        float f = Float.intBitsToFloat(x);
        MufuFn fn = form.fn();
        return switch (form.steps()) {
            case NONE -> model.eval(fn, x);
            case RCP_SCALED -> {
                // s = 2^24 below 2^-126, 1/4 above 2^126, else 1 (NaN too): (1/(x s)) s
                int s = Math.abs(f) < 0x1p-126f ? 0x4B800000 : Math.abs(f) > 0x1p126f ? 0x3E800000 : 0x3F800000;
                yield mul(s, model.eval(fn, mul(x, s)));
            }
            case REVOLUTIONS -> model.eval(fn, F32.mul(x, INV_2PI, RoundingMode.MIN_MAG, Env.ptx(false)));
            case EX2_SCALED -> {
                if (!(f < -126)) { // FSETP.GEU: NaN too
                    yield model.eval(fn, x);
                }
                int y = model.eval(fn, mul(x, 0x3F000000)); // x * 0.5
                yield mul(y, y);
            }
            case LG2_SCALED -> Math.abs(f) >= 0x1p-126f || Float.isNaN(f) ? model.eval(fn, x)
                    : F32.add(model.eval(fn, mul(x, 0x4B800000)), 0xC1C00000, RoundingMode.NEAR_EVEN, Env.ptx(false)); // x 2^24, - 24
            case RSQ_SCALED -> Math.abs(f) >= 0x1p-126f || Float.isNaN(f) ? model.eval(fn, x)
                    : mul(model.eval(fn, mul(x, 0x4B800000)), 0x45800000); // x 2^24, * 2^12
            case SQRT_SCALED -> Math.abs(f) >= 0x1p-126f || Float.isNaN(f) ? model.eval(fn, x)
                    : mul(model.eval(fn, mul(x, 0x4B800000)), 0x39800000); // x 2^24, * 2^-12
        };
    }

    private static int mul(int a, int b) {
        return F32.mul(a, b, RoundingMode.NEAR_EVEN, Env.ptx(false));
    }
}

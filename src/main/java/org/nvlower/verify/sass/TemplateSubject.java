package org.nvlower.verify.sass;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.nvlower.ptx.PtxMathOp;
import org.nvlower.sass.Emulator;
import org.nvlower.sass.MufuModel;
import org.nvlower.sass.template.TemplateKey;

/**
 * A template as a TestFloat subject ({@code nvlower testfloat f32_div --impl sass}): the result
 * of the TestFloat function computed by running the template in the emulator. Only the functions
 * a template implements, in round-to-nearest-even: f32_div (div.rn.f32) and f32_sqrt
 * (sqrt.rn.f32).
 */
public final class TemplateSubject {

    private static final Map<String, PtxMathOp> TEMPLATES = Map.of("f32_div", PtxMathOp.DIV_RN_F32,
            "f32_sqrt", PtxMathOp.SQRT_RN_F32, "f64_div", PtxMathOp.DIV_RN_F64, "f64_sqrt", PtxMathOp.SQRT_RN_F64);

    private final SassOp op;
    private final Emulator emulator;

    private TemplateSubject(SassOp op, MufuModel mufu) {
        this.op = op;
        this.emulator = new Emulator(op.template().program(), mufu);
    }

    /** The subject for a TestFloat function, or empty when no template implements it. */
    public static Optional<TemplateSubject> of(String function, String mufu, long seed) {
        PtxMathOp template = TEMPLATES.get(function);
        if (template == null) {
            return Optional.empty();
        }
        return Optional.of(new TemplateSubject(SassOp.of(TemplateKey.of(template)), MufuModel.byName(mufu, seed)));
    }

    public static List<String> functions() {
        return TEMPLATES.keySet().stream().sorted().toList();
    }

    public String template() {
        return op.name();
    }

    /** The result word for the operand words (one binary32 per word). */
    public long[] compute(long[] operands) {
        if (op.isDouble()) {
            long r = op.unary() ? emulator.run64(operands[0]) : emulator.run64(operands[0], operands[1]);
            return new long[] {r};
        }
        int r = op.unary() ? emulator.run((int) operands[0]) : emulator.run((int) operands[0], (int) operands[1]);
        return new long[] {r & 0xFFFFFFFFL};
    }
}

package org.nvlower.verify.gpu;

import java.util.ArrayList;
import java.util.List;

import org.nvlower.nvptx.SmProcessor;
import org.nvlower.ptx.PtxMathOp;
import org.nvlower.sass.template.ConstantDivision;
import org.nvlower.sass.template.TemplateKey;
import org.nvlower.sass.template.Template;
import org.nvlower.sass.template.Templates;
import org.nvlower.verify.sass.SassOp;

/**
 * A template as the GPU check runs it: the template (a variable-operand one with its
 * {@link SassOp}, or a division by a constant with its divisor) and the GPU's own PTX instruction
 * for the same operation ({@link #nativeInstruction}).
 */
public record GpuOp(Template template, SassOp sassOp, Long divisor) {

    /** The divisors the all-ops runs (verify all, bench all) use: small, odd, even, powers of two, large. */
    static final long[] DIVISORS_32 = {7, 10, -3, 641};
    static final long[] DIVISORS_64 = {7, 1000000007, -3, 0x100000001L};

    public static GpuOp of(String op) {
        SassOp s = SassOp.of(TemplateKey.valueOf(op));
        return new GpuOp(s.template(), s, null);
    }

    public static GpuOp of(String op, long divisor) {
        PtxMathOp m = PtxMathOp.bySpelling(op).orElseThrow(() -> new IllegalArgumentException("no op " + op));
        return new GpuOp(ConstantDivision.template(m, divisor), null, divisor);
    }

    /** Every template (variants and tiers included), then div/rem .u32 .s32 .u64 .s64 by a few constants each. */
    public static List<GpuOp> all() {
        List<GpuOp> ops = new ArrayList<>();
        for (String name : SassOp.names()) {
            ops.add(of(name));
        }
        for (String base : List.of("div.u32", "div.s32", "rem.u32", "rem.s32", "div.u64", "div.s64", "rem.u64", "rem.s64")) {
            boolean wide = base.endsWith("64");
            boolean signed = base.contains(".s");
            for (long d : wide ? DIVISORS_64 : DIVISORS_32) {
                if (d > 0 || signed) {
                    ops.add(of(base, d));
                }
            }
        }
        return ops;
    }

    /** The op as the CLI names it: div.rn.f64:minimal, div.u32/7. */
    public String name() {
        return template.name();
    }

    /** A name usable as a file name and a PTX identifier. */
    public String symbol() {
        return name().replaceAll("[^A-Za-z0-9]", "_");
    }

    /** The name of the template's .func in 'expand --emit ptx' text. */
    String function() {
        return "nvlower_" + symbol();
    }

    public int inputs() {
        return template.operands().inputs;
    }

    public int bits() {
        return template.operands().bits;
    }

    public boolean isFloat() {
        return switch (template.operands()) {
            case F32_BINARY, F32_UNARY, F64_BINARY, F64_UNARY -> true;
            default -> false;
        };
    }

    public boolean signed() {
        return ptxOp().matches("(div|rem)\\.s(16|32|64)");
    }

    /** The result's bits in a 64-bit word (16-bit ops: the low half of the template's 32-bit register). */
    public long mask() {
        return bits() == 64 ? -1L : (1L << bits()) - 1;
    }

    /** The PTX instruction: the template's without nvlower's variant (":minimal") or divisor ("/7"). */
    public String ptxOp() {
        return template.ptxOp().replaceAll("/.*", "");
    }

    /** Whether a difference with divisor zero is the division-by-zero kind (variable-divisor integer ops). */
    boolean dividesByOperand() {
        return !isFloat() && divisor == null;
    }

    /** The GPU's own instruction computing what the template computes, into d from a (and b). */
    String nativeInstruction(String d, String a, String b) {
        String op = ptxOp();
        if (divisor != null) {
            String imm = bits() == 32 ? Integer.toString((int) (long) divisor)
                    : signed() ? Long.toString(divisor) : "0x" + Long.toHexString(divisor);
            return op + " " + d + ", " + a + ", " + imm + ";";
        }
        if (op.startsWith("rcp.rn")) {
            return op + " " + d + ", " + a + ";";
        }
        return inputs() == 1 ? op + " " + d + ", " + a + ";" : op + " " + d + ", " + a + ", " + b + ";";
    }

    /** The exact result and the ulp error of approximations: the CPU reference of this op. */
    public boolean approximate() {
        return !template.exact();
    }

    /**
     * Whether this approximation is another SM's algorithm than the one ptxas uses on {@code sm}
     * (rsqrt.approx.f64:full, coordinator A, for SMs without the DRSQRT flag): its results differ
     * from the GPU's within the template's ulp bound, so the check is that bound, not equality.
     */
    public boolean otherSmsApproximation(String sm) {
        if (!approximate() || sassOp == null) {
            return false;
        }
        SmProcessor p = SmProcessor.byName(sm).orElse(null);
        return p != null && !Templates.forTarget(template.key().op(), p, p.registerFileSize()).name().equals(name());
    }

    @Override
    public String toString() {
        return name();
    }
}

package org.nvlower.verify.gpu;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.nvlower.gpu.Gpu;
import org.nvlower.gpu.GpuException;
import org.nvlower.sass.Emulator;
import org.nvlower.sass.MufuModel;
import org.nvlower.softfloat.RoundingMode;
import org.nvlower.softfloat.F32;
import org.nvlower.verify.ptx.TemplatePtx;
import org.nvlower.verify.sass.SassOp;

/**
 * One case on demand ({@code nvlower verify OP --operands A[,B]}): the result of each
 * implementation beside the reference, as bit patterns: the reference (softfloat or integer
 * arithmetic; the correctly rounded quotient for div.full/div.approx), the template in the
 * emulator (exact MUFU), its PTX in the PTX interpreter, and on a GPU where one is present the
 * template's PTX and the GPU's own instruction.
 */
public final class OneCase {

    /** A line of the table: who computed it, the result (null: not available), a note. */
    public record Row(String who, Long result, String note) {}

    private OneCase() {}

    public static List<Row> rows(GpuOp op, long a, long b, Gpu gpu, String noGpu) {
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("reference", reference(op, a, b), referenceNote(op)));
        Emulator em = new Emulator(op.template().program(), MufuModel.exact());
        long emulated = switch (op.template().operands()) {
            case I64_BINARY, F64_BINARY -> em.run64(a, b);
            case F64_UNARY, I64_UNARY -> em.run64(a);
            case F32_UNARY, I32_UNARY -> em.run((int) a) & 0xFFFFFFFFL;
            default -> em.run((int) a, (int) b) & op.mask();
        };
        rows.add(new Row("emulator", emulated, "the template, MUFU exact" + ulpNote(op, a, b, emulated)));
        if (op.sassOp() != null) {
            long p = TemplatePtx.of(op.sassOp()).run(a, b, MufuModel.exact()) & op.mask();
            rows.add(new Row("ptx", p, "its PTX in the PTX interpreter" + ulpNote(op, a, b, p)));
        } else {
            rows.add(new Row("ptx", null, "no interpreter harness for a constant divisor"));
        }
        if (gpu == null) {
            rows.add(new Row("gpu", null, noGpu));
            return rows;
        }
        long[] r = runOnGpu(gpu, op, a, b);
        rows.add(new Row("gpu", r[0], "its PTX on " + gpu.describe() + ulpNote(op, a, b, r[0])));
        rows.add(new Row("gpu inline", r[2], "its PTX spliced into the kernel" + ulpNote(op, a, b, r[2])));
        rows.add(new Row("gpu native", r[1], op.ptxOp() + " on the GPU" + ulpNote(op, a, b, r[1])));
        return rows;
    }

    /** The template's, the native instruction's and the spliced template's results on the GPU for one case. */
    static long[] runOnGpu(Gpu gpu, GpuOp op, long a, long b) {
        Gpu.Module m = gpu.load(CheckPtx.module(op, gpu.sm()));
        long tab = gpu.alloc(16);
        long out = gpu.alloc(24);
        try {
            gpu.upload(tab, new long[] {a, b});
            gpu.launch(m.kernel("nvlower_one"), 1, 1, tab, out);
            long[] r = new long[3];
            gpu.download(out, r);
            return new long[] {r[0] & op.mask(), r[1] & op.mask(), r[2] & op.mask()};
        } catch (GpuException e) {
            throw e;
        } finally {
            gpu.free(tab);
            gpu.free(out);
        }
    }

    /** The exact result; for div.full/div.approx the correctly rounded quotient; rsqrt.approx.f64: none. */
    static Long reference(GpuOp op, long a, long b) {
        if (op.divisor() != null) {
            long d = op.divisor();
            boolean rem = op.ptxOp().startsWith("rem");
            if (op.bits() == 64) {
                return op.signed() ? (rem ? a % d : a / d)
                        : rem ? Long.remainderUnsigned(a, d) : Long.divideUnsigned(a, d);
            }
            int x = (int) a;
            int y = (int) d;
            long q = op.signed() ? (rem ? x % y : x / y) : rem ? Integer.remainderUnsigned(x, y) : Integer.divideUnsigned(x, y);
            return q & 0xFFFFFFFFL;
        }
        SassOp s = op.sassOp();
        return switch (s.kind()) {
            case APPROX_DIV_F32 -> F32.div((int) a, (int) b, RoundingMode.NEAR_EVEN, s.env()) & 0xFFFFFFFFL;
            case RSQRT_F64, RCP_APPROX_FTZ_F64, RSQRT_APPROX_FTZ_F64, RCP_APPROX_F32, RSQRT_F32, SQRT_APPROX_F32, EX2_F32, LG2_F32, SIN_F32, COS_F32, TANH_F32 -> null;
            case DIV_U64, DIV_S64, REM_U64, REM_S64 -> s.expected64(a, b);
            case DIV_F64, RCP_F64, SQRT_F64 -> s.expected64f(a, b, s.env());
            case DIV_U16, DIV_S16, REM_U16, REM_S16 -> s.expected32((int) a, (int) b, s.env()) & 0xFFFFL;
            default -> s.expected32((int) a, (int) b, s.env()) & op.mask();
        };
    }

    private static String referenceNote(GpuOp op) {
        if (op.sassOp() == null) {
            return "integer arithmetic";
        }
        return switch (op.sassOp().kind()) {
            case APPROX_DIV_F32 -> "the correctly rounded quotient (the op is within " + op.template().ulpBound() + " ulp)";
            case RSQRT_F64 -> "none exact: the error in ulps is shown";
            case RCP_APPROX_FTZ_F64, RSQRT_APPROX_FTZ_F64 ->
                    "none exact: the error in units of 2^-20 relative to the high word's value is shown (bound 1)";
            case RSQRT_F32 -> "none exact: the error in units of 2^-23 relative is shown (bound 2^0.1)";
            case RCP_APPROX_F32 -> "none exact: the error in ulps of 1/x is shown (bound 1)";
            case SQRT_APPROX_F32 -> "none exact: the error in units of 2^-23 relative is shown (bound 1)";
            case EX2_F32 -> "none exact: the error in ulps of 2^x is shown";
            case LG2_F32 -> "none exact: the error in units of 2^-22 (absolute in (0.5, 2), else relative) is shown";
            case SIN_F32, COS_F32 -> "none exact: the error in units of the bound derived for x is shown";
            case TANH_F32 -> "none exact: the error in units of 2^-11 relative is shown (bound 1)";
            case DIV_F32, RCP_F32, SQRT_F32, DIV_F64, RCP_F64, SQRT_F64 -> "softfloat";
            default -> "integer arithmetic (division by zero: all ones)";
        };
    }

    private static String ulpNote(GpuOp op, long a, long b, long got) {
        if (!op.approximate()) {
            return "";
        }
        return String.format(Locale.ROOT, "; %.3f ulp", GpuCheck.ulp(op.sassOp(), a, b, got));
    }
}

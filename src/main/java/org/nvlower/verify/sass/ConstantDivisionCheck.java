package org.nvlower.verify.sass;

import java.util.function.LongConsumer;

import org.nvlower.ptx.PtxMathOp;
import org.nvlower.sass.Emulator;
import org.nvlower.sass.MufuModel;
import org.nvlower.sass.template.ConstantDivision;
import org.nvlower.sass.template.Template;
import org.nvlower.sass.template.TemplateKey;

/**
 * Division by a constant ({@link ConstantDivision}) against Java's integer division: for each
 * divisor, the template is built and run on a set of dividends: every 16-bit one (unsigned
 * 0..65535, signed -32768..32767), the integer edge values, or seeded random N-bit ones.
 */
public final class ConstantDivisionCheck {

    /** Which dividends. */
    public enum Dividends { SIXTEEN_BIT, EDGE, RANDOM }

    /** The outcome over all divisors. */
    public record Result(long divisors, long cases, long mismatches, String first) {
        public boolean passed() {
            return mismatches == 0;
        }
    }

    private ConstantDivisionCheck() {}

    /** The divisors of 'all16': every nonzero 16-bit divisor (unsigned 1..65535, signed -32768..32767). */
    public static long[] all16(PtxMathOp mathOp) {
        String op = mathOp.spelling();
        boolean signed = op.endsWith(".s32") || op.endsWith(".s64");
        long[] v = new long[65535];
        int k = 0;
        for (long d = signed ? -32768 : 1; d <= (signed ? 32767 : 65535); d++) {
            if (d != 0) {
                v[k++] = d;
            }
        }
        return v;
    }

    public static Result run(PtxMathOp mathOp, long[] divisors, Dividends set, long n, long seed,
            LongConsumer progress) {
        String op = mathOp.spelling();
        boolean wide = op.endsWith("64");
        boolean signed = op.endsWith(".s32") || op.endsWith(".s64");
        boolean rem = op.startsWith("rem.");
        long cases = 0;
        long mismatches = 0;
        String first = null;
        for (long d : divisors) {
            Template t = ConstantDivision.template(mathOp, d);
            Emulator em = new Emulator(t.program(), MufuModel.exact());
            long count = switch (set) {
                case SIXTEEN_BIT -> 65536;
                case EDGE -> edges(wide).length;
                case RANDOM -> n;
            };
            for (long i = 0; i < count; i++) {
                long a = dividend(op, d, set, seed, i);
                long got;
                long want;
                if (wide) {
                    got = em.run64(a);
                    want = signed ? (rem ? a % d : a / d)
                            : (rem ? Long.remainderUnsigned(a, d) : Long.divideUnsigned(a, d));
                } else {
                    got = em.run((int) a);
                    int x = (int) a;
                    int y = (int) d;
                    want = signed ? (rem ? x % y : x / y)
                            : (rem ? Integer.remainderUnsigned(x, y) : Integer.divideUnsigned(x, y));
                    want = (int) want;
                    got = (int) got;
                }
                cases++;
                if (got != want) {
                    mismatches++;
                    if (first == null) {
                        first = String.format("%s a=0x%x divisor %d: expected 0x%x got 0x%x", op, a, d, want, got);
                    }
                }
            }
            if (progress != null) {
                progress.accept(count);
            }
        }
        return new Result(divisors.length, cases, mismatches, first);
    }

    /** Dividend i of a set for divisor d: a function of (op, d, set, seed, i) alone (the GPU check makes the same). */
    public static long dividend(String op, long d, Dividends set, long seed, long i) {
        boolean signed = op.endsWith(".s32") || op.endsWith(".s64");
        return switch (set) {
            case SIXTEEN_BIT -> signed ? (short) i : i;
            case EDGE -> edges(op.endsWith("64"))[(int) i];
            case RANDOM -> Generators.mix(seed, i, (int) d);
        };
    }

    /** The integer edge values of the variable-divisor templates (CaseSet's edge set). */
    public static long[] edges(boolean wide) {
        return CaseSet.edges(SassOp.of(TemplateKey.of(wide ? PtxMathOp.DIV_U64 : PtxMathOp.DIV_U32)));
    }
}

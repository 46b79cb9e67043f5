package org.nvlower.sass;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

import org.nvlower.sass.Mod.ImadHint;
import org.nvlower.sass.Mod.IntType;

/**
 * Writes a program as a listing in the style of nvdisasm: one instruction per line,
 * {@code /*0040*&#47;} addresses 16 bytes apart, the guard right-aligned before the mnemonic,
 * physical registers from {@link RegisterAllocation}, {@code .L_x_N:} labels and section
 * names. Float immediates print as floats, integer ones in hex.
 */
public final class Printer {

    private final Program program;
    private final RegisterAllocation alloc;
    private final Map<Integer, String> labelNames = new HashMap<>();

    private Printer(Program program) {
        this.program = program;
        this.alloc = RegisterAllocation.of(program);
        int k = 0;
        for (int l = 0; l < program.labelCount(); l++) {
            int pc = program.labelPc(l);
            String section = sectionStartingAt(pc);
            labelNames.put(l, section != null ? section : ".L_x_" + k++);
        }
    }

    private String sectionStartingAt(int pc) {
        for (Section s : program.sections()) {
            if (s.start() == pc) {
                return s.name();
            }
        }
        return null;
    }

    public static String listing(Program p) {
        return new Printer(p).print();
    }

    /** One instruction as nvdisasm would print it (without address), registers allocated as in the listing. */
    public static String instruction(Program p, int pc) {
        return new Printer(p).format(p.code().get(pc)).trim();
    }

    private String print() {
        StringBuilder sb = new StringBuilder();
        int n = program.code().size();
        for (int pc = 0; pc <= n; pc++) {
            for (Section s : program.sections()) {
                if (s.start() == pc && pc < n) {
                    sb.append(s.name()).append(":\n");
                }
            }
            for (int l = 0; l < program.labelCount(); l++) {
                if (program.labelPc(l) == pc && !labelNames.get(l).equals(sectionStartingAt(pc))) {
                    sb.append(labelNames.get(l)).append(":\n");
                }
            }
            if (pc < n) {
                sb.append(String.format(Locale.ROOT, "        /*%04x*/", pc * 16)).append(format(program.code().get(pc)))
                        .append('\n');
            }
        }
        return sb.toString();
    }

    private String format(SassInstruction in) {
        String guard = in.isGuarded() ? "@" + pred(in.guard()) + " " : "";
        StringBuilder sb = new StringBuilder();
        sb.append(" ".repeat(Math.max(1, 19 - guard.length()))).append(guard).append(mnemonic(in));
        String ops = operands(in);
        if (!ops.isEmpty()) {
            sb.append(' ').append(ops);
        }
        return sb.append(" ;").toString();
    }

    // ------------------------------------------------------------------ mnemonics

    private static String rounding(int mods) {
        return switch (Mod.round(mods)) {
            case Mod.RZ -> ".RZ";
            case Mod.RM -> ".RM";
            case Mod.RP -> ".RP";
            default -> "";
        };
    }

    static String mnemonic(SassInstruction in) {
        int m = in.mods();
        String ftz = Mod.has(m, Mod.FTZ) ? ".FTZ" : "";
        return switch (in.op()) {
            case FFMA, FMUL, FADD, DFMA, DMUL, DADD -> in.op().name() + rounding(m) + ftz;
            case FSETP, DSETP -> in.op().name() + "." + Mod.cmpOf(m) + ftz + "." + Mod.boolOf(m);
            case ISETP -> "ISETP." + Mod.cmpOf(m) + (Mod.has(m, Mod.U32) ? ".U32" : "") + "." + Mod.boolOf(m)
                    + (Mod.has(m, Mod.EX) ? ".EX" : "");
            case MUFU -> "MUFU." + Mod.mufuOf(m);
            case I2F -> "I2F" + (Mod.has(m, Mod.F64) ? ".F64" : "")
                    + (Mod.itypeOf(m) == IntType.S32 ? "" : "." + Mod.itypeOf(m)) + rounding(m);
            case F2I -> "F2I" + (Mod.has(m, Mod.F64) ? ".F64" : "") + ftz
                    + (Mod.itypeOf(m) == IntType.S32 ? "" : "." + Mod.itypeOf(m))
                    + switch (Mod.round(m)) {
                        case Mod.RZ -> ".TRUNC";
                        case Mod.RM -> ".FLOOR";
                        case Mod.RP -> ".CEIL";
                        default -> "";
                    } + (Mod.has(m, Mod.NTZ) ? ".NTZ" : "");
            case IADD3 -> "IADD3" + (Mod.has(m, Mod.X) ? ".X" : "");
            case IMAD, IMAD_WIDE -> {
                ImadHint h = Mod.hintOf(m);
                yield "IMAD" + (h == ImadHint.NONE ? "" : "." + h) + (Mod.has(m, Mod.HI) ? ".HI" : "")
                        + (in.op() == SassOpcode.IMAD_WIDE ? ".WIDE" : "") + (Mod.has(m, Mod.U32) ? ".U32" : "")
                        + (Mod.has(m, Mod.X) ? ".X" : "");
            }
            case LOP3, PLOP3 -> in.op().name() + ".LUT";
            case SHF -> "SHF." + (Mod.has(m, Mod.LEFT) ? "L" : "R") + "." + Mod.itypeOf(m) + (Mod.has(m, Mod.HI) ? ".HI" : "");
            case FLO -> "FLO.U32";
            case CALL -> "CALL.REL.NOINC";
            case RET -> "RET.REL.NODEC";
            case BSSY -> "BSSY.RECONVERGENT";
            case BSYNC -> "BSYNC.RECONVERGENT";
            default -> in.op().mnemonic();
        };
    }

    // ------------------------------------------------------------------ operands

    private String operands(SassInstruction in) {
        int[] ops = in.operands();
        boolean floating = switch (in.op()) {
            case FFMA, FMUL, FADD, FSETP, FSEL, MUFU, FCHK, DFMA, DMUL, DADD, DSETP -> true;
            default -> false;
        };
        boolean signed = switch (in.op()) {
            case IADD3, IMAD, IMAD_WIDE, IADD -> true;
            case ISETP -> !Mod.has(in.mods(), Mod.U32);
            default -> false;
        };
        boolean x = Mod.has(in.mods(), Mod.X);
        String layout = in.op().layout();
        java.util.List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < ops.length; i++) {
            int op = ops[i];
            // omit what nvdisasm omits: unused carry predicates, carry-ins without .X, a PT condition
            boolean skip = switch (in.op()) {
                case IADD3 -> ((i == 1 || i == 2) && op == Operand.PT) || (i >= 6 && !x);
                case IMAD, IMAD_WIDE -> (i == 1 && op == Operand.PT) || (i == 5 && !x);
                case LOP3 -> i == 1; // printed first when it is not PT
                case ISETP -> i == 5 && !Mod.has(in.mods(), Mod.EX);
                case BRA -> i == 0 && op == Operand.PT;
                default -> false;
            };
            if (skip) {
                continue;
            }
            out.add(switch (layout.charAt(i)) {
                case 'p', 'q' -> pred(op);
                case 'l' -> label(in.op(), op);
                case 'b' -> "B" + Operand.index(op);
                case 'd' -> value(op & ~(Operand.NEG << 24), floating, signed, in);
                default -> value(op, floating, signed, in);
            });
        }
        if (in.op() == SassOpcode.LOP3 && ops[1] != Operand.PT) {
            out.add(0, pred(ops[1]));
        }
        return String.join(", ", out);
    }

    private String label(SassOpcode op, int operand) {
        String name = labelNames.get(Operand.index(operand));
        return "`(" + name + ")";
    }

    private String pred(int op) {
        String base = Operand.isZeroIndex(op) ? "PT" : "P" + alloc.predicate(Operand.index(op));
        return (Operand.isNegated(op) ? "!" : "") + base;
    }

    private String value(int op, boolean floating, boolean signed, SassInstruction in) {
        String body;
        if (Operand.kind(op) == Operand.IMM) {
            long v = program.constant(Operand.index(op));
            boolean isDouble = in.op().isDouble();
            body = floating ? (isDouble ? doubleImmediate(Double.longBitsToDouble(v)) : floatImmediate((int) v))
                    : intImmediate((int) v, signed);
        } else if (Operand.kind(op) == Operand.SRC) {
            body = Operand.isZeroIndex(op) ? "RZ" : "R" + alloc.register(Operand.index(op));
        } else {
            body = "c[0x0][0x" + Integer.toHexString(Operand.index(op)) + "]";
        }
        if (Operand.isAbs(op)) {
            body = "|" + body + "|";
        }
        if (Operand.isNot(op)) {
            body = "~" + body;
        }
        if (Operand.isNegated(op)) {
            body = "-" + body;
        }
        return body;
    }

    static String intImmediate(int v, boolean signed) {
        if (signed && v < 0) {
            return "-0x" + Long.toHexString(-(long) v);
        }
        return "0x" + Integer.toHexString(v);
    }

    static String floatImmediate(int bits) {
        float f = Float.intBitsToFloat(bits);
        if (Float.isNaN(f)) {
            return ((bits < 0) ? "-" : "+") + "QNAN";
        }
        if (Float.isInfinite(f)) {
            return f > 0 ? "+INF" : "-INF";
        }
        return decimal(f);
    }

    static String doubleImmediate(double d) {
        if (Double.isNaN(d)) {
            return "+QNAN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "+INF" : "-INF";
        }
        return decimal(d);
    }

    /** Integers plainly, short exact decimals plainly, anything else with 20 fraction digits (as nvdisasm does for 2^64). */
    private static String decimal(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 0x1p24) {
            return Long.toString((long) v);
        }
        BigDecimal exact = new BigDecimal(v);
        String plain = exact.stripTrailingZeros().toPlainString();
        if (plain.length() <= 16) {
            return plain;
        }
        // 21 significant digits of the exact value, d.dddd...e+XX
        BigDecimal r = exact.round(new java.math.MathContext(21, java.math.RoundingMode.HALF_EVEN));
        String digits = r.unscaledValue().abs().toString();
        digits = (digits + "0".repeat(21)).substring(0, 21);
        int exponent = r.precision() - r.scale() - 1;
        return (v < 0 ? "-" : "") + digits.charAt(0) + "." + digits.substring(1) + (exponent < 0 ? "e-" : "e+")
                + String.format(Locale.ROOT, "%02d", Math.abs(exponent));
    }
}

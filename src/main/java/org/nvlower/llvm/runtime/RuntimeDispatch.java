package org.nvlower.llvm.runtime;

import java.util.EnumSet;
import java.util.Set;

import org.nvlower.llvm.ir.CmpInst;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.Predicate;
import org.nvlower.llvm.ir.Type;
import org.nvlower.softfloat.FcmpPredicate;

/**
 * Seed 1's opcode dispatch, derived from the rows of {@link RuntimeFunction}: which runtime
 * function replaces an instruction. This is the one place that says which operations the 128-bit
 * lowering replaces; {@code nvlower stats} and {@code Lower128} both ask it.
 *
 * <p>An instruction is a 128-bit operation when its opcode is one a row replaces and its operand
 * or result (the element type, for vectors) is {@code fp128} or an integer wider than 64 bits
 * (NVPTX selects integers up to 64 bits). The row is the one whose types fit the instruction's
 * with the least widening: an integer operand of N bits fits a row integer of at least N bits
 * (extended by the row's signedness, e.g. {@code sitofp i24} uses the i32 row), an integer result
 * fits a wider row result (truncated; values out of range are poison in LLVM anyway), a
 * {@code half}/{@code bfloat} operand fits a {@code float} row (exact extension). Floating results
 * never narrow (that would round twice), so such operations, and integers wider than 128 bits,
 * have no row: they are {@link Unsupported}.
 */
public final class RuntimeDispatch {

    private RuntimeDispatch() {
    }

    /** What to do with one instruction. */
    public sealed interface Decision permits NotWide, Call, Fold, Unsupported {
    }

    /** Not a 128-bit operation of the table: left alone. */
    public record NotWide() implements Decision {
    }

    /**
     * Replaced by a call of {@code function}; operands narrower than its parameters are extended
     * ({@code signed}: sext, else zext; floats: fpext), a wider result is truncated.
     */
    public record Call(RuntimeFunction function, boolean signed) implements Decision {
    }

    /** {@code fcmp true}/{@code fcmp false} on fp128: a constant (the seed: "constant-folded before"). */
    public record Fold(boolean value) implements Decision {
    }

    /** A 128-bit operation of the table's opcodes that no row covers, and why. */
    public record Unsupported(String reason) implements Decision {
    }

    private static final NotWide NOT_WIDE = new NotWide();

    /** The opcodes some row replaces. */
    public static final Set<Opcode> OPCODES = opcodes();

    private static Set<Opcode> opcodes() {
        Set<Opcode> set = EnumSet.noneOf(Opcode.class);
        for (RuntimeFunction f : RuntimeFunction.values()) {
            if (f.isSeed()) {
                set.add(f.opcode());
            }
        }
        return set;
    }

    /** The decision for {@code inst} (vectors: for one element). */
    public static Decision decide(Instruction inst) {
        if (!OPCODES.contains(inst.opcode()) || inst.operandCount() == 0 || inst.operand(0) == null) {
            return NOT_WIDE;
        }
        Predicate p = inst instanceof CmpInst c ? c.predicate() : null;
        return decide(inst.opcode(), p, inst.operand(0).type().scalarType(), inst.type().scalarType());
    }

    /**
     * Whether the body of {@code f} may hold a 128-bit operation, without reading it: every such
     * operation spells {@code fp128} or an integer type wider than 64 bits (LLVM text writes each
     * operand's type, and only structs can be named), and the parser recorded the widest scalar
     * type each body spells when it checked it. A read body, or one of unknown source, answers
     * true. A pass that skips bodies answering false never reads them: lowering then costs little
     * more than the round trip.
     */
    public static boolean mayHoldWideOperations(org.nvlower.llvm.ir.Function f) {
        int bits = f.widestSourceScalarBits();
        return f.isMaterialized() || bits < 0 || bits > 64;
    }

    /** Whether {@code inst} is a 128-bit operation of the table (lowered, folded or unsupported). */
    public static boolean isWide(Instruction inst) {
        return !(decide(inst) instanceof NotWide);
    }

    /** The decision for {@code opcode} (with its fcmp predicate, else null) from {@code operand} to {@code result} scalars. */
    public static Decision decide(Opcode opcode, Predicate predicate, Type operand, Type result) {
        if (!OPCODES.contains(opcode) || !(isWide(operand) || isWide(result))) {
            return NOT_WIDE;
        }
        if (predicate == Predicate.TRUE || predicate == Predicate.FALSE) {
            return new Fold(predicate == Predicate.TRUE);
        }
        FcmpPredicate fcmp = predicate == null ? null : FcmpPredicate.valueOf(predicate.name());
        RuntimeFunction best = null;
        int bestBits = Integer.MAX_VALUE;
        for (RuntimeFunction f : RuntimeFunction.values()) {
            if (f.isSeed() && f.opcode() == opcode && f.predicate().orElse(null) == fcmp
                    && f.parameterTypes().stream().allMatch(t -> operandFits(operand, t))
                    && resultFits(result, f.returnType())) {
                int bits = f.returnType().bits() + f.parameterTypes().get(0).bits();
                if (bits < bestBits) {
                    best = f;
                    bestBits = bits;
                }
            }
        }
        if (best == null) {
            return new Unsupported("no runtime function " + verb(opcode) + " " + operand
                    + (operand.equals(result) || opcode == Opcode.FCMP ? "" : " to " + result));
        }
        return new Call(best, opcode == Opcode.SDIV || opcode == Opcode.SREM || opcode == Opcode.SITOFP);
    }

    /** fp128, or an integer NVPTX does not select (wider than 64 bits). */
    private static boolean isWide(Type t) {
        return t.isFp128() || t instanceof IntegerType i && i.bits() > 64;
    }

    private static boolean operandFits(Type t, ValueType row) {
        if (t instanceof IntegerType i) {
            return !row.isFloatingPoint() && row != ValueType.I1 && i.bits() <= row.bits();
        }
        return t == row.irType() || row == ValueType.F32 && (t == FloatType.HALF || t == FloatType.BFLOAT);
    }

    private static boolean resultFits(Type t, ValueType row) {
        if (t instanceof IntegerType i) {
            return !row.isFloatingPoint() && (row == ValueType.I1 ? i.bits() == 1 : i.bits() <= row.bits());
        }
        return t == row.irType();
    }

    private static String verb(Opcode op) {
        return switch (op) {
            case FPTOUI, FPTOSI, UITOFP, SITOFP, FPTRUNC, FPEXT -> "converts (" + op.keyword() + ")";
            default -> "computes " + op.keyword() + " on";
        };
    }
}

package org.nvlower.llvm.runtime;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantAggregate;
import org.nvlower.llvm.ir.ConstantExpr;
import org.nvlower.llvm.ir.ConstantFP;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.ConstantKeyword;
import org.nvlower.llvm.ir.Constants;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.Predicate;
import org.nvlower.llvm.ir.Type;

/**
 * Folds constant expressions on fp128/i128 ({@code fadd (fp128 ..., fp128 ...)}, {@code udiv
 * (i128 ..., i128 ...)}, {@code fptrunc (fp128 ... to double)} ...) with the semantics of the
 * runtime function that would compute them on the GPU ({@link RuntimeFunction#evaluate}, i.e.
 * softfloat), so that no 128-bit operation hides in a constant. Expressions whose operands are
 * not plain numbers (a {@code ptrtoint} of a global, a vector) stay as they are.
 */
public final class RuntimeConstants {

    private RuntimeConstants() {
    }

    /** {@code c} with every foldable 128-bit expression inside it folded; {@code c} itself when there is none. */
    public static Constant fold(Constant c) {
        return switch (c) {
            case ConstantExpr e -> foldExpr(e);
            case ConstantAggregate a -> {
                List<Constant> elements = foldAll(a.elements());
                yield elements == a.elements() ? a : new ConstantAggregate(a.type(), elements);
            }
            default -> c;
        };
    }

    /** Whether {@code c} holds a 128-bit operation of the table that {@link #fold} could not fold. */
    public static boolean hasWideExpression(Constant c) {
        boolean[] found = new boolean[1];
        Constants.walk(c, k -> found[0] |= k instanceof ConstantExpr e && !(decide(e) instanceof RuntimeDispatch.NotWide));
        return found[0];
    }

    private static List<Constant> foldAll(List<Constant> list) {
        List<Constant> out = null;
        for (int i = 0; i < list.size(); i++) {
            Constant f = fold(list.get(i));
            if (f != list.get(i) && out == null) {
                out = new ArrayList<>(list);
            }
            if (out != null) {
                out.set(i, f);
            }
        }
        return out == null ? list : out;
    }

    private static RuntimeDispatch.Decision decide(ConstantExpr e) {
        Predicate p = e.opcode() == org.nvlower.llvm.ir.Opcode.FCMP && !e.flags().isEmpty()
                ? Predicate.of(e.flags().get(0), true) : null;
        if (e.operands().isEmpty()) {
            return new RuntimeDispatch.NotWide();
        }
        return RuntimeDispatch.decide(e.opcode(), p, e.operands().get(0).type(), e.type());
    }

    private static Constant foldExpr(ConstantExpr e) {
        List<Constant> operands = foldAll(e.operands());
        ConstantExpr expr = operands == e.operands() ? e
                : new ConstantExpr(e.opcode(), e.flags(), e.type(), e.sourceType(), operands, e.inrangeOperand());
        RuntimeDispatch.Decision d = decide(expr);
        if (d instanceof RuntimeDispatch.Fold f && !(expr.type() instanceof org.nvlower.llvm.ir.VectorType)) {
            return Constants.i1(f.value());
        }
        if (!(d instanceof RuntimeDispatch.Call call)) {
            return expr;
        }
        RuntimeFunction row = call.function();
        List<Long> words = new ArrayList<>();
        for (int i = 0; i < row.parameterTypes().size(); i++) {
            Constant op = operands.get(i);
            if (op instanceof ConstantKeyword k && (k.keyword() == ConstantKeyword.Keyword.POISON
                    || k.keyword() == ConstantKeyword.Keyword.UNDEF)) {
                return Constants.poison(expr.type());
            }
            BigInteger bits = bitsOf(op, row.parameterTypes().get(i), call.signed());
            if (bits == null) {
                return expr;
            }
            if (row.parameterTypes().get(i).words() == 2) {
                words.add(bits.shiftRight(64).longValue());
            }
            words.add(bits.longValue());
        }
        long[] z = row.evaluate(words.stream().mapToLong(Long::longValue).toArray());
        BigInteger result = z.length == 2
                ? BigInteger.valueOf(z[0]).shiftLeft(64).or(new BigInteger(Long.toUnsignedString(z[1])))
                : new BigInteger(Long.toUnsignedString(z[0]));
        return constant(expr.type(), result);
    }

    /**
     * The bit pattern of {@code c} as an operand of row type {@code t} (integers extended as the
     * row's signedness says), or null when {@code c} is not a plain number of a type that fits.
     */
    private static BigInteger bitsOf(Constant c, ValueType t, boolean signed) {
        BigInteger mask = BigInteger.ONE.shiftLeft(t.bits()).subtract(BigInteger.ONE);
        return switch (c) {
            case ConstantInt i -> (signed ? i.value() : i.unsignedValue()).and(mask);
            case ConstantFP f when f.type() == t.irType() -> f.bits();
            case ConstantKeyword k when k.keyword() == ConstantKeyword.Keyword.ZEROINITIALIZER
                    && (k.type() instanceof IntegerType || k.type() == t.irType()) -> BigInteger.ZERO;
            default -> null;
        };
    }

    /** The constant of {@code type} (the expression's own, narrower than the row's result if truncated) with {@code bits}. */
    private static Constant constant(Type type, BigInteger bits) {
        if (type instanceof IntegerType i) {
            return Constants.integer(i, bits);
        }
        return new ConstantFP((FloatType) type, bits.and(BigInteger.ONE.shiftLeft(((FloatType) type).bits())
                .subtract(BigInteger.ONE)));
    }
}

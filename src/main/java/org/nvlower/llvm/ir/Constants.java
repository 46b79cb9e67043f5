package org.nvlower.llvm.ir;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Factories for constants and constant expressions, checked as the instructions they mirror,
 * and walks over constants.
 */
public final class Constants {

    private Constants() {
    }

    public static ConstantInt i1(boolean value) {
        return value ? ConstantInt.TRUE : ConstantInt.FALSE;
    }

    public static ConstantInt i32(long value) {
        return ConstantInt.of(IntegerType.I32, value);
    }

    public static ConstantInt i64(long value) {
        return ConstantInt.of(IntegerType.I64, value);
    }

    /** An integer of {@code type} with the two's complement bits of {@code value} (wrapped to the width). */
    public static ConstantInt integer(IntegerType type, BigInteger value) {
        BigInteger mask = BigInteger.ONE.shiftLeft(type.bits()).subtract(BigInteger.ONE);
        BigInteger bits = value.and(mask);
        // LLVM writes integers as signed values
        BigInteger signed = bits.testBit(type.bits() - 1) && type.bits() > 1 ? bits.subtract(mask).subtract(BigInteger.ONE) : bits;
        return new ConstantInt(type, type.bits() == 1 ? bits : signed);
    }

    /** An integer of {@code type} from the low bits of {@code value}. */
    public static ConstantInt integer(IntegerType type, long value) {
        return integer(type, BigInteger.valueOf(value));
    }

    public static ConstantKeyword poison(Type type) {
        return new ConstantKeyword(ConstantKeyword.Keyword.POISON, type);
    }

    public static ConstantKeyword undef(Type type) {
        return new ConstantKeyword(ConstantKeyword.Keyword.UNDEF, type);
    }

    public static ConstantKeyword zero(Type type) {
        return new ConstantKeyword(ConstantKeyword.Keyword.ZEROINITIALIZER, type);
    }

    public static ConstantKeyword nullPointer(PointerType type) {
        return new ConstantKeyword(ConstantKeyword.Keyword.NULL, type);
    }

    /** {@code op (T c to U)}, if the cast is valid (see {@link CastInst#invalidReason}). */
    public static ConstantExpr cast(Opcode op, Constant c, Type to) {
        String why = CastInst.invalidReason(op, c.type(), to);
        if (why != null) {
            throw new IllegalArgumentException(op + " " + c.type() + " to " + to + ": " + why);
        }
        return new ConstantExpr(op, List.of(), to, null, List.of(c));
    }

    /** {@code getelementptr [inbounds] (T, ptr base, indices...)}. */
    public static ConstantExpr gep(Module module, Type sourceType, Constant base, List<Constant> indices,
            boolean inbounds) {
        if (!(base.type() instanceof PointerType p)) {
            throw new IllegalArgumentException("getelementptr base of type " + base.type());
        }
        Type t = sourceType;
        for (int i = 1; i < indices.size(); i++) {
            t = Types.indexInto(t, indices.get(i));
        }
        List<Constant> ops = new ArrayList<>();
        ops.add(base);
        ops.addAll(indices);
        return new ConstantExpr(Opcode.GETELEMENTPTR, inbounds ? List.of("inbounds") : List.of(),
                module.pointerTo(t, p.addressSpace()), sourceType, ops);
    }

    /** Calls {@code action} on {@code c} and every constant inside it. */
    public static void walk(Constant c, Consumer<Constant> action) {
        action.accept(c);
        switch (c) {
            case ConstantAggregate a -> a.elements().forEach(e -> walk(e, action));
            case ConstantExpr e -> e.operands().forEach(o -> walk(o, action));
            case BlockAddress b -> walk(b.global(), action);
            default -> {
            }
        }
    }

    /** Whether {@code g} occurs in {@code c}. */
    public static boolean refersTo(Constant c, GlobalValue g) {
        boolean[] found = new boolean[1];
        walk(c, k -> found[0] |= k == g);
        return found[0];
    }

    /** The globals that occur in {@code c}, in order (with repeats). */
    public static List<GlobalValue> globals(Constant c) {
        List<GlobalValue> list = new ArrayList<>();
        walk(c, k -> {
            if (k instanceof GlobalValue g) {
                list.add(g);
            }
        });
        return list;
    }
}

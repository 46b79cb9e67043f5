package org.nvlower.mlir;

import java.math.BigInteger;

/**
 * An integer of an integer or index type. The value is kept as MLIR prints it: signed for
 * signless and signed types (so {@code 255 : i8} is -1), unsigned for unsigned ones, and 0 or 1
 * for {@code i1} ({@code true}/{@code false}).
 */
public record IntegerAttr(BigInteger value, MlirType type) implements MlirAttribute {

    public static final IntegerAttr TRUE = new IntegerAttr(BigInteger.ONE, MlirIntegerType.I1);
    public static final IntegerAttr FALSE = new IntegerAttr(BigInteger.ZERO, MlirIntegerType.I1);

    public IntegerAttr {
        if (!(type instanceof MlirIntegerType || type instanceof IndexType)) {
            throw new IllegalArgumentException("integer attribute of type " + type);
        }
        if (!value.equals(normalize(value, type))) {
            throw new IllegalArgumentException(value + " is not a normalized " + type);
        }
    }

    public static IntegerAttr of(long value, MlirType type) {
        return new IntegerAttr(normalize(BigInteger.valueOf(value), type), type);
    }

    /**
     * Whether {@code value} fits {@code type}: in the signed or the unsigned range for signless
     * types (MLIR reads {@code 255 : i8}), in its own range otherwise.
     */
    public static boolean fits(BigInteger value, MlirType type) {
        int w = width(type);
        boolean unsigned = type instanceof MlirIntegerType t && t.signedness() == MlirIntegerType.Signedness.UNSIGNED;
        boolean signed = type instanceof MlirIntegerType t && t.signedness() == MlirIntegerType.Signedness.SIGNED;
        if (value.signum() < 0) {
            return !unsigned && value.bitLength() <= w - 1;
        }
        return signed ? value.bitLength() <= w - 1 : value.bitLength() <= w;
    }

    /** The value as this attribute stores it (see the class comment); {@code value} must fit. */
    public static BigInteger normalize(BigInteger value, MlirType type) {
        int w = width(type);
        BigInteger mask = BigInteger.ONE.shiftLeft(w).subtract(BigInteger.ONE);
        BigInteger bits = value.and(mask);
        boolean unsigned = type instanceof MlirIntegerType t && t.signedness() == MlirIntegerType.Signedness.UNSIGNED;
        if (unsigned || w == 1) {
            return bits;
        }
        return bits.testBit(w - 1) ? bits.subtract(BigInteger.ONE.shiftLeft(w)) : bits;
    }

    private static int width(MlirType type) {
        return type instanceof MlirIntegerType t ? t.width() : 64;
    }

    public long longValue() {
        return value.longValue();
    }

    public boolean isBool() {
        return type.equals(MlirIntegerType.I1);
    }

    @Override
    public String toString() {
        return Attributes.print(this, false);
    }
}

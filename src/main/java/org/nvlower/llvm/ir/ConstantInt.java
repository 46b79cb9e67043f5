package org.nvlower.llvm.ir;

import java.math.BigInteger;

/**
 * An integer constant; {@code value} is the two's complement value as written (signed), so
 * {@code i8 -1} and {@code i8 255} are the same bits. {@code true}/{@code false} are {@code i1}.
 */
public record ConstantInt(IntegerType type, BigInteger value) implements Constant {

    public static final ConstantInt TRUE = new ConstantInt(IntegerType.I1, BigInteger.ONE);
    public static final ConstantInt FALSE = new ConstantInt(IntegerType.I1, BigInteger.ZERO);

    public static ConstantInt of(IntegerType type, long value) {
        return new ConstantInt(type, BigInteger.valueOf(value));
    }

    /** The low {@code type().bits()} bits of the value, as an unsigned number. */
    public BigInteger unsignedValue() {
        return value.signum() >= 0 && value.bitLength() <= type.bits()
                ? value : value.and(BigInteger.ONE.shiftLeft(type.bits()).subtract(BigInteger.ONE));
    }
}

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

    /** Whether every bit is 0 ({@code false}, {@code i32 0}). */
    public boolean isZero() {
        return value.signum() == 0;
    }

    /** The value as a signed number of its width ({@code i8 255} is -1, {@code i1 true} is -1, as LLVM reads them). */
    public BigInteger signedValue() {
        BigInteger u = unsignedValue();
        return u.testBit(type.bits() - 1) ? u.subtract(BigInteger.ONE.shiftLeft(type.bits())) : u;
    }

    /** The low {@code type().bits()} bits of the value, as an unsigned number. */
    public BigInteger unsignedValue() {
        return value.signum() >= 0 && value.bitLength() <= type.bits()
                ? value : value.and(BigInteger.ONE.shiftLeft(type.bits()).subtract(BigInteger.ONE));
    }
}

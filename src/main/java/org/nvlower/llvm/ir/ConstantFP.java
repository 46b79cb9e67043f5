package org.nvlower.llvm.ir;

import java.math.BigInteger;

/**
 * A floating-point constant given by its encoding in its own format: {@code bits} holds
 * {@code type.bits()} bits (for fp128 the IEEE binary128 encoding, sign in bit 127).
 */
public record ConstantFP(FloatType type, BigInteger bits) implements Constant {

    public ConstantFP {
        if (bits.signum() < 0 || bits.bitLength() > type.bits()) {
            throw new IllegalArgumentException("encoding does not fit " + type + ": " + bits.toString(16));
        }
    }

    public static ConstantFP ofDouble(double d) {
        return new ConstantFP(FloatType.DOUBLE, new BigInteger(Long.toUnsignedString(Double.doubleToRawLongBits(d))));
    }

    public static ConstantFP ofFloat(float f) {
        return new ConstantFP(FloatType.FLOAT, BigInteger.valueOf(Float.floatToRawIntBits(f) & 0xffffffffL));
    }
}

package org.nvlower.softfloat;

import java.math.BigInteger;

/**
 * An immutable unsigned 128-bit integer (high word first). Arithmetic wraps modulo 2^128;
 * division follows {@link I128} (x / 0 = all ones, x % 0 = x).
 */
public record UInt128(long hi, long lo) implements Comparable<UInt128> {

    public static final UInt128 ZERO = new UInt128(0, 0);
    public static final UInt128 ONE = new UInt128(0, 1);
    public static final UInt128 MAX_VALUE = new UInt128(-1, -1);

    private static final BigInteger MAX = BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE);

    /** The value of a long read as unsigned (zero-extended). */
    public static UInt128 ofUnsigned(long value) {
        return new UInt128(0, value);
    }

    /** The value of {@code v}; throws ArithmeticException outside [0, 2^128 - 1]. */
    public static UInt128 of(BigInteger v) {
        if (v.signum() < 0 || v.compareTo(MAX) > 0) {
            throw new ArithmeticException("out of the unsigned 128-bit range: " + v);
        }
        return new UInt128(v.shiftRight(64).longValue(), v.longValue());
    }

    /** Parses 1 to 32 hex digits (optional 0x prefix). */
    public static UInt128 parseHex(String hex) {
        long[] w = Hex128.parse(hex);
        return new UInt128(w[0], w[1]);
    }

    /** 32 uppercase hex digits. */
    public String toHex() {
        return Hex128.format(hi, lo);
    }

    public BigInteger toBigInteger() {
        return new BigInteger(Long.toUnsignedString(hi)).shiftLeft(64)
                .add(new BigInteger(Long.toUnsignedString(lo)));
    }

    public Int128 toSigned() {
        return new Int128(hi, lo);
    }

    public UInt128 add(UInt128 b) {
        return I128.apply(I128::add, hi, lo, b.hi, b.lo, UInt128::new);
    }

    public UInt128 subtract(UInt128 b) {
        return I128.apply(I128::sub, hi, lo, b.hi, b.lo, UInt128::new);
    }

    public UInt128 multiply(UInt128 b) {
        return I128.apply(I128::mul, hi, lo, b.hi, b.lo, UInt128::new);
    }

    public UInt128 divide(UInt128 b) {
        return I128.apply(I128::udiv, hi, lo, b.hi, b.lo, UInt128::new);
    }

    public UInt128 remainder(UInt128 b) {
        return I128.apply(I128::urem, hi, lo, b.hi, b.lo, UInt128::new);
    }

    public UInt128 shiftLeft(int n) {
        return I128.apply(I128::shl, hi, lo, n, UInt128::new);
    }

    /** Logical (zero-filling) shift right. */
    public UInt128 shiftRight(int n) {
        return I128.apply(I128::lshr, hi, lo, n, UInt128::new);
    }

    @Override
    public int compareTo(UInt128 b) {
        return I128.compareUnsigned(hi, lo, b.hi, b.lo);
    }

    /** Decimal. */
    @Override
    public String toString() {
        return toBigInteger().toString();
    }
}

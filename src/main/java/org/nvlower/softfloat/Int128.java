package org.nvlower.softfloat;

import java.math.BigInteger;

/**
 * An immutable signed 128-bit integer (two's complement, high word first). Arithmetic wraps
 * modulo 2^128; division follows {@link I128} (x / 0 = -1, x % 0 = x, MIN / -1 = MIN).
 */
public record Int128(long hi, long lo) implements Comparable<Int128> {

    public static final Int128 ZERO = new Int128(0, 0);
    public static final Int128 ONE = new Int128(0, 1);
    public static final Int128 MINUS_ONE = new Int128(-1, -1);
    public static final Int128 MIN_VALUE = new Int128(Long.MIN_VALUE, 0);
    public static final Int128 MAX_VALUE = new Int128(Long.MAX_VALUE, -1);

    private static final BigInteger MIN = BigInteger.ONE.shiftLeft(127).negate();
    private static final BigInteger MAX = BigInteger.ONE.shiftLeft(127).subtract(BigInteger.ONE);

    /** The value of a long, sign-extended. */
    public static Int128 of(long value) {
        return new Int128(value >> 63, value);
    }

    /** The value of {@code v}; throws ArithmeticException outside [-2^127, 2^127 - 1]. */
    public static Int128 of(BigInteger v) {
        if (v.compareTo(MIN) < 0 || v.compareTo(MAX) > 0) {
            throw new ArithmeticException("out of the signed 128-bit range: " + v);
        }
        return new Int128(v.shiftRight(64).longValue(), v.longValue());
    }

    /** Parses the two's complement bit pattern from 1 to 32 hex digits (optional 0x prefix). */
    public static Int128 parseHex(String hex) {
        long[] w = Hex128.parse(hex);
        return new Int128(w[0], w[1]);
    }

    /** The bit pattern as 32 uppercase hex digits. */
    public String toHex() {
        return Hex128.format(hi, lo);
    }

    public BigInteger toBigInteger() {
        return BigInteger.valueOf(hi).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(lo)));
    }

    public UInt128 toUnsigned() {
        return new UInt128(hi, lo);
    }

    public Int128 add(Int128 b) {
        return I128.apply(I128::add, hi, lo, b.hi, b.lo, Int128::new);
    }

    public Int128 subtract(Int128 b) {
        return I128.apply(I128::sub, hi, lo, b.hi, b.lo, Int128::new);
    }

    public Int128 multiply(Int128 b) {
        return I128.apply(I128::mul, hi, lo, b.hi, b.lo, Int128::new);
    }

    public Int128 divide(Int128 b) {
        return I128.apply(I128::sdiv, hi, lo, b.hi, b.lo, Int128::new);
    }

    public Int128 remainder(Int128 b) {
        return I128.apply(I128::srem, hi, lo, b.hi, b.lo, Int128::new);
    }

    /** -x, wrapping: MIN_VALUE stays MIN_VALUE. */
    public Int128 negate() {
        return I128.apply(I128::sub, 0, 0, hi, lo, Int128::new);
    }

    public Int128 shiftLeft(int n) {
        return I128.apply(I128::shl, hi, lo, n, Int128::new);
    }

    /** Arithmetic (sign-filling) shift right. */
    public Int128 shiftRight(int n) {
        return I128.apply(I128::ashr, hi, lo, n, Int128::new);
    }

    public int signum() {
        return hi < 0 ? -1 : (hi | lo) == 0 ? 0 : 1;
    }

    @Override
    public int compareTo(Int128 b) {
        return I128.compareSigned(hi, lo, b.hi, b.lo);
    }

    /** Decimal, as BigInteger prints it. */
    @Override
    public String toString() {
        return toBigInteger().toString();
    }
}

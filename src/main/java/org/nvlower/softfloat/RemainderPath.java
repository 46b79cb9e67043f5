package org.nvlower.softfloat;

/**
 * IEEE 754 remainder of binary16, bfloat16, binary32 and binary64 on the JVM's double, where
 * provably the general path's (which goes through binary128): value, and no flag, since the
 * remainder is exact. Declines ({@link HardwarePath#NONE}, no flag touched) NaN, infinite or zero
 * operands' special cases, quotients of 2^62 or more, subnormal operands under daz and subnormal
 * results under ftz.
 *
 * <p>n = rint(x / y) from the rounded quotient, then r = fma(-n, y, x). If the exact x - n y is at
 * most |y| / 2 it is a multiple of min(ulp x, ulp y) below 2^53 such units, so a double, and the
 * fma returns it exactly; n is then a nearest integer to x / y. A rounded |r| below |y| / 2 thus
 * certifies r, and |r| = |y| / 2 is an exact tie (exact values that round to it are themselves
 * doubles there, or n = 0 and r = x), where n must be even: else -r, the remainder for n +- 1.
 * A larger |r| means n was off by one: declined.
 */
final class RemainderPath {

    private RemainderPath() {}

    /** The IEEE remainder of finite x by y, exact, or NaN where not certified (or x, y special). */
    static double remainder(double x, double y) {
        double q = x / y;
        if (!(Math.abs(q) < 0x1p62) || !(Math.abs(y) >= 0x1p-1021)) {
            return Double.NaN; // infinite or NaN operands or quotient, or |y| / 2 not exact
        }
        double n = Math.rint(q);
        double r = Math.fma(-n, y, x);
        double half = 0.5 * Math.abs(y);
        double m = Math.abs(r);
        if (m < half) {
            return r == 0 ? Math.copySign(0.0, x) : r;
        }
        if (m == half) {
            return (((long) n) & 1) == 0 ? r : -r;
        }
        return Double.NaN;
    }

    private static boolean dazOperand(boolean subnormalA, boolean subnormalB, Env env) {
        return env.daz && (subnormalA || subnormalB);
    }

    static long rem16(short a, short b, Env env) {
        if (dazOperand((a & 0x7C00) == 0, (b & 0x7C00) == 0, env)) {
            return HardwarePath.NONE;
        }
        double r = remainder(Float.float16ToFloat(a), Float.float16ToFloat(b));
        if (r != r || (env.ftz && r != 0 && Math.abs(r) < 0x1p-14)) {
            return HardwarePath.NONE;
        }
        return Float.floatToFloat16((float) r) & 0xFFFFL; // exact: a remainder is representable
    }

    static long remBF16(short a, short b, Env env) {
        if (dazOperand((a & 0x7F80) == 0, (b & 0x7F80) == 0, env)) {
            return HardwarePath.NONE;
        }
        double r = remainder(Float.intBitsToFloat(a << 16), Float.intBitsToFloat(b << 16));
        if (r != r || (env.ftz && r != 0 && Math.abs(r) < 0x1p-126)) {
            return HardwarePath.NONE;
        }
        return Float.floatToRawIntBits((float) r) >>> 16;
    }

    static long rem32(int a, int b, Env env) {
        if (dazOperand((a & 0x7F800000) == 0, (b & 0x7F800000) == 0, env)) {
            return HardwarePath.NONE;
        }
        double r = remainder(Float.intBitsToFloat(a), Float.intBitsToFloat(b));
        if (r != r || (env.ftz && r != 0 && Math.abs(r) < 0x1p-126)) {
            return HardwarePath.NONE;
        }
        return Float.floatToRawIntBits((float) r) & 0xFFFFFFFFL;
    }

    /** The result's bits; as a long, -1 (HardwarePath.NONE) is a NaN pattern no remainder has. */
    static long rem64(long a, long b, Env env) {
        if (dazOperand((a & 0x7FF0000000000000L) == 0, (b & 0x7FF0000000000000L) == 0, env)) {
            return HardwarePath.NONE;
        }
        double r = remainder(Double.longBitsToDouble(a), Double.longBitsToDouble(b));
        if (r != r || (env.ftz && r != 0 && Math.abs(r) < 0x1p-1022)) {
            return HardwarePath.NONE;
        }
        return Double.doubleToRawLongBits(r);
    }
}

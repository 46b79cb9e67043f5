package org.nvlower.softfloat;

/**
 * IEEE 754 remainder of binary16, bfloat16, binary32 and binary64 on the JVM's double, where
 * provably the general path's (which goes through binary128): value, and no flag, since the
 * remainder is exact. Declines ({@link HardwarePath#NONE}, no flag touched) NaN, infinite or zero
 * operands' special cases, divisors below 2^-1021, subnormal operands under daz and subnormal
 * results under ftz. A quotient of 2^52 or more is first brought below 2^52 by {@code reduce}.
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

    /**
     * {@link #remainder} for operands whose quotient may reach 2^52 (bfloat16, binary32, binary64;
     * a binary16 quotient stays below 2^40).
     */
    static double wideRemainder(double x, double y) {
        double ay = Math.abs(y);
        if (Math.abs(x) >= 0x1p52 * ay && ay >= 0x1p-1021) { // 0x1p52 * ay may be infinite: false
            x = Math.copySign(reduce(Math.abs(x), ay), x);
        }
        return remainder(x, y);
    }

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

    /**
     * ax reduced modulo even multiples of ay (both finite, ay normal) until ax / ay < 2^52, where
     * the rounded quotient is within one of the true one: the IEEE remainder and the parity of its
     * quotient stay. Each step takes Y = ay 2^j with j = (exponent difference) - 50 >= 1, so
     * ax / Y < 2^51 and n = floor(rounded ax / Y) is the true floor or one more; ax - n Y is then
     * a multiple of ulp(Y) below Y in magnitude (at most 53 bits), so the fma gives it exactly,
     * and adding Y back to a negative one is exact too.
     */
    private static double reduce(double ax, double ay) {
        while (ax >= 0x1p52 * ay) {
            double big = Math.scalb(ay, Math.getExponent(ax) - Math.getExponent(ay) - 50);
            double n = Math.floor(ax / big);
            double r = Math.fma(-n, big, ax);
            ax = r < 0 ? r + big : r;
        }
        return ax;
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
        double r = wideRemainder(Float.intBitsToFloat(a << 16), Float.intBitsToFloat(b << 16));
        if (r != r || (env.ftz && r != 0 && Math.abs(r) < 0x1p-126)) {
            return HardwarePath.NONE;
        }
        return Float.floatToRawIntBits((float) r) >>> 16;
    }

    /**
     * binary32: {@link #remainder}'s steps inline (a float divisor is never below 2^-1021 and a
     * quotient below 2^52 needs no bound), and the special operands answered here rather than
     * through the general path's binary128: an infinite dividend or a zero divisor is INVALID, an
     * infinite divisor leaves the dividend. NaN operands are declined.
     */
    static long rem32(int a, int b, Env env) {
        if (env.daz && ((a & 0x7F800000) == 0 || (b & 0x7F800000) == 0)) {
            return HardwarePath.NONE;
        }
        double x = Float.intBitsToFloat(a);
        double y = Float.intBitsToFloat(b);
        double ay = Math.abs(y);
        if (!(Math.abs(x) < 0x1p52 * ay)) { // also NaNs, an infinite x and a zero y
            return rem32Special(a, x, y, env);
        }
        double n = Math.rint(x / y);
        double r = Math.fma(-n, y, x); // NaN for an infinite y
        double m = Math.abs(r);
        double half = 0.5 * ay;
        if (m == half && (((long) n) & 1) != 0) {
            r = -r;
        } else if (!(m <= half)) {
            return rem32Special(a, x, y, env);
        }
        return pack32(r == 0 ? Math.copySign(0.0, x) : r, env);
    }

    /** rem32's exact result r as bits, or declined where ftz would flush it. */
    private static long pack32(double r, Env env) {
        if (env.ftz && r != 0 && Math.abs(r) < 0x1p-126) {
            return HardwarePath.NONE;
        }
        return Float.floatToRawIntBits((float) r) & 0xFFFFFFFFL; // exact: a remainder is representable
    }

    /** rem32 for NaNs (declined), invalid operands, an infinite divisor and quotients of 2^52 or more. */
    private static long rem32Special(int a, double x, double y, Env env) {
        if (x != x || y != y) {
            return HardwarePath.NONE;
        }
        if (Double.isInfinite(x) || y == 0) {
            env.flags |= ExceptionFlags.INVALID;
            return FloatFormat.BINARY32.defaultNaN(env.specialization);
        }
        if (Double.isInfinite(y)) {
            return pack32(x, env);
        }
        double ay = Math.abs(y);
        double r = remainder(Math.copySign(reduce32(Math.abs(x), ay), x), y);
        return r != r ? HardwarePath.NONE : pack32(r, env);
    }

    /**
     * {@link #reduce} for floats (normal as doubles, ax / ay below 2^278): Y = ay 2^j built by
     * adding j to ay's exponent field (no overflow: Y < ax < 2^128) rather than Math.scalb.
     */
    private static double reduce32(double ax, double ay) {
        long yBits = Double.doubleToRawLongBits(ay);
        while (ax >= 0x1p52 * ay) {
            long j = (Double.doubleToRawLongBits(ax) >>> 52) - (yBits >>> 52) - 50;
            double big = Double.longBitsToDouble(yBits + (j << 52));
            double n = Math.floor(ax / big);
            double r = Math.fma(-n, big, ax);
            ax = r < 0 ? r + big : r;
        }
        return ax;
    }

    /**
     * The result's bits; as a long, -1 (HardwarePath.NONE) is a NaN pattern no remainder has.
     * binary64's own form of {@link #wideRemainder}: the special operands answered here (x rem
     * infinity is x, an infinite x or a zero y is invalid), any nonzero divisor (|r| compared
     * with |y| as 2|r|, exact, so no |y| / 2 need be), and the reduction's divisor built from
     * its bits.
     */
    static long rem64(long a, long b, Env env) {
        if (dazOperand((a & 0x7FF0000000000000L) == 0, (b & 0x7FF0000000000000L) == 0, env)) {
            return HardwarePath.NONE;
        }
        double x = Double.longBitsToDouble(a);
        double y = Double.longBitsToDouble(b);
        double ay = Math.abs(y);
        if (!(Math.abs(x) < Double.POSITIVE_INFINITY && ay < Double.POSITIVE_INFINITY && ay > 0)) {
            return special64(a, x, y, env);
        }
        if (Math.abs(x) >= 0x1p52 * ay) { // 0x1p52 * ay may be infinite: false
            if (ay < 0x1p-1022) {
                return HardwarePath.NONE;
            }
            x = Math.copySign(reduce64(Math.abs(x), ay), x);
        }
        // |x / y| < 2^52 + 1: n is within one of the nearest integer; as in remainder().
        double n = Math.rint(x / y);
        double r = Math.fma(-n, y, x);
        double m2 = 2 * Math.abs(r); // exact, or infinite for an r far too large
        if (m2 < ay) {
            r = r == 0 ? Math.copySign(0.0, x) : r;
        } else if (m2 == ay) {
            r = (((long) n) & 1) == 0 ? r : -r;
        } else {
            return HardwarePath.NONE;
        }
        if (env.ftz && r != 0 && Math.abs(r) < 0x1p-1022) {
            return HardwarePath.NONE;
        }
        return Double.doubleToRawLongBits(r);
    }

    /** {@link #reduce} with Y's bits made from ay's (ay normal; Y's exponent ex - 50 <= 973). */
    private static double reduce64(double ax, double ay) {
        long yBits = Double.doubleToRawLongBits(ay);
        while (ax >= 0x1p52 * ay) {
            double big = Double.longBitsToDouble(yBits + ((long) (Math.getExponent(ax) - Math.getExponent(ay) - 50) << 52));
            double n = Math.floor(ax / big);
            double r = Math.fma(-n, big, ax);
            ax = r < 0 ? r + big : r;
        }
        return ax;
    }

    /** A NaN, infinite or zero operand, x finite and y infinite, or y zero (no daz here). */
    private static long special64(long a, double x, double y, Env env) {
        if (x != x || y != y) {
            return HardwarePath.NONE; // NaN propagation: the general path
        }
        if (Math.abs(x) == Double.POSITIVE_INFINITY || y == 0) {
            env.flags |= ExceptionFlags.INVALID;
            return FloatFormat.BINARY64.defaultNaN(env.specialization);
        }
        // y infinite, x finite: x itself (flushed under ftz by the general path)
        return env.ftz && (a & 0x7FF0000000000000L) == 0 && x != 0 ? HardwarePath.NONE : a;
    }
}

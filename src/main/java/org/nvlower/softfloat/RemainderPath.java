package org.nvlower.softfloat;

/**
 * IEEE 754 remainder of binary16, bfloat16, binary32 and binary64 on the JVM's double, where
 * provably the general path's (which goes through binary128): value, and no flag, since the
 * remainder is exact. Declines ({@link HardwarePath#NONE}, no flag touched) NaN operands (and,
 * for bfloat16, the other special operands and divisors below 2^-1021; binary16 answers its
 * special operands itself), subnormal operands under daz and subnormal results under ftz. A quotient of 2^52 or more is first brought
 * below 2^52 by {@code reduce}.
 *
 * <p>n = rint(x / y) from the rounded quotient, then r = fma(-n, y, x). If the exact x - n y is at
 * most |y| / 2 it is a multiple of min(ulp x, ulp y) below 2^53 such units, so a double, and the
 * fma returns it exactly; n is then a nearest integer to x / y. A rounded |r| below |y| / 2 thus
 * certifies r, and |r| = |y| / 2 is an exact tie (exact values that round to it are themselves
 * doubles there, or n = 0 and r = x), where n must be even: else -r, the remainder for n +- 1.
 * A larger |r| means n was off by one: {@code tieOrStep} steps it.
 */
final class RemainderPath {

    private RemainderPath() {}

    /**
     * {@link #remainder} for operands whose quotient may reach 2^52 (bfloat16, binary32, binary64;
     * a binary16 quotient stays below 2^40).
     */
    static double wideRemainder(double x, double y) {
        double ay = Math.abs(y);
        double r;
        if (Math.abs(x) >= 0x1p52 * ay && ay >= 0x1p-1022) { // 0x1p52 * ay may be infinite: false
            r = remainder(reduce(x, ay), y);
            return r == 0 ? Math.copySign(0.0, x) : r; // a zero remainder has x's sign, not x''s
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
        if (!(2 * Math.abs(r) < Math.abs(y))) {
            r = tieOrStep(x, y, n, r);
        }
        return r == 0 ? Math.copySign(0.0, x) : r;
    }

    /**
     * The remainder where n = rint(x / y) left a rounded r = fma(-n, y, x) with 2|r| >= |y| (or r
     * NaN), or NaN where not certified. 2|r| = |y| is an exact tie (exact values that round to it
     * are themselves doubles there, or n = 0 and r = x), where n must be even: else -r, the
     * remainder for n +- 1. A larger 2|r| (exact, or infinite) means n is not a nearest integer:
     * rounding kept the exact x - n y's sign, so n steps by one toward x / y, and the new r is
     * certified as in {@link #remainder} (rounding is monotone: a rounded 2|r| <= |y| is the exact
     * one's). Where the quotient was below 2^52 + 1, one step always suffices (n was within one of
     * the nearest integer); it used to be declined.
     */
    private static double tieOrStep(double x, double y, double n, double r) {
        double ay = Math.abs(y);
        double m2 = 2 * Math.abs(r);
        if (m2 > ay) {
            n += (r > 0) == (y > 0) ? 1 : -1; // an integer still; the check below certifies any
            r = Math.fma(-n, y, x);
            m2 = 2 * Math.abs(r);
        }
        if (m2 == ay) {
            return (((long) n) & 1) == 0 ? r : -r;
        }
        return m2 < ay ? r : Double.NaN;
    }

    /**
     * x reduced modulo even multiples of ay to an x' of the same IEEE remainder by ay (and the same
     * parity of its quotient), with |x'| < 2^52 ay: x finite, ay normal and |x| >= 2^52 ay, so
     * that D = (x's exponent) - (ay's exponent) >= 52. x' may be negative or a zero of either
     * sign; the caller gives a zero result x's sign.
     *
     * <p>Step k divides by Y = ay 2^j, j = D - 49 - 50k, through inv = RN(1/Y) (one division
     * before the loop; Y and inv then move by exact powers of two: Y stays at or above 2^3 ay,
     * normal, and 1/Y at or above 2^-976, normal, as Y's exponent is at most 1023 - 49), so a step
     * is a multiplication, a rint and an fma instead of a division, a floor, an fma and a
     * correction. Why n = rint(x inv) needs no correction: |x| < 2^50 Y (at step 0, |x| <
     * 2^(ex + 1) and Y >= 2^(ex - 49); later |x| < Y_previous = 2^50 Y), so the rounded x inv is
     * within |x / Y| (2^-52 + 2^-106) < 1/4 + 2^-56 of x / Y, n within 3/4 + 2^-56 of it, and r = x
     * - n Y below Y in magnitude. r is a multiple of ulp(Y) (x is one of ulp(Y_previous) = 2^50
     * ulp(Y), or at step 0 of ulp(x) = 2^49 ulp(Y)), so it has at most 53 bits and the fma
     * returns it exactly. Subtracting n Y with j >= 1 keeps x modulo 2 ay. The loop ends after the
     * step with j <= 52, leaving |x'| < ay 2^52; the signed remainder (|r| < Y rather than 0 <= r <
     * Y) is what saves the correction, whose branch was unpredictable.
     */
    static double reduce(double x, double ay) {
        long yBits = Double.doubleToRawLongBits(ay);
        long j = ((Double.doubleToRawLongBits(x) >>> 52) & 0x7FF) - (yBits >>> 52) - 49;
        double big = Double.longBitsToDouble(yBits + (j << 52));
        double inv = 1 / big;
        for (;;) {
            x = Math.fma(-Math.rint(x * inv), big, x);
            if (j <= 52) {
                return x;
            }
            j -= 50;
            big *= 0x1p-50;
            inv *= 0x1p50;
        }
    }

    private static boolean dazOperand(boolean subnormalA, boolean subnormalB, Env env) {
        return env.daz && (subnormalA || subnormalB);
    }

    /**
     * binary16, call-free (the benchmark's loop inlines it whole): the special operands answered in
     * line as {@link Narrow#remainder} answers them, and no {@link #tieOrStep}, which binary16
     * never needs. Why n = rint(x / y) is the remainder's quotient (nearest, ties to even): with
     * x = X 2^ex, y = Y 2^ey (integers X, Y < 2^11, ex, ey in [-24, 5]), a half-integer h that is
     * not x / y lies at least 2^min(ex + 1, ey) / (2|y|) > 2^(min(ex + 1, ey) - ey - 12) from it
     * (2x - (2k + 1) y is a nonzero multiple of 2^min(ex + 1, ey)), while the rounded quotient is
     * within 2^-53 |x / y| < 2^(ex - ey - 42) of it: less, as ex - ey <= 29. So x / y and its
     * rounding lie between the same two half-integers and rint gives the same integer; an exact
     * half-integer quotient (below 2^41, a double) is the rounded one, and rint's tie to even is
     * the remainder's. Then |x - n y| <= |y| / 2 is a multiple of 2^min(ex, ey) below 2^39 such
     * units, so the fma returns it exactly, and it is a binary16 value (the float conversions
     * exact). A zero remainder takes x's sign (the fma's exact zero is +0 unless both terms are
     * -0). r is NaN exactly for the special operands (a NaN, an infinite x, a zero y: x / y
     * infinite or NaN; an infinite y: 0 times infinity in the fma): a finite x over a finite
     * nonzero y gives a finite quotient (below 2^41) and a finite r. Declined: subnormal
     * operands under daz and subnormal results under ftz.
     */
    static long rem16(short a, short b, Env env) {
        if (dazOperand((a & 0x7C00) == 0, (b & 0x7C00) == 0, env)) {
            return HardwarePath.NONE;
        }
        double x = Float.float16ToFloat(a);
        double y = Float.float16ToFloat(b);
        double r = Math.fma(-Math.rint(x / y), y, x);
        long z = env.ftz && r != 0 && Math.abs(r) < 0x1p-14 ? HardwarePath.NONE // declined: flushed
                : Float.floatToFloat16((float) (r == 0 ? Math.copySign(0.0, x) : r)) & 0xFFFFL;
        return special16(z, r, a, b, env);
    }

    /**
     * {@link #rem16}'s answer z where r, the fma's remainder, is not NaN; else the special
     * operands, as Narrow.remainder answers them: a NaN operand by NanPolicy.propagate's rules
     * (INVALID for a signaling one, quiet bit 0x0200 clear; X86 the first NaN operand quietened,
     * NVPTX its canonical NaN; the two specializations are the only instances, so no call), an
     * infinite x or a zero y INVALID with the default NaN, x rem infinity = x (exact). A method of
     * its own called on every pair, so that C2 inlines both (rem16 in one piece was 329 bytecodes,
     * over C2's 325 for a hot callee: a call in the loop).
     */
    private static long special16(long z, double r, short a, short b, Env env) {
        if (r == r) {
            return z;
        }
        int ma = a & 0x7FFF;
        int mb = b & 0x7FFF;
        if (ma > 0x7C00 || mb > 0x7C00) {
            if ((ma > 0x7C00 && (ma & 0x0200) == 0) || (mb > 0x7C00 && (mb & 0x0200) == 0)) {
                env.flags |= ExceptionFlags.INVALID;
            }
            return env.specialization == Specialization.X86 ? ((ma > 0x7C00 ? a : b) | 0x0200) & 0xFFFFL
                    : FloatFormat.BINARY16.nvptxNaN;
        }
        if (ma == 0x7C00 || mb == 0) {
            env.flags |= ExceptionFlags.INVALID;
            return env.specialization == Specialization.X86 ? FloatFormat.BINARY16.x86DefaultNaN
                    : FloatFormat.BINARY16.nvptxNaN; // no virtual call
        }
        if (env.ftz && ma != 0 && ma < 0x0400) {
            return HardwarePath.NONE; // a subnormal x rem infinity: flushed by the general path
        }
        return a & 0xFFFFL; // x rem infinity
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
        if (!(2 * Math.abs(r) < ay)) {
            r = tieOrStep(x, y, n, r);
            if (r != r) {
                return rem32Special(a, x, y, env);
            }
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
        if (!(Math.abs(x) >= 0x1p52 * Math.abs(y))) {
            return HardwarePath.NONE; // rem32's quotient was off by one: the general path
        }
        double r = remainder(reduce(x, Math.abs(y)), y);
        return r != r ? HardwarePath.NONE : pack32(r == 0 ? Math.copySign(0.0, x) : r, env);
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
            x = ay < 0x1p-1022 ? reduceByTiny(x, ay) : reduce(x, ay); // a zero result takes a's sign below
        }
        // |x / y| < 2^52 + 1: n is within one of the nearest integer; as in remainder().
        double n = Math.rint(x / y);
        double r = Math.fma(-n, y, x);
        if (!(2 * Math.abs(r) < ay)) { // 2|r| exact, or infinite for an r far too large
            r = tieOrStep(x, y, n, r);
            if (r != r) {
                return HardwarePath.NONE;
            }
        }
        if (r == 0) {
            r = Double.longBitsToDouble(a & Long.MIN_VALUE); // x's sign, not the reduced x's
        }
        if (env.ftz && r != 0 && Math.abs(r) < 0x1p-1022) {
            return HardwarePath.NONE;
        }
        return Double.doubleToRawLongBits(r);
    }

    /**
     * {@link #reduce} by a subnormal divisor ay (x finite, |x| >= 2^52 ay), through Y = ay 2^110
     * (exact, and normal: at least 2^-964). Reducing x modulo even multiples of Y keeps it modulo
     * 2 ay, leaving |x| < 2^52 Y = 2^162 ay < 2^-860; x 2^110 is then exact (no overflow; x and ay
     * are multiples of 2^-1074, and so is everything reduce subtracts), and reducing it by Y, which
     * is ay scaled alike, leaves |x| < 2^52 Y, a multiple of 2^-964: x 2^-110 is exact again, with
     * the same remainder by ay and |x| < 2^52 ay.
     */
    private static double reduceByTiny(double x, double ay) {
        double big = ay * 0x1p110;
        if (Math.abs(x) >= 0x1p52 * big) {
            x = reduce(x, big);
        }
        x *= 0x1p110;
        if (Math.abs(x) >= 0x1p52 * big) {
            x = reduce(x, big);
        }
        return x * 0x1p-110;
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

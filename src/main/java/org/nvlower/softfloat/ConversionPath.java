package org.nvlower.softfloat;

import static org.nvlower.softfloat.ExceptionFlags.INEXACT;

/**
 * Fast paths for the conversions between binary16, bfloat16, binary32 and binary64 and from and
 * to 32/64-bit integers, in every rounding mode, value and flags as {@link Narrow} gives them;
 * where they decline they return {@link HardwarePath#NONE} (for integer results
 * {@link #toInt} returns NaN) before touching the flags, and the caller takes the general path.
 *
 * <p>Each source value is held exactly in a double (a 64-bit integer as the double nearest it
 * plus the exact integer residual); widening is then the JVM's own exact conversion, narrowing
 * one rounding by {@link DoubleRounding} (or {@link HardwarePath#finish} for binary64 results),
 * and a conversion to an integer the JVM's exact rounding to an integral double (rint, floor,
 * ceil) checked against the target's range. Declined: NaNs (their payload rules), infinities and
 * zeros where the general path is as quick, subnormal sources under daz, subnormal binary64
 * sources, and integer results out of range (INVALID).
 */
final class ConversionPath {

    private ConversionPath() {}

    /** Whether a binary16/bfloat16 pattern (infinity's bits inf) is neither NaN nor, under daz, subnormal. */
    private static boolean widens(int a, int inf, Env env) {
        int m = a & 0x7FFF;
        return m <= inf && (m >= (inf & -inf) || m == 0 || !env.daz);
    }

    // ------------------------------------------------------------------ exact widening

    static long f16ToF32(short a, Env env) {
        return widens(a, 0x7C00, env) ? Float.floatToRawIntBits(Float.float16ToFloat(a)) & 0xFFFFFFFFL
                : HardwarePath.NONE;
    }

    static long f16ToF64(short a, Env env) {
        return widens(a, 0x7C00, env) ? Double.doubleToRawLongBits(Float.float16ToFloat(a)) : HardwarePath.NONE;
    }

    static long bf16ToF32(short a, Env env) {
        int m = a & 0x7FFF;
        if (m > 0x7F80 || (m < 0x0080 && m != 0 && (env.daz || env.ftz))) {
            return HardwarePath.NONE; // a NaN, or a subnormal read as zero or flushed (it stays subnormal)
        }
        return (a << 16) & 0xFFFFFFFFL;
    }

    static long f32ToF64(int a, Env env) {
        int m = a & 0x7FFFFFFF;
        if (m > 0x7F800000 || (m < 0x00800000 && m != 0 && env.daz)) {
            return HardwarePath.NONE;
        }
        return Double.doubleToRawLongBits(Float.intBitsToFloat(a));
    }

    // ------------------------------------------------------------------ rounding between formats

    /** d (finite, nonzero, normal) rounded to g, one of binary16, bfloat16, binary32. */
    private static long to(FloatFormat g, double d, double t, RoundingMode rm, Env env) {
        return switch (g) {
            case BINARY16 -> DoubleRounding.round16(d, t, rm, env);
            case BFLOAT16 -> DoubleRounding.roundBF16(d, t, rm, env);
            default -> DoubleRounding.round32(d, t, rm, env);
        };
    }

    /** binary64 a to g (binary16, bfloat16 or binary32); declines NaN, infinity, zero and subnormal a. */
    static long fromF64(FloatFormat g, long a, RoundingMode rm, Env env) {
        int e = (int) (a >>> 52) & 0x7FF;
        if (e == 0 || e == 0x7FF) {
            return HardwarePath.NONE;
        }
        return to(g, Double.longBitsToDouble(a), 0, rm, env);
    }

    /** binary32 a to g (binary16 or bfloat16); declines NaN, infinity, zero and (under daz) subnormal a. */
    static long fromF32(FloatFormat g, int a, RoundingMode rm, Env env) {
        int m = a & 0x7FFFFFFF;
        if (m == 0 || m >= 0x7F800000 || (m < 0x00800000 && env.daz)) {
            return HardwarePath.NONE;
        }
        return to(g, Float.intBitsToFloat(a), 0, rm, env);
    }

    /** binary16 a to bfloat16, or bfloat16 a to binary16 ({@code toBF16} false). */
    static long halfToHalf(short a, boolean toBF16, RoundingMode rm, Env env) {
        int inf = toBF16 ? 0x7C00 : 0x7F80;
        int m = a & 0x7FFF;
        if (m == 0 || m >= inf || (m < (inf & -inf) && env.daz)) {
            return HardwarePath.NONE;
        }
        return toBF16 ? DoubleRounding.roundBF16(Float.float16ToFloat(a), 0, rm, env)
                : DoubleRounding.round16(Float.intBitsToFloat(a << 16), 0, rm, env);
    }

    // ------------------------------------------------------------------ from integers

    static long fromI32(FloatFormat g, int a, RoundingMode rm, Env env) {
        return a == 0 ? 0 : to(g, a, 0, rm, env); // exact in double
    }

    /** a - (double) a, exactly, as a double (a rounded to 53 bits is off by at most 2^10). */
    private static long residual(long a, double d) {
        return a - (d >= 0x1p63 ? Long.MIN_VALUE : (long) d); // 2^63 wraps to the same residual
    }

    static long fromI64(FloatFormat g, long a, RoundingMode rm, Env env) {
        if (a == 0) {
            return 0;
        }
        double d = a;
        return to(g, d, residual(a, d), rm, env);
    }

    /** a to binary64: the nearest double, then the mode's neighbour by the residual's sign. */
    static long fromI64ToF64(long a, RoundingMode rm, Env env) {
        double d = a;
        long t = residual(a, d);
        if (t == 0) {
            return Double.doubleToRawLongBits(d);
        }
        boolean tieAway = 2 * Math.abs(t) == (long) Math.ulp(d) && (t > 0) == (d > 0);
        return HardwarePath.finish(Double.doubleToRawLongBits(d), d < 0, t > 0 ? 1 : -1, tieAway, rm, env);
    }

    // ------------------------------------------------------------------ to integers

    /**
     * x rounded to an integral double in mode rm (x finite; NaN stays NaN, infinities stay), as
     * the general path rounds to an integer: round to odd makes an inexact truncation odd.
     */
    static double integral(double x, RoundingMode rm) {
        return switch (rm) {
            case NEAR_EVEN -> Math.rint(x);
            case MIN -> Math.floor(x);
            case MAX -> Math.ceil(x);
            case MIN_MAG -> x < 0 ? Math.ceil(x) : Math.floor(x);
            case NEAR_MAX_MAG -> {
                double t = x < 0 ? Math.ceil(x) : Math.floor(x);
                yield Math.abs(x - t) >= 0.5 ? t + Math.copySign(1, x) : t; // x - t is exact
            }
            case ODD -> {
                double t = x < 0 ? Math.ceil(x) : Math.floor(x);
                yield t != x && Math.abs(t) < 0x1p53 && (((long) t) & 1) == 0 ? t + Math.copySign(1, x) : t;
            }
        };
    }

    /**
     * x (the source's exact value; {@code subnormal} whether the source was) rounded to an
     * integral double within [lo, hi) (the target's range), INEXACT raised when {@code exact} and
     * it moved; or NaN, touching no flag, where the general path must answer: x NaN, the result
     * out of range (INVALID), or x a subnormal that daz reads as zero.
     */
    static double toInt(double x, boolean subnormal, double lo, double hi, RoundingMode rm, boolean exact, Env env) {
        double r = integral(x, rm);
        if (!(r >= lo && r < hi) || (subnormal && env.daz)) {
            return Double.NaN;
        }
        if (exact && r != x) {
            env.flags |= INEXACT;
        }
        return r;
    }

    static final double I32_LO = -0x1p31, I32_HI = 0x1p31, I64_LO = -0x1p63, I64_HI = 0x1p63;
}

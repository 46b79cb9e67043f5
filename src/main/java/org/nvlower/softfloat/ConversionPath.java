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
 * the JVM's one conversion to nearest even where there is one (to binary32; binary32 to
 * binary16) with the exact residual's sign for the other modes ({@link HardwarePath#finish}),
 * else one rounding by {@link DoubleRounding},
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

    /** Half an ulp of the binary16 with exponent field e (normal), as a float. */
    private static float halfUlp16(int e) {
        return Float.intBitsToFloat((e - 26 + 127) << 23);
    }

    /**
     * binary32 x (exact, finite, nonzero) to binary16 on the hardware (one rounding), x - result
     * being exact (Sterbenz); where the nearest-even result is outside [2^-13, 2^15) (tiny, or
     * near or beyond overflow) by {@link DoubleRounding}. Only for a source of at most 24 bits: a
     * wider one would be rounded twice.
     */
    private static long to16(float x, RoundingMode rm, Env env) {
        short h = Float.floatToFloat16(x);
        int m = h & 0x7FFF;
        if (m < 0x0800 || m >= 0x7800) {
            return DoubleRounding.round16(x, 0, rm, env);
        }
        float t = x - Float.float16ToFloat(h);
        if (t == 0) {
            return h & 0xFFFFL;
        }
        boolean tieAway = rm == RoundingMode.NEAR_MAX_MAG && Math.abs(t) == halfUlp16(m >> 10) && (t > 0) == (x > 0);
        return HardwarePath.finish(h & 0xFFFFL, h < 0, t > 0 ? 1 : -1, tieAway, rm, env);
    }

    /**
     * x (exact, finite, nonzero, a normal double) to binary32 on the hardware; where the result is
     * outside [2^-125, 2^127) (tiny, or near or beyond overflow) by {@link DoubleRounding}.
     */
    private static long to32(double x, RoundingMode rm, Env env) {
        float r = (float) x;
        float mag = Math.abs(r);
        if (!(mag >= 0x1p-125f && mag < 0x1p127f)) {
            return DoubleRounding.round32(x, 0, rm, env);
        }
        double t = x - r; // exact (Sterbenz)
        long bits = Float.floatToRawIntBits(r) & 0xFFFFFFFFL;
        if (t == 0) {
            return bits;
        }
        boolean tieAway = rm == RoundingMode.NEAR_MAX_MAG && Math.abs(t) == 0.5 * Math.ulp(r) && (t > 0) == (x > 0);
        return HardwarePath.finish(bits, r < 0, t > 0 ? 1 : -1, tieAway, rm, env);
    }

    /**
     * x (exact, finite, nonzero, a normal double) to g: binary32 on the hardware, binary16 and
     * bfloat16 by one rounding (the hardware's double-to-float-to-half would round twice).
     */
    private static long to(FloatFormat g, double x, RoundingMode rm, Env env) {
        if (g == FloatFormat.BINARY32) {
            return to32(x, rm, env);
        }
        return g == FloatFormat.BINARY16 ? DoubleRounding.round16(x, 0, rm, env) : DoubleRounding.roundBF16(x, 0, rm, env);
    }

    /** binary64 a to g (binary16, bfloat16 or binary32); declines NaN, infinity, zero and subnormal a. */
    static long fromF64(FloatFormat g, long a, RoundingMode rm, Env env) {
        // A normal result first: subnormal sources (tiny results, as daz would have them too),
        // zeros, infinities and NaNs are outside every normal range and fall through.
        double x = Double.longBitsToDouble(a);
        long r = g == FloatFormat.BINARY32 ? (rm == RoundingMode.NEAR_EVEN ? DoubleRounding.nearest32(x, env)
                : DoubleRounding.normal32(x, rm, env))
                : g == FloatFormat.BINARY16 ? DoubleRounding.normal16(x, rm, env) : DoubleRounding.normalBF16(x, rm, env);
        if (r != HardwarePath.NONE) {
            return r;
        }
        int e = (int) (a >>> 52) & 0x7FF;
        if (e == 0 || e == 0x7FF) {
            return HardwarePath.NONE;
        }
        return to(g, Double.longBitsToDouble(a), rm, env);
    }

    /** binary32 a to g (binary16 or bfloat16); declines NaN, infinity, zero and (under daz) subnormal a. */
    static long fromF32(FloatFormat g, int a, RoundingMode rm, Env env) {
        // A normal result first, as in fromF64 (a subnormal binary32 is below both normal ranges);
        // in nearest even the hardware's one float -> half rounding.
        float x = Float.intBitsToFloat(a);
        long r = g == FloatFormat.BINARY16 ? (rm == RoundingMode.NEAR_EVEN ? DoubleRounding.nearest16(Float.floatToFloat16(x), x, env)
                : DoubleRounding.normal16(x, rm, env)) : normalBF16(a, rm, env); // x: the float form
        if (r != HardwarePath.NONE) {
            return r;
        }
        int m = a & 0x7FFFFFFF;
        if (m == 0 || m >= 0x7F800000 || (m < 0x00800000 && env.daz)) {
            return HardwarePath.NONE;
        }
        return g == FloatFormat.BINARY16 ? to16(x, rm, env) : DoubleRounding.roundBF16(x, 0, rm, env);
    }

    /**
     * binary32 a to bfloat16 on a's own bits, as {@link DoubleRounding#normalBF16} rounds (the same
     * exponent range: a bfloat16 ulp is 2^16 units of a's fraction) where 2^-126 <= |a| < 0x1.FEp127,
     * the largest finite bfloat16; else NONE, no flag touched.
     */
    private static long normalBF16(int a, RoundingMode rm, Env env) {
        int m = a & 0x7FFFFFFF;
        if (Integer.compareUnsigned(m - 0x00800000, 0x7F7F0000 - 0x00800000) >= 0) {
            return HardwarePath.NONE;
        }
        int inexact = ((m & 0xFFFF) + 0xFFFF) >>> 16;
        DoubleRounding.raiseInexact(env, inexact);
        int up = switch (rm) {
            case NEAR_EVEN -> 0x7FFF + ((m >>> 16) & 1);
            case NEAR_MAX_MAG -> 0x8000;
            case MIN_MAG -> 0;
            case MIN -> a < 0 ? 0xFFFF : 0;
            case MAX -> a < 0 ? 0 : 0xFFFF;
            case ODD -> (~(m >>> 16) & inexact) << 16;
        };
        return ((a >>> 16) & 0x8000) | ((m + up) >>> 16);
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
        return a == 0 ? 0 : to(g, a, rm, env); // exact in double
    }

    /**
     * An integer a to binary16, in every mode: beyond 2^16 in magnitude every mode overflows (the
     * largest finite binary16 is 65504, and 65536 rounds to no finite value in any mode): a
     * constant; below, a is exact in a float and takes {@link #to16}'s one rounding.
     */
    static long intTo16(long a, RoundingMode rm, Env env) {
        if (Long.compareUnsigned(a + 0xFFFFL, 0x1FFFEL) > 0) { // |a| >= 2^16
            boolean sign = a < 0;
            env.flags |= ExceptionFlags.OVERFLOW | ExceptionFlags.INEXACT;
            boolean toInfinity = rm == RoundingMode.NEAR_EVEN || rm == RoundingMode.NEAR_MAX_MAG
                    || rm == (sign ? RoundingMode.MIN : RoundingMode.MAX);
            return (sign ? 0x8000 : 0) | (toInfinity ? 0x7C00 : 0x7BFF);
        }
        return a == 0 ? 0 : to16(a, rm, env);
    }

    /**
     * An int to binary32: the JVM's int-to-float rounding (to nearest even) and the residual in
     * integers; exact (no flag, +0 for 0) when the residual is 0.
     */
    static long i32To32(int a, RoundingMode rm, Env env) {
        float r = a;
        long t = a - (long) r;
        long bits = Float.floatToRawIntBits(r) & 0xFFFFFFFFL;
        if (t == 0) {
            return bits;
        }
        boolean tieAway = rm == RoundingMode.NEAR_MAX_MAG && 2 * Math.abs(t) == (long) Math.ulp(r) && (t > 0) == (a > 0);
        return HardwarePath.finish(bits, a < 0, t > 0 ? 1 : -1, tieAway, rm, env);
    }

    /** a to g: the JVM's long-to-float rounding (one, to nearest even), the residual in integers. */
    static long fromI64(FloatFormat g, long a, RoundingMode rm, Env env) {
        if (a == 0) {
            return 0;
        }
        if (g == FloatFormat.BINARY32) {
            float r = a;
            long t = a - (r >= 0x1p63f ? Long.MIN_VALUE : (long) r); // 2^63 wraps to the same residual
            long bits = Float.floatToRawIntBits(r) & 0xFFFFFFFFL;
            if (t == 0) {
                return bits;
            }
            boolean tieAway = rm == RoundingMode.NEAR_MAX_MAG && 2 * Math.abs(t) == (long) Math.ulp(r) && (t > 0) == (a > 0);
            return HardwarePath.finish(bits, r < 0, t > 0 ? 1 : -1, tieAway, rm, env);
        }
        double d = a;
        long t = residual(a, d);
        return g == FloatFormat.BINARY16 ? DoubleRounding.round16(d, t, rm, env) : DoubleRounding.roundBF16(d, t, rm, env);
    }

    /** a - (double) a, exactly (a rounded to 53 bits is off by at most 2^10). */
    private static long residual(long a, double d) {
        return a - (d >= 0x1p63 ? Long.MIN_VALUE : (long) d); // 2^63 wraps to the same residual
    }

    /** a to binary64: the nearest double, then the mode's neighbour by the residual's sign. */
    static long fromI64ToF64(long a, RoundingMode rm, Env env) {
        double d = a;
        long t = residual(a, d);
        long bits = Double.doubleToRawLongBits(d);
        if (t == 0) {
            return bits;
        }
        boolean tieAway = rm == RoundingMode.NEAR_MAX_MAG && 2 * Math.abs(t) == (long) Math.ulp(d) && (t > 0) == (d > 0);
        return HardwarePath.finish(bits, d < 0, t > 0 ? 1 : -1, tieAway, rm, env);
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

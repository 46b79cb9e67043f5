package org.nvlower.softfloat;

import static org.nvlower.softfloat.ExceptionFlags.INVALID;

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

    /**
     * binary64 a to g (binary16, bfloat16 or binary32), in every mode: a result in g's normal range
     * rounded on a's bits ({@link DoubleRounding#normal16} ...; binary32 in nearest even by the
     * JVM's cast), then the cases {@link #far} answers, then those near the range's ends by one
     * rounding; NONE for NaNs.
     */
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
        long mag = a & Long.MAX_VALUE;
        r = g == FloatFormat.BINARY32 ? far(a < 0, mag, 0x7FF0000000000000L, 0x0010000000000000L, 0x47F0000000000000L,
                0x3690000000000000L, 0x80000000L, 0x7F800000L, rm, env)
                : g == FloatFormat.BINARY16 ? far(a < 0, mag, 0x7FF0000000000000L, 0x0010000000000000L,
                        0x40F0000000000000L, 0x3E60000000000000L, 0x8000L, 0x7C00L, rm, env)
                : far(a < 0, mag, 0x7FF0000000000000L, 0x0010000000000000L, 0x47F0000000000000L, 0x3790000000000000L,
                        0x8000L, 0x7F80L, rm, env);
        if (r != HardwarePath.NONE || mag > 0x7FF0000000000000L) {
            return r; // answered, or a NaN (NONE: the general path)
        }
        return to(g, x, rm, env);
    }

    /**
     * A source of magnitude bits mag (infinity's bits inf, the smallest normal's minNormal) far
     * outside the target's range, answered without rounding: at or beyond {@code overflowFrom}
     * (2^(emax+1) of the target) an overflow, or the infinity itself; below {@code underflowBelow}
     * (half the target's smallest subnormal) an underflow, or a zero (a zero source, or a subnormal
     * one under daz: no flag). Else NONE, no flag touched (NaNs, and the target's range and its
     * edges).
     */
    private static long far(boolean sign, long mag, long inf, long minNormal, long overflowFrom, long underflowBelow,
            long signBit, long gInf, RoundingMode rm, Env env) {
        long signBits = sign ? signBit : 0;
        if (mag >= overflowFrom) {
            if (mag < inf) {
                return DoubleRounding.overflow(signBits, sign, gInf, rm, env);
            }
            return mag == inf ? signBits | gInf : HardwarePath.NONE;
        }
        if (mag < underflowBelow) {
            if (mag == 0 || (mag < minNormal && env.daz)) {
                return signBits;
            }
            return DoubleRounding.underflow(signBits, sign, rm, env);
        }
        return HardwarePath.NONE;
    }

    /**
     * binary32 a to g (binary16 or bfloat16), in every mode: a result in g's normal range on a's
     * own bits (binary16 in nearest even by the hardware's float -> half), then {@link #far}'s
     * cases, then the range's edges by one rounding; NONE for NaNs.
     */
    static long fromF32(FloatFormat g, int a, RoundingMode rm, Env env) {
        float x = Float.intBitsToFloat(a);
        long r = g == FloatFormat.BINARY16 ? (rm == RoundingMode.NEAR_EVEN ? DoubleRounding.nearest16(Float.floatToFloat16(x), x, env)
                : DoubleRounding.normal16(x, rm, env)) : normalBF16(a, rm, env); // x: the float form
        if (r != HardwarePath.NONE) {
            return r;
        }
        long mag = a & 0x7FFFFFFFL;
        r = g == FloatFormat.BINARY16 ? far(a < 0, mag, 0x7F800000L, 0x00800000L, 0x47800000L, 0x33000000L, 0x8000L,
                0x7C00L, rm, env)
                : far(a < 0, mag, 0x7F800000L, 0x00800000L, 0x7F800000L, 0x00008000L, 0x8000L, 0x7F80L, rm, env);
        if (r != HardwarePath.NONE || mag > 0x7F800000L || (mag < 0x00800000L && env.daz)) {
            return r; // answered, or (NONE: the general path) a NaN or a subnormal that daz reads as zero
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
     * x rounded to an integral double in mode rm, exactly as the general path rounds to an integer;
     * NaN stays NaN, infinities stay. Each mode is a few instructions without a branch on the data
     * (a branch on x's sign or on whether it moved is a coin toss on random operands), and without
     * a call: the JIT profiles this switch once for all callers, so the modes a loop met after it
     * was compiled are cold cases, where any callee but an intrinsic stays a call.
     * <ul>
     * <li>near_maxMag: rint, except on a tie (x - rint(x), exact, is +-1/2), where x + 1/2 of x's
     * sign is the integer away from zero (exact: x has at most 52 bits from 1/2 up).
     * <li>odd: |x| itself when it is an even integer (2 floor(|x| / 2) = |x|), else the odd integer
     * 2 floor(|x| / 2) + 1 (|x| lies in (2k, 2k + 2): its odd neighbour, or 2k + 1 itself; below
     * 2^53, so exact); the sign put back. For the smallest subnormal |x| / 2 rounds to 0, which the
     * comparison with |x| (not with |x| / 2) still reads as not even.
     * </ul>
     */
    static double integral(double x, RoundingMode rm) {
        return switch (rm) {
            case NEAR_EVEN -> Math.rint(x);
            case MIN -> Math.floor(x);
            case MAX -> Math.ceil(x);
            case MIN_MAG -> Math.copySign(Math.floor(Math.abs(x)), x);
            case NEAR_MAX_MAG -> {
                double r = Math.rint(x);
                yield Math.abs(x - r) == 0.5 ? x + Math.copySign(0.5, x) : r;
            }
            case ODD -> {
                double a = Math.abs(x);
                double f = Math.floor(a * 0.5);
                yield Math.copySign(f + f == a ? a : f + f + 1, x);
            }
        };
    }

    /**
     * The source's exact value x (NaN and infinities included; {@code subnormal}: whether the
     * source was subnormal or zero) rounded in mode rm and converted to int, value and flags as
     * {@link Narrow#toInt}: INEXACT when {@code exact} and it moved; out of range, infinite or NaN
     * is INVALID with the specialization's result ({@link #invalid32}); a subnormal under daz is 0.
     */
    static int toI32(double x, boolean subnormal, RoundingMode rm, boolean exact, Env env) {
        double r = integral(x, rm);
        if (r >= -0x1p31 && r < 0x1p31) {
            if (env.daz && subnormal) {
                return 0;
            }
            if (exact) {
                DoubleRounding.raiseInexact(env, r != x ? 1 : 0);
            }
            return (int) r;
        }
        return invalid32(r, env);
    }

    /** {@link #toI32} for a long result. */
    static long toI64(double x, boolean subnormal, RoundingMode rm, boolean exact, Env env) {
        double r = integral(x, rm);
        if (r >= -0x1p63 && r < 0x1p63) {
            if (env.daz && subnormal) {
                return 0;
            }
            if (exact) {
                DoubleRounding.raiseInexact(env, r != x ? 1 : 0);
            }
            return (long) r;
        }
        return invalid64(r, env);
    }

    /**
     * An invalid conversion to int (r: the rounded source, NaN, infinite or out of range): INVALID;
     * X86's "integer indefinite", or NVPTX's saturation (NaN gives 0), which is Java's (int) cast.
     */
    private static int invalid32(double r, Env env) {
        env.flags |= INVALID; // no call: on a rare path even a small callee stays a call (see raise)
        return env.specialization == Specialization.X86 ? Integer.MIN_VALUE : (int) r;
    }

    /** {@link #invalid32} for a long result. */
    private static long invalid64(double r, Env env) {
        env.flags |= INVALID;
        return env.specialization == Specialization.X86 ? Long.MIN_VALUE : (long) r;
    }

    /**
     * ORs flags into env.flags, storing only when that changes them (see
     * {@link DoubleRounding#raiseInexact}). Only for paths a loop takes often: C2 inlines no callee
     * (beyond a few bytes) at a call site taken in under about 1% of the caller's calls, and one
     * call left in a loop's body makes the loop reload what it had kept in registers (f32 -> i64,
     * whose INVALID path 1 in 128 of the benchmark's operands take, ran at a third of its speed).
     */
    static void raise(Env env, int flags) {
        int f = env.flags;
        if ((f | flags) != f) {
            env.flags = f | flags;
        }
    }
}

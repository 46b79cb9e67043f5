package org.nvlower.softfloat;

/**
 * IEEE 754 binary16 (half precision), as bit patterns in a short: the static core API. NaN operands follow env's
 * {@link Specialization}; everything else is computed on the significands and rounded once in the
 * mode rm that each rounding operation takes (see {@link Narrow}). Flags are ORed into env.flags.
 */
public final class F16 {

    private static final FloatFormat FMT = FloatFormat.BINARY16;

    private F16() {}

    public static short add(short a, short b, RoundingMode rm, Env env) {
        long r = HalfPath.add16(a, b, 0, rm, env);
        return r != HardwarePath.NONE ? (short) r : (short) Narrow.add(FMT, (a & 0xFFFFL), (b & 0xFFFFL), false, rm, env);
    }

    public static short sub(short a, short b, RoundingMode rm, Env env) {
        long r = HalfPath.add16(a, b, 0x8000, rm, env);
        return r != HardwarePath.NONE ? (short) r : (short) Narrow.add(FMT, (a & 0xFFFFL), (b & 0xFFFFL), true, rm, env);
    }

    public static short mul(short a, short b, RoundingMode rm, Env env) {
        long r = HalfPath.mul16(a, b, rm, env);
        return r != HardwarePath.NONE ? (short) r : (short) Narrow.mul(FMT, (a & 0xFFFFL), (b & 0xFFFFL), rm, env);
    }

    public static short div(short a, short b, RoundingMode rm, Env env) {
        long r = HalfPath.div16(a, b, rm, env);
        return r != HardwarePath.NONE ? (short) r : (short) Narrow.div(FMT, (a & 0xFFFFL), (b & 0xFFFFL), rm, env);
    }

    /** IEEE 754 remainder (quotient rounded to nearest even); exact. */
    public static short rem(short a, short b, Env env) {
        long r = RemainderPath.rem16(a, b, env);
        return r != HardwarePath.NONE ? (short) r : (short) Narrow.remainder(FMT, (a & 0xFFFFL), (b & 0xFFFFL), true, env);
    }

    /** C fmod = LLVM frem: quotient truncated, result exact with the sign of a. */
    public static short fmod(short a, short b, Env env) {
        return (short) Narrow.remainder(FMT, (a & 0xFFFFL), (b & 0xFFFFL), false, env);
    }

    /** IEEE 754-2008 minNum: a quiet NaN operand is ignored; -0 counts below +0. */
    public static short minNum(short a, short b, Env env) {
        return (short) Narrow.minMax(FMT, (a & 0xFFFFL), (b & 0xFFFFL), FcmpPredicate.Relation.LT, env);
    }

    /** IEEE 754-2008 maxNum: a quiet NaN operand is ignored; +0 counts above -0. */
    public static short maxNum(short a, short b, Env env) {
        return (short) Narrow.minMax(FMT, (a & 0xFFFFL), (b & 0xFFFFL), FcmpPredicate.Relation.GT, env);
    }

    /** a * b + c with a single rounding. */
    public static short mulAdd(short a, short b, short c, RoundingMode rm, Env env) {
        long r = HalfPath.mulAdd16(a, b, c, rm, env);
        return r != HardwarePath.NONE ? (short) r : (short) Narrow.mulAdd(FMT, (a & 0xFFFFL), (b & 0xFFFFL), (c & 0xFFFFL), rm, env);
    }

    public static short sqrt(short a, RoundingMode rm, Env env) {
        long r = HalfPath.sqrt16(a, rm, env);
        return r != HardwarePath.NONE ? (short) r : (short) Narrow.sqrt(FMT, (a & 0xFFFFL), rm, env);
    }

    /** Rounds to an integral value in mode rm; INEXACT only when {@code exact}. */
    public static short roundToInt(short a, RoundingMode rm, boolean exact, Env env) {
        return (short) Narrow.roundToInt(FMT, (a & 0xFFFFL), rm, exact, env);
    }

    /**
     * On the patterns, as SoftFloat's f16_eq compares them: without daz, two binary16 values that
     * are not NaNs (magnitude bits at most infinity's) are equal exactly when their patterns are,
     * or both are zeros (+0 = -0); a NaN operand makes them unordered, not equal, INVALID when
     * either is a signaling NaN (quiet bit 0x0200 clear), as {@link Narrow#compare} says. Integer
     * tests only: no conversion to float, and the general path (under daz only) stays out of the
     * loop.
     */
    public static boolean eq(short a, short b, Env env) {
        if (env.daz) {
            return Narrow.eq(FMT, (a & 0xFFFFL), (b & 0xFFFFL), false, env);
        }
        int x = a & 0x7FFF;
        int y = b & 0x7FFF;
        if (Math.max(x, y) <= 0x7C00) {
            return a == b | (x | y) == 0;
        }
        if ((x > 0x7C00 && (x & 0x0200) == 0) || (y > 0x7C00 && (y & 0x0200) == 0)) {
            env.flags |= ExceptionFlags.INVALID;
        }
        return false;
    }

    public static boolean le(short a, short b, Env env) {
        float x = Float.float16ToFloat(a);
        float y = Float.float16ToFloat(b);
        if (!env.daz) {
            if (x <= y) {
                return true;
            }
            if (x > y) {
                return false;
            }
        }
        return Narrow.le(FMT, (a & 0xFFFFL), (b & 0xFFFFL), true, env); // NaNs (INVALID), or daz
    }

    public static boolean lt(short a, short b, Env env) {
        float x = Float.float16ToFloat(a);
        float y = Float.float16ToFloat(b);
        if (!env.daz) {
            if (x < y) {
                return true;
            }
            if (x >= y) {
                return false;
            }
        }
        return Narrow.lt(FMT, (a & 0xFFFFL), (b & 0xFFFFL), true, env); // NaNs (INVALID), or daz
    }

    public static boolean eqSignaling(short a, short b, Env env) {
        return Narrow.eq(FMT, (a & 0xFFFFL), (b & 0xFFFFL), true, env);
    }

    public static boolean leQuiet(short a, short b, Env env) {
        return Narrow.le(FMT, (a & 0xFFFFL), (b & 0xFFFFL), false, env);
    }

    public static boolean ltQuiet(short a, short b, Env env) {
        return Narrow.lt(FMT, (a & 0xFFFFL), (b & 0xFFFFL), false, env);
    }

    /** LLVM {@code fcmp p a, b}: quiet, INVALID only for signaling NaN operands. */
    public static boolean fcmp(FcmpPredicate p, short a, short b, Env env) {
        return Narrow.fcmp(FMT, p, (a & 0xFFFFL), (b & 0xFFFFL), env);
    }

    public static FloatClass classify(short a) {
        return Narrow.classify(FMT, (a & 0xFFFFL));
    }

    public static boolean isNaN(short a) {
        return FMT.isNaN((a & 0xFFFFL));
    }

    public static boolean isSignalingNaN(short a) {
        return FMT.isSignalingNaN((a & 0xFFFFL));
    }

    public static int toI8(short a, RoundingMode rm, boolean exact, Env env) {
        return (int) Narrow.toInt(FMT, (a & 0xFFFFL), IntFormat.I8, rm, exact, env);
    }

    public static int toI16(short a, RoundingMode rm, boolean exact, Env env) {
        return (int) Narrow.toInt(FMT, (a & 0xFFFFL), IntFormat.I16, rm, exact, env);
    }

    public static int toI32(short a, RoundingMode rm, boolean exact, Env env) {
        return ConversionPath.f16ToI32(a, rm, exact, env);
    }

    public static long toI64(short a, RoundingMode rm, boolean exact, Env env) {
        return ConversionPath.f16ToI64(a, rm, exact, env);
    }

    /** The result zero-extended into an int. */
    public static int toUI8(short a, RoundingMode rm, boolean exact, Env env) {
        return (int) Narrow.toInt(FMT, (a & 0xFFFFL), IntFormat.UI8, rm, exact, env);
    }

    /** The result zero-extended into an int. */
    public static int toUI16(short a, RoundingMode rm, boolean exact, Env env) {
        return (int) Narrow.toInt(FMT, (a & 0xFFFFL), IntFormat.UI16, rm, exact, env);
    }

    /** The 32-bit unsigned result as an int bit pattern. */
    public static int toUI32(short a, RoundingMode rm, boolean exact, Env env) {
        return (int) Narrow.toInt(FMT, (a & 0xFFFFL), IntFormat.UI32, rm, exact, env);
    }

    /** The 64-bit unsigned result as a long bit pattern. */
    public static long toUI64(short a, RoundingMode rm, boolean exact, Env env) {
        return Narrow.toInt(FMT, (a & 0xFFFFL), IntFormat.UI64, rm, exact, env);
    }

    /** To a signed 128-bit integer in env.zHi/zLo (invalid results as {@link F128#toI128}). */
    public static void toI128(short a, RoundingMode rm, boolean exact, Env env) {
        Narrow.toInt128(FMT, (a & 0xFFFFL), true, rm, exact, env);
    }

    /** To an unsigned 128-bit integer in env.zHi/zLo (invalid results as {@link F128#toUI128}). */
    public static void toUI128(short a, RoundingMode rm, boolean exact, Env env) {
        Narrow.toInt128(FMT, (a & 0xFFFFL), false, rm, exact, env);
    }

    public static short fromI32(int a, RoundingMode rm, Env env) {
        return (short) ConversionPath.intTo16(a, rm, env);
    }

    public static short fromUI32(int a, RoundingMode rm, Env env) {
        return (short) Narrow.fromInt64(FMT, a & 0xFFFFFFFFL, false, rm, env);
    }

    public static short fromI64(long a, RoundingMode rm, Env env) {
        return (short) ConversionPath.intTo16(a, rm, env);
    }

    public static short fromUI64(long a, RoundingMode rm, Env env) {
        return (short) Narrow.fromInt64(FMT, a, false, rm, env);
    }

    public static short fromI128(long hi, long lo, RoundingMode rm, Env env) {
        return (short) Narrow.fromInt128(FMT, hi, lo, true, rm, env);
    }

    public static short fromUI128(long hi, long lo, RoundingMode rm, Env env) {
        return (short) Narrow.fromInt128(FMT, hi, lo, false, rm, env);
    }

    public static short toBF16(short a, RoundingMode rm, Env env) {
        long r = ConversionPath.halfToHalf(a, true, rm, env);
        return r != HardwarePath.NONE ? (short) r : (short) Narrow.convert(FMT, (a & 0xFFFFL), FloatFormat.BFLOAT16, rm, env);
    }

    public static short fromBF16(short a, RoundingMode rm, Env env) {
        long r = ConversionPath.halfToHalf(a, false, rm, env);
        return r != HardwarePath.NONE ? (short) r : (short) Narrow.convert(FloatFormat.BFLOAT16, (a & 0xFFFFL), FMT, rm, env);
    }

    public static int toF32(short a, Env env) {
        long r = ConversionPath.f16ToF32(a, env);
        return r != HardwarePath.NONE ? (int) r : (int) Narrow.convert(FMT, (a & 0xFFFFL), FloatFormat.BINARY32, RoundingMode.NEAR_EVEN, env);
    }

    public static short fromF32(int a, RoundingMode rm, Env env) {
        long r = ConversionPath.f32ToF16(a, rm, env);
        return r != HardwarePath.NONE ? (short) r : (short) Narrow.convert(FloatFormat.BINARY32, (a & 0xFFFFFFFFL), FMT, rm, env);
    }

    public static long toF64(short a, Env env) {
        long r = ConversionPath.f16ToF64(a, env);
        return r != HardwarePath.NONE ? r : Narrow.convert(FMT, (a & 0xFFFFL), FloatFormat.BINARY64, RoundingMode.NEAR_EVEN, env);
    }

    public static short fromF64(long a, RoundingMode rm, Env env) {
        long r = ConversionPath.f64ToF16(a, rm, env);
        return r != HardwarePath.NONE ? (short) r : (short) Narrow.convert(FloatFormat.BINARY64, a, FMT, rm, env);
    }

    /** Exact; the result in env.zHi/zLo. */
    public static void toF128(short a, Env env) {
        F128.fromF16(a, env);
    }

    public static short fromF128(long hi, long lo, RoundingMode rm, Env env) {
        return F128.toF16(hi, lo, rm, env);
    }
}

package org.nvlower.softfloat;

/**
 * IEEE 754 binary32 (single precision), as bit patterns in a int: the static core API. NaN operands follow env's
 * {@link Specialization}; everything else is computed on the significands and rounded once in the
 * mode rm that each rounding operation takes (see {@link Narrow}). Flags are ORed into env.flags.
 */
public final class F32 {

    private static final FloatFormat FMT = FloatFormat.BINARY32;

    private F32() {}

    public static int add(int a, int b, RoundingMode rm, Env env) {
        long r = HardwarePath.add32(a, b, rm, env);
        return r != HardwarePath.NONE ? (int) r
                : (int) Narrow.add(FMT, (a & 0xFFFFFFFFL), (b & 0xFFFFFFFFL), false, rm, env);
    }

    public static int sub(int a, int b, RoundingMode rm, Env env) {
        long r = HardwarePath.add32(a, b ^ 0x80000000, rm, env);
        return r != HardwarePath.NONE ? (int) r
                : (int) Narrow.add(FMT, (a & 0xFFFFFFFFL), (b & 0xFFFFFFFFL), true, rm, env);
    }

    public static int mul(int a, int b, RoundingMode rm, Env env) {
        long r = HardwarePath.mul32(a, b, rm, env);
        return r != HardwarePath.NONE ? (int) r : (int) Narrow.mul(FMT, (a & 0xFFFFFFFFL), (b & 0xFFFFFFFFL), rm, env);
    }

    public static int div(int a, int b, RoundingMode rm, Env env) {
        long r = HardwarePath.div32(a, b, rm, env);
        return r != HardwarePath.NONE ? (int) r : (int) Narrow.div(FMT, (a & 0xFFFFFFFFL), (b & 0xFFFFFFFFL), rm, env);
    }

    /** IEEE 754 remainder (quotient rounded to nearest even); exact. */
    public static int rem(int a, int b, Env env) {
        long r = RemainderPath.rem32(a, b, env);
        return r != HardwarePath.NONE ? (int) r : (int) Narrow.remainder(FMT, (a & 0xFFFFFFFFL), (b & 0xFFFFFFFFL), true, env);
    }

    /** C fmod = LLVM frem: quotient truncated, result exact with the sign of a. */
    public static int fmod(int a, int b, Env env) {
        return (int) Narrow.remainder(FMT, (a & 0xFFFFFFFFL), (b & 0xFFFFFFFFL), false, env);
    }

    /** IEEE 754-2008 minNum: a quiet NaN operand is ignored; -0 counts below +0. */
    public static int minNum(int a, int b, Env env) {
        return (int) Narrow.minMax(FMT, (a & 0xFFFFFFFFL), (b & 0xFFFFFFFFL), FcmpPredicate.Relation.LT, env);
    }

    /** IEEE 754-2008 maxNum: a quiet NaN operand is ignored; +0 counts above -0. */
    public static int maxNum(int a, int b, Env env) {
        return (int) Narrow.minMax(FMT, (a & 0xFFFFFFFFL), (b & 0xFFFFFFFFL), FcmpPredicate.Relation.GT, env);
    }

    /** a * b + c with a single rounding. */
    public static int mulAdd(int a, int b, int c, RoundingMode rm, Env env) {
        long r = HardwarePath.mulAdd32(a, b, c, rm, env);
        return r != HardwarePath.NONE ? (int) r
                : (int) Narrow.mulAdd(FMT, (a & 0xFFFFFFFFL), (b & 0xFFFFFFFFL), (c & 0xFFFFFFFFL), rm, env);
    }

    public static int sqrt(int a, RoundingMode rm, Env env) {
        long r = HardwarePath.sqrt32(a, rm, env);
        return r != HardwarePath.NONE ? (int) r : (int) Narrow.sqrt(FMT, (a & 0xFFFFFFFFL), rm, env);
    }

    /** Rounds to an integral value in mode rm; INEXACT only when {@code exact}. */
    public static int roundToInt(int a, RoundingMode rm, boolean exact, Env env) {
        return (int) Narrow.roundToInt(FMT, (a & 0xFFFFFFFFL), rm, exact, env);
    }

    /**
     * a == b, quiet (INVALID only for a signaling NaN, whose quiet bit is clear), on the bits and
     * without a branch on the outcome: two non-NaN encodings are equal values exactly when they
     * are the same bits or both zeros (+0 == -0). NaNs (a magnitude above infinity's) are answered
     * here, daz (which reads subnormals as zeros) takes the general path; no call is left on the
     * path of a NaN, so that a loop of comparisons keeps its registers.
     */
    public static boolean eq(int a, int b, Env env) {
        int ma = a & 0x7FFFFFFF;
        int mb = b & 0x7FFFFFFF;
        if (Math.max(ma, mb) > 0x7F800000) {
            if (ma > 0x7F800000 && ma < 0x7FC00000 || mb > 0x7F800000 && mb < 0x7FC00000) {
                env.flags |= ExceptionFlags.INVALID;
            }
            return false;
        }
        if (env.daz) {
            return Narrow.eq(FMT, (a & 0xFFFFFFFFL), (b & 0xFFFFFFFFL), false, env);
        }
        return a == b | (ma | mb) == 0;
    }

    public static boolean le(int a, int b, Env env) {
        float x = Float.intBitsToFloat(a);
        float y = Float.intBitsToFloat(b);
        if (!env.daz) {
            if (x <= y) {
                return true;
            }
            if (x > y) {
                return false;
            }
        }
        return Narrow.le(FMT, (a & 0xFFFFFFFFL), (b & 0xFFFFFFFFL), true, env); // NaNs (INVALID), or daz
    }

    public static boolean lt(int a, int b, Env env) {
        float x = Float.intBitsToFloat(a);
        float y = Float.intBitsToFloat(b);
        if (!env.daz) {
            if (x < y) {
                return true;
            }
            if (x >= y) {
                return false;
            }
        }
        return Narrow.lt(FMT, (a & 0xFFFFFFFFL), (b & 0xFFFFFFFFL), true, env); // NaNs (INVALID), or daz
    }

    public static boolean eqSignaling(int a, int b, Env env) {
        return Narrow.eq(FMT, (a & 0xFFFFFFFFL), (b & 0xFFFFFFFFL), true, env);
    }

    public static boolean leQuiet(int a, int b, Env env) {
        return Narrow.le(FMT, (a & 0xFFFFFFFFL), (b & 0xFFFFFFFFL), false, env);
    }

    public static boolean ltQuiet(int a, int b, Env env) {
        return Narrow.lt(FMT, (a & 0xFFFFFFFFL), (b & 0xFFFFFFFFL), false, env);
    }

    /** LLVM {@code fcmp p a, b}: quiet, INVALID only for signaling NaN operands. */
    public static boolean fcmp(FcmpPredicate p, int a, int b, Env env) {
        return Narrow.fcmp(FMT, p, (a & 0xFFFFFFFFL), (b & 0xFFFFFFFFL), env);
    }

    public static FloatClass classify(int a) {
        return Narrow.classify(FMT, (a & 0xFFFFFFFFL));
    }

    public static boolean isNaN(int a) {
        return FMT.isNaN((a & 0xFFFFFFFFL));
    }

    public static boolean isSignalingNaN(int a) {
        return FMT.isSignalingNaN((a & 0xFFFFFFFFL));
    }

    public static int toI8(int a, RoundingMode rm, boolean exact, Env env) {
        return (int) Narrow.toInt(FMT, (a & 0xFFFFFFFFL), IntFormat.I8, rm, exact, env);
    }

    public static int toI16(int a, RoundingMode rm, boolean exact, Env env) {
        return (int) Narrow.toInt(FMT, (a & 0xFFFFFFFFL), IntFormat.I16, rm, exact, env);
    }

    public static int toI32(int a, RoundingMode rm, boolean exact, Env env) {
        return ConversionPath.toI32(Float.intBitsToFloat(a), (a & 0x7F800000) == 0, rm, exact, env);
    }

    public static long toI64(int a, RoundingMode rm, boolean exact, Env env) {
        return ConversionPath.toI64(Float.intBitsToFloat(a), (a & 0x7F800000) == 0, rm, exact, env);
    }

    /** The result zero-extended into an int. */
    public static int toUI8(int a, RoundingMode rm, boolean exact, Env env) {
        return (int) Narrow.toInt(FMT, (a & 0xFFFFFFFFL), IntFormat.UI8, rm, exact, env);
    }

    /** The result zero-extended into an int. */
    public static int toUI16(int a, RoundingMode rm, boolean exact, Env env) {
        return (int) Narrow.toInt(FMT, (a & 0xFFFFFFFFL), IntFormat.UI16, rm, exact, env);
    }

    /** The 32-bit unsigned result as an int bit pattern. */
    public static int toUI32(int a, RoundingMode rm, boolean exact, Env env) {
        return (int) Narrow.toInt(FMT, (a & 0xFFFFFFFFL), IntFormat.UI32, rm, exact, env);
    }

    /** The 64-bit unsigned result as a long bit pattern. */
    public static long toUI64(int a, RoundingMode rm, boolean exact, Env env) {
        return Narrow.toInt(FMT, (a & 0xFFFFFFFFL), IntFormat.UI64, rm, exact, env);
    }

    /** To a signed 128-bit integer in env.zHi/zLo (invalid results as {@link F128#toI128}). */
    public static void toI128(int a, RoundingMode rm, boolean exact, Env env) {
        Narrow.toInt128(FMT, (a & 0xFFFFFFFFL), true, rm, exact, env);
    }

    /** To an unsigned 128-bit integer in env.zHi/zLo (invalid results as {@link F128#toUI128}). */
    public static void toUI128(int a, RoundingMode rm, boolean exact, Env env) {
        Narrow.toInt128(FMT, (a & 0xFFFFFFFFL), false, rm, exact, env);
    }

    public static int fromI32(int a, RoundingMode rm, Env env) {
        return (int) ConversionPath.i32To32(a, rm, env);
    }

    public static int fromUI32(int a, RoundingMode rm, Env env) {
        return (int) Narrow.fromInt64(FMT, a & 0xFFFFFFFFL, false, rm, env);
    }

    public static int fromI64(long a, RoundingMode rm, Env env) {
        return (int) ConversionPath.i64To32(a, rm, env);
    }

    public static int fromUI64(long a, RoundingMode rm, Env env) {
        return (int) Narrow.fromInt64(FMT, a, false, rm, env);
    }

    public static int fromI128(long hi, long lo, RoundingMode rm, Env env) {
        return (int) Narrow.fromInt128(FMT, hi, lo, true, rm, env);
    }

    public static int fromUI128(long hi, long lo, RoundingMode rm, Env env) {
        return (int) Narrow.fromInt128(FMT, hi, lo, false, rm, env);
    }

    public static short toF16(int a, RoundingMode rm, Env env) {
        long r = ConversionPath.f32ToF16(a, rm, env);
        return r != HardwarePath.NONE ? (short) r : (short) Narrow.convert(FMT, (a & 0xFFFFFFFFL), FloatFormat.BINARY16, rm, env);
    }

    public static int fromF16(short a, Env env) {
        long r = ConversionPath.f16ToF32(a, env);
        return r != HardwarePath.NONE ? (int) r : (int) Narrow.convert(FloatFormat.BINARY16, (a & 0xFFFFL), FMT, RoundingMode.NEAR_EVEN, env);
    }

    public static short toBF16(int a, RoundingMode rm, Env env) {
        long r = ConversionPath.f32ToBF16(a, rm, env);
        return r != HardwarePath.NONE ? (short) r : (short) Narrow.convert(FMT, (a & 0xFFFFFFFFL), FloatFormat.BFLOAT16, rm, env);
    }

    public static int fromBF16(short a, Env env) {
        long r = ConversionPath.bf16ToF32(a, env);
        return r != HardwarePath.NONE ? (int) r : (int) Narrow.convert(FloatFormat.BFLOAT16, (a & 0xFFFFL), FMT, RoundingMode.NEAR_EVEN, env);
    }

    public static long toF64(int a, Env env) {
        long r = ConversionPath.f32ToF64(a, env);
        return r != HardwarePath.NONE ? r : Narrow.convert(FMT, (a & 0xFFFFFFFFL), FloatFormat.BINARY64, RoundingMode.NEAR_EVEN, env);
    }

    public static int fromF64(long a, RoundingMode rm, Env env) {
        long r = ConversionPath.f64ToF32(a, rm, env);
        return r != HardwarePath.NONE ? (int) r : (int) Narrow.convert(FloatFormat.BINARY64, a, FMT, rm, env);
    }

    /** Exact; the result in env.zHi/zLo. */
    public static void toF128(int a, Env env) {
        F128.fromF32(a, env);
    }

    public static int fromF128(long hi, long lo, RoundingMode rm, Env env) {
        return F128.toF32(hi, lo, rm, env);
    }
}

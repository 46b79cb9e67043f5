package org.nvlower.softfloat;

/**
 * IEEE 754 binary64 (double precision), as bit patterns in a long: the static core API. NaN operands follow env's
 * {@link Specialization}; everything else is computed on the significands and rounded once in the
 * mode rm that each rounding operation takes (see {@link Narrow}). Flags are ORed into env.flags.
 */
public final class F64 {

    private static final FloatFormat FMT = FloatFormat.BINARY64;

    private F64() {}

    public static long add(long a, long b, RoundingMode rm, Env env) {
        long r = HardwarePath.add64(a, b, rm, env);
        return r != HardwarePath.NONE ? r : addEdge(a, b, false, rm, env);
    }

    /** The operands and results {@link HardwarePath#add64} declines: its binary64 exits, then the general path. */
    private static long addEdge(long a, long b, boolean negateB, RoundingMode rm, Env env) {
        long r = HardwarePath.addEdge64(a, negateB ? b ^ Long.MIN_VALUE : b, rm, env);
        return r != HardwarePath.NONE ? r : Narrow.add(FMT, a, b, negateB, rm, env);
    }

    public static long sub(long a, long b, RoundingMode rm, Env env) {
        long r = HardwarePath.add64(a, b ^ Long.MIN_VALUE, rm, env);
        return r != HardwarePath.NONE ? r : addEdge(a, b, true, rm, env);
    }

    public static long mul(long a, long b, RoundingMode rm, Env env) {
        long r = HardwarePath.mul64(a, b, rm, env);
        return r != HardwarePath.NONE ? r : mulEdge(a, b, rm, env);
    }

    private static long mulEdge(long a, long b, RoundingMode rm, Env env) {
        long r = HardwarePath.mulEdge64(a, b, rm, env);
        return r != HardwarePath.NONE ? r : Narrow.mul(FMT, a, b, rm, env);
    }

    public static long div(long a, long b, RoundingMode rm, Env env) {
        long r = HardwarePath.div64(a, b, rm, env);
        return r != HardwarePath.NONE ? r : divEdge(a, b, rm, env);
    }

    private static long divEdge(long a, long b, RoundingMode rm, Env env) {
        long r = HardwarePath.divEdge64(a, b, rm, env);
        return r != HardwarePath.NONE ? r : Narrow.div(FMT, a, b, rm, env);
    }

    /** IEEE 754 remainder (quotient rounded to nearest even); exact. */
    public static long rem(long a, long b, Env env) {
        long r = RemainderPath.rem64(a, b, env);
        return r != HardwarePath.NONE ? r : Narrow.remainder(FMT, a, b, true, env);
    }

    /** C fmod = LLVM frem: quotient truncated, result exact with the sign of a. */
    public static long fmod(long a, long b, Env env) {
        return Narrow.remainder(FMT, a, b, false, env);
    }

    /** IEEE 754-2008 minNum: a quiet NaN operand is ignored; -0 counts below +0. */
    public static long minNum(long a, long b, Env env) {
        return Narrow.minMax(FMT, a, b, FcmpPredicate.Relation.LT, env);
    }

    /** IEEE 754-2008 maxNum: a quiet NaN operand is ignored; +0 counts above -0. */
    public static long maxNum(long a, long b, Env env) {
        return Narrow.minMax(FMT, a, b, FcmpPredicate.Relation.GT, env);
    }

    /** a * b + c with a single rounding. */
    public static long mulAdd(long a, long b, long c, RoundingMode rm, Env env) {
        long r = HardwarePath.mulAdd64(a, b, c, rm, env);
        return r != HardwarePath.NONE ? r : mulAddEdge(a, b, c, rm, env);
    }

    private static long mulAddEdge(long a, long b, long c, RoundingMode rm, Env env) {
        long r = HardwarePath.mulAddEdge64(a, b, c, rm, env);
        return r != HardwarePath.NONE ? r : Narrow.mulAdd(FMT, a, b, c, rm, env);
    }

    public static long sqrt(long a, RoundingMode rm, Env env) {
        long r = HardwarePath.sqrt64(a, rm, env);
        return r != HardwarePath.NONE ? r : Narrow.sqrt(FMT, a, rm, env);
    }

    /** Rounds to an integral value in mode rm; INEXACT only when {@code exact}. */
    public static long roundToInt(long a, RoundingMode rm, boolean exact, Env env) {
        return Narrow.roundToInt(FMT, a, rm, exact, env);
    }

    /**
     * a == b, quiet (INVALID only for a signaling NaN, whose quiet bit is clear), on the bits and
     * without a branch on the outcome: two non-NaN encodings are equal values exactly when they
     * are the same bits or both zeros (+0 == -0). NaNs (a magnitude above infinity's) are answered
     * here, daz (which reads subnormals as zeros) takes the general path; no call is left on the
     * path of a NaN, so that a loop of comparisons keeps its registers.
     */
    public static boolean eq(long a, long b, Env env) {
        long ma = a & Long.MAX_VALUE;
        long mb = b & Long.MAX_VALUE;
        if (Math.max(ma, mb) > 0x7FF0000000000000L) {
            if (ma > 0x7FF0000000000000L && ma < 0x7FF8000000000000L || mb > 0x7FF0000000000000L && mb < 0x7FF8000000000000L) {
                env.flags |= ExceptionFlags.INVALID;
            }
            return false;
        }
        if (env.daz) {
            return Narrow.eq(FMT, a, b, false, env);
        }
        return a == b | (ma | mb) == 0;
    }

    public static boolean le(long a, long b, Env env) {
        double x = Double.longBitsToDouble(a);
        double y = Double.longBitsToDouble(b);
        if (!env.daz) {
            if (x <= y) {
                return true;
            }
            if (x > y) {
                return false;
            }
        }
        return Narrow.le(FMT, a, b, true, env); // NaNs (INVALID), or daz
    }

    public static boolean lt(long a, long b, Env env) {
        double x = Double.longBitsToDouble(a);
        double y = Double.longBitsToDouble(b);
        if (!env.daz) {
            if (x < y) {
                return true;
            }
            if (x >= y) {
                return false;
            }
        }
        return Narrow.lt(FMT, a, b, true, env); // NaNs (INVALID), or daz
    }

    public static boolean eqSignaling(long a, long b, Env env) {
        return Narrow.eq(FMT, a, b, true, env);
    }

    public static boolean leQuiet(long a, long b, Env env) {
        return Narrow.le(FMT, a, b, false, env);
    }

    public static boolean ltQuiet(long a, long b, Env env) {
        return Narrow.lt(FMT, a, b, false, env);
    }

    /** LLVM {@code fcmp p a, b}: quiet, INVALID only for signaling NaN operands. */
    public static boolean fcmp(FcmpPredicate p, long a, long b, Env env) {
        return Narrow.fcmp(FMT, p, a, b, env);
    }

    public static FloatClass classify(long a) {
        return Narrow.classify(FMT, a);
    }

    public static boolean isNaN(long a) {
        return FMT.isNaN(a);
    }

    public static boolean isSignalingNaN(long a) {
        return FMT.isSignalingNaN(a);
    }

    public static int toI8(long a, RoundingMode rm, boolean exact, Env env) {
        return (int) Narrow.toInt(FMT, a, IntFormat.I8, rm, exact, env);
    }

    public static int toI16(long a, RoundingMode rm, boolean exact, Env env) {
        return (int) Narrow.toInt(FMT, a, IntFormat.I16, rm, exact, env);
    }

    public static int toI32(long a, RoundingMode rm, boolean exact, Env env) {
        return ConversionPath.toI32(Double.longBitsToDouble(a), (a & 0x7FF0000000000000L) == 0, rm, exact, env);
    }

    public static long toI64(long a, RoundingMode rm, boolean exact, Env env) {
        return ConversionPath.toI64(Double.longBitsToDouble(a), (a & 0x7FF0000000000000L) == 0, rm, exact, env);
    }

    /** The result zero-extended into an int. */
    public static int toUI8(long a, RoundingMode rm, boolean exact, Env env) {
        return (int) Narrow.toInt(FMT, a, IntFormat.UI8, rm, exact, env);
    }

    /** The result zero-extended into an int. */
    public static int toUI16(long a, RoundingMode rm, boolean exact, Env env) {
        return (int) Narrow.toInt(FMT, a, IntFormat.UI16, rm, exact, env);
    }

    /** The 32-bit unsigned result as an int bit pattern. */
    public static int toUI32(long a, RoundingMode rm, boolean exact, Env env) {
        return (int) Narrow.toInt(FMT, a, IntFormat.UI32, rm, exact, env);
    }

    /** The 64-bit unsigned result as a long bit pattern. */
    public static long toUI64(long a, RoundingMode rm, boolean exact, Env env) {
        return Narrow.toInt(FMT, a, IntFormat.UI64, rm, exact, env);
    }

    /** To a signed 128-bit integer in env.zHi/zLo (invalid results as {@link F128#toI128}). */
    public static void toI128(long a, RoundingMode rm, boolean exact, Env env) {
        Narrow.toInt128(FMT, a, true, rm, exact, env);
    }

    /** To an unsigned 128-bit integer in env.zHi/zLo (invalid results as {@link F128#toUI128}). */
    public static void toUI128(long a, RoundingMode rm, boolean exact, Env env) {
        Narrow.toInt128(FMT, a, false, rm, exact, env);
    }

    public static long fromI32(int a, Env env) {
        return Double.doubleToRawLongBits(a); // exact
    }

    public static long fromUI32(int a, Env env) {
        return Narrow.fromInt64(FMT, a & 0xFFFFFFFFL, false, RoundingMode.NEAR_EVEN, env); // exact
    }

    public static long fromI64(long a, RoundingMode rm, Env env) {
        return ConversionPath.fromI64ToF64(a, rm, env);
    }

    public static long fromUI64(long a, RoundingMode rm, Env env) {
        return Narrow.fromInt64(FMT, a, false, rm, env);
    }

    public static long fromI128(long hi, long lo, RoundingMode rm, Env env) {
        return Narrow.fromInt128(FMT, hi, lo, true, rm, env);
    }

    public static long fromUI128(long hi, long lo, RoundingMode rm, Env env) {
        return Narrow.fromInt128(FMT, hi, lo, false, rm, env);
    }

    public static short toF16(long a, RoundingMode rm, Env env) {
        long r = ConversionPath.f64ToF16(a, rm, env);
        return r != HardwarePath.NONE ? (short) r : (short) Narrow.convert(FMT, a, FloatFormat.BINARY16, rm, env);
    }

    public static long fromF16(short a, Env env) {
        long r = ConversionPath.f16ToF64(a, env);
        return r != HardwarePath.NONE ? r : Narrow.convert(FloatFormat.BINARY16, (a & 0xFFFFL), FMT, RoundingMode.NEAR_EVEN, env);
    }

    public static short toBF16(long a, RoundingMode rm, Env env) {
        long r = ConversionPath.f64ToBF16(a, rm, env);
        return r != HardwarePath.NONE ? (short) r : (short) Narrow.convert(FMT, a, FloatFormat.BFLOAT16, rm, env);
    }

    public static long fromBF16(short a, Env env) {
        return Narrow.convert(FloatFormat.BFLOAT16, (a & 0xFFFFL), FMT, RoundingMode.NEAR_EVEN, env); // exact
    }

    public static int toF32(long a, RoundingMode rm, Env env) {
        long r = ConversionPath.f64ToF32(a, rm, env);
        return r != HardwarePath.NONE ? (int) r : (int) Narrow.convert(FMT, a, FloatFormat.BINARY32, rm, env);
    }

    public static long fromF32(int a, Env env) {
        long r = ConversionPath.f32ToF64(a, env);
        return r != HardwarePath.NONE ? r : Narrow.convert(FloatFormat.BINARY32, (a & 0xFFFFFFFFL), FMT, RoundingMode.NEAR_EVEN, env);
    }

    /** Exact; the result in env.zHi/zLo. */
    public static void toF128(long a, Env env) {
        F128.fromF64(a, env);
    }

    public static long fromF128(long hi, long lo, RoundingMode rm, Env env) {
        return F128.toF64(hi, lo, rm, env);
    }
}

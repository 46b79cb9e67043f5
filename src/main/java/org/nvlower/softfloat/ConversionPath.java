package org.nvlower.softfloat;

import static org.nvlower.softfloat.ExceptionFlags.INEXACT;
import static org.nvlower.softfloat.ExceptionFlags.INVALID;
import static org.nvlower.softfloat.ExceptionFlags.OVERFLOW;
import static org.nvlower.softfloat.ExceptionFlags.UNDERFLOW;

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
     * binary64 a to binary32, in every mode: a normal result by {@link DoubleRounding#normal32}, the
     * rest by {@link #outside}. One method per target: a method shared by the targets would share
     * its profile, and C2 inlines a large callee only at a call site taken in a quarter of the
     * calls counted there (binary64 -> binary16, timed first, left outside a call in binary64 ->
     * binary32's loop: "already compiled into a medium method").
     */
    static long f64ToF32(long a, RoundingMode rm, Env env) {
        long r = DoubleRounding.normal32(Double.longBitsToDouble(a), rm, env);
        return r != HardwarePath.NONE ? r : outside(a, (a & 0x7FF0000000000000L) == 0, 23, 0x3810000000000000L,
                0x47F0000000000000L, 926, 0x7F800000L, 0x80000000L, 0x7FFFFFFFL, rm, env);
    }

    /** {@link #f64ToF32} for binary16. */
    static long f64ToF16(long a, RoundingMode rm, Env env) {
        long r = DoubleRounding.normal16(Double.longBitsToDouble(a), rm, env);
        return r != HardwarePath.NONE ? r : outside(a, (a & 0x7FF0000000000000L) == 0, 10, 0x3F10000000000000L,
                0x40F0000000000000L, 1051, 0x7C00L, 0x8000L, 0x7E00L, rm, env);
    }

    /** {@link #f64ToF32} for bfloat16. */
    static long f64ToBF16(long a, RoundingMode rm, Env env) {
        long r = DoubleRounding.normalBF16(Double.longBitsToDouble(a), rm, env);
        return r != HardwarePath.NONE ? r : outside(a, (a & 0x7FF0000000000000L) == 0, 7, 0x3810000000000000L,
                0x47F0000000000000L, 942, 0x7F80L, 0x8000L, 0x7FC0L, rm, env);
    }

    /**
     * binary32 a to binary16, in every mode: a normal result on a's own bits
     * ({@link DoubleRounding#normal16(float, RoundingMode, Env)}), the rest held exactly as a
     * binary64 (a NaN's sign and payload moved there by hand: the JVM's float-to-double conversion
     * would quieten a signaling NaN) by {@link #outside}.
     */
    static long f32ToF16(int a, RoundingMode rm, Env env) {
        long r = DoubleRounding.normal16(Float.intBitsToFloat(a), rm, env);
        if (r != HardwarePath.NONE) {
            return r;
        }
        int m = a & 0x7FFFFFFF;
        long d = m > 0x7F800000 ? ((long) (a & 0x80000000) << 32) | 0x7FF0000000000000L | ((long) (a & 0x007FFFFF) << 29)
                : Double.doubleToRawLongBits(Float.intBitsToFloat(a));
        return outside(d, m < 0x00800000, 10, 0x3F10000000000000L, 0x40F0000000000000L, 1051, 0x7C00L, 0x8000L, 0x7E00L,
                rm, env);
    }

    /**
     * binary32 a to bfloat16 in every mode, on a's own bits and without a call (see
     * {@link #outside}): bfloat16 has binary32's exponent range, so its ulp is 2^16 units of a's
     * bits at every exponent, subnormals included, and the result is a's magnitude bits plus the
     * mode's increment shifted right by 16 ({@link DoubleRounding#normal16}'s rounding): a carry
     * moves into the exponent field as it should, up to infinity's bits exactly when the top binade
     * overflows (OVERFLOW), and a subnormal source gives a subnormal result, tiny, UNDERFLOW when
     * inexact. Zeros, infinities and NaNs (INVALID when signaling; X86 keeps the sign and the
     * payload's leading bits, NVPTX gives its canonical NaN) inline too; NONE (no flag touched) for
     * subnormal sources under daz or ftz, and those that round to 2^-126 (tiny or not: the general
     * path decides).
     */
    static long f32ToBF16(int a, RoundingMode rm, Env env) {
        int m = a & 0x7FFFFFFF;
        int signBits = (a >>> 16) & 0x8000;
        if (m == 0 || m >= 0x7F800000) {
            if (m <= 0x7F800000) {
                return signBits | (m >>> 16); // zero or infinity
            }
            env.flags |= ((~a >>> 22) & 1) << 4; // INVALID when the quiet bit is clear
            return env.specialization == Specialization.X86 ? signBits | 0x7FC0 | ((m >>> 16) & 0x7F) : 0x7FC0;
        }
        boolean tiny = m < 0x00800000;
        if (tiny && (env.daz || env.ftz)) {
            return HardwarePath.NONE;
        }
        int o = rm.ordinal(); // NEAR_EVEN 0, MIN_MAG 1, MIN 2, MAX 3, NEAR_MAX_MAG 4, ODD 5
        int inexact = ((m & 0xFFFF) + 0xFFFF) >>> 16;
        int up = o == 0 ? 0x7FFF + ((m >>> 16) & 1) : o == 4 ? 0x8000 : (((a < 0 ? 4 : 8) >>> o) & 1) != 0 ? 0xFFFF : 0;
        int z = o == 5 ? (m >>> 16) | inexact : (m + up) >>> 16;
        int flags = inexact | (z == 0x7F80 ? OVERFLOW : 0);
        if (tiny) {
            if (z >= 0x80) {
                return HardwarePath.NONE;
            }
            flags *= UNDERFLOW | INEXACT;
        }
        int f = env.flags;
        if ((f | flags) != f) {
            env.flags = f | flags;
        }
        return signBits | z;
    }

    /**
     * A source held as the binary64 bits a (exactly its value; a NaN's sign and payload as binary64
     * would hold them; {@code subnormal}: whether it was subnormal or zero in its own format) that
     * is not in g's normal range below its largest finite value, rounded to g as the general path
     * converts it, value and flags, in every mode; NONE (no flag touched) for the top binade, for
     * results that round to g's smallest normal from below (tiny or not: the general path decides)
     * and for subnormal results under ftz. g: fb fraction bits, its smallest normal 2^emin and
     * 2^(emax+1) as binary64 bits, {@code tinyShift} = 1075 - (fb - emin), its infinity's bits,
     * sign bit and NVPTX NaN.
     *
     * <p>Written without calls but to {@link #beyond} (NaN, infinity, overflow) and under C2's
     * inlining limit (325 bytecodes): every case is rare in some caller's loop, and C2 inlines no
     * callee of more than 35 bytecodes at a call site taken in under a quarter of the calls, nor
     * any at one taken in under about 1%; one call left in a loop makes it reload what it keeps in
     * registers. The mode is a bit index into masks of the modes that do something (a switch's
     * bytecode would not fit).
     * <ul>
     * <li>Zero, or a subnormal source under daz: a zero, no flag.
     * <li>Below 2^emin: a subnormal result, g's ulp 2^(emin - fb) being 2^(tinyShift - e) units of
     * a's 53-bit significand (e: a's exponent field): the significand shifted right by the excess
     * over s = 52 - fb with the lost bits ORed into bit 0 (a sticky bit below the rounding's, so it
     * rounds alike; at most 63: a value below half the smallest subnormal then rounds to 0 or 1
     * unit by the mode, as it should), then rounded as {@link DoubleRounding#normal16} rounds (the
     * mode's increment, s bits shifted out). A result below 2^emin is tiny (a rounding of a tiny
     * value to more bits cannot reach 2^emin when the coarser one does not): UNDERFLOW and INEXACT
     * when inexact.
     * </ul>
     */
    private static long outside(long a, boolean subnormal, int fb, long minNormal, long overflowFrom, int tinyShift,
            long inf, long signBit, long nvptxNaN, RoundingMode rm, Env env) {
        long mag = a & Long.MAX_VALUE;
        long signBits = a < 0 ? signBit : 0;
        if (mag >= overflowFrom) {
            return beyond(a, fb, inf, signBits, nvptxNaN, rm, env);
        }
        if (mag == 0 || (subnormal && env.daz)) {
            return signBits;
        }
        if (mag >= minNormal || env.ftz) {
            return HardwarePath.NONE;
        }
        int d = Math.min(tinyShift - (int) (mag >>> 52) - 52 + fb, 63);
        long m = (mag & 0xFFFFFFFFFFFFFL) | 0x10000000000000L; // a subnormal double (d = 63): any nonzero m will do
        long lost = (1L << d) - 1;
        long sig = (m >>> d) | (((m & lost) + lost) >>> d);
        int s = 52 - fb;
        long mask = (1L << s) - 1;
        long inexact = ((sig & mask) + mask) >>> s;
        int o = rm.ordinal(); // NEAR_EVEN 0, MIN_MAG 1, MIN 2, MAX 3, NEAR_MAX_MAG 4, ODD 5
        long up = o == 0 ? (mask >>> 1) + ((sig >>> s) & 1) : o == 4 ? (mask >>> 1) + 1
                : (((a < 0 ? 4 : 8) >>> o) & 1) != 0 ? mask : 0;
        long z = o == 5 ? (sig >>> s) | inexact : (sig + up) >>> s;
        if (z >= 1L << fb) {
            return HardwarePath.NONE;
        }
        int flags = (int) inexact * (UNDERFLOW | INEXACT);
        int f = env.flags;
        if ((f | flags) != f) {
            env.flags = f | flags;
        }
        return signBits | z;
    }

    /**
     * {@link #outside}'s sources at or beyond g's 2^(emax+1): NaN (INVALID when signaling; X86 keeps
     * the sign and the leading payload bits and sets the quiet bit, NVPTX gives its canonical NaN),
     * infinity, or an overflow: OVERFLOW and INEXACT, infinity (nearest, and MIN/MAX on its side)
     * or the largest finite value.
     */
    private static long beyond(long a, int fb, long inf, long signBits, long nvptxNaN, RoundingMode rm, Env env) {
        long mag = a & Long.MAX_VALUE;
        if (mag >= 0x7FF0000000000000L) {
            if (mag == 0x7FF0000000000000L) {
                return signBits | inf;
            }
            env.flags |= (int) ((~a >>> 51) & 1) << 4; // INVALID when the quiet bit is clear
            return env.specialization == Specialization.X86
                    ? signBits | inf | (1L << (fb - 1)) | ((mag & 0xFFFFFFFFFFFFFL) >>> (52 - fb)) : nvptxNaN;
        }
        int f = env.flags;
        if ((f | (OVERFLOW | INEXACT)) != f) {
            env.flags = f | OVERFLOW | INEXACT;
        }
        // to infinity in NEAR_EVEN (ordinal 0), NEAR_MAX_MAG (4), and MIN (2) / MAX (3) on its side
        return signBits | ((((a < 0 ? 0x15 : 0x19) >>> rm.ordinal()) & 1) != 0 ? inf : inf - 1);
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
        if (a == 0) {
            return 0;
        }
        long r = DoubleRounding.normal16((float) a, rm, env); // exact in a float; NONE only from 65504 up
        return r != HardwarePath.NONE ? r : to16(a, rm, env);
    }

    /**
     * An int to binary32, in every mode: the float itself where it is exact (no flag; +0 for 0);
     * else the int, exact in a double, rounded by {@link DoubleRounding#normal32} (every nonzero
     * int lies in binary32's normal range), without a call to the residual's rounding
     * ({@link HardwarePath#finish}, too large to inline in a mode profiled late: see
     * {@link #integral}).
     */
    static long i32To32(int a, RoundingMode rm, Env env) {
        float r = a;
        if ((long) r == a) {
            return Float.floatToRawIntBits(r) & 0xFFFFFFFFL; // exact (3 in 4 of the benchmark's ints): no flag
        }
        return DoubleRounding.normal32(a, rm, env);
    }

    /**
     * A long to binary32, in every mode, on a's own bits and without a branch on the data (the
     * JVM's long-to-float rounding and the residual's sign, {@link HardwarePath#finish}, branched
     * on the random sign and residual: i64 -> f32 at 1.1x SoftFloat in the directed modes): |a|
     * (as unsigned, 2^63 for Long.MIN_VALUE) with its leading one moved to bit 62 (exact: the
     * one bit shifted out at the bottom is always 0; a float keeps 24 bits, so 39 lie below its
     * last place), then rounded as
     * {@link DoubleRounding#normal32} rounds (k = 39): the mode's increment added, 39 bits
     * shifted out, the exponent field of 2^(63 - lz) added (the leading one adds its 1 there; a
     * carry from rounding up moves into the exponent as it should). Every nonzero long is far
     * inside binary32's normal range: never tiny, never overflowing. INEXACT when the 39 bits
     * are not all zero; 0 gives +0. Nearest even is the JVM's conversion, inexact when the float
     * converted back differs (2^63, where the cast saturates to Long.MAX_VALUE, read as
     * Long.MIN_VALUE, which differs from every positive long).
     */
    static long i64To32(long a, RoundingMode rm, Env env) {
        if (rm == RoundingMode.NEAR_EVEN) { // the JVM's own long-to-float rounding
            float r = a;
            DoubleRounding.raiseInexact(env, (r >= 0x1p63f ? Long.MIN_VALUE : (long) r) != a ? 1 : 0); // 2^63 as itself
            return Float.floatToRawIntBits(r) & 0xFFFFFFFFL;
        }
        if (a == 0) {
            return 0;
        }
        long mag = Math.abs(a);
        int lz = Long.numberOfLeadingZeros(mag);
        // The leading one at bit 62, nothing lost: mag << lz shifts zeros in, so its last bit is 1
        // only for lz = 0, which only 2^63 (Long.MIN_VALUE), even, has.
        long m = (mag << lz) >>> 1;
        long mask = (1L << 39) - 1;
        long inexact = ((m & mask) + mask) >>> 39;
        DoubleRounding.raiseInexact(env, inexact);
        // the mode's increment from a table by mode and sign, odd's last bit by arithmetic on the
        // ordinal: no test of the mode. With a switch, this loop, compiled in one mode and
        // recompiled as the benchmark met the next, ran the later modes at 2/3 of their speed
        // alone (i64 -> f32/min 170 against 244 Mop/s); with tests of the ordinal, odd (met last)
        // still read 205-211 Mop/s against minMag's 320 in one JVM per format, 1.2x SoftFloat;
        // with the increment computed by variable shifts of the ordinal every directed mode read
        // 240 (2026-11-28, docs/performance-log.md)
        int o = rm.ordinal(); // MIN_MAG 1, MIN 2, MAX 3, NEAR_MAX_MAG 4, ODD 5
        long up = I64_TO_32_UP[(o << 1 | (int) (a >>> 63)) & 15]; // masked to the table's 16: no bounds check
        long odd = o & o >>> 2 & 1; // 1 iff o is 5 (of 0..5)
        return ((a >>> 32) & 0x80000000L) | ((((long) (126 + 63 - lz) << 23) + ((m + up) >>> 39)) | (odd & inexact));
    }

    /**
     * {@link #i64To32}'s increment below the last place (39 bits), at ordinal 2 + (1 for a
     * negative long): all but one last place toward the sign's infinity (MIN when negative, MAX
     * when positive), half the last place for near_maxMag, nothing for minMag and odd (near_even
     * does not come here).
     */
    private static final long[] I64_TO_32_UP = {
        0, 0, // NEAR_EVEN
        0, 0, // MIN_MAG
        0, (1L << 39) - 1, // MIN
        (1L << 39) - 1, 0, // MAX
        1L << 38, 1L << 38, // NEAR_MAX_MAG
        0, 0, // ODD
        0, 0, 0, 0, // no mode: the index is masked to 16 entries
    };

    /** a to binary16 or bfloat16: the double nearest a, the residual in integers, one rounding. */
    static long fromI64(FloatFormat g, long a, RoundingMode rm, Env env) {
        if (a == 0) {
            return 0;
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
     * a call: the JIT profiles the mode tests once for all callers, so the modes a loop met after it
     * was compiled are cold cases, where any callee but an intrinsic stays a call. Math.copySign
     * is not one (21 bytecodes: "failed to inline: low call site frequency" in near_maxMag and
     * odd, which left a call in the loop and ran f64 -> i64/odd at 0.4x SoftFloat): the sign is
     * ORed in on the bits (doubleToRawLongBits and longBitsToDouble are intrinsics), as copySign
     * does (its magnitude argument here is never negative: |x|, 2 floor(|x|/2) + 1, 1/2; a NaN
     * x's raw sign bit too).
     * <ul>
     * <li>near_maxMag: rint, except on a tie (x - rint(x), exact, is +-1/2), where x + 1/2 of x's
     * sign is the integer away from zero (exact: x has at most 52 bits from 1/2 up).
     * <li>odd: |x| itself when it is an even integer (2 floor(|x| / 2) = |x|), else the odd integer
     * 2 floor(|x| / 2) + 1 (|x| lies in (2k, 2k + 2): its odd neighbour, or 2k + 1 itself; below
     * 2^53, so exact); the sign put back. For the smallest subnormal |x| / 2 rounds to 0, which the
     * comparison with |x| (not with |x| / 2) still reads as not even.
     * </ul>
     *
     * <p>The mode is picked by one test per mode (q9h branch), not by a switch. A loop that runs
     * the modes one after another (the benchmark's one JVM per format, TestFloat) is compiled in
     * the first mode, where C2 turns the never-taken side of a test into an uncommon trap; each
     * mode then traps once at its own test when it first comes and the loop is compiled again
     * with that mode's arm seen. A switch traps only once (its bytecode then has "too many
     * traps"): the loop compiled when the second mode came was kept for every later mode, whose
     * arms the switch's profile counted as never taken, and the last one, odd (the longest arm),
     * ran at 1.07-1.13x SoftFloat there against 1.3-1.5x in a JVM of its own (f16 -> i32/odd;
     * docs/performance-log.md, q9h section). {@link #integralI64} is a copy with a profile of its own,
     * so that the conversion timed second meets untaken tests too.
     */
    static double integral(double x, RoundingMode rm) {
        long sign = Double.doubleToRawLongBits(x) & Long.MIN_VALUE;
        if (rm == RoundingMode.ODD) {
            double a = Math.abs(x);
            double f = Math.floor(a * 0.5);
            // the choice made on the bits: a select of two longs, which C2 can compile as a
            // conditional move, where a select of two doubles is a branch (on x86), and which
            // way it goes is data (whether |x| is an even integer)
            long even = Double.doubleToRawLongBits(a);
            long odd = Double.doubleToRawLongBits(f + f + 1);
            return Double.longBitsToDouble((f + f == a ? even : odd) | sign);
        }
        if (rm == RoundingMode.NEAR_EVEN) {
            return Math.rint(x);
        }
        if (rm == RoundingMode.MIN_MAG) {
            return Double.longBitsToDouble(Double.doubleToRawLongBits(Math.floor(Math.abs(x))) | sign);
        }
        if (rm == RoundingMode.MIN) {
            return Math.floor(x);
        }
        if (rm == RoundingMode.MAX) {
            return Math.ceil(x);
        }
        double r = Math.rint(x); // NEAR_MAX_MAG
        return Math.abs(x - r) == 0.5 ? x + Double.longBitsToDouble(HALF | sign) : r;
    }

    /**
     * {@link #integral} for {@link #toI64}: the same code, written out again (a call to a shared
     * body would not be inlined at a test taken for a few calls in a hundred million), with a
     * profile of its own.
     */
    static double integralI64(double x, RoundingMode rm) {
        long sign = Double.doubleToRawLongBits(x) & Long.MIN_VALUE;
        if (rm == RoundingMode.ODD) {
            double a = Math.abs(x);
            double f = Math.floor(a * 0.5);
            // the choice made on the bits: a select of two longs, which C2 can compile as a
            // conditional move, where a select of two doubles is a branch (on x86), and which
            // way it goes is data (whether |x| is an even integer)
            long even = Double.doubleToRawLongBits(a);
            long odd = Double.doubleToRawLongBits(f + f + 1);
            return Double.longBitsToDouble((f + f == a ? even : odd) | sign);
        }
        if (rm == RoundingMode.NEAR_EVEN) {
            return Math.rint(x);
        }
        if (rm == RoundingMode.MIN_MAG) {
            return Double.longBitsToDouble(Double.doubleToRawLongBits(Math.floor(Math.abs(x))) | sign);
        }
        if (rm == RoundingMode.MIN) {
            return Math.floor(x);
        }
        if (rm == RoundingMode.MAX) {
            return Math.ceil(x);
        }
        double r = Math.rint(x); // NEAR_MAX_MAG
        return Math.abs(x - r) == 0.5 ? x + Double.longBitsToDouble(HALF | sign) : r;
    }

    /** The bits of 1/2 (for {@link #integral}'s tie away from zero, the sign ORed in). */
    private static final long HALF = 0x3FE0000000000000L;

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

    /**
     * binary16 a to int, in every mode: round to odd on a's own bits, the other modes through
     * {@link #toI32}. A finite binary16 is sig 2^(e - 25) with sig < 2^11 (e the exponent field,
     * 1 for a subnormal, whose sig has no implicit bit), so |a| 2^24 = sig 2^(e - 1) is an integer
     * below 2^40: its bits above the 24th are the integer part of |a| (below 2^16, in range), the
     * 24 below are its fraction, inexact when not all zero. Round to odd is that integer part with
     * its last bit set when inexact, the sign put back; no branch on the data, no conversion
     * through float and double (SoftFloat's f16_to_i32 shifts the significand the same way).
     * Infinities, NaNs and subnormals under daz go through {@link #toI32}. A separate test for odd
     * first (the mode the benchmark times last): the other modes' code is {@link #toI32}'s.
     */
    static int f16ToI32(short a, RoundingMode rm, boolean exact, Env env) {
        int e = (a >>> 10) & 0x1F;
        if (rm == RoundingMode.ODD && e != 0x1F && (e != 0 || !env.daz)) {
            int normal = (e + 31) >>> 5; // 0 for a zero or subnormal (e = 0), else 1
            long scaled = (long) ((a & 0x3FF) | (normal << 10)) << (e - normal); // |a| 2^24, exact
            int inexact = (((int) scaled & 0xFFFFFF) + 0xFFFFFF) >>> 24;
            if (exact) {
                DoubleRounding.raiseInexact(env, inexact);
            }
            int s = a >> 31; // -1 for a negative a (the short sign-extended), else 0
            return (((int) (scaled >>> 24) | inexact) ^ s) - s;
        }
        return toI32(Float.float16ToFloat(a), e == 0, rm, exact, env);
    }

    /**
     * {@link #f16ToI32} for a long result (|a| < 2^16: the same int, sign-extended), written out
     * again so that it has a profile of its own (as {@link #integralI64}).
     */
    static long f16ToI64(short a, RoundingMode rm, boolean exact, Env env) {
        int e = (a >>> 10) & 0x1F;
        if (rm == RoundingMode.ODD && e != 0x1F && (e != 0 || !env.daz)) {
            int normal = (e + 31) >>> 5;
            long scaled = (long) ((a & 0x3FF) | (normal << 10)) << (e - normal);
            int inexact = (((int) scaled & 0xFFFFFF) + 0xFFFFFF) >>> 24;
            if (exact) {
                DoubleRounding.raiseInexact(env, inexact);
            }
            int s = a >> 31;
            return (((int) (scaled >>> 24) | inexact) ^ s) - s;
        }
        return toI64(Float.float16ToFloat(a), e == 0, rm, exact, env);
    }

    /** {@link #toI32} for a long result. */
    static long toI64(double x, boolean subnormal, RoundingMode rm, boolean exact, Env env) {
        double r = integralI64(x, rm);
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

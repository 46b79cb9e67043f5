package org.nvlower.softfloat;

/**
 * Fast paths for binary16 and bfloat16 add, sub, mul, div, sqrt and mulAdd on the JVM's double,
 * in every rounding mode, value and flags as {@link Narrow} gives them; where they decline they
 * return {@link HardwarePath#NONE} before touching the flags, and the caller takes the general path.
 *
 * <p>Each operation yields a double d and the exact result as {@code d + t}, where t is exact or
 * at least of the exact residual's sign (0 when d is exact): a sum of two binary16 values and any
 * product of two narrow values is exact in double (at most 11 + 39 + 1 and 2 x 11 bits); other
 * sums and mulAdd's sum take TwoSum's error. Operands and results lie far inside double's normal
 * range, so those are exact. d is then the exact value rounded to 53 bits, and
 * {@link DoubleRounding} rounds the pair once, as if from the exact value.
 *
 * <p>A quotient or a root needs no residual (t = 0): it is either exact in at most 2p bits (p
 * <= 11 here), so d is exact, or it is not a dyadic number at all, and then its relative distance
 * to every rounding boundary (a multiple of 2^-(p+1) of its binade, subnormal ones coarser) is at
 * least about 2^-(2p+2), far above d's error of 2^-53: x/y - g = (mx 2^i - g' my) / (my 2^j) with
 * a nonzero integer numerator, sqrt(x) - g = (x - g^2) / (sqrt(x) + g) with x - g^2 a nonzero
 * multiple of g's squared ulp. So d lies strictly between the same two boundaries as the exact
 * value, off every boundary, and rounds alike (inexact, as its dropped bits are not zero).
 *
 * <p>Taken when the operands are finite, and subnormal only without daz (a division by zero and
 * the root of a negative number are left to the general path); an exact zero result takes its
 * sign as IEEE 754 says (a sum of opposite zeros, or x - x, is -0 only toward minus infinity);
 * results of any size go through the same rounding (subnormal, flushed or overflowing ones via
 * {@link Narrow#roundPack}).
 */
final class HalfPath {

    private HalfPath() {}

    // Rounding modes as bits indexed by RoundingMode.ordinal(), for sqrt16's mode tests without a branch.
    /** NEAR_EVEN and NEAR_MAX_MAG: the increment half an ulp less one, plus the kept last bit. */
    private static final int NEAREST = 1 << RoundingMode.NEAR_EVEN.ordinal() | 1 << RoundingMode.NEAR_MAX_MAG.ordinal();
    /** MAX: a positive inexact value rounds up. */
    private static final int UP = 1 << RoundingMode.MAX.ordinal();
    /** ODD: INEXACT ORed into the kept last bit. */
    private static final int ODD = 1 << RoundingMode.ODD.ordinal();

    /** Whether the binary16 or bfloat16 pattern a (inf: the infinity's bits) is finite and not a subnormal under daz. */
    private static boolean ok(int a, int inf, Env env) {
        int e = a & inf;
        return e != inf && (!env.daz || e != 0 || (a & (inf ^ 0x7FFF)) == 0);
    }

    private static double f16(short a) {
        return Float.float16ToFloat(a);
    }

    private static double bf16(short a) {
        return Float.intBitsToFloat(a << 16);
    }

    /**
     * The exact zero x + y = 0: the common sign of two zeros of the same sign, else +0, or -0
     * rounding toward minus infinity.
     */
    private static long zeroSum(double x, double y, RoundingMode rm) {
        long sx = Double.doubleToRawLongBits(x);
        long sy = Double.doubleToRawLongBits(y);
        if (x == 0 && sx == sy) {
            return (sx >>> 48) & 0x8000;
        }
        return rm == RoundingMode.MIN ? 0x8000 : 0;
    }

    /** A nonzero result d, or the signed zero d when d is 0 (a product or quotient of a zero). */
    private static long round(boolean bf, double d, double t, RoundingMode rm, Env env) {
        if (d == 0) {
            return (Double.doubleToRawLongBits(d) >>> 48) & 0x8000;
        }
        return bf ? DoubleRounding.roundBF16(d, t, rm, env) : DoubleRounding.round16(d, t, rm, env);
    }

    /** x + y rounded once: TwoSum's error as the residual (0 when the sum is exact). */
    private static long sum(boolean bf, double x, double y, RoundingMode rm, Env env) {
        double s = x + y;
        if (s == 0) {
            return zeroSum(x, y, rm); // TwoSum's error is 0 too
        }
        double bb = s - x;
        double e = (x - (s - bb)) + (y - bb);
        return bf ? DoubleRounding.roundBF16(s, e, rm, env) : DoubleRounding.round16(s, e, rm, env);
    }

    private static long quotient(boolean bf, double x, double y, RoundingMode rm, Env env) {
        if (y == 0) {
            return HardwarePath.NONE; // INFINITE or INVALID
        }
        return round(bf, x / y, 0, rm, env); // no residual needed: see the class comment
    }

    private static long root(boolean bf, short a, double x, RoundingMode rm, Env env) {
        if (x <= 0) {
            return x == 0 ? a & 0xFFFF : HardwarePath.NONE; // sqrt(-0) = -0; INVALID below
        }
        return round(bf, Math.sqrt(x), 0, rm, env); // no residual needed: see the class comment
    }

    // ------------------------------------------------------------------ binary16

    /**
     * x + y of two binary16 values (y negated first when {@code negate} is 0x8000: sub) is exact in
     * double (exponents -24 to 15: at most 40 bits) and a multiple of 2^-24. Without daz every
     * operand pair is answered here, in line, without a call and without a branch on the mode,
     * every mode by the same code (q11s branch, docs/performance-log.md): the benchmark, like any loop
     * run in one mode after another, times a function's six modes in one JVM, and C2 compiles the
     * loop with the profile of the modes run before, so a path that only some modes take (the
     * hardware's nearest-even conversion that nearest even took here before, the arms of a test of
     * the mode) was laid out as cold, its values spilled to the stack, in the modes that came
     * later; and a call left in the loop, even on a path taken for 1 pair in 16, makes the
     * compiled loop spill and reload what it keeps in registers (the benchmark's operands have a
     * NaN or infinite operand in 1 pair in 18, an exact zero sum in 1 in 16 of sub's, a sum at
     * the top of the range or overflowing in 1 in 200 of add's):
     * <ul>
     * <li>2^-14 <= |s| < 2^17 (every finite sum not below the normal range, 2 x 65504 at most):
     * {@link DoubleRounding#normal16}'s rounding of the exact s (the mode's increment added to its
     * magnitude bits, 42 dropped bits shifted out, the exponent rebiased), here with the increment
     * from a table by mode and sign ({@link #sumRounded16}) and without its upper bound: a rounded magnitude at or beyond 0x7C00 (the rounding with an unbounded exponent gave
     * 2^16 or more) is OVERFLOW and INEXACT, the infinity in the modes that round toward it, else
     * the largest finite value (as {@link Narrow#roundPack} and SoftFloat's roundPackToF16 answer);
     * <li>s = 0 is the exact zero of IEEE's sign rule ({@link #zeroSum}); 0 < |s| < 2^-14 is
     * k 2^-24 with k < 2^10, exactly the subnormal whose fraction field is k: no rounding, no flag
     * in any mode (UNDERFLOW only when tiny and inexact), unless ftz flushes it (declined);
     * <li>a NaN or infinite s means a NaN or infinite operand (finite ones sum to at most 2 x
     * 65504): a NaN operand as {@link NanPolicy#propagate} answers it (INVALID when either is
     * signaling; X86 the first NaN operand with its quiet bit set, the original b in sub; NVPTX
     * its canonical NaN); else s is NaN exactly for inf - inf (INVALID, the default NaN) and
     * otherwise the infinity of s's sign, as {@link Narrow#add} gives them.
     * </ul>
     * Under daz a subnormal operand counts as zero: that goes through {@link #sum}.
     */
    static long add16(short a, short b, int negate, RoundingMode rm, Env env) {
        float x = Float.float16ToFloat(a);
        float y = Float.float16ToFloat((short) (b ^ negate));
        if (env.daz) {
            return ok(a, 0x7C00, env) && ok(b, 0x7C00, env) ? sum(false, x, y, rm, env) : HardwarePath.NONE;
        }
        double s = (double) x + y;
        // Both steps are called on every pair (the second passes on what the first answered), so
        // C2 inlines them as frequent calls (up to 325 bytecodes; a call on a path taken rarely
        // is inlined only up to 35 bytecodes, else it stays a call in the loop).
        return sumOutside16(sumRounded16(s, rm, env), a, b, x, y, s, rm, env);
    }

    /**
     * The exact sum s of binary16 values rounded where 2^-14 <= |s| < 2^17 (see {@link #add16}),
     * else {@link HardwarePath#NONE} with no flag touched.
     */
    private static long sumRounded16(double s, RoundingMode rm, Env env) {
        long bits = Double.doubleToRawLongBits(s);
        long magnitude = bits & Long.MAX_VALUE;
        if (Long.compareUnsigned(magnitude - 0x3F10000000000000L, 0x4100000000000000L - 0x3F10000000000000L) >= 0) {
            return HardwarePath.NONE;
        }
        long inexact = ((magnitude & 0x3FFFFFFFFFFL) + 0x3FFFFFFFFFFL) >>> 42;
        // The mode as data, no test of it (as ConversionPath.i64To32): in one JVM per format a
        // test of the mode is profiled by the modes run before, and the loop compiled then ran
        // the later modes with their arms laid out as cold (add16). The index is masked to the
        // table's 16 entries, so C2 drops the bounds check.
        int o = rm.ordinal(); // NEAR_EVEN 0, MIN_MAG 1, MIN 2, MAX 3, NEAR_MAX_MAG 4, ODD 5
        long lastBit = (magnitude >>> 42) & 1;
        long up = SUM16_UP[(o << 1 | (int) (bits >>> 63)) & 15] + (lastBit & (o - 1) >>> 31); // + the last bit: NEAR_EVEN
        long z = (((magnitude + up) >>> 42) | (inexact & o & o >>> 2)) - (1008 << 10); // | INEXACT: ODD
        long sign = (bits >>> 48) & 0x8000;
        if (z < 0x7C00) {
            // DoubleRounding.raiseInexact written out: with the call, sub's loop compiled while
            // near_even ran (where this path was rare then) kept it as a call (low call site
            // frequency) for the directed modes that followed
            int flags = env.flags;
            int raised = flags | (int) inexact; // INEXACT is bit 0
            if (raised != flags) {
                env.flags = raised;
            }
            return sign | z;
        }
        // overflow: the infinity in the modes whose increment here is not 0 (both nearest, MIN
        // for a negative sum, MAX for a positive one), else the largest finite value
        env.flags |= ExceptionFlags.OVERFLOW | ExceptionFlags.INEXACT;
        return sign | (0x7BFF + ((up | -up) >>> 63));
    }

    /**
     * {@link #sumRounded16}'s increment below binary16's last place (42 bits of the double's
     * fraction), at ordinal 2 + (1 for a negative sum): half the last place less one for
     * NEAR_EVEN (its last bit added apart), half for NEAR_MAX_MAG, all but one last place toward
     * the sign's infinity (MIN when negative, MAX when positive), nothing for MIN_MAG and ODD
     * (odd ORs INEXACT into the last bit apart); padded to 16 entries.
     */
    private static final long[] SUM16_UP = {
        (1L << 41) - 1, (1L << 41) - 1, // NEAR_EVEN
        0, 0, // MIN_MAG
        0, (1L << 42) - 1, // MIN
        (1L << 42) - 1, 0, // MAX
        1L << 41, 1L << 41, // NEAR_MAX_MAG
        0, 0, // ODD
        0, 0, 0, 0,
    };

    /**
     * r if {@link #sumRounded16} answered (not {@link HardwarePath#NONE}); else the sum s = x + y
     * of binary16 values a and b (b negated in sub: y) below 2^-14 or not finite (see
     * {@link #add16}); NONE for a subnormal sum under ftz.
     */
    private static long sumOutside16(long r, short a, short b, float x, float y, double s, RoundingMode rm, Env env) {
        if (r != HardwarePath.NONE) {
            return r;
        }
        long bits = Double.doubleToRawLongBits(s);
        long magnitude = bits & Long.MAX_VALUE;
        if (magnitude == 0) {
            int sx = Float.floatToRawIntBits(x);
            return x == 0 && sx == Float.floatToRawIntBits(y) ? (sx >>> 16) & 0x8000
                    : (((rm.ordinal() ^ RoundingMode.MIN.ordinal()) - 1) >>> 31) << 15; // -0 only in MIN: no test of the mode
        }
        if (magnitude < 0x3F10000000000000L) { // 0 < |s| < 2^-14: exact subnormal
            return env.ftz ? HardwarePath.NONE : ((bits >>> 48) & 0x8000) | (long) (Math.abs(s) * 0x1p24);
        }
        int ma = a & 0x7FFF; // a NaN or infinite operand
        int mb = b & 0x7FFF;
        boolean x86 = env.specialization == Specialization.X86; // no call: the specialization's NaNs as fields
        if (ma > 0x7C00 || mb > 0x7C00) { // a NaN; the quiet bit is 0x0200
            if ((ma > 0x7C00 && (ma & 0x0200) == 0) || (mb > 0x7C00 && (mb & 0x0200) == 0)) {
                env.flags |= ExceptionFlags.INVALID;
            }
            return x86 ? ((ma > 0x7C00 ? a : b) | 0x0200) & 0xFFFF : FloatFormat.BINARY16.nvptxNaN;
        }
        if (s != s) { // inf - inf
            env.flags |= ExceptionFlags.INVALID;
            return x86 ? FloatFormat.BINARY16.x86DefaultNaN : FloatFormat.BINARY16.nvptxNaN;
        }
        return ((bits >>> 48) & 0x8000) | 0x7C00; // an infinite operand, the other finite or the same infinity
    }

    /**
     * The product p of two binary16 values is exact in float: 2 x 11 significant bits, and
     * |p| lies in [2^-48, 65504^2 < 2^32], far inside float's normal range. Without daz every
     * operand pair is answered here, in line, without a call and without a test of the mode, every
     * mode by the same code (q14h branch, docs/performance-log.md; as {@link #add16}, and for the same
     * reason: the benchmark times a function's six modes in one JVM, and the calls that the
     * earlier form left in the loop, for the 1 pair in 6 of the benchmark's operands with a NaN,
     * infinite, zero, tiny or overflowing product, made the compiled loop spill):
     * <ul>
     * <li>{@link #productRounded16}: p's magnitude bits plus the mode's increment, 13 dropped bits
     * shifted out (a binary16 ulp is 2^13 float ulps in every binade: 11 of float's 24 bits kept),
     * the exponent rebiased, is p rounded to 11 bits with an unbounded exponent; where that lies in
     * [2^-14, 2^16) it is the result (normal, finite, and not tiny: tininess is detected after
     * rounding, as in {@link Narrow#roundPack} and SoftFloat's 8086 specialization, so a p below
     * 2^-14 that rounds to 2^-14 is 2^-14 with INEXACT alone, and its rounding at the subnormal
     * grid, coarser and holding 2^-14, gives 2^-14 too), INEXACT when the 13 bits are not all zero;
     * <li>{@link #productSpecial16}: NaN operands as {@link NanPolicy#propagate} answers them,
     * infinity times zero (INVALID), infinities; {@link #productFinite16}: finite p rounded to
     * 2^16 or more overflow; the
     * rest is tiny (rounded below 2^-14 with an unbounded exponent) or zero, and rounds at
     * 2^-24 (subnormal; UNDERFLOW and INEXACT when inexact); ftz declines a tiny nonzero p.
     * </ul>
     * Under daz a subnormal operand counts as zero: finite operands that are not subnormal go
     * through {@link #round}, the rest to the general path.
     */
    static long mul16(short a, short b, RoundingMode rm, Env env) {
        float p = Float.float16ToFloat(a) * Float.float16ToFloat(b);
        if (env.daz) {
            return ok(a, 0x7C00, env) && ok(b, 0x7C00, env) ? round(false, f16(a) * f16(b), 0, rm, env) : HardwarePath.NONE;
        }
        // The three steps are called on every pair (each passes on what the one before answered),
        // so C2 inlines them as frequent calls (add16's comment); one method for the last two
        // (414 bytecodes) was not inlined: over C2's 325 for a frequent call.
        return productFinite16(productSpecial16(productRounded16(p, rm, env), a, b, env), p, rm, env);
    }

    /**
     * The exact product p of binary16 values rounded where the rounding with an unbounded exponent
     * gives [2^-14, 2^16) (see {@link #mul16}), else {@link HardwarePath#NONE} with no flag
     * touched. A NaN or infinite p gives 0x23C00 or more there (p's bits plus at most 0x1FFF
     * stay below 2^32 unsigned), never inside.
     */
    private static long productRounded16(float p, RoundingMode rm, Env env) {
        int bits = Float.floatToRawIntBits(p);
        int magnitude = bits & 0x7FFFFFFF;
        int inexact = ((magnitude & 0x1FFF) + 0x1FFF) >>> 13;
        // The mode as data, no test of it (sumRounded16): one table by mode, sign and kept last
        // bit, its index masked to the table's 32 entries (no bounds check). Only the table's
        // index is kept across the loop, where separate masks for nearest even's last bit and
        // odd's INEXACT left too many values live and C2 spilled the benchmark's sum to the stack.
        int up = PRODUCT16_UP[(rm.ordinal() << 2 | (bits >>> 30 & 2) | (magnitude >>> 13 & 1)) & 31];
        int z = ((magnitude + up) >>> 13) - (112 << 10);
        if (Integer.compareUnsigned(z - 0x0400, 0x7C00 - 0x0400) >= 0) {
            return HardwarePath.NONE;
        }
        // DoubleRounding.raiseInexact written out, as in sumRounded16
        int flags = env.flags;
        int raised = flags | inexact; // INEXACT is bit 0
        if (raised != flags) {
            env.flags = raised;
        }
        return ((bits >>> 16) & 0x8000) | z;
    }

    /**
     * The increment below binary16's last place (13 bits of a float's fraction) that rounds the
     * kept bits K (dropped bits D, 0 <= D < 2^13) in each mode, at index 4 ordinal + 2 (for a
     * negative value) + K's last bit: (K 2^13 + D + up) >>> 13 is K, or K + 1 exactly when the mode rounds
     * up: NEAR_EVEN 2^12 - 1 + the last bit (D > 2^12, or a tie onto an even K + 1), NEAR_MAX_MAG
     * 2^12 (D >= 2^12), toward the sign's infinity (MIN when negative, MAX when positive) 2^13 - 1
     * (D > 0), MIN_MAG 0; ODD 2^13 - 1 where K is even (an inexact K + 1 is odd, never a carry
     * into the exponent), 0 where it is odd (K, with or without D). Padded to 32 entries.
     */
    private static final int[] PRODUCT16_UP = {
        0xFFF, 0x1000, 0xFFF, 0x1000, // NEAR_EVEN: positive (last bit 0, 1), negative
        0, 0, 0, 0, // MIN_MAG
        0, 0, 0x1FFF, 0x1FFF, // MIN
        0x1FFF, 0x1FFF, 0, 0, // MAX
        0x1000, 0x1000, 0x1000, 0x1000, // NEAR_MAX_MAG
        0x1FFF, 0, 0x1FFF, 0, // ODD
        0, 0, 0, 0, 0, 0, 0, 0,
    };

    /**
     * r if {@link #productRounded16} answered (not {@link HardwarePath#NONE}); else the product of
     * binary16 values a and b with a NaN or infinite operand, as {@link Narrow#mul} gives it: a NaN
     * operand as {@link NanPolicy#propagate} answers it (INVALID when either is signaling; X86 the
     * first NaN operand with its quiet bit set, NVPTX its canonical NaN), infinity times zero
     * INVALID with the default NaN, else the exact infinity of the sign a ^ b; NONE for finite
     * operands.
     */
    private static long productSpecial16(long r, short a, short b, Env env) {
        int ma = a & 0x7FFF;
        int mb = b & 0x7FFF;
        if (r != HardwarePath.NONE || (ma < 0x7C00 && mb < 0x7C00)) {
            return r;
        }
        boolean x86 = env.specialization == Specialization.X86; // no call: the specialization's NaNs as fields
        if (ma > 0x7C00 || mb > 0x7C00) { // a NaN; the quiet bit is 0x0200
            if ((ma > 0x7C00 && (ma & 0x0200) == 0) || (mb > 0x7C00 && (mb & 0x0200) == 0)) {
                env.flags |= ExceptionFlags.INVALID;
            }
            return x86 ? ((ma > 0x7C00 ? a : b) | 0x0200) & 0xFFFF : FloatFormat.BINARY16.nvptxNaN;
        }
        if (ma == 0 || mb == 0) { // inf * 0
            env.flags |= ExceptionFlags.INVALID;
            return x86 ? FloatFormat.BINARY16.x86DefaultNaN : FloatFormat.BINARY16.nvptxNaN;
        }
        return (a ^ b) & 0x8000 | 0x7C00;
    }

    /**
     * r if an earlier step answered (not {@link HardwarePath#NONE}); else the exact product p of
     * two finite binary16 values, overflowing, tiny or zero (see {@link #mul16}); NONE for a
     * tiny nonzero product under ftz.
     */
    private static long productFinite16(long r, float p, RoundingMode rm, Env env) {
        if (r != HardwarePath.NONE) {
            return r;
        }
        int bits = Float.floatToRawIntBits(p);
        int index = rm.ordinal() << 2 | (bits >>> 30 & 2); // PRODUCT16_UP's, without the last bit
        float magnitude = Math.abs(p);
        if (magnitude >= 0x1p-14f) {
            // finite, not rounded below 2^-14: rounded to 2^16 or more, OVERFLOW and INEXACT; the
            // infinity where the increment for an odd last bit is not 0 (both nearest, MIN for a
            // negative product, MAX for a positive one), else the largest finite value (minMag,
            // odd, and MIN, MAX away from their infinity), as Narrow.roundPack gives it
            env.flags |= ExceptionFlags.OVERFLOW | ExceptionFlags.INEXACT;
            return ((bits >>> 16) & 0x8000) | (0x7BFF + ((PRODUCT16_UP[(index | 1) & 31] + 0x7FFFFFFF) >>> 31));
        }
        // Tiny (rounded below 2^-14 with an unbounded exponent: productRounded16) or zero. p is a
        // multiple of 2^-48 below 2^-14, so |p| + 2^-14 is exact in double (35 bits) and lies in
        // [2^-14, 2^-13), where its fraction field is t = |p| 2^66 exactly. m = t >>> 29, ORed
        // with 1 where the 29 bits shifted out are not all zero (a sticky bit: every rounding
        // decision reads only whether the bits below the top dropped one are zero), is |p| 2^37
        // truncated, with that sticky bit:
        // 2^13 units of m are 2^-24, the subnormals' grid, so m rounds as productRounded16 rounds
        // a float's bits (the same table, the last bit that of m >>> 13) to the subnormal's
        // fraction field k in [0, 1024]; 1024 is 0x0400, 2^-14, a carry into the exponent.
        // UNDERFLOW with INEXACT, as p is tiny.
        if (env.ftz && magnitude != 0) {
            return HardwarePath.NONE;
        }
        long t = Double.doubleToRawLongBits(magnitude + 0x1p-14) - 0x3F10000000000000L;
        int m = (int) (t >>> 29) | (int) (((t & 0x1FFFFFFF) + 0x1FFFFFFF) >>> 29);
        int inexact = ((m & 0x1FFF) + 0x1FFF) >>> 13;
        int k = (m + PRODUCT16_UP[(index | (m >>> 13 & 1)) & 31]) >>> 13;
        if (inexact != 0) {
            env.flags |= ExceptionFlags.UNDERFLOW | ExceptionFlags.INEXACT;
        }
        return ((bits >>> 16) & 0x8000) | k;
    }

    /**
     * A binary16 quotient through float: x / y rounded to 24 bits lies strictly between the same
     * rounding boundaries as x / y and on none unless exact. A boundary g of binary16 (value,
     * midpoint, subnormal or overflow threshold) is mg 2^eg with mg < 2^12, so a quotient other than
     * g is at least 1 / (mg my) > 2^-23 of g away from it (my < 2^11 is y's significand, as in the
     * class comment), while float's rounding moves it by at most 2^-24; every quotient of two
     * finite binary16 values lies inside float's normal range (2^-40 to 2^40). So where the
     * hardware's float-to-half conversion (nearest even) h is normal, above 2^-14 (which may be tiny
     * after rounding) and below the largest finite value, it is the result to nearest (never a tie:
     * a tie would be an exact quotient of 12 bits), inexact when the float's 13 bits below
     * binary16's last place are not all zero; the directed modes, where 2^-14 <= |q| < 65504 (the
     * result normal and finite, decided on q's bits without the conversion), truncate those bits and
     * add a binary16 unit away from zero where due, without a switch on the mode (a switch traps
     * once in a loop that runs the modes one after another, and the modes after the second ran
     * code compiled then: max at 1.2x SoftFloat in one JVM per format, docs/performance-log.md, q10h);
     * everything else goes through {@link #divOutside16}.
     */
    static long div16(short a, short b, RoundingMode rm, Env env) {
        float y = Float.float16ToFloat(b);
        float q = Float.float16ToFloat(a) / y;
        // Where the result is a normal binary16, a binary16 ulp is 2^13 float ulps: q's low 13
        // bits are the ones rounding drops, not all zero exactly when the quotient is inexact
        // (q is never on a boundary unless exact). Zero, infinite and NaN operands give a zero,
        // infinite or NaN q, which neither range below admits.
        int bits = Float.floatToRawIntBits(q);
        int dropped = bits & 0x1FFF;
        int inexact = dropped != 0 ? 1 : 0;
        if (env.daz) {
            // subnormal operands count as zeros: the general path below
        } else if (rm == RoundingMode.NEAR_EVEN || rm == RoundingMode.NEAR_MAX_MAG) {
            short h = Float.floatToFloat16(q);
            int magnitude = h & 0x7FFF;
            if (magnitude > 0x0400 && magnitude < 0x7BFF) {
                DoubleRounding.raiseInexact(env, inexact);
                return h & 0xFFFF; // never a tie
            }
        } else {
            int magnitude = bits & 0x7FFFFFFF;
            if (Integer.compareUnsigned(magnitude - 0x38800000, 0x477FE000 - 0x38800000) < 0) { // 2^-14 <= |q| < 65504
                // truncate, then one binary16 unit away from zero where due: a normal binary16
                // (at most 65504, not tiny), whose bits are the float's magnitude shifted, the
                // exponent rebiased (127 - 15); MIN and MAX add 2^13 - 1 units on the side of
                // their infinity (a binary16 unit exactly when inexact), odd ORs in INEXACT
                DoubleRounding.raiseInexact(env, inexact);
                int sign = bits >> 31; // -1 for a negative quotient, else 0
                int up = (sign ^ (rm == RoundingMode.MAX ? -1 : 0))
                        & (rm == RoundingMode.MAX || rm == RoundingMode.MIN ? 0x1FFF : 0);
                int z = ((magnitude + up) >>> 13) | (rm == RoundingMode.ODD ? inexact : 0);
                return (sign & 0x8000) | (z - (112 << 10));
            }
        }
        return divOutside16(a, b, q, rm, env);
    }

    /**
     * {@link #div16}'s quotients outside the normal range (1 operand pair in 6 of the benchmark's),
     * in a method of their own, so that div16 stays small enough to be inlined into a caller's
     * loop: without daz, a NaN operand (INVALID when either is signaling; X86 returns the first NaN
     * operand quietened, NVPTX its canonical NaN, as {@link NanPolicy#propagate} does), an infinite
     * operand and a zero divisor are answered here as {@link Narrow#div} answers them (inf / inf and
     * 0 / 0 INVALID with the default NaN; inf / y an infinity, x / inf a zero, x / 0 INFINITE and an
     * infinity, each of the sign (a ^ b)), where they went to the general path before; finite
     * operands then give a zero, tiny or near-overflow q, rounded by {@link #round} (q is such a
     * double: see div16); daz goes to the general path.
     */
    private static long divOutside16(short a, short b, float q, RoundingMode rm, Env env) {
        if (!env.daz) {
            int ma = a & 0x7FFF;
            int mb = b & 0x7FFF;
            if (ma >= 0x7C00 || mb >= 0x7C00 || mb == 0) {
                if (ma > 0x7C00 || mb > 0x7C00) { // a NaN operand; the quiet bit is 0x0200
                    if ((ma > 0x7C00 && (ma & 0x0200) == 0) || (mb > 0x7C00 && (mb & 0x0200) == 0)) {
                        env.flags |= ExceptionFlags.INVALID;
                    }
                    return env.specialization == Specialization.X86 ? ((ma > 0x7C00 ? a : b) | 0x0200) & 0xFFFF
                            : FloatFormat.BINARY16.nvptxNaN;
                }
                int sign = (a ^ b) & 0x8000;
                if (ma == 0x7C00 ? mb == 0x7C00 : mb == 0 && ma == 0) { // inf / inf, 0 / 0
                    env.flags |= ExceptionFlags.INVALID;
                    return FloatFormat.BINARY16.defaultNaN(env.specialization);
                }
                if (mb == 0 && ma != 0x7C00) { // finite nonzero / 0 (inf / 0 is an exact infinity)
                    env.flags |= ExceptionFlags.INFINITE;
                }
                return mb == 0x7C00 ? sign : sign | 0x7C00; // x / inf; inf / y and x / 0
            }
        } else if (!ok(a, 0x7C00, env) || !ok(b, 0x7C00, env) || (b & 0x7FFF) == 0) {
            return HardwarePath.NONE; // NaNs, infinities, daz; INFINITE or INVALID
        }
        return round(false, q, 0, rm, env);
    }

    /**
     * The root through float: q, the root of x rounded to float (the double root rounded to
     * float, 53 >= 2 x 24 + 2: innocuous, so C2 computes it with one single-precision sqrt), lies
     * strictly between the same two binary16 rounding boundaries as the exact root and on none
     * unless exact, so q's bits rounded as {@link DoubleRounding#normal16(float, RoundingMode, Env)}
     * rounds them give the exact root rounded once, in every mode, inexact exactly when q's 13 bits
     * below binary16's last place are not all zero. Say the root lies in [2^(e+10), 2^(e+11)),
     * where q is within half a float ulp, 2^(e-14), of it. A binary16 value g = mg 2^e (mg < 2^11)
     * other than the root is (x - g^2) / (sqrt(x) + g) away from it, x - g^2 a nonzero multiple of
     * 2^(2e) (x's ulp is at least 2^(2e+10)) and sqrt(x) + g < 2^(e+12): more than 2^(e-12). A
     * midpoint g = (2M + 1) 2^(e-1) (M < 2^11): x - g^2 is an odd multiple of 2^(2e-2) (x is a
     * multiple of 2^(2e+10), g^2 an odd one of 2^(2e-2)), so the distance is more than 2^(e-14),
     * beyond q's error: q is on no midpoint either, and an exact root is never a midpoint (nor a
     * value other than itself). The roots of positive binary16 values lie in [2^-12, 2^8]: normal,
     * not tiny, far from overflow, and positive, so MIN rounds as MIN_MAG and near_maxMag as
     * nearest even (no ties).
     *
     * <p>The mode enters as masks indexed by its ordinal (loop-invariant), without a branch, switch
     * or call: the benchmark times a loop mode after mode in one JVM, and an exit chosen by the
     * mode (the hardware's nearest-even conversion, else {@code normal16}) was compiled for the
     * first mode and stayed a call for the later ones (C2: "low call site frequency"), which ran
     * near_maxMag at two thirds of near_even's speed. A negative operand (-inf included, -0 not)
     * is INVALID with the default NaN, as {@link Narrow#sqrt} gives it; zeros, +inf, NaNs and
     * everything under daz go through {@link #root} and the general path.
     */
    static long sqrt16(short a, RoundingMode rm, Env env) {
        if (!env.daz) {
            float x = Float.float16ToFloat(a);
            int q = Float.floatToRawIntBits((float) Math.sqrt(x));
            if (Integer.compareUnsigned(q - 0x38800000, 0x477FE000 - 0x38800000) < 0) { // positive, 2^-14 <= q < 65504
                int m = rm.ordinal();
                int nearest = (NEAREST >>> m) & 1;
                int inexact = ((q & 0x1FFF) + 0x1FFF) >>> 13;
                DoubleRounding.raiseInexact(env, inexact);
                int up = (0xFFF & -nearest) + ((q >>> 13) & nearest) + (0x1FFF & -((UP >>> m) & 1));
                return (((q + up) >>> 13) | (inexact & (ODD >>> m))) - (112 << 10);
            }
            if (x < 0) {
                env.flags |= ExceptionFlags.INVALID;
                return FloatFormat.BINARY16.defaultNaN(env.specialization);
            }
        }
        return ok(a, 0x7C00, env) ? root(false, a, f16(a), rm, env) : HardwarePath.NONE;
    }

    /**
     * a b + c: the product is exact in double and the sum s with TwoSum's error e is the exact
     * value s + e. Where e is 0, s is exact; else s is the exact value rounded to 53 bits, and
     * where s is on no binary16 boundary (its 41 bits below half a binary16 ulp not all zero) no
     * boundary lies between s and the exact value either (it would be a double nearer the exact
     * value than s), so s rounds as the exact value does and is inexact, as its dropped bits say:
     * {@link DoubleRounding#normal16} in every mode. Everything else goes through {@link #sum}.
     */
    static long mulAdd16(short a, short b, short c, RoundingMode rm, Env env) {
        double p = (double) Float.float16ToFloat(a) * Float.float16ToFloat(b);
        double z = Float.float16ToFloat(c);
        double s = p + z;
        double bb = s - p;
        double e = (p - (s - bb)) + (z - bb);
        if (!env.daz && (e == 0 || (Double.doubleToRawLongBits(s) & 0x1FFFFFFFFFFL) != 0)) {
            long r = DoubleRounding.normal16(s, rm, env);
            if (r != HardwarePath.NONE) {
                return r;
            }
        }
        if (!ok(a, 0x7C00, env) || !ok(b, 0x7C00, env) || !ok(c, 0x7C00, env)) {
            return HardwarePath.NONE;
        }
        return sum(false, f16(a) * f16(b), f16(c), rm, env); // the product is exact
    }

    // ------------------------------------------------------------------ bfloat16

    static long addBF16(short a, short b, RoundingMode rm, Env env) {
        if (!ok(a, 0x7F80, env) || !ok(b, 0x7F80, env)) {
            return HardwarePath.NONE;
        }
        return sum(true, bf16(a), bf16(b), rm, env);
    }

    static long mulBF16(short a, short b, RoundingMode rm, Env env) {
        if (!ok(a, 0x7F80, env) || !ok(b, 0x7F80, env)) {
            return HardwarePath.NONE;
        }
        return round(true, bf16(a) * bf16(b), 0, rm, env); // exact
    }

    static long divBF16(short a, short b, RoundingMode rm, Env env) {
        if (!ok(a, 0x7F80, env) || !ok(b, 0x7F80, env)) {
            return HardwarePath.NONE;
        }
        return quotient(true, bf16(a), bf16(b), rm, env);
    }

    static long sqrtBF16(short a, RoundingMode rm, Env env) {
        return ok(a, 0x7F80, env) ? root(true, a, bf16(a), rm, env) : HardwarePath.NONE;
    }

    static long mulAddBF16(short a, short b, short c, RoundingMode rm, Env env) {
        if (!ok(a, 0x7F80, env) || !ok(b, 0x7F80, env) || !ok(c, 0x7F80, env)) {
            return HardwarePath.NONE;
        }
        return sum(true, bf16(a) * bf16(b), bf16(c), rm, env); // the product is exact
    }
}

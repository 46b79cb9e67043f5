package org.nvlower.softfloat;

import static org.nvlower.softfloat.ExceptionFlags.INEXACT;

/**
 * Fast paths for binary32 and binary64 add, sub, mul, div, sqrt and mulAdd on the JVM's own
 * float/double arithmetic, taken only where the result is provably the one {@link Narrow} gives,
 * value and flags, in every rounding mode; anywhere else they return {@link #NONE} and the caller
 * takes the general path.
 *
 * <p>The hardware gives r, the exact result rounded to nearest even. Each path also computes the
 * sign of the exact residual (exact - r) from error-free transformations (TwoSum, the fma residual
 * of a product, a quotient or a root), so INEXACT is known, and so is every other mode's result:
 * r or its neighbour on the residual's side ({@link #finish}). binary32 is computed in double:
 * a product is exact, and a sum, quotient or root rounded to 53 bits and then to 24 is rounded
 * correctly (53 >= 2 * 24 + 2; Figueroa, "When is double rounding innocuous?", 1995); mulAdd rounds
 * its exact double-double itself.
 *
 * <p>binary64 (and binary32 sqrt) is taken only when every operand is normal (so daz changes
 * nothing, and no NaN, infinity or zero needs its sign rules) and r lies in [2^(emin+1), 2^emax):
 * then r and its neighbours are normal and finite, so no result is tiny, flushed or overflowing,
 * and the residual computations neither underflow nor overflow (the extra bounds per operation
 * say why). binary32 add, sub and mulAdd take every operand class but NaNs, mul and div every
 * operand (see the binary32 section); all decline every operand under daz.
 */
final class HardwarePath {

    /** Not taken: a NaN bit pattern that no path returns (all ones). */
    static final long NONE = -1L;

    private HardwarePath() {}

    static boolean normal32(int a) {
        return (((a >>> 23) + 1) & 0xFF) > 1;
    }

    static boolean normal64(long a) {
        return (((a >>> 52) + 1) & 0x7FF) > 1;
    }

    /**
     * The result in mode rm from r (bits of the nearest-even result, normal, its neighbours
     * normal and finite), the sign of exact - r, and whether exact lies halfway between r and the
     * neighbour farther from zero (only NEAR_MAX_MAG rounds such a tie differently).
     */
    static long finish(long bits, boolean negative, int sigma, boolean tieAway, RoundingMode rm, Env env) {
        if (sigma == 0) {
            return bits;
        }
        env.flags |= INEXACT;
        boolean beyond = negative ? sigma < 0 : sigma > 0; // |exact| > |r|
        return switch (rm) {
            case NEAR_EVEN -> bits;
            case NEAR_MAX_MAG -> tieAway ? bits + 1 : bits;
            case MIN_MAG -> beyond ? bits : bits - 1;
            case MAX -> sigma > 0 ? (negative ? bits - 1 : bits + 1) : bits;
            case MIN -> sigma < 0 ? (negative ? bits + 1 : bits - 1) : bits;
            case ODD -> (beyond ? bits : bits - 1) | 1;
        };
    }

    private static int sign(double v) {
        return v > 0 ? 1 : v < 0 ? -1 : 0;
    }

    // ------------------------------------------------------------------ binary32 (in double)
    //
    // binary32 takes every operand class but NaNs (mul, div: NaNs too; under daz no operand): a product of
    // two floats is exact in double, a sum's error is a double (TwoSum), and a quotient's
    // remainder is exact. The inline part finishes results of magnitude in [2^emin, MAX) (normal,
    // and no mode can carry them past MAX); zeros, infinities, tiny results and overflow go to a
    // small special method per operation, which rounds through Narrow.roundPack (roundSlow32);
    // mul and div answer most of these in line (mul32, div32).

    /** The largest finite float, as a double. */
    private static final double MAX32 = Float.MAX_VALUE;

    /**
     * The step from r, the nearest-even rounding of an inexact exact value, to the result, per
     * mode (ordinal) and residual: at 4 ordinal + 2 up + r's sign bit (up: exact > r), -1, 0 or
     * +1 on r's bits (+1 away from zero). NEAR_EVEN and NEAR_MAX_MAG (whose tie comes
     * separately): 0; MIN_MAG and ODD (before its last bit is set): one toward zero when |exact| <
     * |r|; MIN: toward -infinity when exact < r; MAX: toward +infinity when exact > r. A lookup
     * rather than a branch per mode: a loop of operations is compiled with the profile of the
     * modes it ran before (the benchmark runs each function's six modes in turn in one JVM, and
     * every binary64 function shares finish64), so the later modes' branches were compiled as
     * cold code.
     */
    private static final int[] STEPS = {
        0, 0, 0, 0, // NEAR_EVEN
        -1, 0, 0, -1, // MIN_MAG
        -1, 1, 0, 0, // MIN
        0, 0, 1, -1, // MAX
        0, 0, 0, 0, // NEAR_MAX_MAG
        -1, 0, 0, -1, // ODD
    };

    /**
     * The result in mode rm for an inexact exact value whose nearest-even rounding is r (normal,
     * |exact| in [2^emin, MAX)): d has the sign of exact - r; s is a double next to exact, a
     * midpoint of two floats only when exact is that midpoint (a tie, which only NEAR_MAX_MAG
     * rounds differently). The step from r is {@link #STEPS}'s: no branch on the mode, nor on d's
     * sign (random from one operation to the next).
     */
    static long inexact32(float r, double s, double d, RoundingMode rm, Env env) {
        env.flags |= INEXACT;
        int bits = Float.floatToRawIntBits(r);
        int up = (int) (~Double.doubleToRawLongBits(d) >>> 63); // exact > r
        // NEAR_MAX_MAG's tie: s a midpoint (tested first: rarely true, so a learnt branch, where
        // exact's side of r is random) beyond r. midpoint32 written out: a call in a mode the
        // profile has not seen is not inlined, however small.
        int tieAway = rm == RoundingMode.NEAR_MAX_MAG && (Double.doubleToRawLongBits(s) & 0x1FFFFFFFL) == 0x10000000L
                && (up ^ (bits >>> 31)) == 1 ? 1 : 0;
        int ord = rm.ordinal();
        return ((bits + STEPS[ord << 2 | up << 1 | bits >>> 31] + tieAway) | ord / 5) & 0xFFFFFFFFL; // ODD: ord / 5 = 1
    }

    /** Whether double s (of a normal float's range) lies halfway between two floats. */
    private static boolean midpoint32(double s) {
        return (Double.doubleToRawLongBits(s) & 0x1FFFFFFFL) == 0x10000000L;
    }

    /**
     * Rounds exact = v + t to binary32 in mode rm through {@link Narrow#roundPack} (tininess,
     * ftz, overflow): v a normal double with no double strictly between it and exact, t of the
     * sign of exact - v (zero when exact == v). v's 53 bits and a sticky bit for t stand for
     * exact: every rounding boundary of binary32 is a double, so none lies between them.
     */
    static long roundSlow32(double v, double t, RoundingMode rm, Env env) {
        long bits = Double.doubleToRawLongBits(v);
        boolean negative = bits < 0;
        int exp = (int) ((bits >>> 52) & 0x7FF) - 1023 + 126; // biased binary32 exponent - 1
        long sig = ((bits & 0xFFFFFFFFFFFFFL) | 0x10000000000000L) << 10; // leading one at bit 62
        if (t != 0) {
            if ((t < 0) == negative) {
                sig |= 1; // |exact| just above |v|
            } else {
                sig--; // just below
                if (sig < 0x4000000000000000L) {
                    sig <<= 1;
                    exp--;
                }
            }
        }
        return Narrow.roundPack(FloatFormat.BINARY32, negative, exp, sig, rm, env);
    }

    /** a + b for any operands but NaNs (declined, as is every operand under daz). */
    static long add32(int a, int b, RoundingMode rm, Env env) {
        if (env.daz) {
            return NONE;
        }
        double x = Float.intBitsToFloat(a);
        double y = Float.intBitsToFloat(b);
        double s = x + y;
        double m = Math.abs(s);
        if (!(m >= 0x1p-126 && m < MAX32)) {
            return add32Special(a, b, x, y, s, rm, env);
        }
        float r = (float) s;
        double d = s - r; // exact (Sterbenz); exact - r = d + e, |e| <= ulp(s) / 2
        if (d == 0) {
            d = twoSumError(x, y, s);
            if (d == 0) {
                return Float.floatToRawIntBits(r) & 0xFFFFFFFFL;
            }
        }
        // s is a midpoint only when exact: with exponents 30 or more apart, |y| < 2^-28 |x| and
        // the midpoints next to x lie at least 2^-25 |x| away; with fewer, x + y is exact.
        return inexact32(r, s, d, rm, env);
    }

    /** e with x + y = s + e exactly, s = x + y rounded (TwoSum; no overflow for floats). */
    private static double twoSumError(double x, double y, double s) {
        double bb = s - x;
        return (x - (s - bb)) + (y - bb);
    }

    /**
     * add32 for a sum that is zero, tiny (then exact: a multiple of 2^-149 below 2^-125), at least
     * MAX, infinite (an infinite operand: float sums do not overflow double) or NaN (declined).
     */
    private static long add32Special(int a, int b, double x, double y, double s, RoundingMode rm, Env env) {
        if (s != s) {
            return NONE;
        }
        if (s == 0) { // exact; opposite signs give +0, but -0 rounding down
            return rm == RoundingMode.MIN && (a | b) != 0 ? 0x80000000L : Float.floatToRawIntBits((float) s) & 0xFFFFFFFFL;
        }
        if (Double.isInfinite(s)) {
            return Float.floatToRawIntBits((float) s) & 0xFFFFFFFFL;
        }
        return roundSlow32(s, twoSumError(x, y, s), rm, env);
    }

    /**
     * a * b for every operand (daz declined); the double product p is exact. Its two parts are
     * called on every pair, so that C2 inlines both as frequent calls (a call on a rare path is
     * inlined only up to 35 bytecodes): p in binary32's normal range ({@link #productInside32}),
     * else NaN, zero, infinite, overflowing or tiny ({@link #productOutside32}; 652 of the
     * benchmark's 4,096 binary32 pairs, 127 of them with a NaN operand, which went to the
     * general path and NanPolicy's virtual call before).
     */
    static long mul32(int a, int b, RoundingMode rm, Env env) {
        if (env.daz) {
            return NONE;
        }
        double p = (double) Float.intBitsToFloat(a) * Float.intBitsToFloat(b);
        return productTiny32(productOutside32(productInside32(p, rm, env), a, b, p, rm, env), p, rm, env);
    }

    /** An exact product p in [2^emin, MAX) rounded in mode rm; NONE for any other p. */
    private static long productInside32(double p, RoundingMode rm, Env env) {
        double m = Math.abs(p);
        if (!(m >= 0x1p-126 && m < MAX32)) {
            return NONE;
        }
        float r = (float) p;
        double d = p - r;
        if (d == 0) {
            return Float.floatToRawIntBits(r) & 0xFFFFFFFFL;
        }
        return inexact32(r, p, d, rm, env);
    }

    /**
     * {@link #mul32} for an exact product p outside binary32's normal range, r being
     * {@link #productInside32}'s answer (returned when not NONE). Each answer is Narrow.mul's
     * (daz off):
     * <ul>
     * <li>a NaN operand: Narrow.mul asks {@link NanPolicy#propagate}, which raises INVALID for a
     * signaling NaN operand and returns X86's a-if-NaN-else-b, quietened, or NVPTX's one NaN
     * (the two specializations are the only instances, so no call to them);
     * <li>p NaN with no NaN operand (infinity times zero): INVALID and the default NaN;
     * <li>p zero or infinite (a zero or an infinite operand; a product of finite floats lies in
     * [2^-298, 2^256), inside double's range): exact, the signed zero or infinity, no flag;
     * <li>|p| >= 2^128: overflow in every mode (rounding cannot bring it under 2^128): OVERFLOW
     * and INEXACT, the infinity in the modes that round away from zero on p's side (nearest
     * even, near_maxMag, MAX for p > 0, MIN for p < 0), else the largest finite float (odd's
     * last bit already set), as Narrow.roundPack's overflow;
     * <li>else (tiny, or in [MAX, 2^128) where the mode decides): NONE, for
     * {@link #productTiny32}.
     * </ul>
     */
    private static long productOutside32(long r, int a, int b, double p, RoundingMode rm, Env env) {
        if (r != NONE) {
            return r;
        }
        if (p != p) {
            int ma = a & 0x7FFFFFFF;
            int mb = b & 0x7FFFFFFF;
            boolean x86 = env.specialization == Specialization.X86;
            if (ma > 0x7F800000 || mb > 0x7F800000) { // a NaN operand; the quiet bit is 0x00400000
                if ((ma > 0x7F800000 && (ma & 0x00400000) == 0) || (mb > 0x7F800000 && (mb & 0x00400000) == 0)) {
                    env.flags |= ExceptionFlags.INVALID;
                }
                return x86 ? ((ma > 0x7F800000 ? a : b) | 0x00400000) & 0xFFFFFFFFL : FloatFormat.BINARY32.nvptxNaN;
            }
            env.flags |= ExceptionFlags.INVALID; // infinity times zero
            return x86 ? FloatFormat.BINARY32.x86DefaultNaN : FloatFormat.BINARY32.nvptxNaN;
        }
        double m = Math.abs(p);
        if (m == 0 || m == Double.POSITIVE_INFINITY) {
            return Float.floatToRawIntBits((float) p) & 0xFFFFFFFFL;
        }
        if (m >= 0x1p128) {
            env.flags |= ExceptionFlags.OVERFLOW | INEXACT;
            int negative = (int) (Double.doubleToRawLongBits(p) >>> 63);
            return ((long) negative << 31 | 0x7F800000L) - TO_FINITE[rm.ordinal() << 1 | negative];
        }
        return NONE;
    }

    /**
     * {@link #mul32} for a tiny nonzero exact product p (|p| < 2^emin), r being the answer of the
     * earlier parts (returned when not NONE). Without ftz and below 2^-126 (1 - 2^-24) (the
     * largest 24-bit value under 2^emin: rounding at full precision cannot carry p up to 2^emin,
     * so the result is tiny after rounding, as Narrow.roundPack decides, wherever it is inexact),
     * the result is p rounded to a multiple of 2^-149: q = |p| 2^149 is exact (p is a normal
     * double, at least 2^-298, and q < 2^23), n = rint(q) its nearest-even integer and q - n
     * exact (Sterbenz for n >= 1; q itself for n = 0). Exact: the subnormal (or zero) n, no
     * flag. Else UNDERFLOW and INEXACT, and the mode's step from n as {@link #inexact32}'s
     * ({@link #STEPS}: it steps toward zero only when |exact| < n, so never from 0;
     * NEAR_MAX_MAG's tie is q - n = 1/2; odd's last bit set); n + 1 = 2^23 carries into the
     * exponent field as 2^emin, still tiny before rounding, as roundPack reports it. Anything
     * else (ftz, [2^-126 (1 - 2^-24), 2^emin), [MAX, 2^128)): {@link #roundSlow32}.
     */
    private static long productTiny32(long r, double p, RoundingMode rm, Env env) {
        if (r != NONE) {
            return r;
        }
        double m = Math.abs(p);
        if (env.ftz || !(m < 0x1.fffffep-127)) {
            return roundSlow32(p, 0, rm, env);
        }
        double q = m * 0x1p149;
        double n = Math.rint(q);
        double d = q - n; // exact: |exact| - |r| scaled
        int negative = (int) (Double.doubleToRawLongBits(p) >>> 63);
        int bits = negative << 31 | (int) n;
        if (d == 0) {
            return bits & 0xFFFFFFFFL;
        }
        env.flags |= ExceptionFlags.UNDERFLOW | INEXACT;
        int beyond = (int) (~Double.doubleToRawLongBits(d) >>> 63); // |exact| > |r|
        int up = beyond ^ negative; // exact > r
        int tieAway = rm == RoundingMode.NEAR_MAX_MAG && d == 0.5 ? 1 : 0;
        int ord = rm.ordinal();
        return ((bits + STEPS[ord << 2 | up << 1 | negative] + tieAway) | ord / 5) & 0xFFFFFFFFL;
    }

    /**
     * 1 where an overflowing result of the sign (ordinal 2 + 1 for negative) is the largest
     * finite value rather than the infinity: MIN_MAG, ODD, MIN for positive, MAX for negative.
     */
    private static final int[] TO_FINITE = {
        0, 0, // NEAR_EVEN
        1, 1, // MIN_MAG
        1, 0, // MIN
        0, 1, // MAX
        0, 0, // NEAR_MAX_MAG
        1, 1, // ODD
    };

    /**
     * a / b for every operand (daz declined). A quotient x / y of floats that is not a value g
     * of at most 24 significant bits (a float, 2^128, a multiple n 2^-149 or a midpoint (n + 1/2)
     * 2^-149 with n < 2^23) lies at least 2^-48 |g| or 2^-24 |x / y| from it: x - g y is a
     * nonzero multiple of min(ulp(x), ulp(g) ulp(y)), and |y| < 2^24 ulp(y), |x| < 2^24 ulp(x).
     * The double q = x / y is within 2^-53 |x / y| of it, so q == g exactly when x / y == g, and
     * q lies on x / y's side of every such g otherwise: a normal quotient is never a tie (25
     * significant bits from the product of 24-bit r and y would make x longer than 24), and q
     * decides every comparison with MAX, 2^128, 2^emin and the tiny path's bound below. Its
     * three parts are called on every pair, so that C2 inlines all of them as frequent calls (a
     * call on a rare path is inlined only up to 35 bytecodes): the normal range
     * ({@link #quotientInside32}), NaN, zero, infinite and overflowing quotients
     * ({@link #quotientOutside32}) and tiny ones ({@link #quotientTiny32}); before, div32Special
     * and Narrow.div (NaN operands, 0/0, inf/inf) stayed calls in a loop of divisions, for 631
     * of the benchmark's 4,096 binary32 pairs.
     */
    static long div32(int a, int b, RoundingMode rm, Env env) {
        if (env.daz) {
            return NONE;
        }
        double x = Float.intBitsToFloat(a);
        double y = Float.intBitsToFloat(b);
        double q = x / y;
        return quotientTiny32(quotientOutside32(quotientInside32(q, rm, env), a, b, q, rm, env), x, y, q, rm, env);
    }

    /** A quotient whose double q lies in [2^emin, MAX), rounded in mode rm; NONE for any other q. */
    private static long quotientInside32(double q, RoundingMode rm, Env env) {
        double m = Math.abs(q);
        if (!(m >= 0x1p-126 && m < MAX32)) {
            return NONE;
        }
        float r = (float) q;
        double d = q - r; // of the sign of exact - r: see div32's comment
        int bits = Float.floatToRawIntBits(r);
        if (d == 0) {
            return bits & 0xFFFFFFFFL;
        }
        // inexact32 without its NEAR_MAX_MAG tie test: a normal quotient is never a tie (div32's
        // comment), so NEAR_MAX_MAG rounds as NEAR_EVEN. That test of the mode, never true in the
        // modes run before, was hoisted out of a loop as a profile predicate and trapped when
        // NEAR_MAX_MAG came, and the loop compiled again ran near_maxMag and odd ~15% slower.
        env.flags |= INEXACT;
        int up = (int) (~Double.doubleToRawLongBits(d) >>> 63); // exact > r
        int ord = rm.ordinal();
        return ((bits + STEPS[ord << 2 | up << 1 | bits >>> 31]) | ord / 5) & 0xFFFFFFFFL; // ODD: ord / 5 = 1
    }

    /**
     * {@link #div32} for a double quotient q outside binary32's normal range, r being
     * {@link #quotientInside32}'s answer (returned when not NONE). Float quotients of finite
     * nonzero operands lie in [2^-277, 2^277], inside double's normal range. Each answer is
     * Narrow.div's (daz off):
     * <ul>
     * <li>a NaN operand (q NaN): NanPolicy.propagate's INVALID for
     * a signaling NaN operand and X86's a-if-NaN-else-b, quietened, or NVPTX's one NaN, as
     * {@link #productOutside32} (the two specializations are the only instances, so no call);
     * <li>q NaN with no NaN operand (0/0, inf/inf): INVALID and the default NaN;
     * <li>q zero (a zero dividend or an infinite divisor): exact, the signed zero, no flag;
     * <li>q infinite: an infinite dividend (no flag) or a finite nonzero dividend over zero
     * (INFINITE, division by zero), exact;
     * <li>|q| >= 2^128: so is |x / y| (div32's comment), which overflows in every mode: OVERFLOW
     * and INEXACT, the infinity where the mode rounds away from zero on q's side, else the
     * largest finite float ({@link #TO_FINITE}), as Narrow.roundPack's overflow;
     * <li>else (tiny, or in [MAX, 2^128) where the mode decides): NONE, for
     * {@link #quotientTiny32}.
     * </ul>
     */
    private static long quotientOutside32(long r, int a, int b, double q, RoundingMode rm, Env env) {
        if (r != NONE) {
            return r;
        }
        if (q != q) {
            int ma = a & 0x7FFFFFFF;
            int mb = b & 0x7FFFFFFF;
            boolean x86 = env.specialization == Specialization.X86;
            if (ma > 0x7F800000 || mb > 0x7F800000) { // a NaN operand; the quiet bit is 0x00400000
                if ((ma > 0x7F800000 && (ma & 0x00400000) == 0) || (mb > 0x7F800000 && (mb & 0x00400000) == 0)) {
                    env.flags |= ExceptionFlags.INVALID;
                }
                return x86 ? ((ma > 0x7F800000 ? a : b) | 0x00400000) & 0xFFFFFFFFL : FloatFormat.BINARY32.nvptxNaN;
            }
            env.flags |= ExceptionFlags.INVALID; // 0/0, inf/inf
            return x86 ? FloatFormat.BINARY32.x86DefaultNaN : FloatFormat.BINARY32.nvptxNaN;
        }
        double m = Math.abs(q);
        if (m == 0) {
            return Float.floatToRawIntBits((float) q) & 0xFFFFFFFFL;
        }
        if (m == Double.POSITIVE_INFINITY) {
            if ((a & 0x7F800000) != 0x7F800000) { // a finite dividend: division by zero
                env.flags |= ExceptionFlags.INFINITE;
            }
            return Float.floatToRawIntBits((float) q) & 0xFFFFFFFFL;
        }
        if (m >= 0x1p128) {
            env.flags |= ExceptionFlags.OVERFLOW | INEXACT;
            int negative = (int) (Double.doubleToRawLongBits(q) >>> 63);
            return ((long) negative << 31 | 0x7F800000L) - TO_FINITE[rm.ordinal() << 1 | negative];
        }
        return NONE; // tiny, or in [MAX, 2^128)
    }

    /**
     * {@link #div32} for a tiny nonzero quotient q (|q| < 2^emin), r being the earlier parts'
     * answer (returned when not NONE). Without ftz and |q| below B = 2^-126 (1 - 2^-24) (the largest 24-bit value under 2^emin),
     * |x / y| < B too (div32's comment), so rounding at full precision cannot carry it up to
     * 2^emin: the result is tiny after rounding, as Narrow.roundPack decides. It is x / y rounded
     * to a multiple of 2^-149: s = |q| 2^149 is exact (q is a normal double, at least 2^-277, and
     * s < 2^23), and lies on x / y's side of every integer n < 2^23 and n + 1/2 (div32's comment),
     * equal to one exactly when |x / y| 2^149 is, so n = rint(s) is |x / y| 2^149 rounded to
     * nearest even and s - n (exact: Sterbenz for n >= 1, s itself for n = 0) has the sign of
     * |x / y| 2^149 - n, zero when exact, 1/2 on a tie beyond n. Then as
     * {@link #productTiny32}: exact: the subnormal (or zero) n, no flag; else UNDERFLOW and
     * INEXACT and the mode's step from n ({@link #STEPS}), near_maxMag's tie, odd's last bit;
     * n + 1 = 2^23 carries into the exponent field. Anything else (ftz, [B, 2^emin),
     * [MAX, 2^128)): {@link #roundSlow32} with the exact remainder's sign.
     */
    private static long quotientTiny32(long r, double x, double y, double q, RoundingMode rm, Env env) {
        if (r != NONE) {
            return r;
        }
        double m = Math.abs(q);
        if (env.ftz || !(m < 0x1.fffffep-127)) {
            double rem = Math.fma(-q, y, x); // of the sign of (x / y - q) y, zero only when q is exact
            return roundSlow32(q, y > 0 ? rem : -rem, rm, env);
        }
        double s = m * 0x1p149;
        double n = Math.rint(s);
        double d = s - n; // exact: of the sign of |exact| - |result| scaled, 1/2 on a tie beyond n
        int negative = (int) (Double.doubleToRawLongBits(q) >>> 63);
        int bits = negative << 31 | (int) n;
        if (d == 0) {
            return bits & 0xFFFFFFFFL;
        }
        env.flags |= ExceptionFlags.UNDERFLOW | INEXACT;
        int beyond = (int) (~Double.doubleToRawLongBits(d) >>> 63); // |exact| > |n|
        int up = beyond ^ negative; // exact > result
        int ord = rm.ordinal();
        // NEAR_MAX_MAG's tie: the rare data condition first, then the mode as arithmetic (1 only
        // for ordinal 4), no test of the mode that a loop could hoist as a profile predicate.
        int tieAway = d == 0.5 ? ((ord ^ 4) - 1) >>> 31 : 0;
        return ((bits + STEPS[ord << 2 | up << 1 | negative] + tieAway) | ord / 5) & 0xFFFFFFFFL;
    }

    static long sqrt32(int a, RoundingMode rm, Env env) {
        if (a <= 0 || !normal32(a)) {
            return NONE;
        }
        double x = Float.intBitsToFloat(a);
        double q = Math.sqrt(x);
        float r = (float) q; // a root of a normal float is normal, far from both ends
        // As in div32: a root that is not a float r lies at least about 2^-48 |r| from it
        // (x - r^2 a nonzero multiple of ulp(r)^2), so q - r has the sign of exact - r; never a tie.
        double d = q - r;
        if (d == 0) {
            return Float.floatToRawIntBits(r) & 0xFFFFFFFFL;
        }
        return inexact32(r, q, d, rm, env);
    }

    /**
     * a * b + c for any operands but NaNs: p = a b is exact, s = p + c rounded and its error e
     * (TwoSum) give exact = s + e. (float) s is the nearest float unless s is a midpoint and e
     * is not zero (double rounding): then roundSlow32.
     */
    static long mulAdd32(int a, int b, int c, RoundingMode rm, Env env) {
        if (env.daz) {
            return NONE;
        }
        double p = (double) Float.intBitsToFloat(a) * Float.intBitsToFloat(b); // exact
        double z = Float.intBitsToFloat(c);
        double s = p + z;
        double m = Math.abs(s);
        // > 2^emin: exact lies within an ulp of s, so not below 2^emin either.
        if (!(m > 0x1p-126 && m < MAX32)) {
            return mulAdd32Special(p, z, s, rm, env);
        }
        double e = twoSumError(p, z, s);
        float r = (float) s;
        double d = s - r;
        if (e != 0 && midpoint32(s)) {
            return roundSlow32(s, e, rm, env);
        }
        if (d == 0) {
            if (e == 0) {
                return Float.floatToRawIntBits(r) & 0xFFFFFFFFL;
            }
            d = e;
        }
        return inexact32(r, s, d, rm, env); // s a midpoint: e == 0 here
    }

    /**
     * mulAdd32 for s zero (exact: p = -z), infinite (an infinite operand, the result exact),
     * NaN (declined: NaN operands, inf 0, inf - inf), tiny or at least MAX.
     */
    private static long mulAdd32Special(double p, double z, double s, RoundingMode rm, Env env) {
        if (s != s) {
            return NONE;
        }
        if (s == 0) { // as add32Special: -0 rounding down unless both are +0
            boolean plusZeros = Double.doubleToRawLongBits(p) == 0 && Double.doubleToRawLongBits(z) == 0;
            return rm == RoundingMode.MIN && !plusZeros ? 0x80000000L : Float.floatToRawIntBits((float) s) & 0xFFFFFFFFL;
        }
        if (Double.isInfinite(s)) {
            return Float.floatToRawIntBits((float) s) & 0xFFFFFFFFL;
        }
        return roundSlow32(s, twoSumError(p, z, s), rm, env);
    }

    // ------------------------------------------------------------------ binary64
    // Unlike binary32's, these paths take subnormal and zero operands (unless daz): each one's
    // own bounds on its result keep its residual exact. Their misses go first to the binary64
    // exits below, then to Narrow.

    private static final long EXP64 = 0x7FF0000000000000L;

    /** |r| in [low, 2^1022), as inRangeMax64 compares. */
    private static boolean inRange64(double r, long lowBits) {
        long m = Double.doubleToRawLongBits(r) & Long.MAX_VALUE;
        return Long.compareUnsigned(m - lowBits, 0x7FD0000000000000L - lowBits) < 0;
    }

    /**
     * |r| in [low, MAX) (so r and its neighbours are normal and finite: no result near r
     * overflows or is tiny), as one unsigned compare of the magnitude's bits; NaNs lie above.
     */
    private static boolean inRangeMax64(double r, long lowBits) {
        long m = Double.doubleToRawLongBits(r) & Long.MAX_VALUE;
        return Long.compareUnsigned(m - lowBits, 0x7FEFFFFFFFFFFFFFL - lowBits) < 0;
    }

    /** Under daz a subnormal operand reads as zero: only then do its bits matter to a path. */
    private static boolean dazSubnormal(long a, long b, Env env) {
        return env.daz && ((a & EXP64) == 0 || (b & EXP64) == 0);
    }

    /**
     * exact = r + t (r normal, t exact, a tie possible only when tieExact): the result in mode rm.
     * A tie is |t| = ulp(r) / 2, that is |t| 2^53 = 2^e for r's exponent e (the scaling is exact:
     * a subnormal |t| only grows, and |t| <= 2^970), tested in line: a method for it (67
     * bytecodes before) stayed a call in NEAR_MAX_MAG, the mode a benchmark loop runs fifth, where
     * its call site counts too few of the calls C2 has seen to be inlined. Every mode, nearest even
     * included, goes on to directed64: no branch on the mode (see {@link #STEPS}).
     */
    private static long finish64(double r, double t, boolean tieExact, RoundingMode rm, Env env) {
        long bits = Double.doubleToRawLongBits(r);
        if (t == 0) {
            return bits;
        }
        long tb = Double.doubleToRawLongBits(t);
        // The tie first: rarely true, so the branch is learnt; t's sign, random, is tested only
        // on a tie (a branch on it mispredicts half the time).
        boolean tieAway = rm == RoundingMode.NEAR_MAX_MAG && tieExact
                && Math.abs(t) * 0x1p53 == Double.longBitsToDouble(bits & EXP64) && (tb ^ bits) >= 0;
        return directed64(bits, ~tb >>> 63, tieAway ? 1 : 0, rm, env);
    }

    /**
     * INEXACT, stored only when new: in a loop of operations the flags then stay in memory
     * unwritten, with no store-to-load chain from one operation to the next.
     */
    private static void inexact64(Env env) {
        if ((env.flags & INEXACT) == 0) {
            env.flags |= INEXACT;
        }
    }

    /**
     * {@link #finish} for binary64 and an inexact result: up is 1 when exact > r, else 0;
     * tieAway 1 when exact is the midpoint beyond r (NEAR_MAX_MAG only). A table lookup, with no
     * branch on the mode and none on the data: a branch on the mode is profiled for the modes a
     * loop ran before it was compiled, so a mode run later gets code compiled as cold, and a
     * branch on the residual's sign, random from one operation to the next, mispredicts half
     * the time. ODD sets the last bit.
     */
    static long directed64(long bits, long up, long tieAway, RoundingMode rm, Env env) {
        inexact64(env);
        int ord = rm.ordinal();
        // ODD: ord & ord >>> 2 is 1 only for ODD (ordinal 5 = 101b; NEAR_MAX_MAG's 4 = 100b), a shift
        // and an and where ord / 5 was a multiply, two shifts and a subtraction per operation.
        return (bits + STEPS[ord << 2 | (int) (up << 1 | bits >>> 63)] + tieAway) | (ord & ord >>> 2);
    }

    /**
     * Any finite operands (subnormal ones too, unless daz): TwoSum is exact for them whenever the
     * sum does not overflow, and a sum below 2^1022 keeps its intermediate terms finite.
     */
    static long add64(long a, long b, RoundingMode rm, Env env) {
        double x = Double.longBitsToDouble(a);
        double y = Double.longBitsToDouble(b);
        double s = x + y;
        if (!inRange64(s, (1023L - 1021) << 52) || dazSubnormal(a, b, env)) {
            return NONE;
        }
        double bb = s - x;
        double e = (x - (s - bb)) + (y - bb); // TwoSum: exact, the sum being finite
        return finish64(s, e, true, rm, env);
    }

    /**
     * Products of finite operands (subnormal ones too, unless daz) with |p| in [2^-966, MAX):
     * the error of x y, a multiple of 2^(ex + ey - 104) >= 2^-1072 (ex, ey the operands' true
     * exponents, ex + ey >= -968 as |p| >= 2^-966) and at most half an ulp of p, is a double.
     */
    static long mul64(long a, long b, RoundingMode rm, Env env) {
        double x = Double.longBitsToDouble(a);
        double y = Double.longBitsToDouble(b);
        double p = x * y;
        if (!inRangeMax64(p, (1023L - 966) << 52) || dazSubnormal(a, b, env)) {
            return NONE;
        }
        return finishProduct64(p, Math.fma(x, y, -p), rm, env);
    }

    /**
     * {@link #finish64} for a product p = RN(x y) in [2^-966, MAX) and its residual t = x y - p,
     * with no branch on the mode: a tie's |t| = ulp(p) / 2 >= 2^-1019 is a normal power of two, so
     * one test on t's bits, (tb << 12) == 0 (t zero or a normal power of two: 18 of the
     * benchmark's 3,369 products), sends exact products and every tie to a rare block, where the
     * tie is one integer compare (t = ulp(p) / 2 with p's sign: its bits are p's sign and exponent
     * less 53, p's exponent field being >= 57) and the mode arithmetic on its ordinal. finish64's
     * {@code rm == NEAR_MAX_MAG} test, never true in the modes before it, was compiled out of the
     * loop as a predicate; NEAR_MAX_MAG then trapped, and the loop compiled again with the mixed
     * profile ran the tie test out of line, with the loop's registers shuffled around it
     * (f64_mul/near_maxMag 1.12-1.14x SoftFloat in one JVM per format, 1.33x in a JVM of its own).
     */
    private static long finishProduct64(double p, double t, RoundingMode rm, Env env) {
        long bits = Double.doubleToRawLongBits(p);
        long tb = Double.doubleToRawLongBits(t);
        if (tb << 12 == 0) {
            if (t == 0) {
                return bits;
            }
            long nearMaxMag = ((rm.ordinal() ^ RoundingMode.NEAR_MAX_MAG.ordinal()) - 1) >>> 31; // 1 iff rm is
            long tieAway = (tb == (bits >> 52 << 52) - (53L << 52) ? 1 : 0) & nearMaxMag;
            return directed64(bits, ~tb >>> 63, tieAway, rm, env);
        }
        // Its own return: with one directed64 for both, the tie's value stayed live in the loop,
        // and C2 then kept rm, env and the loop's flag in memory (three stores and loads more
        // per operation; every mode 5-7% slower).
        return directed64(bits, ~tb >>> 63, 0, rm, env);
    }

    /**
     * Quotients in [2^-1021, MAX) of finite operands (subnormal ones too, unless daz). The
     * remainder x - q y is a multiple of ulp(q) ulp(y) below ulp(q) |y|: a double when y is normal
     * and |x| >= 2^-965 (the unit is then >= 2^-1070); otherwise x and y are scaled by 2^128 first
     * (q stays; y then normal, x >= 2^-946, and neither overflows, as q is in range).
     */
    static long div64(long a, long b, RoundingMode rm, Env env) {
        double x = Double.longBitsToDouble(a);
        double y = Double.longBitsToDouble(b);
        double q = x / y;
        if (!inRangeMax64(q, (1023L - 1021) << 52) || dazSubnormal(a, b, env)) {
            return NONE;
        }
        double rem = (a & EXP64) >= (58L << 52) && (b & EXP64) != 0
                ? Math.fma(-q, y, x) : Math.fma(-q, y * 0x1p128, x * 0x1p128); // exact
        return finish64(q, y > 0 ? rem : -rem, false, rm, env);
    }

    static long sqrt64(long a, RoundingMode rm, Env env) {
        // a >= 2^-960: the residual (a multiple of ulp(r)^2 >= 2^-1066) is a double.
        if (a <= 0 || !normal64(a) || (a >>> 52) < 63) {
            return NONE;
        }
        double x = Double.longBitsToDouble(a);
        double r = Math.sqrt(x);
        return finish64(r, Math.fma(-r, r, x), false, rm, env);
    }

    /**
     * Finite operands (subnormal ones too, unless daz), |r| in [2^-1021, 2^1022), |x y| in
     * [2^-966, 2^1022) (so x y = ph + pl exactly, as in mul64), |z| < 2^1022.
     */
    static long mulAdd64(long a, long b, long c, RoundingMode rm, Env env) {
        double x = Double.longBitsToDouble(a);
        double y = Double.longBitsToDouble(b);
        double z = Double.longBitsToDouble(c);
        double r = Math.fma(x, y, z);
        double ph = x * y;
        if (!inRange64(r, (1023L - 1021) << 52) || !inRange64(ph, (1023L - 966) << 52) || Math.abs(z) >= 0x1p1022
                || env.daz && ((a & EXP64) == 0 || (b & EXP64) == 0 || (c & EXP64) == 0)) {
            return NONE;
        }
        double pl = Math.fma(x, y, -ph); // x y = ph + pl exactly
        double s1 = r - z;
        double bb = s1 - r;
        double s2 = (r - (s1 - bb)) + (-z - bb); // r - z = s1 + s2 exactly
        // exact - r = (ph + pl) - (s1 + s2); both pairs are rounded-to-nearest double-doubles,
        // so they compare as their high words, then their low words: t has the sign of exact - r
        // (a rounded difference has the exact one's sign).
        double d = ph - s1;
        double t = d != 0 ? d : pl - s2;
        long bits = Double.doubleToRawLongBits(r);
        return t == 0 ? bits : mulAddInexact64(bits, t, z, r, ph, pl, rm, env);
    }

    /**
     * mulAdd64's inexact result: r = fma(x, y, z) (bits), t of the sign of exact - r, x y = ph +
     * pl exactly. A method of its own to keep mulAdd64 under C2's 325-bytecode limit for inlining
     * a hot callee (with the tie test in line, mulAdd64 was 400 and stayed a call in every mode);
     * called for every inexact result in every mode, so that its call site is hot in all.
     */
    private static long mulAddInexact64(long bits, double t, double z, double r, double ph, double pl,
            RoundingMode rm, Env env) {
        long up = ~Double.doubleToRawLongBits(t) >>> 63;
        long tieAway = 0;
        // A tie beyond r (away from zero) is the only case NEAR_MAX_MAG rounds differently; r is
        // then even, as nearest even chose it. Whether x y + z = ph + pl + z lies exactly halfway
        // between r and a neighbour: Boldo and Muller's ErrFma ("Exact and approximated error of
        // the FMA", IEEE TC 2011) gives exact - r = r2 + r3 exactly with |r3| <= ulp(r2) / 2, so
        // the error is the half-ulp power of two iff r2 is and r3 is 0. Its proof assumes no
        // underflow; here every term is a multiple of 2^-1074 (x y's unit is >= 2^-1072, z and r
        // are normal), where rounding agrees with an unbounded exponent range, and mulAdd64's
        // bounds keep all finite. Written out here rather than as a method: a call taken only in
        // NEAR_MAX_MAG, the mode profiled fifth, would not be inlined (see finish64).
        // ErrFma runs for every inexact result in NEAR_MAX_MAG: a branch on whether the residual
        // points away from zero, random, would mispredict half the time.
        if (rm == RoundingMode.NEAR_MAX_MAG) {
            double a1 = z + pl; // TwoSum(z, pl)
            double ab = a1 - z;
            double a2 = (z - (a1 - ab)) + (pl - ab);
            double b1 = ph + a1; // TwoSum(ph, a1)
            double b1b = b1 - ph;
            double b2 = (ph - (b1 - b1b)) + (a1 - b1b);
            double g = (b1 - r) + b2;
            double r2 = g + a2; // Fast2Sum(g, a2)
            double r3 = a2 - (r2 - g);
            // |r2| = ulp(r) / 2, as finish64 tests it, and beyond r (r is then even)
            tieAway = Math.abs(r2) * 0x1p53 == Double.longBitsToDouble(bits & EXP64) && r3 == 0
                    && (up ^ (bits >>> 63)) == 1 ? 1 : 0;
        }
        return directed64(bits, up, tieAway, rm, env);
    }

    // ------------------------------------------------------------------ binary64 edges

    /*
     * Exits for operands or results the paths above decline, before the general path: zeros,
     * infinities, exact tiny sums, overflow, and results that round to zero from far below the
     * smallest subnormal. NaN operands, daz, and results that are subnormal but not zero still
     * go to the general path (NONE). The operands here are never both normal with the result in
     * the path's range.
     */

    /**
     * A nonzero result of magnitude at most 2^-1075 (the hardware's nearest even is a zero), and in
     * NEAR_MAX_MAG below 2^-1075 (not the tie).
     */
    private static long belowSubnormal64(boolean negative, RoundingMode rm, Env env) {
        long zero = negative ? Long.MIN_VALUE : 0;
        if (env.ftz) {
            env.flags |= ExceptionFlags.UNDERFLOW | INEXACT;
            return zero;
        }
        boolean up = switch (rm) {
            case NEAR_EVEN, MIN_MAG, NEAR_MAX_MAG -> false; // NEAR_MAX_MAG: the callers decline the tie 2^-1075
            case MAX -> !negative;
            case MIN -> negative;
            case ODD -> true;
        };
        env.flags |= ExceptionFlags.UNDERFLOW | INEXACT;
        return zero | (up ? 1 : 0);
    }

    /** Whether |h + e| >= 2^1023, for h the nearest double to h + e. */
    private static boolean atLeast1023(double h, double e) {
        double m = Math.abs(h);
        return m > 0x1p1023 || m == 0x1p1023 && (e == 0 || (e > 0) == (h > 0));
    }

    /** A finite nonzero result whose nearest even is an infinity; beyond: |exact| >= 2^1024. */
    private static long overflow64(boolean negative, boolean beyond, RoundingMode rm, Env env) {
        boolean toInfinity = rm == RoundingMode.NEAR_EVEN || rm == RoundingMode.NEAR_MAX_MAG
                || rm == (negative ? RoundingMode.MIN : RoundingMode.MAX);
        // A magnitude in [MAX + ulp/2, 2^1024) rounds to MAX without overflow toward zero.
        env.flags |= toInfinity || beyond ? ExceptionFlags.OVERFLOW | INEXACT : INEXACT;
        return (negative ? Long.MIN_VALUE : 0) | (toInfinity ? EXP64 : EXP64 - 1);
    }

    static long addEdge64(long a, long b, RoundingMode rm, Env env) {
        if (env.daz) {
            return NONE;
        }
        double x = Double.longBitsToDouble(a);
        double y = Double.longBitsToDouble(b);
        double s = x + y;
        double m = Math.abs(s);
        if (m < 0x1p-1021) {
            // A sum of doubles below 2^-1021 is a multiple of 2^-1074 with at most 53 bits: exact.
            if (s == 0) {
                return rm == RoundingMode.MIN && (a ^ b) < 0 ? Long.MIN_VALUE : Double.doubleToRawLongBits(s);
            }
            return env.ftz && m < 0x1p-1022 ? NONE : Double.doubleToRawLongBits(s);
        }
        if (m < Double.MAX_VALUE && (a & EXP64) > (1L << 52) && (b & EXP64) > (1L << 52)) {
            // 2^1022 <= |s| < MAX: TwoSum on the halves (exact, both exponents >= 2) is safe.
            double xh = x * 0.5;
            double yh = y * 0.5;
            double sh = xh + yh; // s / 2, exactly
            double bb = sh - xh;
            double e = (xh - (sh - bb)) + (yh - bb);
            return finish64(s, 2 * e, true, rm, env);
        }
        if (m == Double.POSITIVE_INFINITY) {
            if (Math.abs(x) == m || Math.abs(y) == m) {
                return Double.doubleToRawLongBits(s); // an infinite operand: exact
            }
            // Both |x|, |y| > 2^1022 here: halving them is exact, and so is TwoSum on the halves.
            double xh = x * 0.5;
            double yh = y * 0.5;
            double sh = xh + yh;
            double bb = sh - xh;
            return overflow64(s < 0, atLeast1023(sh, (xh - (sh - bb)) + (yh - bb)), rm, env);
        }
        return NONE; // NaN, MAX, a tiny operand beside a huge one
    }

    /**
     * mulAdd with a zero or infinite operand and no NaN (invalid inf * 0 declined), and a
     * product far below z's last bit: |x y| < ulp(z) / 4 rounds to z (never a tie, even below
     * a power of two), its sign the residual's.
     */
    static long mulAddEdge64(long a, long b, long c, RoundingMode rm, Env env) {
        if (env.daz) {
            return NONE;
        }
        double x = Double.longBitsToDouble(a);
        double y = Double.longBitsToDouble(b);
        double z = Double.longBitsToDouble(c);
        double ax = Math.abs(x);
        double ay = Math.abs(y);
        double az = Math.abs(z);
        if (x != x || y != y || z != z) {
            return NONE;
        }
        boolean signP = (a ^ b) < 0;
        if (ax == Double.POSITIVE_INFINITY || ay == Double.POSITIVE_INFINITY) {
            if (x == 0 || y == 0 || az == Double.POSITIVE_INFINITY && (c < 0) != signP) {
                return NONE; // invalid
            }
            return signP ? 0xFFF0000000000000L : EXP64;
        }
        if (az == Double.POSITIVE_INFINITY) {
            return c;
        }
        if (x == 0 || y == 0) { // the product an exact zero: z, or a zero sum's sign
            if (z == 0) {
                return (c < 0) == signP ? c : rm == RoundingMode.MIN ? Long.MIN_VALUE : 0;
            }
            return env.ftz && (c & EXP64) == 0 ? NONE : c;
        }
        if (az >= 0x1p-948 && az < Double.MAX_VALUE && Math.abs(x * y) < 0.125 * Math.ulp(z)) {
            // |x y| <= |RN(x y)| (1 + 2^-52) + 2^-1075 < ulp(z) / 4, ulp(z) being >= 2^-1000.
            return directed64(c, signP ? 0 : 1, 0, rm, env);
        }
        return NONE;
    }

    static long mulEdge64(long a, long b, RoundingMode rm, Env env) {
        if (env.daz) {
            return NONE;
        }
        double x = Double.longBitsToDouble(a);
        double y = Double.longBitsToDouble(b);
        double p = x * y;
        if (p == 0) {
            if (x == 0 || y == 0) {
                return Double.doubleToRawLongBits(p); // exact, the sign of the operands' signs
            }
            // 0 < |x y| <= 2^-1075, so |x|, |y| are in [2^-1074, 2^-1] and x 2^537, y 2^537 exact in
            // [2^-537, 2^536]: were x y the tie 2^-1075, their product would be exactly 1/2. Any
            // other product is below 2^-1075, a zero in NEAR_MAX_MAG too; the tie (and whatever
            // else rounds to 1/2) goes to the general path. The operands tested before the mode:
            // a test of the mode never true in the modes before NEAR_MAX_MAG traps when it comes.
            return Math.abs((x * 0x1p537) * (y * 0x1p537)) == 0.5 && rm == RoundingMode.NEAR_MAX_MAG ? NONE
                    : belowSubnormal64((a ^ b) < 0, rm, env);
        }
        if (Math.abs(p) == Double.POSITIVE_INFINITY) {
            if (Math.abs(x) == Double.POSITIVE_INFINITY || Math.abs(y) == Double.POSITIVE_INFINITY) {
                return Double.doubleToRawLongBits(p); // infinite times finite nonzero: exact
            }
            // |x| >= 1 here, so halving x is exact.
            double xh = x * 0.5;
            double ph = xh * y;
            return overflow64(p < 0, atLeast1023(ph, Math.fma(xh, y, -ph)), rm, env);
        }
        return NONE;
    }

    static long divEdge64(long a, long b, RoundingMode rm, Env env) {
        if (env.daz) {
            return NONE;
        }
        double x = Double.longBitsToDouble(a);
        double y = Double.longBitsToDouble(b);
        double q = x / y;
        if (q == 0) {
            if (x == 0 || Math.abs(y) == Double.POSITIVE_INFINITY) {
                return Double.doubleToRawLongBits(q); // exact
            }
            // 0 < |x / y| <= 2^-1075 (y finite), so |x| in [2^-1074, 2^-51) and |x| 2^1075 exact in
            // [2, 2^1024): x / y is the tie 2^-1075 iff that equals |y|, and goes to the general
            // path; any other quotient is below 2^-1075, a zero in NEAR_MAX_MAG too.
            return Math.abs(x) * 0x1p1000 * 0x1p75 == Math.abs(y) && rm == RoundingMode.NEAR_MAX_MAG ? NONE
                    : belowSubnormal64((a ^ b) < 0, rm, env);
        }
        if (Math.abs(q) == Double.POSITIVE_INFINITY) {
            if (Math.abs(x) == Double.POSITIVE_INFINITY) {
                return Double.doubleToRawLongBits(q); // infinite by finite: exact
            }
            if (y == 0) {
                env.flags |= ExceptionFlags.INFINITE;
                return Double.doubleToRawLongBits(q);
            }
            // |x| >= 2^-1021 here (else |q| < 2^53), so halving x is exact.
            // The remainder of x / 2 by y, a multiple of ulp(q / 2) ulp(y) >= 2^-103, is exact.
            double xh = x * 0.5;
            double qh = xh / y;
            double rem = Math.fma(-qh, y, xh);
            return overflow64(q < 0, atLeast1023(qh, y > 0 ? rem : -rem), rm, env);
        }
        return NONE;
    }
}

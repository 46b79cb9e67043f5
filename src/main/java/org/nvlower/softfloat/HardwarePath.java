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
 * <p>Taken only when every operand is normal (so daz changes nothing, and no NaN, infinity or
 * zero needs its sign rules) and r lies in [2^(emin+1), 2^emax): then r and its neighbours are
 * normal and finite, so no result is tiny, flushed or overflowing, and the residual computations
 * neither underflow nor overflow (the extra bounds per operation say why).
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

    private static boolean inRange32(float r) {
        float m = Math.abs(r);
        return m >= 0x1p-125f && m < 0x1p127f;
    }

    /** exact = r + t, where t is exact when e == 0: the tie test for NEAR_MAX_MAG. */
    private static long finish32(float r, double t, boolean tieExact, RoundingMode rm, Env env) {
        int sigma = sign(t);
        boolean tieAway = rm == RoundingMode.NEAR_MAX_MAG && tieExact && Math.abs(t) == 0.5 * Math.ulp(r)
                && (t > 0) == (r > 0);
        return finish(Float.floatToRawIntBits(r) & 0xFFFFFFFFL, r < 0, sigma, tieAway, rm, env);
    }

    static long add32(int a, int b, RoundingMode rm, Env env) {
        if (!normal32(a) || !normal32(b)) {
            return NONE;
        }
        double x = Float.intBitsToFloat(a);
        double y = Float.intBitsToFloat(b);
        double s = x + y;
        double bb = s - x;
        double e = (x - (s - bb)) + (y - bb); // TwoSum: x + y = s + e exactly
        float r = (float) s;
        if (!inRange32(r)) {
            return NONE;
        }
        return finish32(r, (s - r) + e, e == 0, rm, env); // s - r is exact (Sterbenz)
    }

    static long mul32(int a, int b, RoundingMode rm, Env env) {
        if (!normal32(a) || !normal32(b)) {
            return NONE;
        }
        double p = (double) Float.intBitsToFloat(a) * Float.intBitsToFloat(b); // exact: 48 bits
        float r = (float) p;
        if (!inRange32(r)) {
            return NONE;
        }
        return finish32(r, p - r, true, rm, env);
    }

    static long div32(int a, int b, RoundingMode rm, Env env) {
        if (!normal32(a) || !normal32(b)) {
            return NONE;
        }
        double x = Float.intBitsToFloat(a);
        double y = Float.intBitsToFloat(b);
        float r = (float) (x / y);
        if (!inRange32(r)) {
            return NONE;
        }
        double rem = x - r * y; // r * y is exact (48 bits) and within a factor 2 of x: exact
        return finish32(r, y > 0 ? rem : -rem, false, rm, env); // a quotient is never a tie
    }

    static long sqrt32(int a, RoundingMode rm, Env env) {
        if (a <= 0 || !normal32(a)) {
            return NONE;
        }
        double x = Float.intBitsToFloat(a);
        float r = (float) Math.sqrt(x); // a root of a normal float is normal, far from both ends
        return finish32(r, x - (double) r * r, false, rm, env); // exact, as in div32; never a tie
    }

    static long mulAdd32(int a, int b, int c, RoundingMode rm, Env env) {
        if (!normal32(a) || !normal32(b) || !(normal32(c) || (c & 0x7FFFFFFF) == 0)) {
            return NONE;
        }
        double p = (double) Float.intBitsToFloat(a) * Float.intBitsToFloat(b); // exact
        double z = Float.intBitsToFloat(c);
        double s = p + z;
        double bb = s - p;
        double e = (p - (s - bb)) + (z - bb); // exact = s + e
        float r = (float) s;
        long sb = Double.doubleToRawLongBits(s);
        if (e != 0 && (sb & 0x1FFFFFFFL) == 0x10000000L) {
            // s is a midpoint of two floats: the exact value lies on e's side of it, not on a tie.
            long down = sb & ~0x1FFFFFFFL; // toward zero
            long up = down + 0x20000000L;
            boolean away = (e > 0) == (s > 0);
            r = (float) Double.longBitsToDouble(away ? up : down);
        }
        if (!inRange32(r)) {
            return NONE;
        }
        return finish32(r, (s - r) + e, e == 0, rm, env);
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

    /** exact = r + t (t exact, a tie possible only when tieExact): the result in mode rm. */
    private static long finish64(double r, double t, boolean tieExact, RoundingMode rm, Env env) {
        long bits = Double.doubleToRawLongBits(r);
        if (t == 0) {
            return bits;
        }
        if (rm == RoundingMode.NEAR_EVEN) {
            inexact64(env);
            return bits;
        }
        long tb = Double.doubleToRawLongBits(t);
        boolean tieAway = rm == RoundingMode.NEAR_MAX_MAG && tieExact && (tb ^ bits) >= 0 && halfUlp64(bits, tb);
        return directed64(bits, ~tb >>> 63, tieAway ? 1 : 0, rm, env);
    }

    /** |t| = ulp(r) / 2, on the bits: for r's biased exponent E >= 54 that is 2^(E - 1023 - 53), normal. */
    private static boolean halfUlp64(long r, long t) {
        long e = r & EXP64;
        return e >= (54L << 52) ? (t & Long.MAX_VALUE) == e - (53L << 52)
                : Math.abs(Double.longBitsToDouble(t)) == 0.5 * Math.ulp(Double.longBitsToDouble(r));
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
     * tieAway 1 when exact is the midpoint beyond r. The mode is compared by reference (no
     * switch table on its ordinal; the branches follow the loop-invariant mode), and the data
     * (the residual's sign, r's sign) only enters arithmetic, no branch: a branch on the
     * residual's sign, random from one operation to the next, mispredicts half the time.
     */
    private static long directed64(long bits, long up, long tieAway, RoundingMode rm, Env env) {
        inexact64(env);
        long neg = bits >>> 63;
        long beyond = up ^ neg; // |exact| > |r|
        if (rm == RoundingMode.MIN_MAG) {
            return bits - 1 + beyond;
        }
        if (rm == RoundingMode.MAX) {
            return bits + up - 2 * (up & neg); // one step toward +infinity when up
        }
        if (rm == RoundingMode.MIN) {
            long down = up ^ 1;
            return bits - down + 2 * (down & neg); // one step toward -infinity when down
        }
        if (rm == RoundingMode.ODD) {
            return (bits - 1 + beyond) | 1;
        }
        return bits + tieAway; // NEAR_MAX_MAG (NEAR_EVEN: r itself)
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
        return finish64(p, Math.fma(x, y, -p), true, rm, env);
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
        if (t == 0) {
            return bits;
        }
        if (rm == RoundingMode.NEAR_EVEN) {
            inexact64(env);
            return bits;
        }
        long up = ~Double.doubleToRawLongBits(t) >>> 63;
        // A tie beyond r (away from zero) is the only case NEAR_MAX_MAG rounds differently; r is
        // then even, as nearest even chose it.
        boolean tieAway = rm == RoundingMode.NEAR_MAX_MAG && (up ^ (bits >>> 63)) == 1 && (bits & 1) == 0
                && fmaTie(z, r, ph, pl);
        return directed64(bits, up, tieAway ? 1 : 0, rm, env);
    }

    /**
     * Whether x y + z = ph + pl + z lies exactly halfway between r = fma(x, y, z) and a
     * neighbour. Boldo and Muller's ErrFma ("Exact and approximated error of the FMA", IEEE TC
     * 2011) gives exact - r = r2 + r3 exactly with |r3| <= ulp(r2) / 2, so the error is the
     * half-ulp power of two iff r2 is and r3 is 0. Its proof assumes no underflow; here every
     * term is a multiple of 2^-1074 (x y's unit is >= 2^-1072, z and r are normal), where
     * rounding agrees with an unbounded exponent range, and mulAdd64's bounds keep all finite.
     */
    private static boolean fmaTie(double z, double r, double ph, double pl) {
        double a1 = z + pl; // TwoSum(z, pl)
        double ab = a1 - z;
        double a2 = (z - (a1 - ab)) + (pl - ab);
        double b1 = ph + a1; // TwoSum(ph, a1)
        double bb = b1 - ph;
        double b2 = (ph - (b1 - bb)) + (a1 - bb);
        double g = (b1 - r) + b2;
        double r2 = g + a2; // Fast2Sum(g, a2)
        double r3 = a2 - (r2 - g);
        return r3 == 0 && Math.abs(r2) == 0.5 * Math.ulp(r);
    }

    // ------------------------------------------------------------------ binary64 edges

    /*
     * Exits for operands or results the paths above decline, before the general path: zeros,
     * infinities, exact tiny sums, overflow, and results that round to zero from far below the
     * smallest subnormal. NaN operands, daz, and results that are subnormal but not zero still
     * go to the general path (NONE). The operands here are never both normal with the result in
     * the path's range.
     */

    /** A nonzero result of magnitude at most 2^-1075 (the hardware's nearest even is a zero). */
    private static long belowSubnormal64(boolean negative, RoundingMode rm, Env env) {
        long zero = negative ? Long.MIN_VALUE : 0;
        if (env.ftz) {
            env.flags |= ExceptionFlags.UNDERFLOW | INEXACT;
            return zero;
        }
        boolean up = switch (rm) {
            case NEAR_EVEN, MIN_MAG -> false;
            case MAX -> !negative;
            case MIN -> negative;
            case ODD -> true;
            case NEAR_MAX_MAG -> {
                yield false; // unreachable: 2^-1075 itself would be a tie; the caller declines it
            }
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
            return rm == RoundingMode.NEAR_MAX_MAG ? NONE : belowSubnormal64((a ^ b) < 0, rm, env);
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
            return rm == RoundingMode.NEAR_MAX_MAG ? NONE : belowSubnormal64((a ^ b) < 0, rm, env);
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

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

    private static boolean inRange64(double r, double low) {
        double m = Math.abs(r);
        return m >= low && m < 0x1p1022;
    }

    private static long finish64(double r, double t, boolean tieExact, RoundingMode rm, Env env) {
        int sigma = sign(t);
        boolean tieAway = rm == RoundingMode.NEAR_MAX_MAG && tieExact && Math.abs(t) == 0.5 * Math.ulp(r)
                && (t > 0) == (r > 0);
        return finish(Double.doubleToRawLongBits(r), r < 0, sigma, tieAway, rm, env);
    }

    static long add64(long a, long b, RoundingMode rm, Env env) {
        if (!normal64(a) || !normal64(b)) {
            return NONE;
        }
        double x = Double.longBitsToDouble(a);
        double y = Double.longBitsToDouble(b);
        double s = x + y;
        if (!inRange64(s, 0x1p-1021)) {
            return NONE;
        }
        double bb = s - x;
        double e = (x - (s - bb)) + (y - bb); // TwoSum: exact, the sum being finite
        return finish64(s, e, true, rm, env);
    }

    static long mul64(long a, long b, RoundingMode rm, Env env) {
        if (!normal64(a) || !normal64(b)) {
            return NONE;
        }
        double x = Double.longBitsToDouble(a);
        double y = Double.longBitsToDouble(b);
        double p = x * y;
        // |p| >= 2^-966: the product's error (a multiple of 2^(ex + ey - 104)) is a double.
        if (!inRange64(p, 0x1p-966)) {
            return NONE;
        }
        return finish64(p, Math.fma(x, y, -p), true, rm, env);
    }

    static long div64(long a, long b, RoundingMode rm, Env env) {
        // a >= 2^-965: the remainder (a multiple of ulp(q) ulp(b) >= 2^-1070) is a double.
        if (!normal64(a) || !normal64(b) || ((a >>> 52) & 0x7FF) < 58) {
            return NONE;
        }
        double x = Double.longBitsToDouble(a);
        double y = Double.longBitsToDouble(b);
        double q = x / y;
        if (!inRange64(q, 0x1p-1021)) {
            return NONE;
        }
        double rem = Math.fma(-q, y, x); // exact
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

    static long mulAdd64(long a, long b, long c, RoundingMode rm, Env env) {
        if (rm == RoundingMode.NEAR_MAX_MAG || !normal64(a) || !normal64(b)
                || !(normal64(c) || (c & Long.MAX_VALUE) == 0)) {
            return NONE;
        }
        double x = Double.longBitsToDouble(a);
        double y = Double.longBitsToDouble(b);
        double z = Double.longBitsToDouble(c);
        double r = Math.fma(x, y, z);
        double ph = x * y;
        if (!inRange64(r, 0x1p-1021) || !inRange64(ph, 0x1p-966) || Math.abs(z) >= 0x1p1022) {
            return NONE;
        }
        double pl = Math.fma(x, y, -ph); // x y = ph + pl exactly
        double s1 = r - z;
        double bb = s1 - r;
        double s2 = (r - (s1 - bb)) + (-z - bb); // r - z = s1 + s2 exactly
        // exact - r = (ph + pl) - (s1 + s2); both pairs are rounded-to-nearest double-doubles,
        // so they compare as their high words, then their low words.
        int sigma = ph != s1 ? (ph > s1 ? 1 : -1) : sign(pl - s2);
        return finish(Double.doubleToRawLongBits(r), r < 0, sigma, false, rm, env);
    }
}

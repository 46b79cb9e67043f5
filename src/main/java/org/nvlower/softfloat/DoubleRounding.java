package org.nvlower.softfloat;

import static org.nvlower.softfloat.ExceptionFlags.INEXACT;

/**
 * Rounds a value held as a double d plus a residual t (exact = d + t, |t| < ulp(d)) once to
 * binary16, bfloat16 or binary32, in any mode, with {@link Narrow#roundPack}'s value and flags:
 * the fast paths' common exit ({@link HalfPath}, {@link ConversionPath}).
 *
 * <p>d's 53-bit significand goes to bit 62 with ten zero bits below it; a residual beyond d
 * (t of d's sign) sets the lowest bit, one short of d subtracts one. Every rounding boundary of a
 * format of at most 24 bits, and of the same format at any subnormal shift, is a multiple of
 * 2^10 units there, so the exact value and the adjusted significand lie strictly between the
 * same two boundaries, or on the same one: they round alike, tininess included. A normal result
 * is rounded here (the format's constants passed in, so the JIT folds them), and so is one far
 * beyond the normal range (overflow, or below half the smallest subnormal); one near its ends by
 * roundPack.
 */
final class DoubleRounding {

    private DoubleRounding() {}

    static long round16(double d, double t, RoundingMode rm, Env env) {
        return round(FloatFormat.BINARY16, 10, 15, 31, 0x8000L, d, t, rm, env);
    }

    static long roundBF16(double d, double t, RoundingMode rm, Env env) {
        return round(FloatFormat.BFLOAT16, 7, 127, 255, 0x8000L, d, t, rm, env);
    }

    static long round32(double d, double t, RoundingMode rm, Env env) {
        return round(FloatFormat.BINARY32, 23, 127, 255, 0x80000000L, d, t, rm, env);
    }

    /**
     * ORs INEXACT into env.flags when {@code inexact} (0 or 1) is 1, storing only when that changes
     * them: a store in every operation would chain each operation of a loop to the one before
     * through memory (the load of the flags waits for the last store).
     */
    static void raiseInexact(Env env, long inexact) {
        int f = env.flags;
        int g = f | (int) inexact; // INEXACT is bit 0
        if (g != f) {
            env.flags = g;
        }
    }

    /**
     * The normal-range exit of the fast paths: d rounded to binary16 where 2^-14 <= |d| < 65504,
     * else {@link HardwarePath#NONE} with no flag touched (zero, tiny, near or beyond overflow,
     * infinite, NaN). d must be the exact result, or lie strictly between the same two rounding
     * boundaries of binary16 as the exact result and on none unless it is exact (the fast paths'
     * comments say why theirs do); then d rounds as the exact value in every mode, and it is
     * inexact exactly when its dropped bits are not all zero.
     */
    static long normal16(double d, RoundingMode rm, Env env) {
        return normal(42, 0x3F10000000000000L, 0x40EFFC0000000000L, 1008 << 10, 15, d, rm, env);
    }

    /**
     * {@link #normal16} on a float's own bits (x exact, or on the same terms as there): a binary16
     * ulp is 2^13 units of the float's fraction where 2^-14 <= |x| < 65504, the exponent rebiased by
     * 127 - 15. Shorter than the double's form (no conversion, no 64-bit constants).
     */
    static long normal16(float x, RoundingMode rm, Env env) {
        int bits = Float.floatToRawIntBits(x);
        int m = bits & 0x7FFFFFFF;
        if (Integer.compareUnsigned(m - 0x38800000, 0x477FE000 - 0x38800000) >= 0) {
            return HardwarePath.NONE;
        }
        int inexact = ((m & 0x1FFF) + 0x1FFF) >>> 13;
        raiseInexact(env, inexact);
        int up; // one test per mode, not a switch: see normal
        if (rm == RoundingMode.ODD) {
            up = (~(m >>> 13) & inexact) << 13;
        } else if (rm == RoundingMode.MAX) {
            up = 0x1FFF & ~(bits >> 31);
        } else if (rm == RoundingMode.NEAR_MAX_MAG) {
            up = 0x1000;
        } else if (rm == RoundingMode.MIN) {
            up = 0x1FFF & (bits >> 31);
        } else if (rm == RoundingMode.MIN_MAG) {
            up = 0;
        } else {
            up = 0xFFF + ((m >>> 13) & 1); // NEAR_EVEN
        }
        return ((bits >>> 16) & 0x8000) | (((m + up) >>> 13) - (112 << 10));
    }

    /** {@link #normal16} for bfloat16: 2^-126 <= |d| < 0x1.FEp127, the largest finite bfloat16. */
    static long normalBF16(double d, RoundingMode rm, Env env) {
        return normal(45, 0x3810000000000000L, 0x47EFE00000000000L, 896 << 7, 15, d, rm, env);
    }

    /** {@link #normal16} for binary32: 2^-126 <= |d| < 0x1.FFFFFEp127, the largest finite float. */
    static long normal32(double d, RoundingMode rm, Env env) {
        return normal(29, 0x3810000000000000L, 0x47EFFFFFE0000000L, 896L << 23, 31, d, rm, env);
    }

    /**
     * d's magnitude bits in [lo, hi) (the format's smallest normal and largest finite value as
     * double bits) rounded to a format whose ulp is 2^k units of d's fraction there: the mode's
     * increment added to the magnitude, the k dropped bits shifted out, the exponent rebiased
     * (rebias: 1023 minus the format's bias, at the format's exponent field). A carry out of the
     * fraction moves into the exponent field as it should, and a result rounded up from below hi
     * is at most hi's value: normal, finite, not tiny. A tie is dropped bits of exactly 2^(k-1).
     */
    private static long normal(int k, long lo, long hi, long rebias, int signBit, double d, RoundingMode rm, Env env) {
        long bits = Double.doubleToRawLongBits(d);
        long mag = bits & Long.MAX_VALUE;
        if (Long.compareUnsigned(mag - lo, hi - lo) >= 0) {
            return HardwarePath.NONE;
        }
        long mask = (1L << k) - 1;
        long inexact = ((mag & mask) + mask) >>> k;
        raiseInexact(env, inexact);
        // One test per mode, comparing references, not a switch (q9h branch). A loop that runs
        // the modes one after another (the benchmark's one JVM per format) is compiled in the
        // first, where C2 makes each test's untaken side an uncommon trap: every mode reaches its
        // arm through a side no earlier mode took, so it traps once when it first comes and the
        // loop is compiled again with its arm seen. A switch traps once only: the loop compiled
        // when the second mode came was kept for the later ones, whose arms the switch's profile
        // counted as never taken (f16 add/sub/odd 1.02-1.15x SoftFloat in one JVM per format,
        // 1.35-1.5 in a JVM of their own). Reference tests are loop invariants whatever the loop
        // calls (C2 can unswitch on them); tests on rm.ordinal() (a load) in this place, as a tree
        // or inside one arm for the directed modes, ran f16_sub/near_even at 1.1 against 1.7, and
        // the modes tested last pay for the tests before them where a function meets the tests
        // already warm (f16_sub after f16_add): odd, MAX and NEAR_MAX_MAG first, they were the
        // slow ones; NEAR_EVEN last (binary16 add, sub and mul rounded it by the hardware's
        // conversion when this order was chosen; since the q11s and q14h branches they round in
        // HalfPath). The sign enters as a mask (-1 negative): data.
        long up;
        if (rm == RoundingMode.ODD) {
            up = (~(mag >>> k) & inexact) << k;
        } else if (rm == RoundingMode.MAX) {
            up = mask & ~(bits >> 63);
        } else if (rm == RoundingMode.NEAR_MAX_MAG) {
            up = (mask >>> 1) + 1;
        } else if (rm == RoundingMode.MIN) {
            up = mask & (bits >> 63);
        } else if (rm == RoundingMode.MIN_MAG) {
            up = 0;
        } else {
            up = (mask >>> 1) + ((mag >>> k) & 1); // NEAR_EVEN
        }
        return ((bits >>> 63) << signBit) | (((mag + up) >>> k) - rebias);
    }

    /** d + t (d a nonzero normal double; t zero, or any value of the residual's sign) rounded to f. */
    static long round(FloatFormat f, int fracBits, int bias, int expMax, long signBit, double d, double t,
            RoundingMode rm, Env env) {
        long bits = Double.doubleToRawLongBits(d);
        boolean sign = bits < 0;
        int exp = ((int) (bits >>> 52) & 0x7FF) - 1023 + bias - 1; // roundPack's exponent
        long sig = ((bits & 0xFFFFFFFFFFFFFL) | (1L << 52)) << 10; // leading one at bit 62
        if (t != 0) {
            if ((t < 0) == sign) {
                sig |= 1; // beyond d
            } else if (sig == (1L << 62)) { // short of a power of two: one exponent down
                return Narrow.roundPack(f, sign, exp - 1, Long.MAX_VALUE, rm, env);
            } else {
                sig--; // short of d
            }
        }
        if (exp < 0 || exp >= expMax - 2) {
            return outOfRange(f, fracBits, expMax, signBit, sign, exp, sig, rm, env);
        }
        int k = 62 - fracBits;
        long rest = sig & ((1L << k) - 1);
        long z = sig >>> k;
        long inexact = (rest | -rest) >>> 63; // without branches: which way they go is data
        env.flags |= (int) inexact; // INEXACT
        z += increment(rm, sign, rest, z, k, inexact);
        return (sign ? signBit : 0) | (((long) exp << fracBits) + z);
    }

    /**
     * A result at or beyond the ends of f's normal range. Far beyond them (at least 2^(emax+1):
     * every mode overflows; below half the smallest subnormal: every mode gives zero or the
     * smallest subnormal, tiny and inexact) the answer is a constant, computed here; the edges
     * (the top binade, subnormals) go to roundPack.
     */
    private static long outOfRange(FloatFormat f, int fracBits, int expMax, long signBit, boolean sign, int exp, long sig,
            RoundingMode rm, Env env) {
        long signBits = sign ? signBit : 0;
        if (exp > expMax - 2) {
            env.flags |= ExceptionFlags.OVERFLOW | INEXACT;
            boolean toInfinity = rm == RoundingMode.NEAR_EVEN || rm == RoundingMode.NEAR_MAX_MAG
                    || rm == (sign ? RoundingMode.MIN : RoundingMode.MAX);
            long inf = (long) expMax << fracBits;
            return signBits | (toInfinity ? inf : inf - 1);
        }
        if (exp < -fracBits - 1) {
            env.flags |= ExceptionFlags.UNDERFLOW | INEXACT;
            boolean away = rm == RoundingMode.ODD || rm == (sign ? RoundingMode.MIN : RoundingMode.MAX);
            return signBits | (away && !env.ftz ? 1 : 0);
        }
        return Narrow.roundPack(f, sign, exp, sig, rm, env);
    }

    /** What rounding adds to the kept significand z for the discarded bits rest (k of them; inexact = rest != 0 as 0/1). */
    static long increment(RoundingMode rm, boolean sign, long rest, long z, int k, long inexact) {
        long half = 1L << (k - 1);
        return switch (rm) {
            case NEAR_EVEN -> (rest + half - 1 + (z & 1)) >>> k;
            case NEAR_MAX_MAG -> (rest + half) >>> k;
            case MIN_MAG -> 0;
            case MIN -> sign ? inexact : 0;
            case MAX -> sign ? 0 : inexact;
            case ODD -> ~z & inexact;
        };
    }
}

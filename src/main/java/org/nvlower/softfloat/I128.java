package org.nvlower.softfloat;

/**
 * 128-bit two's complement integer arithmetic on (hi, lo) pairs of longs, allocation-free.
 * Operations with a 128-bit result write it to {@code env.zHi/env.zLo} and leave the flags alone.
 *
 * <p>Division follows PTX integer division (and RISC-V, which specifies the same):
 * <ul>
 * <li>unsigned x / 0 = all ones, x % 0 = x;
 * <li>signed x / 0 = -1 (all ones, whatever the sign of x), x % 0 = x;
 * <li>signed MIN / -1 = MIN (wraps), MIN % -1 = 0.
 * </ul>
 * Shift distances are unsigned and clamp at 128 as PTX {@code shl/shr} do: a distance of 128 or
 * more (or a negative int, read as a large unsigned one) shifts every bit out.
 */
public final class I128 {

    private static final long MASK32 = 0xFFFF_FFFFL;

    private I128() {}

    // ---------------------------------------------------------------- add, sub, neg, mul

    public static void add(long aHi, long aLo, long bHi, long bLo, Env env) {
        long lo = aLo + bLo;
        env.zHi = aHi + bHi + (Long.compareUnsigned(lo, aLo) < 0 ? 1 : 0);
        env.zLo = lo;
    }

    public static void sub(long aHi, long aLo, long bHi, long bLo, Env env) {
        env.zHi = aHi - bHi - (Long.compareUnsigned(aLo, bLo) < 0 ? 1 : 0);
        env.zLo = aLo - bLo;
    }

    public static void neg(long aHi, long aLo, Env env) {
        env.zHi = ~aHi + (aLo == 0 ? 1 : 0);
        env.zLo = -aLo;
    }

    /** The low 128 bits of a * b (the same bits for signed and unsigned operands). */
    public static void mul(long aHi, long aLo, long bHi, long bLo, Env env) {
        env.zHi = Math.unsignedMultiplyHigh(aLo, bLo) + aHi * bLo + aLo * bHi;
        env.zLo = aLo * bLo;
    }

    /** The full 128-bit product of two 64-bit integers, read as signed or unsigned. */
    public static void mulWide64(long a, long b, boolean signed, Env env) {
        env.zHi = signed ? Math.multiplyHigh(a, b) : Math.unsignedMultiplyHigh(a, b);
        env.zLo = a * b;
    }

    // ---------------------------------------------------------------- division

    /** Unsigned quotient; x / 0 is all ones. */
    public static void udiv(long aHi, long aLo, long bHi, long bLo, Env env) {
        if ((bHi | bLo) == 0) {
            env.zHi = -1;
            env.zLo = -1;
            return;
        }
        divRem(aHi, aLo, bHi, bLo, env, true);
    }

    /** Unsigned remainder; x % 0 is x. */
    public static void urem(long aHi, long aLo, long bHi, long bLo, Env env) {
        if ((bHi | bLo) == 0) {
            env.zHi = aHi;
            env.zLo = aLo;
            return;
        }
        divRem(aHi, aLo, bHi, bLo, env, false);
    }

    /** Signed quotient truncated toward zero; x / 0 is -1, MIN / -1 is MIN. */
    public static void sdiv(long aHi, long aLo, long bHi, long bLo, Env env) {
        if ((bHi | bLo) == 0) {
            env.zHi = -1;
            env.zLo = -1;
            return;
        }
        boolean negate = (aHi ^ bHi) < 0;
        if (aHi < 0) {
            neg(aHi, aLo, env);
            aHi = env.zHi;
            aLo = env.zLo;
        }
        if (bHi < 0) {
            neg(bHi, bLo, env);
            bHi = env.zHi;
            bLo = env.zLo;
        }
        divRem(aHi, aLo, bHi, bLo, env, true);
        if (negate) {
            neg(env.zHi, env.zLo, env);
        }
    }

    /** Signed remainder with the sign of the dividend; x % 0 is x, MIN % -1 is 0. */
    public static void srem(long aHi, long aLo, long bHi, long bLo, Env env) {
        if ((bHi | bLo) == 0) {
            env.zHi = aHi;
            env.zLo = aLo;
            return;
        }
        boolean negate = aHi < 0;
        if (negate) {
            neg(aHi, aLo, env);
            aHi = env.zHi;
            aLo = env.zLo;
        }
        if (bHi < 0) {
            neg(bHi, bLo, env);
            bHi = env.zHi;
            bLo = env.zLo;
        }
        divRem(aHi, aLo, bHi, bLo, env, false);
        if (negate) {
            neg(env.zHi, env.zLo, env);
        }
    }

    /**
     * Unsigned a / b (or a % b) for b != 0, by normalized long division in 64-bit digits
     * (Hacker's Delight, 9-3 and "divlu2"): at most two 128-by-64 divisions and one correction.
     */
    private static void divRem(long aHi, long aLo, long bHi, long bLo, Env env, boolean quotient) {
        if ((aHi | bHi) == 0) { // both fit in 64 bits: one hardware division
            env.zHi = 0;
            env.zLo = quotient ? Long.divideUnsigned(aLo, bLo) : Long.remainderUnsigned(aLo, bLo);
            return;
        }
        if (bHi == 0) {
            long qHi;
            long rHi;
            if (Long.compareUnsigned(aHi, bLo) < 0) {
                qHi = 0;
                rHi = aHi;
            } else {
                qHi = Long.divideUnsigned(aHi, bLo);
                rHi = aHi - qHi * bLo;
            }
            long qLo = divide128By64(rHi, aLo, bLo);
            if (quotient) {
                env.zHi = qHi;
                env.zLo = qLo;
            } else {
                env.zHi = 0;
                env.zLo = aLo - qLo * bLo; // the remainder is < bLo, so its low word is exact
            }
            return;
        }
        if (Long.compareUnsigned(aHi, bHi) < 0) { // a < b
            if (quotient) {
                env.zHi = 0;
                env.zLo = 0;
            } else {
                env.zHi = aHi;
                env.zLo = aLo;
            }
            return;
        }
        // b >= 2^64, so the quotient fits in 64 bits. Estimate it from the top 64 bits of b
        // normalized, dividing a / 2 so the 128-by-64 division cannot overflow; the estimate is
        // exact or one too large, and one more step fixes a too-small result.
        int n = Long.numberOfLeadingZeros(bHi);
        long v1 = n == 0 ? bHi : (bHi << n) | (bLo >>> (64 - n));
        long q1 = divide128By64(aHi >>> 1, (aHi << 63) | (aLo >>> 1), v1);
        long q = q1 >>> (63 - n);
        if (q != 0) {
            q--;
        }
        // r = a - q * b (q * b <= a, so 128 bits hold it)
        long pLo = q * bLo;
        long pHi = Math.unsignedMultiplyHigh(q, bLo) + q * bHi;
        long rHi = aHi - pHi - (Long.compareUnsigned(aLo, pLo) < 0 ? 1 : 0);
        long rLo = aLo - pLo;
        if (compareUnsigned(rHi, rLo, bHi, bLo) >= 0) {
            q++;
            rHi = rHi - bHi - (Long.compareUnsigned(rLo, bLo) < 0 ? 1 : 0);
            rLo = rLo - bLo;
        }
        if (quotient) {
            env.zHi = 0;
            env.zLo = q;
        } else {
            env.zHi = rHi;
            env.zLo = rLo;
        }
    }

    /**
     * (u1:u0) / v for u1 < v (unsigned), so the quotient fits in 64 bits: Knuth's algorithm D
     * with 32-bit digits after normalizing v to its top bit (Hacker's Delight "divlu").
     */
    static long divide128By64(long u1, long u0, long v) {
        int s = Long.numberOfLeadingZeros(v);
        v <<= s;
        long vn1 = v >>> 32;
        long vn0 = v & MASK32;
        long un32 = s == 0 ? u1 : (u1 << s) | (u0 >>> (64 - s));
        long un10 = u0 << s;
        long un1 = un10 >>> 32;
        long un0 = un10 & MASK32;

        long q1 = Long.divideUnsigned(un32, vn1);
        long rhat = un32 - q1 * vn1;
        while (Long.compareUnsigned(q1, MASK32) > 0
                || Long.compareUnsigned(q1 * vn0, (rhat << 32) | un1) > 0) {
            q1--;
            rhat += vn1;
            if (Long.compareUnsigned(rhat, MASK32) > 0) {
                break;
            }
        }
        long un21 = (un32 << 32) + un1 - q1 * v;

        long q0 = Long.divideUnsigned(un21, vn1);
        rhat = un21 - q0 * vn1;
        while (Long.compareUnsigned(q0, MASK32) > 0
                || Long.compareUnsigned(q0 * vn0, (rhat << 32) | un0) > 0) {
            q0--;
            rhat += vn1;
            if (Long.compareUnsigned(rhat, MASK32) > 0) {
                break;
            }
        }
        return (q1 << 32) | q0;
    }

    // ---------------------------------------------------------------- shifts

    public static void shl(long hi, long lo, int n, Env env) {
        if (Integer.compareUnsigned(n, 128) >= 0) {
            env.zHi = 0;
            env.zLo = 0;
        } else if (n >= 64) {
            env.zHi = lo << (n - 64);
            env.zLo = 0;
        } else if (n == 0) {
            env.zHi = hi;
            env.zLo = lo;
        } else {
            env.zHi = (hi << n) | (lo >>> (64 - n));
            env.zLo = lo << n;
        }
    }

    public static void lshr(long hi, long lo, int n, Env env) {
        if (Integer.compareUnsigned(n, 128) >= 0) {
            env.zHi = 0;
            env.zLo = 0;
        } else if (n >= 64) {
            env.zHi = 0;
            env.zLo = hi >>> (n - 64);
        } else if (n == 0) {
            env.zHi = hi;
            env.zLo = lo;
        } else {
            env.zHi = hi >>> n;
            env.zLo = (lo >>> n) | (hi << (64 - n));
        }
    }

    public static void ashr(long hi, long lo, int n, Env env) {
        if (Integer.compareUnsigned(n, 128) >= 0) {
            env.zHi = hi >> 63;
            env.zLo = hi >> 63;
        } else if (n >= 64) {
            env.zHi = hi >> 63;
            env.zLo = hi >> (n - 64);
        } else if (n == 0) {
            env.zHi = hi;
            env.zLo = lo;
        } else {
            env.zHi = hi >> n;
            env.zLo = (lo >>> n) | (hi << (64 - n));
        }
    }

    // ---------------------------------------------------------------- bits and order

    /** Leading zeros, 128 for zero. */
    public static int clz(long hi, long lo) {
        return hi != 0 ? Long.numberOfLeadingZeros(hi) : 64 + Long.numberOfLeadingZeros(lo);
    }

    /** Trailing zeros, 128 for zero. */
    public static int ctz(long hi, long lo) {
        return lo != 0 ? Long.numberOfTrailingZeros(lo) : 64 + Long.numberOfTrailingZeros(hi);
    }

    public static int popcount(long hi, long lo) {
        return Long.bitCount(hi) + Long.bitCount(lo);
    }

    /** Negative, zero or positive as a < b, a == b, a > b, both read as signed. */
    public static int compareSigned(long aHi, long aLo, long bHi, long bLo) {
        return aHi != bHi ? Long.compare(aHi, bHi) : Long.compareUnsigned(aLo, bLo);
    }

    /** Negative, zero or positive as a < b, a == b, a > b, both read as unsigned. */
    public static int compareUnsigned(long aHi, long aLo, long bHi, long bLo) {
        return aHi != bHi ? Long.compareUnsigned(aHi, bHi) : Long.compareUnsigned(aLo, bLo);
    }
}

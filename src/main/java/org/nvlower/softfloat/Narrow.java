package org.nvlower.softfloat;

import static org.nvlower.softfloat.ExceptionFlags.INEXACT;
import static org.nvlower.softfloat.ExceptionFlags.INVALID;
import static org.nvlower.softfloat.ExceptionFlags.OVERFLOW;
import static org.nvlower.softfloat.ExceptionFlags.UNDERFLOW;

/**
 * binary16, bfloat16, binary32 and binary64 ({@link FloatFormat}), generically. NaN operands
 * are handled here, at the operands' own format; everything else converts the operands exactly
 * to binary128 and lets {@link F128} compute. Rounded operations compute in binary128 with
 * round-to-odd and then round once more, to the target format in the caller's mode: since
 * binary128 keeps 113 >= p + 2 bits for every p here, the double rounding equals one correct
 * rounding (Boldo and Melquiond), and the intermediate never overflows nor underflows. Only
 * the intermediate's INEXACT reaches the flags from the first step; tininess, underflow and
 * overflow are decided by the final rounding ({@link #roundPack}).
 */
final class Narrow {

    private Narrow() {}

    // ------------------------------------------------------------------ conversions with binary128

    /** a of format f, exactly, as binary128 in env.zHi/zLo. */
    static void toF128(FloatFormat f, long a, Env env) {
        int exp = f.exp(a);
        long frac = a & f.fracMask;
        long sign = f.sign(a) ? F128.SIGN : 0;
        if (exp == f.expMax) {
            if (frac != 0) {
                NanPolicy.toF128(f, a, env);
            } else {
                env.zHi = sign | 0x7FFF000000000000L;
                env.zLo = 0;
            }
            return;
        }
        if (exp == 0) {
            if (frac == 0) {
                env.zHi = sign;
                env.zLo = 0;
                return;
            }
            int shift = Long.numberOfLeadingZeros(frac) - (63 - f.fracBits);
            frac = (frac << shift) & f.fracMask;
            exp = 1 - shift;
        }
        long exp128 = exp - f.bias + F128.BIAS;
        int s = 112 - f.fracBits; // 60..105
        long hi = s >= 64 ? frac << (s - 64) : frac >>> (64 - s);
        long lo = s >= 64 ? 0 : frac << s;
        env.zHi = sign | (exp128 << 48) | hi;
        env.zLo = lo;
    }

    /** binary128 (hi, lo) rounded to format f in mode rm. */
    static long fromF128(FloatFormat f, long hi, long lo, RoundingMode rm, Env env) {
        int exp = F128.exp(hi);
        boolean sign = hi < 0;
        long frac64 = hi & F128.FRAC_HI;
        if (exp == F128.EXP_MAX) {
            if ((frac64 | lo) != 0) {
                return NanPolicy.fromF128(f, hi, lo, env);
            }
            return (sign ? f.signBit : 0) | ((long) f.expMax << f.fracBits);
        }
        if (exp == 0 && (frac64 | lo) == 0) {
            return sign ? f.signBit : 0;
        }
        // 113 significand bits to 63 (leading one at bit 62) plus a sticky bit; a binary128
        // subnormal lies far below every narrower format's range, so its scale hardly matters.
        long sig = ((frac64 | (exp != 0 ? F128.IMPLICIT : 0)) << 14) | (lo >>> 50);
        if ((lo << 14) != 0) {
            sig |= 1;
        }
        int e = Math.max(exp, 1) - F128.BIAS + f.bias - 1;
        return roundPack(f, sign, e, sig, rm, env);
    }

    /** Whether rounding the magnitude up is due for round bits {@code bits} (half = {@code half}). */
    private static boolean roundsUp(boolean sign, long bits, long half, RoundingMode rm) {
        return switch (rm) {
            case NEAR_EVEN, NEAR_MAX_MAG -> bits >= half;
            case MIN -> sign && bits != 0;
            case MAX -> !sign && bits != 0;
            case MIN_MAG, ODD -> false;
        };
    }

    /**
     * Rounds sig x 2^(exp + 1 - bias - 62) to format f in mode rm and packs it: sig's leading
     * one is at bit 62 and exp is the biased exponent minus one (SoftFloat's convention). The
     * only place where the narrow formats round, detect tininess (after rounding) and overflow.
     */
    static long roundPack(FloatFormat f, boolean sign, int exp, long sig, RoundingMode rm, Env env) {
        int k = f.roundBits;
        long half = 1L << (k - 1);
        long mask = (1L << k) - 1;
        long signBits = sign ? f.signBit : 0;
        if (exp < 0) {
            // Tiny after rounding unless rounding at full precision carries up to 2^emin.
            boolean carries = exp == -1 && roundsUp(sign, sig & mask, half, rm)
                    && ((sig | mask) + 1) == (1L << 63);
            int dist = -exp;
            sig = dist >= 63 ? (sig != 0 ? 1 : 0) : (sig >>> dist) | ((sig << (64 - dist)) != 0 ? 1 : 0);
            exp = 0;
            if (!carries && (sig & mask) != 0) {
                env.flags |= UNDERFLOW;
            }
        } else if (exp >= f.expMax - 2) {
            boolean carries = roundsUp(sign, sig & mask, half, rm) && ((sig | mask) + 1) == (1L << 63);
            if (exp > f.expMax - 2 || carries) {
                env.flags |= OVERFLOW | INEXACT;
                boolean toInfinity = rm == RoundingMode.NEAR_EVEN || rm == RoundingMode.NEAR_MAX_MAG
                        || rm == (sign ? RoundingMode.MIN : RoundingMode.MAX);
                long inf = (long) f.expMax << f.fracBits;
                return signBits | (toInfinity ? inf : inf - 1);
            }
        }
        long bits = sig & mask;
        long z = sig >>> k;
        if (bits != 0) {
            env.flags |= INEXACT;
            if (roundsUp(sign, bits, half, rm)) {
                z++;
                if (rm == RoundingMode.NEAR_EVEN && bits == half) {
                    z &= ~1L;
                }
            } else if (rm == RoundingMode.ODD) {
                z |= 1;
            }
        }
        if (z == 0) {
            exp = 0;
        }
        return signBits | (((long) exp << f.fracBits) + z);
    }

    /** a of format f converted to format g in env's rounding mode. */
    static long convert(FloatFormat f, long a, FloatFormat g, Env env) {
        if (f.isNaN(a)) {
            return NanPolicy.convert(f, a, g, env);
        }
        toF128(f, a, env);
        return fromF128(g, env.zHi, env.zLo, env.roundingMode, env);
    }

    // ------------------------------------------------------------------ arithmetic

    static long add(FloatFormat f, long a, long b, boolean negateB, Env env) {
        if (f.isNaN(a) || f.isNaN(b)) {
            return NanPolicy.propagate(f, a, b, env);
        }
        RoundingMode rm = env.roundingMode;
        long bEffective = negateB ? b ^ f.signBit : b;
        toF128(f, a, env);
        long aHi = env.zHi;
        long aLo = env.zLo;
        toF128(f, b, env);
        F128.addOrSub(aHi, aLo, env.zHi, env.zLo, negateB, RoundingMode.ODD, env);
        // binary128's exact zero sum took its sign from ODD; redo it for the caller's mode.
        if (((env.zHi << 1) | env.zLo) == 0 && rm == RoundingMode.MIN && !(a == 0 && bEffective == 0)) {
            return f.signBit;
        }
        return fromF128(f, env.zHi, env.zLo, rm, env);
    }

    static long mul(FloatFormat f, long a, long b, Env env) {
        if (f.isNaN(a) || f.isNaN(b)) {
            return NanPolicy.propagate(f, a, b, env);
        }
        RoundingMode rm = env.roundingMode;
        toF128(f, a, env);
        long aHi = env.zHi;
        long aLo = env.zLo;
        toF128(f, b, env);
        F128.mul(aHi, aLo, env.zHi, env.zLo, RoundingMode.ODD, env);
        return fromF128(f, env.zHi, env.zLo, rm, env);
    }

    static long div(FloatFormat f, long a, long b, Env env) {
        if (f.isNaN(a) || f.isNaN(b)) {
            return NanPolicy.propagate(f, a, b, env);
        }
        RoundingMode rm = env.roundingMode;
        toF128(f, a, env);
        long aHi = env.zHi;
        long aLo = env.zLo;
        toF128(f, b, env);
        F128.div(aHi, aLo, env.zHi, env.zLo, RoundingMode.ODD, env);
        return fromF128(f, env.zHi, env.zLo, rm, env);
    }

    static long mulAdd(FloatFormat f, long a, long b, long c, Env env) {
        boolean infTimesZero = (f.isInf(a) && f.isZero(b)) || (f.isZero(a) && f.isInf(b));
        if (f.isNaN(a) || f.isNaN(b)) {
            return NanPolicy.propagate(f, NanPolicy.propagate(f, a, b, env), c, env);
        }
        if (f.isNaN(c)) {
            if (infTimesZero) {
                env.flags |= INVALID; // inf * 0 + qNaN is invalid too, as in SoftFloat
                return NanPolicy.propagate(f, f.defaultNaN(env.specialization), c, env);
            }
            return NanPolicy.propagate(f, 0, c, env);
        }
        RoundingMode rm = env.roundingMode;
        toF128(f, a, env);
        long aHi = env.zHi;
        long aLo = env.zLo;
        toF128(f, b, env);
        long bHi = env.zHi;
        long bLo = env.zLo;
        toF128(f, c, env);
        F128.mulAdd(aHi, aLo, bHi, bLo, env.zHi, env.zLo, RoundingMode.ODD, env);
        boolean productIsPlusZero = (f.isZero(a) || f.isZero(b)) && f.sign(a) == f.sign(b);
        if (env.zHi == 0 && env.zLo == 0 && rm == RoundingMode.MIN && !(productIsPlusZero && c == 0)) {
            return f.signBit; // an exact zero sum: its sign depends on the caller's mode
        }
        return fromF128(f, env.zHi, env.zLo, rm, env);
    }

    static long sqrt(FloatFormat f, long a, Env env) {
        if (f.isNaN(a)) {
            return NanPolicy.propagate(f, a, 0, env);
        }
        RoundingMode rm = env.roundingMode;
        toF128(f, a, env);
        F128.sqrt(env.zHi, env.zLo, RoundingMode.ODD, env);
        return fromF128(f, env.zHi, env.zLo, rm, env);
    }

    /** IEEE remainder ({@code nearest}) or fmod: exact, so computed in binary128 directly. */
    static long remainder(FloatFormat f, long a, long b, boolean nearest, Env env) {
        if (f.isNaN(a) || f.isNaN(b)) {
            return NanPolicy.propagate(f, a, b, env);
        }
        toF128(f, a, env);
        long aHi = env.zHi;
        long aLo = env.zLo;
        toF128(f, b, env);
        if (nearest) {
            F128.rem(aHi, aLo, env.zHi, env.zLo, env);
        } else {
            F128.fmod(aHi, aLo, env.zHi, env.zLo, env);
        }
        return fromF128(f, env.zHi, env.zLo, RoundingMode.NEAR_EVEN, env);
    }

    static long roundToInt(FloatFormat f, long a, RoundingMode rm, boolean exact, Env env) {
        if (f.isNaN(a)) {
            return NanPolicy.propagate(f, a, 0, env);
        }
        toF128(f, a, env);
        F128.roundToInt(env.zHi, env.zLo, rm, exact, env);
        return fromF128(f, env.zHi, env.zLo, RoundingMode.NEAR_EVEN, env);
    }

    // ------------------------------------------------------------------ compare, min, max, classify

    /** One of {@link FcmpPredicate.Relation}'s bits; no flags. */
    static int relation(FloatFormat f, long a, long b) {
        if (f.isNaN(a) || f.isNaN(b)) {
            return FcmpPredicate.Relation.UN;
        }
        if (f.isZero(a) && f.isZero(b)) {
            return FcmpPredicate.Relation.EQ;
        }
        // Sign-magnitude to a totally ordered signed key.
        long ka = f.sign(a) ? -(a & ~f.signBit) : a;
        long kb = f.sign(b) ? -(b & ~f.signBit) : b;
        return ka < kb ? FcmpPredicate.Relation.LT : ka == kb ? FcmpPredicate.Relation.EQ : FcmpPredicate.Relation.GT;
    }

    static int compare(FloatFormat f, long a, long b, boolean signaling, Env env) {
        int r = relation(f, a, b);
        if (r == FcmpPredicate.Relation.UN && (signaling || f.isSignalingNaN(a) || f.isSignalingNaN(b))) {
            env.flags |= INVALID;
        }
        return r;
    }

    static boolean eq(FloatFormat f, long a, long b, boolean signaling, Env env) {
        return compare(f, a, b, signaling, env) == FcmpPredicate.Relation.EQ;
    }

    static boolean lt(FloatFormat f, long a, long b, boolean signaling, Env env) {
        return compare(f, a, b, signaling, env) == FcmpPredicate.Relation.LT;
    }

    static boolean le(FloatFormat f, long a, long b, boolean signaling, Env env) {
        return (compare(f, a, b, signaling, env) & (FcmpPredicate.Relation.LT | FcmpPredicate.Relation.EQ)) != 0;
    }

    static boolean fcmp(FloatFormat f, FcmpPredicate p, long a, long b, Env env) {
        return p.holds(compare(f, a, b, false, env));
    }

    /** minNum ({@code pick} = LT) or maxNum (GT), IEEE 754-2008; -0 < +0. */
    static long minMax(FloatFormat f, long a, long b, int pick, Env env) {
        boolean nanA = f.isNaN(a);
        boolean nanB = f.isNaN(b);
        if (nanA || nanB) {
            if (f.isSignalingNaN(a) || f.isSignalingNaN(b) || (nanA && nanB)) {
                return NanPolicy.propagate(f, a, b, env);
            }
            return nanA ? b : a;
        }
        int r = relation(f, a, b);
        if (r == FcmpPredicate.Relation.EQ && a != b) { // +0 and -0
            r = f.sign(a) == (pick == FcmpPredicate.Relation.LT) ? pick : 0;
        }
        return r == pick ? a : b;
    }

    static FloatClass classify(FloatFormat f, long a) {
        int exp = f.exp(a);
        long frac = a & f.fracMask;
        if (exp == f.expMax && frac != 0) {
            return (a & f.quietBit) != 0 ? FloatClass.QUIET_NAN : FloatClass.SIGNALING_NAN;
        }
        int kind = exp == f.expMax ? 3 : exp != 0 ? 2 : frac == 0 ? 0 : 1;
        return FloatClass.of(f.sign(a), kind);
    }

    // ------------------------------------------------------------------ integers

    static long toInt(FloatFormat f, long a, IntFormat t, RoundingMode rm, boolean exact, Env env) {
        toF128(f, a, env);
        return F128.toInt(env.zHi, env.zLo, t, rm, exact, env);
    }

    static void toInt128(FloatFormat f, long a, boolean signed, RoundingMode rm, boolean exact, Env env) {
        toF128(f, a, env);
        if (signed) {
            F128.toI128(env.zHi, env.zLo, rm, exact, env);
        } else {
            F128.toUI128(env.zHi, env.zLo, rm, exact, env);
        }
    }

    /** A 64-bit integer (signed or not) to format f: exact in binary128, then one rounding. */
    static long fromInt64(FloatFormat f, long a, boolean signed, Env env) {
        if (signed) {
            F128.fromI64(a, env);
        } else {
            F128.fromUI64(a, env);
        }
        return fromF128(f, env.zHi, env.zLo, env.roundingMode, env);
    }

    /** A 128-bit integer to format f: rounded to odd in binary128, then to f. */
    static long fromInt128(FloatFormat f, long hi, long lo, boolean signed, Env env) {
        RoundingMode rm = env.roundingMode;
        F128.fromInt128(hi, lo, signed, RoundingMode.ODD, env);
        return fromF128(f, env.zHi, env.zLo, rm, env);
    }
}

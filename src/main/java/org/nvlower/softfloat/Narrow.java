package org.nvlower.softfloat;

import static org.nvlower.softfloat.ExceptionFlags.INEXACT;
import static org.nvlower.softfloat.ExceptionFlags.INFINITE;
import static org.nvlower.softfloat.ExceptionFlags.INVALID;
import static org.nvlower.softfloat.ExceptionFlags.OVERFLOW;
import static org.nvlower.softfloat.ExceptionFlags.UNDERFLOW;

/**
 * binary16, bfloat16, binary32 and binary64 ({@link FloatFormat}), generically and directly:
 * every operation works on the operands' own significands in one or two {@code long}s and
 * rounds once, in {@link #roundPack}. A finite nonzero operand is normalized so that its
 * significand has its leading one at bit 62 ({@link #normSig}) and its value is
 * {@code sig * 2^(normExp - bias - 62)}; results reach roundPack in the same shape, with every
 * bit below the kept ones ORed into bit 0 (sticky). NaN operands are handled at the operands'
 * own format ({@link NanPolicy}). env's {@code daz} reads subnormal operands as zeros
 * ({@link #daz}); its {@code ftz} flushes tiny results in roundPack.
 *
 * <p>The former route through binary128 (widen exactly, compute in {@link F128} with
 * round-to-odd, round once more) is kept in the test tree as a second reference; the property
 * tests show the two equal.
 */
final class Narrow {

    private Narrow() {}

    // ------------------------------------------------------------------ operands

    /** a, or a sign-preserving zero when a is subnormal and env.daz is set. */
    static long daz(FloatFormat f, long a, Env env) {
        return env.daz && f.exp(a) == 0 ? a & f.signBit : a;
    }

    /** The significand of finite nonzero a with its leading one at bit 62. */
    static long normSig(FloatFormat f, long a) {
        long frac = a & f.fracMask;
        if (f.exp(a) == 0) {
            return frac << (Long.numberOfLeadingZeros(frac) - 1);
        }
        return (frac | (1L << f.fracBits)) << (62 - f.fracBits);
    }

    /** The exponent e of finite nonzero a with a = normSig(a) * 2^(e - bias - 62). */
    static int normExp(FloatFormat f, long a) {
        int e = f.exp(a);
        if (e == 0) {
            return 1 + 62 - f.fracBits - (Long.numberOfLeadingZeros(a & f.fracMask) - 1);
        }
        return e;
    }

    private static boolean isZero(FloatFormat f, long a) {
        return (a & ~f.signBit) == 0;
    }

    private static long infinity(FloatFormat f, boolean sign) {
        return (sign ? f.signBit : 0) | ((long) f.expMax << f.fracBits);
    }

    private static long invalid(FloatFormat f, Env env) {
        env.flags |= INVALID;
        return f.defaultNaN(env.specialization);
    }

    // ------------------------------------------------------------------ rounding

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
     * only place where the narrow formats round, detect tininess (after rounding), flush tiny
     * results (env.ftz) and overflow.
     */
    static long roundPack(FloatFormat f, boolean sign, int exp, long sig, RoundingMode rm, Env env) {
        int k = f.roundBits;
        if (rm == RoundingMode.NEAR_EVEN && exp >= 0 && exp < f.expMax - 2) {
            // The common case, small enough for C2 to inline: a normal result to nearest even.
            long bits = sig & ((1L << k) - 1);
            long z = sig >>> k;
            if (bits != 0) {
                env.flags |= INEXACT;
                long half = 1L << (k - 1);
                if (bits > half || (bits == half && (z & 1) != 0)) {
                    z++;
                }
            }
            return (sign ? f.signBit : 0) | (((long) exp << f.fracBits) + z);
        }
        return roundPackAnyMode(f, sign, exp, sig, rm, env);
    }

    /** roundPack's general case: any mode, tiny results (and their flush), overflow. */
    private static long roundPackAnyMode(FloatFormat f, boolean sign, int exp, long sig, RoundingMode rm, Env env) {
        int k = f.roundBits;
        long half = 1L << (k - 1);
        long mask = (1L << k) - 1;
        long signBits = sign ? f.signBit : 0;
        if (exp < 0) {
            // Tiny after rounding unless rounding at full precision carries up to 2^emin.
            boolean carries = exp == -1 && roundsUp(sign, sig & mask, half, rm)
                    && ((sig | mask) + 1) == (1L << 63);
            if (!carries && env.ftz) {
                env.flags |= UNDERFLOW | INEXACT;
                return signBits;
            }
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

    /** roundPack for a nonzero sig whose leading one may be anywhere: normalizes it to bit 62 first. */
    private static long normRoundPack(FloatFormat f, boolean sign, int exp, long sig, RoundingMode rm, Env env) {
        int shift = Long.numberOfLeadingZeros(sig) - 1;
        if (shift < 0) {
            return roundPack(f, sign, exp + 1, (sig >>> 1) | (sig & 1), rm, env);
        }
        return roundPack(f, sign, exp - shift, sig << shift, rm, env);
    }

    /**
     * roundPack for the nonzero 128-bit value (hi, lo) x 2^unit: its top 63 bits from the
     * leading one, the rest as sticky.
     */
    private static long roundPack128(FloatFormat f, boolean sign, int unit, long hi, long lo, RoundingMode rm,
            Env env) {
        int lead = hi != 0 ? 127 - Long.numberOfLeadingZeros(hi) : 63 - Long.numberOfLeadingZeros(lo);
        long sig;
        if (lead <= 62) {
            sig = lo << (62 - lead); // hi is 0: exact
        } else {
            int s = lead - 62; // 1..65
            long lost;
            if (s < 64) {
                sig = (hi << (64 - s)) | (lo >>> s);
                lost = lo << (64 - s);
            } else {
                sig = hi >>> (s - 64);
                lost = (s == 64 ? 0 : hi << (128 - s)) | lo;
            }
            if (lost != 0) {
                sig |= 1;
            }
        }
        // value = sig x 2^(unit + lead - 62) = sig x 2^(exp + 1 - bias - 62)
        return roundPack(f, sign, unit + lead + f.bias - 1, sig, rm, env);
    }

    /** +0, or -0 in MIN: the sign of an exact zero sum of opposite-signed operands. */
    private static long exactZero(FloatFormat f, RoundingMode rm) {
        return rm == RoundingMode.MIN ? f.signBit : 0;
    }

    // ------------------------------------------------------------------ conversions

    /** a of format f, exactly, as binary128 in env.zHi/zLo. */
    static void toF128(FloatFormat f, long a, Env env) {
        a = daz(f, a, env);
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
            return infinity(f, sign);
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

    /** a of format f converted to format g in mode rm. */
    static long convert(FloatFormat f, long a, FloatFormat g, RoundingMode rm, Env env) {
        a = daz(f, a, env);
        int exp = f.exp(a);
        boolean sign = f.sign(a);
        if (exp == f.expMax) {
            return (a & f.fracMask) != 0 ? NanPolicy.convert(f, a, g, env) : infinity(g, sign);
        }
        if (isZero(f, a)) {
            return sign ? g.signBit : 0;
        }
        return roundPack(g, sign, normExp(f, a) - f.bias + g.bias - 1, normSig(f, a), rm, env);
    }

    // ------------------------------------------------------------------ add, sub

    static long add(FloatFormat f, long a, long b, boolean negateB, RoundingMode rm, Env env) {
        if (f.isNaN(a) || f.isNaN(b)) {
            return NanPolicy.propagate(f, a, b, env);
        }
        a = daz(f, a, env);
        b = daz(f, b, env) ^ (negateB ? f.signBit : 0);
        boolean signA = f.sign(a);
        boolean signB = f.sign(b);
        if (f.exp(a) == f.expMax || f.exp(b) == f.expMax) {
            boolean infA = f.exp(a) == f.expMax;
            boolean infB = f.exp(b) == f.expMax;
            if (infA && infB && signA != signB) {
                return invalid(f, env);
            }
            return infA ? a : b;
        }
        boolean zeroA = isZero(f, a);
        boolean zeroB = isZero(f, b);
        if (zeroA || zeroB) {
            if (zeroA && zeroB) {
                return signA == signB ? a : exactZero(f, rm);
            }
            long x = zeroA ? b : a; // exact, but it may be a subnormal to flush
            return f.exp(x) != 0 ? x : roundPack(f, f.sign(x), normExp(f, x) - 1, normSig(f, x), rm, env);
        }
        int expA = normExp(f, a);
        int expB = normExp(f, b);
        long sigA = normSig(f, a);
        long sigB = normSig(f, b);
        // Make a the operand of larger magnitude (by exponent, then significand).
        if (expA < expB || (expA == expB && sigA < sigB)) {
            int t = expA;
            expA = expB;
            expB = t;
            long s = sigA;
            sigA = sigB;
            sigB = s;
            boolean g = signA;
            signA = signB;
            signB = g;
        }
        int d = expA - expB;
        // A narrow significand has at least 10 zero bits below bit 62, so shifts up to 10 are
        // exact: the jam bit only appears when the difference cancels at most one bit.
        long alignedB = d >= 63 ? 1 : d == 0 ? sigB : (sigB >>> d) | ((sigB << (64 - d)) != 0 ? 1 : 0);
        if (signA == signB) {
            long sum = sigA + alignedB; // < 2^64 as unsigned
            if (sum < 0) {
                return roundPack(f, signA, expA, (sum >>> 1) | (sum & 1), rm, env);
            }
            return roundPack(f, signA, expA - 1, sum, rm, env);
        }
        long diff = sigA - alignedB;
        if (diff == 0) {
            return exactZero(f, rm);
        }
        return normRoundPack(f, signA, expA - 1, diff, rm, env);
    }

    // ------------------------------------------------------------------ mul

    static long mul(FloatFormat f, long a, long b, RoundingMode rm, Env env) {
        if (f.isNaN(a) || f.isNaN(b)) {
            return NanPolicy.propagate(f, a, b, env);
        }
        a = daz(f, a, env);
        b = daz(f, b, env);
        boolean sign = f.sign(a) != f.sign(b);
        boolean infA = f.exp(a) == f.expMax;
        boolean infB = f.exp(b) == f.expMax;
        if (infA || infB) {
            if ((infA && isZero(f, b)) || (infB && isZero(f, a))) {
                return invalid(f, env);
            }
            return infinity(f, sign);
        }
        if (isZero(f, a) || isZero(f, b)) {
            return sign ? f.signBit : 0;
        }
        long sigA = normSig(f, a);
        long sigB = normSig(f, b);
        // P = sigA * sigB in [2^124, 2^126); keep P >> 63 (in [2^61, 2^63)) and a sticky bit.
        long hi = Math.unsignedMultiplyHigh(sigA, sigB);
        long lo = sigA * sigB;
        long sig = (hi << 1) | (lo >>> 63) | ((lo << 1) != 0 ? 1 : 0);
        int exp = normExp(f, a) + normExp(f, b) - f.bias;
        if (sig >= 0x4000000000000000L) {
            return roundPack(f, sign, exp, sig, rm, env);
        }
        return roundPack(f, sign, exp - 1, sig << 1, rm, env);
    }

    // ------------------------------------------------------------------ mulAdd

    static long mulAdd(FloatFormat f, long a, long b, long c, RoundingMode rm, Env env) {
        boolean infTimesZero = (f.isInf(a) && isZero(f, daz(f, b, env))) || (isZero(f, daz(f, a, env)) && f.isInf(b));
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
        a = daz(f, a, env);
        b = daz(f, b, env);
        c = daz(f, c, env);
        boolean signP = f.sign(a) != f.sign(b);
        boolean signC = f.sign(c);
        if (infTimesZero) {
            return invalid(f, env);
        }
        if (f.isInf(a) || f.isInf(b)) {
            if (f.isInf(c) && signC != signP) {
                return invalid(f, env);
            }
            return infinity(f, signP);
        }
        if (f.isInf(c)) {
            return c;
        }
        boolean zeroP = isZero(f, a) || isZero(f, b);
        if (zeroP) {
            if (isZero(f, c)) {
                return signP == signC ? c : exactZero(f, rm);
            }
            return f.exp(c) != 0 ? c : roundPack(f, signC, normExp(f, c) - 1, normSig(f, c), rm, env);
        }
        long sigA = normSig(f, a);
        long sigB = normSig(f, b);
        long pHi = Math.unsignedMultiplyHigh(sigA, sigB); // P in [2^124, 2^126)
        long pLo = sigA * sigB;
        int unitP = normExp(f, a) + normExp(f, b) - 2 * f.bias - 124; // P x 2^unitP
        if (isZero(f, c)) {
            return roundPack128(f, signP, unitP, pHi, pLo, rm, env);
        }
        // C = sigC << 64 (leading one at bit 126) x 2^unitC.
        long cHi = normSig(f, c);
        long cLo = 0;
        int unitC = normExp(f, c) - f.bias - 126;
        int shift = unitC - unitP;
        int unit;
        if (shift >= 0) {
            // P moves to C's scale. P's at most 106 bits sit at bits 125..20, so a shift by 0 or 1
            // (the only ones that can cancel more than one bit) loses nothing.
            unit = unitC;
            if (shift >= 128) {
                pLo = (pHi | pLo) != 0 ? 1 : 0;
                pHi = 0;
            } else if (shift > 0) {
                long lost = shift >= 64 ? (pLo | (shift == 64 ? 0 : pHi << (128 - shift))) : pLo << (64 - shift);
                pLo = shift >= 64 ? pHi >>> (shift - 64) : (pHi << (64 - shift)) | (pLo >>> shift);
                pHi = shift >= 64 ? 0 : pHi >>> shift;
                pLo |= lost != 0 ? 1 : 0;
            }
        } else {
            // C moves to P's scale; its 53 or fewer bits sit at bits 126..74, so shifts up to 74 are exact.
            unit = unitP;
            int s = -shift;
            if (s >= 128) {
                cLo = 1;
                cHi = 0;
            } else if (s >= 64) {
                cLo = (cHi >>> (s - 64)) | ((s == 64 ? 0 : cHi << (128 - s)) != 0 ? 1 : 0);
                cHi = 0;
            } else {
                cLo = cHi << (64 - s);
                cHi = cHi >>> s;
            }
        }
        long rHi;
        long rLo;
        boolean sign;
        if (signP == signC) {
            rLo = pLo + cLo;
            rHi = pHi + cHi + (Long.compareUnsigned(rLo, pLo) < 0 ? 1 : 0);
            sign = signP;
        } else {
            boolean cBigger = Long.compareUnsigned(cHi, pHi) > 0 || (cHi == pHi && Long.compareUnsigned(cLo, pLo) > 0);
            if (cBigger) {
                rLo = cLo - pLo;
                rHi = cHi - pHi - (Long.compareUnsigned(cLo, pLo) < 0 ? 1 : 0);
                sign = signC;
            } else {
                rLo = pLo - cLo;
                rHi = pHi - cHi - (Long.compareUnsigned(pLo, cLo) < 0 ? 1 : 0);
                sign = signP;
            }
            if ((rHi | rLo) == 0) {
                return exactZero(f, rm);
            }
        }
        return roundPack128(f, sign, unit, rHi, rLo, rm, env);
    }

    // ------------------------------------------------------------------ div

    static long div(FloatFormat f, long a, long b, RoundingMode rm, Env env) {
        if (f.isNaN(a) || f.isNaN(b)) {
            return NanPolicy.propagate(f, a, b, env);
        }
        a = daz(f, a, env);
        b = daz(f, b, env);
        boolean sign = f.sign(a) != f.sign(b);
        boolean infA = f.isInf(a);
        boolean infB = f.isInf(b);
        boolean zeroA = isZero(f, a);
        boolean zeroB = isZero(f, b);
        if (infA) {
            return infB ? invalid(f, env) : infinity(f, sign);
        }
        if (infB) {
            return sign ? f.signBit : 0;
        }
        if (zeroB) {
            if (zeroA) {
                return invalid(f, env);
            }
            env.flags |= INFINITE;
            return infinity(f, sign);
        }
        if (zeroA) {
            return sign ? f.signBit : 0;
        }
        long sigA = normSig(f, a);
        long sigB = normSig(f, b);
        int expDiff = normExp(f, a) - normExp(f, b);
        long q;
        boolean inexact;
        int scale; // q = sigA / sigB x 2^scale
        if (f.fracBits <= 24) {
            // At most 25 significant bits: divide sigA (bits 62..38) by sigB >> 38 (exact) in one long division.
            long d = sigB >>> 38;
            q = sigA / d;
            inexact = sigA % d != 0;
            scale = 38;
        } else {
            // 128 / 64: sigA x 2^63 (or 2^64 when sigA < sigB, for a 64-bit quotient with its top bit set).
            boolean shiftMore = Long.compareUnsigned(sigA, sigB) < 0;
            long nHi = shiftMore ? sigA : sigA >>> 1;
            long nLo = shiftMore ? 0 : sigA << 63;
            q = divideUnsigned128(nHi, nLo, sigB);
            inexact = nLo - q * sigB != 0; // the remainder, modulo 2^64 (it is below sigB)
            scale = shiftMore ? 64 : 63;
        }
        // value = q x 2^(expDiff - scale); normalize q's leading one to bit 62, sticky in bit 0.
        int lead = 63 - Long.numberOfLeadingZeros(q);
        long sig = lead > 62 ? (q >>> 1) | (q & 1) : q << (62 - lead);
        if (inexact) {
            sig |= 1;
        }
        return roundPack(f, sign, expDiff - scale + lead + f.bias - 1, sig, rm, env);
    }

    /**
     * floor((hi x 2^64 + lo) / d) for unsigned hi < d (so the quotient fits in 64 bits): Knuth's
     * algorithm D with two 32-bit quotient digits, each estimated from the divisor's top half
     * and corrected at most twice.
     */
    static long divideUnsigned128(long hi, long lo, long d) {
        int s = Long.numberOfLeadingZeros(d);
        d <<= s;
        long dHi = d >>> 32;
        long dLo = d & 0xFFFFFFFFL;
        long n32 = s == 0 ? hi : (hi << s) | (lo >>> (64 - s));
        long n10 = lo << s;
        long n1 = n10 >>> 32;
        long n0 = n10 & 0xFFFFFFFFL;
        long q1 = quotientDigit(n32, n1, dHi, dLo);
        long n21 = (n32 << 32) + n1 - q1 * d;
        long q0 = quotientDigit(n21, n0, dHi, dLo);
        return (q1 << 32) | q0;
    }

    /** The 32-bit digit of (top x 2^32 + next) / (dHi x 2^32 + dLo), top < divisor, divisor normalized. */
    private static long quotientDigit(long top, long next, long dHi, long dLo) {
        long q = Long.divideUnsigned(top, dHi);
        long r = top - q * dHi;
        while (Long.compareUnsigned(q, 0xFFFFFFFFL) > 0 || Long.compareUnsigned(q * dLo, (r << 32) | next) > 0) {
            q--;
            r += dHi;
            if (Long.compareUnsigned(r, 0xFFFFFFFFL) > 0) {
                break;
            }
        }
        return q;
    }

    // ------------------------------------------------------------------ sqrt

    static long sqrt(FloatFormat f, long a, RoundingMode rm, Env env) {
        if (f.isNaN(a)) {
            return NanPolicy.propagate(f, a, 0, env);
        }
        a = daz(f, a, env);
        if (isZero(f, a)) {
            return a; // sqrt(+-0) = +-0
        }
        if (f.sign(a)) {
            return invalid(f, env);
        }
        if (f.isInf(a)) {
            return a;
        }
        long sig = normSig(f, a);
        int e = normExp(f, a) - f.bias - 62; // a = sig x 2^e
        // sqrt(a) = sqrt(sig x 2^t) x 2^((e - t) / 2) with e - t even. Narrow formats (p <= 24):
        // R = sig >> (38 - t') in one long, root of 26 or 27 bits; binary64: R = sig << t in
        // 128 bits (t = 47 or 48), root of 55 or 56 bits. Either way p + 2 bits and an exact sticky.
        long root;
        boolean inexact;
        int t;
        if (f.fracBits <= 24) {
            t = (e & 1) == 0 ? -10 : -9; // R = sig >> 10 or 9: 53 or 54 bits, its significant ones exact
            long r = sig >>> -t;
            root = (long) Math.sqrt((double) r); // r has at most 25 significant bits: exact as a double
            if (root * root > r) {
                root--;
            }
            inexact = root * root != r;
        } else {
            t = (e & 1) == 0 ? 48 : 47;
            long rHi = sig >>> (64 - t);
            long rLo = sig << t;
            root = isqrt128(rHi, rLo);
            inexact = rLo != root * root || rHi != Math.unsignedMultiplyHigh(root, root);
        }
        int lead = 63 - Long.numberOfLeadingZeros(root);
        long s = (root << (62 - lead)) | (inexact ? 1 : 0);
        // value = root x 2^((e - t) / 2) = s x 2^((e - t) / 2 + lead - 62)
        return roundPack(f, false, ((e - t) >> 1) + lead + f.bias - 1, s, rm, env);
    }

    /**
     * floor(sqrt(hi x 2^64 + lo)) for a radicand below 2^112: the double root (off by a few
     * units at most), one Newton correction from the exact residual, then an exact check.
     */
    static long isqrt128(long hi, long lo) {
        double x = hi * 0x1p64 + (lo >>> 1) * 2.0;
        long r = (long) Math.sqrt(x);
        // residual R - r^2 is below 2^63 in magnitude here, so its low word is its value
        long resid = lo - r * r;
        r += (long) Math.floor(resid / (2.0 * r));
        while (compareSquare(hi, lo, r) < 0) {
            r--;
        }
        while (compareSquare(hi, lo, r + 1) >= 0) {
            r++;
        }
        return r;
    }

    /** Sign of R - r^2 for the radicand R = (hi, lo) and a root candidate r. */
    private static int compareSquare(long hi, long lo, long r) {
        int c = Long.compareUnsigned(hi, Math.unsignedMultiplyHigh(r, r));
        return c != 0 ? c : Long.compareUnsigned(lo, r * r);
    }

    // ------------------------------------------------------------------ rem, fmod, roundToInt (exact, via binary128)

    /** IEEE remainder ({@code nearest}) or fmod: exact, computed in binary128 and converted back. */
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
        return fromF128(f, env.zHi, env.zLo, RoundingMode.NEAR_EVEN, env); // exact
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

    /** One of {@link FcmpPredicate.Relation}'s bits; no flags, no DAZ. */
    static int relation(FloatFormat f, long a, long b) {
        if (f.isNaN(a) || f.isNaN(b)) {
            return FcmpPredicate.Relation.UN;
        }
        if (isZero(f, a) && isZero(f, b)) {
            return FcmpPredicate.Relation.EQ;
        }
        // Sign-magnitude to a totally ordered signed key.
        long ka = f.sign(a) ? -(a & ~f.signBit) : a;
        long kb = f.sign(b) ? -(b & ~f.signBit) : b;
        return ka < kb ? FcmpPredicate.Relation.LT : ka == kb ? FcmpPredicate.Relation.EQ : FcmpPredicate.Relation.GT;
    }

    static int compare(FloatFormat f, long a, long b, boolean signaling, Env env) {
        int r = relation(f, daz(f, a, env), daz(f, b, env));
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
            return daz(f, nanA ? b : a, env);
        }
        a = daz(f, a, env);
        b = daz(f, b, env);
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

    /** a rounded to an integer in mode rm and converted to t (invalid results per env's specialization). */
    static long toInt(FloatFormat f, long a, IntFormat t, RoundingMode rm, boolean exact, Env env) {
        a = daz(f, a, env);
        boolean sign = f.sign(a);
        int exp = f.exp(a);
        if (exp == f.expMax) {
            env.flags |= INVALID;
            boolean nan = (a & f.fracMask) != 0;
            return t.invalidResult(nan, !nan && sign, env.specialization);
        }
        if (isZero(f, a)) {
            return 0;
        }
        long sig = (a & f.fracMask) | (exp != 0 ? 1L << f.fracBits : 0);
        int shift = Math.max(exp, 1) - f.bias - f.fracBits; // |a| = sig x 2^shift
        long mag;
        boolean inexact = false;
        if (shift >= 0) {
            if (shift + f.fracBits + 1 > 64) {
                env.flags |= INVALID;
                return t.invalidResult(false, sign, env.specialization);
            }
            mag = sig << shift;
        } else {
            int s = -shift;
            long frac;
            long half;
            if (s >= 64) {
                mag = 0;
                frac = sig; // below one half: sig < 2^53 <= 2^(s-1)
                half = Long.MAX_VALUE;
            } else {
                mag = sig >>> s;
                frac = sig & ((1L << s) - 1);
                half = 1L << (s - 1);
            }
            if (frac != 0) {
                inexact = true;
                if (roundsUp(sign, frac, half, rm)) {
                    if (rm == RoundingMode.NEAR_EVEN && frac == half && (mag & 1) == 0) {
                        // a tie rounds to the even magnitude: stay
                    } else {
                        mag++;
                    }
                } else if (rm == RoundingMode.ODD) {
                    mag |= 1;
                }
            }
        }
        long limit = sign ? t.maxNegative : t.maxPositive;
        if (Long.compareUnsigned(mag, limit) > 0) {
            env.flags |= INVALID;
            return t.invalidResult(false, sign, env.specialization);
        }
        if (inexact && exact) {
            env.flags |= INEXACT;
        }
        return sign ? -mag : mag;
    }

    static void toInt128(FloatFormat f, long a, boolean signed, RoundingMode rm, boolean exact, Env env) {
        toF128(f, a, env);
        if (signed) {
            F128.toI128(env.zHi, env.zLo, rm, exact, env);
        } else {
            F128.toUI128(env.zHi, env.zLo, rm, exact, env);
        }
    }

    /** A 64-bit integer (signed or not) to format f, rounded once. */
    static long fromInt64(FloatFormat f, long a, boolean signed, RoundingMode rm, Env env) {
        if (a == 0) {
            return 0;
        }
        boolean sign = signed && a < 0;
        long mag = sign ? -a : a;
        int lead = 63 - Long.numberOfLeadingZeros(mag);
        long sig = lead == 63 ? (mag >>> 1) | (mag & 1) : mag << (62 - lead);
        return roundPack(f, sign, lead + f.bias - 1, sig, rm, env);
    }

    /** A 128-bit integer to format f: rounded to odd in binary128 first (exact for the final rounding). */
    static long fromInt128(FloatFormat f, long hi, long lo, boolean signed, RoundingMode rm, Env env) {
        F128.fromInt128(hi, lo, signed, RoundingMode.ODD, env);
        return fromF128(f, env.zHi, env.zLo, rm, env);
    }
}

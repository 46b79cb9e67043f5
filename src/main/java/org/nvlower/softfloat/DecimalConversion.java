package org.nvlower.softfloat;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Exact decimal <-> binary128 conversions for the value API ({@link Float128}): parsing is
 * correctly rounded in any mode (with flags), printing is exact. Uses BigInteger, so it lives
 * outside the allocation-free core.
 */
final class DecimalConversion {

    /** Beyond these decimal exponents a value certainly overflows or lies below half the smallest subnormal. */
    private static final int MAX_DECIMAL_EXP = 4933;
    private static final int MIN_DECIMAL_EXP = -4967;

    private DecimalConversion() {}

    /** A decimal to binary128 in mode rm, result in env.zHi/zLo. */
    static void fromDecimal(BigDecimal d, boolean negative, RoundingMode rm, Env env) {
        if (d.signum() == 0) {
            env.zHi = negative ? F128.SIGN : 0;
            env.zLo = 0;
            return;
        }
        BigInteger unscaled = d.unscaledValue().abs();
        int adjusted = d.precision() - d.scale() - 1; // decimal exponent of the leading digit
        if (adjusted > MAX_DECIMAL_EXP) {
            F128.roundPack(negative, 0x8000, F128.IMPLICIT, 0, 0, rm, env); // overflows
            return;
        }
        if (adjusted < MIN_DECIMAL_EXP) {
            F128.roundPack(negative, -1000, F128.IMPLICIT, 0, 1, rm, env); // far below the subnormals
            return;
        }
        BigInteger num = d.scale() <= 0 ? unscaled.multiply(BigInteger.TEN.pow(-d.scale())) : unscaled;
        BigInteger den = d.scale() <= 0 ? BigInteger.ONE : BigInteger.TEN.pow(d.scale());
        fromRational(negative, num, den, rm, env);
    }

    /** (-1)^negative * num / den (num, den > 0) to binary128 in mode rm. */
    static void fromRational(boolean negative, BigInteger num, BigInteger den, RoundingMode rm, Env env) {
        int e = num.bitLength() - den.bitLength(); // floor(log2(num / den)) is e or e - 1
        if (scaled(num, den, -e).compareTo(BigInteger.ONE) < 0) {
            e--;
        }
        // Q = floor(num / den * 2^(114 - e)) in [2^114, 2^115); a sticky bit for the rest.
        BigInteger n = 114 - e >= 0 ? num.shiftLeft(114 - e) : num;
        BigInteger dd = 114 - e >= 0 ? den : den.shiftLeft(e - 114);
        BigInteger[] qr = n.divideAndRemainder(dd);
        BigInteger q = qr[0];
        long sticky = qr[1].signum() != 0 ? 1 : 0;
        long q0 = q.longValue();
        long q64 = q.shiftRight(64).longValue();
        F128.roundPack(negative, e + F128.BIAS - 1, q64 >>> 2, (q64 << 62) | (q0 >>> 2), (q0 << 62) | sticky, rm, env);
    }

    /** floor(num / den * 2^s). */
    private static BigInteger scaled(BigInteger num, BigInteger den, int s) {
        return s >= 0 ? num.shiftLeft(s).divide(den) : num.divide(den.shiftLeft(-s));
    }

    /** The exact value of finite binary128 (hi, lo). */
    static BigDecimal toBigDecimal(long hi, long lo) {
        int exp = F128.exp(hi);
        long frac64 = hi & F128.FRAC_HI;
        BigInteger sig = new BigInteger(1, new byte[] {
            (byte) (frac64 >>> 40), (byte) (frac64 >>> 32), (byte) (frac64 >>> 24), (byte) (frac64 >>> 16),
            (byte) (frac64 >>> 8), (byte) frac64,
            (byte) (lo >>> 56), (byte) (lo >>> 48), (byte) (lo >>> 40), (byte) (lo >>> 32),
            (byte) (lo >>> 24), (byte) (lo >>> 16), (byte) (lo >>> 8), (byte) lo});
        int k;
        if (exp == 0) {
            k = 1 - F128.BIAS - 112;
        } else {
            sig = sig.setBit(112);
            k = exp - F128.BIAS - 112;
        }
        BigDecimal v;
        if (sig.signum() == 0) {
            v = BigDecimal.ZERO;
        } else if (k >= 0) {
            v = new BigDecimal(sig.shiftLeft(k));
        } else {
            // sig / 2^-k = sig * 5^-k / 10^-k
            int lowZeros = Math.min(sig.getLowestSetBit(), -k);
            sig = sig.shiftRight(lowZeros);
            k += lowZeros;
            v = new BigDecimal(sig.multiply(BigInteger.valueOf(5).pow(-k)), -k);
        }
        return hi < 0 ? v.negate() : v;
    }
}

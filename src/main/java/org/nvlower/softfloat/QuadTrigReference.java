package org.nvlower.softfloat;

import java.math.BigInteger;

/**
 * The arbitrary-precision reference for the quad math library's sin, cos and tan of binary128,
 * correctly rounded to nearest even, independent of the bodies and of any library (the same
 * scheme as {@link QuadReference}: binary fixed point with F fraction bits on BigIntegers, an
 * error bound counted, Ziv's loop doubling F).
 *
 * <p>pi/2 comes from Machin's formula (8 atan(1/5) - 2 atan(1/239)) at as many bits as the
 * reduction needs. The operand is the exact rational m 2^e; for |x| >= 1/2 it is reduced exactly
 * enough: k = round(x / (pi/2)) and r = x - k pi/2 with pi/2 at W = F + (|x|'s bits) + 4
 * fraction bits, so that k times pi/2's error stays below 2^-F-4 however large |x| is (up to
 * 2^16384). r is then absolute (within 2 units of 2^-F); when x lies close to a multiple of pi/2
 * and r is tiny, Ziv's loop raises F until r's relative precision decides the rounding. For
 * |x| < 1/2 the series are relative to x (sin x = x (1 - x^2/3! + ...), tan x = x (sin x / x) /
 * cos x), so that tiny results keep their precision. sin, cos and tan of a nonzero binary128 are
 * transcendental (Lindemann-Weierstrass), so the loop ends; the exact cases are sin(+-0) = +-0,
 * tan(+-0) = +-0 and cos(+-0) = 1.
 *
 * <p>Special cases as C23 Annex F (F.10.1.6, F.10.1.5, F.10.1.7): NaN in, NaN out (the canonical
 * NVPTX NaN); sin, cos and tan of +-inf are NaN.
 */
public final class QuadTrigReference {

    private QuadTrigReference() {
    }

    private static final long[] NAN = {0x7FFFFFFFFFFFFFFFL, -1L};
    private static final long ONE_HI = 0x3FFF000000000000L;

    // ------------------------------------------------------------------ pi/2

    private static BigInteger cachedHalfPi = BigInteger.ZERO;
    private static int cachedBits = -1;

    /** floor(pi/2 * 2^w) within one unit (Machin: pi/2 = 8 atan(1/5) - 2 atan(1/239)); cached at the largest w asked. */
    public static synchronized BigInteger halfPi(int w) {
        if (w > cachedBits) {
            int g = w + 32;
            BigInteger v = atanOfInverse(5, g).shiftLeft(3).subtract(atanOfInverse(239, g).shiftLeft(1));
            cachedHalfPi = v.shiftRight(32);
            cachedBits = w;
        }
        return cachedHalfPi.shiftRight(cachedBits - w);
    }

    /** atan(1/n) * 2^g, within two units per term (fewer than g / 4 terms): sum (-1)^i / ((2i + 1) n^(2i+1)). */
    private static BigInteger atanOfInverse(int n, int g) {
        BigInteger n2 = BigInteger.valueOf((long) n * n);
        BigInteger term = BigInteger.ONE.shiftLeft(g).divide(BigInteger.valueOf(n));
        BigInteger sum = BigInteger.ZERO;
        for (int i = 0; term.signum() != 0; i++) {
            BigInteger t = term.divide(BigInteger.valueOf(2L * i + 1));
            sum = i % 2 == 0 ? sum.add(t) : sum.subtract(t);
            term = term.divide(n2);
        }
        return sum;
    }

    // ------------------------------------------------------------------ reduction

    /** x = k pi/2 + r: k, and r * 2^f within 2 units. */
    record Reduced(BigInteger k, BigInteger rF) {

        /** k mod 4, in 0 .. 3. */
        int quadrant() {
            return k.mod(BigInteger.valueOf(4)).intValue();
        }
    }

    /** The reduction of |x| = m 2^e >= 1/2 (m > 0) at f fraction bits (f >= 64). */
    static Reduced reduce(BigInteger m, int e, int f) {
        int mag = Math.max(0, m.bitLength() + e); // |x| < 2^mag, so k < 2^mag
        int w = f + mag + 4;
        BigInteger p = halfPi(w); // pi/2 2^w - 1 < p <= pi/2 2^w
        BigInteger xW = e + w >= 0 ? m.shiftLeft(e + w) : m.shiftRight(-(e + w)); // exact: e >= -115 > -w
        BigInteger k = xW.shiftLeft(1).add(p).divide(p.shiftLeft(1)); // round(x / (pi/2)), x > 0
        // r 2^w = xW - k p - k d (0 <= d < 1): the error |k| < 2^mag units of 2^-w, 2^-f-4 at 2^-f
        BigInteger rW = xW.subtract(k.multiply(p));
        return new Reduced(k, rW.shiftRight(w - f));
    }

    // ------------------------------------------------------------------ series

    /** The error of the series below at f bits: one unit per term (fewer than f / 2 + 16 for |r| < 0.8), with room. */
    private static BigInteger allowance(int f) {
        return BigInteger.valueOf(2L * f + 64);
    }

    /** sum (-1)^i r^(2i) / (2i + parity)! * 2^f for r given as rF = r * 2^f, |r| < 0.8; within the allowance. */
    private static BigInteger alternating(BigInteger rF, int f, int parity) {
        BigInteger r2 = rF.multiply(rF).shiftRight(f);
        BigInteger term = BigInteger.ONE.shiftLeft(f);
        BigInteger sum = term;
        for (int i = 1; term.signum() != 0; i++) {
            term = term.multiply(r2).shiftRight(f).divide(BigInteger.valueOf((2L * i - 1 + parity) * (2L * i + parity)));
            sum = (i % 2 == 0) ? sum.add(term) : sum.subtract(term);
        }
        return sum;
    }

    /** sin r * 2^f (|r| < 0.8, rF within 2 units): r * (sin(r) / r); error within the allowance + 4. */
    private static BigInteger sinFixed(BigInteger rF, int f) {
        return rF.multiply(alternating(rF, f, 1)).shiftRight(f);
    }

    // ------------------------------------------------------------------ the functions

    /** What the three functions share before any series: NaN for NaN and infinities, the zero's own result, or null. */
    private static long[] special(long hi, long lo, boolean cos) {
        if (F128.isNaN(hi, lo) || ((hi & Long.MAX_VALUE) == 0x7FFF000000000000L && lo == 0)) {
            return NAN.clone();
        }
        if (((hi & Long.MAX_VALUE) | lo) == 0) {
            return cos ? new long[] {ONE_HI, 0} : new long[] {hi, lo};
        }
        return null;
    }

    private record Operand(BigInteger m, int e, boolean negative) {
        static Operand of(long hi, long lo) {
            int field = (int) (hi >>> 48) & 0x7FFF;
            BigInteger frac = BigInteger.valueOf(hi & 0xFFFFFFFFFFFFL).shiftLeft(64).or(new BigInteger(Long.toUnsignedString(lo)));
            return new Operand(field == 0 ? frac : frac.setBit(112), field == 0 ? -16494 : field - 16495, hi < 0);
        }

        boolean small() {
            return m.bitLength() + e <= -1; // |x| < 1/2
        }

        /** |x| * 2^f within one unit. */
        BigInteger fixed(int f) {
            return e + f >= 0 ? m.shiftLeft(e + f) : m.shiftRight(-(e + f));
        }
    }

    /** Ziv's loop over an approximation (a - err, a + err) * 2^-exp, as QuadReference's. */
    private static long[] ziv(java.util.function.IntFunction<BigInteger[]> eval) {
        for (int f = 192; ; f *= 2) {
            BigInteger[] v = eval.apply(f); // {a, err, exp}
            BigInteger lo = v[0].subtract(v[1]);
            BigInteger hi = v[0].add(v[1]);
            if (lo.signum() == hi.signum() && lo.signum() != 0) {
                boolean negative = lo.signum() < 0;
                int exp = v[2].intValueExact();
                long[] a = F128Libm.round(negative, lo.abs(), exp, false);
                long[] b = F128Libm.round(negative, hi.abs(), exp, false);
                if (a[0] == b[0] && a[1] == b[1]) {
                    return a;
                }
            }
            if (f > 1 << 16) {
                throw new IllegalStateException("no rounding decided at 2^16 bits");
            }
        }
    }

    private static BigInteger[] approx(BigInteger a, BigInteger err, int exp) {
        return new BigInteger[] {a, err, BigInteger.valueOf(exp)};
    }

    /** sin(a), correctly rounded. */
    public static long[] sin(long hi, long lo) {
        long[] s = special(hi, lo, false);
        if (s != null) {
            return s;
        }
        Operand x = Operand.of(hi, lo);
        BigInteger sign = x.negative ? BigInteger.ONE.negate() : BigInteger.ONE;
        if (x.small()) { // x (1 - x^2/3! + ...), relative to x
            return ziv(f -> approx(x.m.multiply(alternating(x.fixed(f), f, 1)).multiply(sign),
                    x.m.multiply(allowance(f).add(BigInteger.valueOf(4))), x.e - f));
        }
        return ziv(f -> {
            Reduced red = reduce(x.m, x.e, f);
            int q = red.quadrant();
            BigInteger v = q % 2 == 0 ? sinFixed(red.rF, f) : alternating(red.rF, f, 0);
            v = q >= 2 ? v.negate() : v;
            return approx(v.multiply(sign), allowance(f).add(BigInteger.valueOf(8)), -f);
        });
    }

    /** cos(a), correctly rounded. */
    public static long[] cos(long hi, long lo) {
        long[] s = special(hi, lo, true);
        if (s != null) {
            return s;
        }
        Operand x = Operand.of(hi, lo);
        if (x.small()) {
            return ziv(f -> approx(alternating(x.fixed(f), f, 0), allowance(f).add(BigInteger.valueOf(4)), -f));
        }
        return ziv(f -> {
            Reduced red = reduce(x.m, x.e, f);
            int q = red.quadrant();
            BigInteger v = q % 2 == 0 ? alternating(red.rF, f, 0) : sinFixed(red.rF, f);
            v = q == 1 || q == 2 ? v.negate() : v;
            return approx(v, allowance(f).add(BigInteger.valueOf(8)), -f);
        });
    }

    /** tan(a), correctly rounded. */
    public static long[] tan(long hi, long lo) {
        long[] s = special(hi, lo, false);
        if (s != null) {
            return s;
        }
        Operand x = Operand.of(hi, lo);
        if (x.small()) { // x * (sin x / x) / cos x, relative to x
            return ziv(f -> {
                BigInteger xF = x.fixed(f);
                BigInteger err = allowance(f).add(BigInteger.valueOf(4));
                BigInteger[] q = quotient(alternating(xF, f, 1), err, alternating(xF, f, 0), err, f);
                BigInteger a = x.m.multiply(q[0]);
                return approx(x.negative ? a.negate() : a, x.m.multiply(q[1]), x.e - f);
            });
        }
        return ziv(f -> {
            Reduced red = reduce(x.m, x.e, f);
            BigInteger err = allowance(f).add(BigInteger.valueOf(8));
            BigInteger sinR = sinFixed(red.rF, f);
            BigInteger cosR = alternating(red.rF, f, 0);
            boolean odd = red.k.testBit(0); // tan(x) = tan r for an even k, -cos r / sin r for an odd one
            BigInteger[] q = odd ? quotient(cosR.negate(), err, sinR, err, f) : quotient(sinR, err, cosR, err, f);
            return approx(x.negative ? q[0].negate() : q[0], q[1], -f);
        });
    }

    /**
     * n / d * 2^f for n and d within en and ed units of 2^-f, as {a, err}: the true quotient lies
     * within (a - err, a + err); a huge err when d's sign is not certain.
     */
    private static BigInteger[] quotient(BigInteger n, BigInteger en, BigInteger d, BigInteger ed, int f) {
        BigInteger an = n.abs();
        BigInteger ad = d.abs();
        if (ad.compareTo(ed) <= 0) {
            return new BigInteger[] {BigInteger.ZERO, BigInteger.ONE.shiftLeft(2 * f)};
        }
        BigInteger low = an.subtract(en).shiftLeft(f).divide(ad.add(ed)); // may be negative: the sign is then open
        BigInteger high = an.add(en).shiftLeft(f).divide(ad.subtract(ed)).add(BigInteger.ONE);
        BigInteger a = low.add(high).shiftRight(1);
        BigInteger err = high.subtract(low).shiftRight(1).add(BigInteger.TWO);
        return new BigInteger[] {n.signum() * d.signum() < 0 ? a.negate() : a, err};
    }
}

package org.nvlower.softfloat;

import static org.nvlower.softfloat.QuadReference.NAN;
import static org.nvlower.softfloat.QuadReference.ONE_HI;
import static org.nvlower.softfloat.QuadReference.isInf;
import static org.nvlower.softfloat.QuadReference.isNaN;
import static org.nvlower.softfloat.QuadReference.isZero;
import static org.nvlower.softfloat.QuadReference.ziv;

import java.math.BigInteger;

import org.nvlower.softfloat.QuadReference.Approx;
import org.nvlower.softfloat.QuadReference.Exact;

/**
 * The arbitrary-precision reference of the quad math library's error functions: erf and erfc of
 * binary128, correctly rounded to nearest even, built as {@link QuadReference} is (BigInteger
 * fixed point, every error counted into a bound, Ziv's loop).
 *
 * <ul>
 * <li>|x| < 3: erf(x) = (2/sqrt(pi)) x S, S = sum (-1)^n x^2n / (n! (2n + 1)), relative to x
 * (a subnormal x keeps its precision), with guard bits for the cancellation (terms up to
 * e^(x^2) < 2^13); erfc = 1 - erf.
 * <li>|x| >= 3: K = sqrt(pi) e^(x^2) erfc(x) by Laplace's continued fraction
 * 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))), evaluated from its tail in fixed point; its
 * partial numerators are positive, so two successive truncations bracket K, and the backward
 * evaluation damps the rounding errors; erfc = e^(-x^2) K / sqrt(pi) (exp of the exact -x^2 by
 * QuadReference's series), erf = 1 - erfc, erfc(-x) = 2 - erfc(x). Subnormal results of erfc
 * (x in (106.5, 106.9)) are rounded once from the bracket.
 * </ul>
 *
 * <p>Special cases as C23 Annex F: NaN gives NaN; erf(+-0) = +-0, erf(+-inf) = +-1, erfc(-inf) =
 * 2, erfc(+inf) = +0. Beyond |x| >= 10, erf is +-1 and erfc(-x) 2 (erfc(10) < 2^-147); erfc(x)
 * = +0 for x >= 107 (erfc(107) < 2^-16517, below half the least subnormal); |x| < 2^-120 gives
 * erfc 1. Every other result is transcendental, so the loop ends.
 */
public final class QuadErfReference {

    private QuadErfReference() {
    }

    /** The functions, for tables and benchmarks. */
    public enum Function {
        ERF, ERFC;

        /** The function of its operand's words (hi, lo). */
        public long[] apply(long[] w) {
            if (w.length != 2) {
                throw new IllegalArgumentException(this + " takes one operand");
            }
            return this == ERF ? erf(w[0], w[1]) : erfc(w[0], w[1]);
        }
    }

    private static final long TWO_HI = 0x4000000000000000L;

    /** 2^(2g + 1) / sqrt(pi), i.e. (2 / sqrt(pi)) 2^g, within 3 units. */
    private static BigInteger twoOverSqrtPi(int g) {
        BigInteger sqrtPi = QuadInverseReference.pi(g).shiftLeft(g).sqrt(); // sqrt(pi) 2^g within 1 unit
        return BigInteger.ONE.shiftLeft(2 * g + 1).divide(sqrtPi);
    }

    /** The fraction bits past {@code f} that absorb the series' cancellation for |x| = ax < 3. */
    private static int guard(Exact ax) {
        return 64 + (int) Math.ceil(2.886 * (square(ax) + 1));
    }

    private static double square(Exact ax) {
        double x = ax.m().doubleValue() * Math.pow(2, Math.max(ax.e(), -1100));
        return x * x;
    }

    /**
     * erf(|x|) for |x| < 3 as an approximation relative to |x|: |x| S (2/sqrt(pi)) at 2^(e - 2g),
     * S = sum (-1)^n x^2n / (n! (2n + 1)) at 2^-g. The terms' errors: E_n <= (x^2 + 1) E_(n-1) / n
     * + 7 x^2(n-1) / (n-1)! + 2 units, below n 2^(2.886 (x^2 + 1) + 3); their sum and the
     * divisions add one unit a term.
     */
    private static Approx erfSmall(Exact ax, int f) {
        int guard = guard(ax);
        int g = f + guard;
        BigInteger xF = ax.fixed(g);
        BigInteger x2 = xF.multiply(xF).shiftRight(g);
        BigInteger term = BigInteger.ONE.shiftLeft(g);
        BigInteger sum = BigInteger.ZERO;
        int n = 0;
        for (; term.signum() != 0; n++) {
            BigInteger t = term.divide(BigInteger.valueOf(2L * n + 1));
            sum = n % 2 == 0 ? sum.add(t) : sum.subtract(t);
            term = term.multiply(x2).shiftRight(g).divide(BigInteger.valueOf(n + 1));
        }
        BigInteger errS = BigInteger.valueOf(n + 2).shiftLeft(guard - 60).add(BigInteger.valueOf(n + 2));
        BigInteger c = twoOverSqrtPi(g);
        BigInteger m = ax.m();
        BigInteger err = m.multiply(errS.add(BigInteger.ONE).multiply(c.add(BigInteger.valueOf(4)))
                .add(sum.abs().add(errS).multiply(BigInteger.valueOf(3))));
        return new Approx(m.multiply(sum).multiply(c), err, ax.e() - 2 * g);
    }

    /**
     * K = sqrt(pi) e^(x^2) erfc(x) * 2^g for x >= 3 (x * 2^g exact) with its error: the continued
     * fraction truncated after N and N + 1 levels (K lies between them), each evaluated from its
     * tail, T = x + (k/2) / T, K = 1 / T; every division truncates by one unit and the backward
     * recurrence does not amplify (|dT_k / dT_(k+1)| = (T_k - x) / T_(k+1) < 1), so each end is
     * within N + 2 units; N doubles until the two ends lie within 64 units.
     */
    private static BigInteger[] laplaceFraction(BigInteger xF, int g) {
        for (int n = 32; ; n *= 2) {
            BigInteger a = truncated(xF, g, n);
            BigInteger b = truncated(xF, g, n + 1);
            BigInteger width = a.subtract(b).abs();
            if (width.bitLength() <= 6 || n > 1 << 22) {
                BigInteger mid = a.add(b).shiftRight(1);
                return new BigInteger[] {mid, width.add(BigInteger.valueOf(2L * n + 8))};
            }
        }
    }

    private static BigInteger truncated(BigInteger xF, int g, int levels) {
        BigInteger t = xF;
        for (int k = levels; k >= 1; k--) {
            t = xF.add(BigInteger.valueOf(k).shiftLeft(2 * g - 1).divide(t));
        }
        return BigInteger.ONE.shiftLeft(2 * g).divide(t);
    }

    /** erfc(x) for x >= 3: e^(-x^2) K / sqrt(pi), relative. */
    private static Approx erfcLarge(Exact ax, int f) {
        int g = f + 16;
        BigInteger xF = ax.fixed(g); // exact: x >= 3 has at most 111 fraction bits
        BigInteger[] k = laplaceFraction(xF, g);
        BigInteger sq = ax.m().multiply(ax.m());
        int s = 2 * ax.e() + g;
        BigInteger tF = s >= 0 ? sq.shiftLeft(s).negate() : sq.negate().shiftRight(-s); // floor(-x^2 2^g)
        Approx e = QuadReference.expOfFixed(tF, BigInteger.ONE, g);
        BigInteger d = twoOverSqrtPi(g); // 2 / sqrt(pi): the product is then halved through the exponent
        BigInteger kk = k[0].add(k[1]);
        BigInteger dd = d.add(BigInteger.valueOf(3));
        BigInteger err = e.err().multiply(kk).multiply(dd).add(e.a().multiply(k[1]).multiply(dd))
                .add(e.a().multiply(k[0]).multiply(BigInteger.valueOf(3))).add(BigInteger.ONE);
        return new Approx(e.a().multiply(k[0]).multiply(d), err, e.exp() - 2 * g - 1);
    }

    /** An approximation moved to the fixed point 2^-f (shift right, error one more unit). */
    private static Approx fixedAt(Approx a, int f) {
        int shift = -a.exp() - f;
        if (shift <= 0) {
            return new Approx(a.a().shiftLeft(-shift), a.err().shiftLeft(-shift), -f);
        }
        return new Approx(a.a().shiftRight(shift), a.err().shiftRight(shift).add(BigInteger.TWO), -f);
    }

    /** erf(|x|) at 2^-f, absolute (for 1 - erf and 1 + erf), |x| < 10. */
    private static Approx erfAbsolute(Exact ax, int f) {
        if (small(ax)) {
            return fixedAt(erfSmall(ax, f), f);
        }
        Approx c = fixedAt(erfcLarge(ax, f), f);
        return new Approx(BigInteger.ONE.shiftLeft(f).subtract(c.a()), c.err(), -f);
    }

    private static boolean small(Exact ax) {
        return ax.m().bitLength() + ax.e() <= 1 || ax.m().bitLength() + ax.e() == 2 && ax.m().shiftRight(ax.m().bitLength() - 3).intValue() < 6; // |x| < 3
    }

    private static int magnitude(Exact x) {
        return x.m().bitLength() + x.e(); // 2^(mag - 1) <= |x| < 2^mag
    }

    /** erf(a), correctly rounded. */
    public static long[] erf(long hi, long lo) {
        if (isNaN(hi, lo)) {
            return NAN.clone();
        }
        if (isZero(hi, lo)) {
            return new long[] {hi, lo};
        }
        boolean negative = hi < 0;
        long[] one = {ONE_HI | (negative ? Long.MIN_VALUE : 0), 0};
        if (isInf(hi, lo)) {
            return one;
        }
        Exact x = Exact.of(hi, lo);
        Exact ax = new Exact(x.m().abs(), x.e());
        if (magnitude(ax) > 4 || magnitude(ax) == 4 && ax.m().shiftRight(ax.m().bitLength() - 3).intValue() >= 5) { // |x| >= 10
            return one;
        }
        if (small(ax)) {
            return ziv(f -> signed(negative, erfSmall(ax, f)));
        }
        return ziv(f -> signed(negative, erfAbsolute(ax, f)));
    }

    /** erfc(a), correctly rounded. */
    public static long[] erfc(long hi, long lo) {
        if (isNaN(hi, lo)) {
            return NAN.clone();
        }
        boolean negative = hi < 0;
        if (isInf(hi, lo)) {
            return negative ? new long[] {TWO_HI, 0} : new long[] {0, 0};
        }
        if (isZero(hi, lo)) {
            return new long[] {ONE_HI, 0};
        }
        Exact x = Exact.of(hi, lo);
        Exact ax = new Exact(x.m().abs(), x.e());
        int mag = magnitude(ax);
        if (mag < -120) {
            return new long[] {ONE_HI, 0};
        }
        boolean tenOrMore = mag > 4 || mag == 4 && ax.m().shiftRight(ax.m().bitLength() - 3).intValue() >= 5;
        if (negative && tenOrMore) {
            return new long[] {TWO_HI, 0};
        }
        // x >= 107 = 0b1101011 (2^6 <= x < 2^7): erfc underflows below half the least subnormal
        if (!negative && (mag > 7 || mag == 7 && ax.m().shiftRight(ax.m().bitLength() - 7).intValue() >= 107)) {
            return new long[] {0, 0};
        }
        if (!negative && !small(ax)) {
            return ziv(f -> erfcLarge(ax, f));
        }
        return ziv(f -> {
            Approx e = erfAbsolute(ax, f);
            BigInteger one = BigInteger.ONE.shiftLeft(f);
            return new Approx(negative ? one.add(e.a()) : one.subtract(e.a()), e.err(), -f);
        });
    }

    /**
     * erfcx(x) = e^(x^2) erfc(x) * 2^f within a few units, for x = m 2^e in [1/2, 128) (the
     * bodies' Taylor tables expand it): K / sqrt(pi) from the continued fraction for x >= 8, else
     * (1 - erf x) e^(x^2) by the series with 100 more bits for the cancellation.
     */
    public static BigInteger erfcx(BigInteger m, int e, int f) {
        Exact x = new Exact(m, e);
        if (magnitude(x) >= 4) {
            int g = f + 16;
            BigInteger[] k = laplaceFraction(x.fixed(g), g);
            return k[0].multiply(twoOverSqrtPi(g)).shiftRight(2 * g + 1 - f);
        }
        int g = f + 100;
        Approx erf = fixedAt(erfSmall(x, g), g); // the series, its guard bits growing with x^2
        BigInteger sq = m.multiply(m);
        BigInteger tF = 2 * e + g >= 0 ? sq.shiftLeft(2 * e + g) : sq.shiftRight(-2 * e - g);
        Approx ex = QuadReference.expOfFixed(tF, BigInteger.ONE, g);
        BigInteger v = BigInteger.ONE.shiftLeft(g).subtract(erf.a()).multiply(ex.a());
        int shift = -(ex.exp() - g) - f; // v at 2^(exp - g)
        return shift >= 0 ? v.shiftRight(shift) : v.shiftLeft(-shift);
    }

    private static Approx signed(boolean negative, Approx a) {
        return negative ? new Approx(a.a().negate(), a.err(), a.exp()) : a;
    }
}

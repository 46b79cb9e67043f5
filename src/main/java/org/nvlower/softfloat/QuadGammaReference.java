package org.nvlower.softfloat;

import static org.nvlower.softfloat.QuadReference.INF_HI;
import static org.nvlower.softfloat.QuadReference.NAN;
import static org.nvlower.softfloat.QuadReference.isInf;
import static org.nvlower.softfloat.QuadReference.isNaN;
import static org.nvlower.softfloat.QuadReference.isZero;
import static org.nvlower.softfloat.QuadReference.logFixed;
import static org.nvlower.softfloat.QuadReference.ziv;

import java.math.BigInteger;
import java.util.concurrent.ConcurrentHashMap;

import org.nvlower.softfloat.QuadReference.Approx;

/**
 * The arbitrary-precision reference of the quad math library's lgamma and tgamma of binary128,
 * correctly rounded to nearest even, built as {@link QuadReference} is (BigInteger fixed point,
 * every error counted into a bound, Ziv's loop doubling the precision until the rounding is
 * decided).
 *
 * <ul>
 * <li>lgamma(x), x > 0: shifted up to w = x + N >= g/8 + 12 (g the working precision),
 * lgamma(x) = lgamma(w) - log(x (x + 1) ... (x + N - 1)), and lgamma(w) by Stirling's series
 * (w - 1/2) log w - w + log(2 pi)/2 + sum B_2k / (2k (2k - 1) w^(2k-1)), summed until a term falls
 * below a unit (for real w > 0 the remainder is smaller than the first term left out). The
 * Bernoulli numbers come exactly from the tangent numbers (B_2k = (-1)^(k-1) 2k T_k / (4^k (4^k -
 * 1))). The products and powers of 1/w are kept relative (a mantissa of g + 40 bits), so tiny and
 * huge operands cost no more than their bits.
 * <li>lgamma(x), x < 0 not an integer: the reflection Gamma(x) Gamma(1 - x) = pi / sin(pi x) with
 * t = the distance from |x| to the nearest integer (exact): lgamma(x) = -log t - log(sin(pi t) /
 * (pi t)) - lgamma(1 + |x|), 1 + |x| exact; sin(u)/u by its series at u = pi t <= pi/2.
 * <li>The absolute precision is g = F + 8 - (the bits of |x|'s integer part beyond 4): the result
 * has at least that magnitude beyond x = 16; near lgamma's zeros (1, 2 and two in every interval
 * (-n - 1, -n), n >= 2) the result is small and Ziv's loop raises F until its rounding is decided.
 * <li>tgamma(x) = +-e^lgamma(x) (the sign of Gamma: negative on (-2k - 1, -2k)), exp of the
 * fixed-point lgamma by QuadReference's exp; a positive integer n gives (n - 1)! rounded once
 * (exact while it fits).
 * </ul>
 *
 * <p>Special cases, C23 Annex F (F.10.5.3, F.10.5.4): NaN gives NaN; lgamma(1) = lgamma(2) = +0,
 * lgamma(+-0) = lgamma(-n) = +inf (pole), lgamma(+-inf) = +inf; tgamma(+-0) = +-inf,
 * tgamma(-n) = NaN (invalid), tgamma(-inf) = NaN, tgamma(+inf) = +inf; tgamma overflows to +inf
 * beyond x = 1755.45 and underflows to +-0 below about -1775. Every other result is irrational
 * (logs of rationals other than 1, values of Gamma at non-integers), so the loop ends.
 */
public final class QuadGammaReference {

    private QuadGammaReference() {
    }

    /** The functions, for tables and benchmarks. */
    public enum Function {
        TGAMMA, LGAMMA;

        /** The function of its operand's words (hi, lo). */
        public long[] apply(long[] w) {
            if (w.length != 2) {
                throw new IllegalArgumentException(this + " takes 1 operand");
            }
            return this == TGAMMA ? tgamma(w[0], w[1]) : lgamma(w[0], w[1]);
        }
    }

    /** Extra mantissa bits of the relative products and powers beyond the working precision. */
    private static final int GUARD = 40;

    // ------------------------------------------------------------------ constants

    private static BigInteger[] tangent = {BigInteger.ZERO};

    /** The tangent number T_k (1, 2, 16, 272, ...), k >= 1 (Brent and Zimmermann's in-place recurrence). */
    static synchronized BigInteger tangentNumber(int k) {
        if (k >= tangent.length) {
            int n = Math.max(k, 2 * tangent.length);
            BigInteger[] t = new BigInteger[n + 1];
            t[0] = BigInteger.ZERO;
            t[1] = BigInteger.ONE;
            for (int j = 2; j <= n; j++) {
                t[j] = t[j - 1].multiply(BigInteger.valueOf(j - 1));
            }
            for (int j = 2; j <= n; j++) {
                for (int i = j; i <= n; i++) {
                    t[i] = t[i - 1].multiply(BigInteger.valueOf(i - j)).add(t[i].multiply(BigInteger.valueOf(i - j + 2)));
                }
            }
            tangent = t;
        }
        return tangent[k];
    }

    /**
     * Stirling's k-th coefficient B_2k / (2k (2k - 1)) as an exact fraction {numerator,
     * denominator} (1/12, -1/360, 1/1260, ...).
     */
    public static BigInteger[] stirlingCoefficient(int k) {
        BigInteger four = BigInteger.ONE.shiftLeft(2 * k);
        BigInteger num = tangentNumber(k);
        BigInteger den = BigInteger.valueOf(2L * k - 1).multiply(four).multiply(four.subtract(BigInteger.ONE));
        BigInteger g = num.gcd(den);
        num = num.divide(g);
        return new BigInteger[] {k % 2 == 1 ? num : num.negate(), den.divide(g)};
    }

    private static final ConcurrentHashMap<Integer, BigInteger[]> HALF_LOG_TWO_PI = new ConcurrentHashMap<>();

    /** log(2 pi) / 2 * 2^f as {value, err}: log of pi * 2^(f + 20) (within a unit) scaled by 2^-(f + 19). */
    public static BigInteger[] halfLogTwoPi(int f) {
        return HALF_LOG_TWO_PI.computeIfAbsent(f, k -> {
            BigInteger[] l = logFixed(QuadInverseReference.pi(k + 20), -(k + 19), k);
            return new BigInteger[] {l[0].shiftRight(1), l[1].add(BigInteger.ONE).shiftRight(1).add(BigInteger.ONE)};
        });
    }

    // ------------------------------------------------------------------ the constants of lgamma's series at 2 (for the bodies)

    /**
     * The Euler-Maclaurin shift: sums start at M = 128, where the correction terms fall by about
     * (2 pi M)^2 each and reach their smallest, near e^(-2 pi M) = 2^-1160, far below the
     * precisions asked (up to 1,000 bits).
     */
    private static final int EM_SHIFT = 128;

    /**
     * Euler's constant gamma * 2^f (within a few units): gamma = H_(M-1) - log M + 1/(2M) +
     * sum B_2j / (2j M^2j) (Euler-Maclaurin, M = 128, log M = 7 ln 2), summed until a term is below
     * a unit of f + 32 bits.
     */
    public static BigInteger eulerGamma(int f) {
        requireConvergent(f);
        int g = f + 32;
        BigInteger one = BigInteger.ONE.shiftLeft(g);
        BigInteger s = BigInteger.ZERO;
        for (int n = 1; n < EM_SHIFT; n++) {
            s = s.add(one.divide(BigInteger.valueOf(n)));
        }
        s = s.subtract(QuadReference.ln2(g).multiply(BigInteger.valueOf(7))).add(one.divide(BigInteger.valueOf(2 * EM_SHIFT)));
        BigInteger m2 = BigInteger.valueOf(EM_SHIFT).pow(2);
        BigInteger power = m2;
        for (int j = 1; ; j++, power = power.multiply(m2)) {
            BigInteger[] c = stirlingCoefficient(j); // B_2j / (2j (2j - 1)): times (2j - 1) gives B_2j / 2j
            BigInteger term = one.multiply(c[0]).multiply(BigInteger.valueOf(2L * j - 1)).divide(c[1].multiply(power));
            if (term.signum() == 0) {
                return s.shiftRight(32);
            }
            s = s.add(term);
        }
    }

    /**
     * (zeta(k) - 1) * 2^f for k >= 2 (within a few units): sum_{n=2}^{M-1} n^-k + M^(1-k)/(k-1)
     * + M^-k/2 + sum_j B_2j/(2j)! k (k+1) ... (k+2j-2) M^(1-k-2j) (Euler-Maclaurin, M = 128), summed
     * until a term is below a unit of f + 32 bits.
     */
    public static BigInteger zetaMinusOne(int k, int f) {
        requireConvergent(f);
        int g = f + 32;
        BigInteger one = BigInteger.ONE.shiftLeft(g);
        BigInteger big = BigInteger.valueOf(EM_SHIFT);
        BigInteger s = BigInteger.ZERO;
        for (int n = 2; n < EM_SHIFT; n++) {
            s = s.add(one.divide(BigInteger.valueOf(n).pow(k)));
        }
        s = s.add(one.divide(BigInteger.valueOf(k - 1).multiply(big.pow(k - 1))));
        s = s.add(one.divide(BigInteger.TWO.multiply(big.pow(k))));
        BigInteger rising = BigInteger.valueOf(k); // k (k+1) ... (k+2j-2)
        BigInteger factorial = BigInteger.TWO; // (2j)!
        BigInteger power = big.pow(k + 1); // M^(k + 2j - 1)
        for (int j = 1; ; j++) {
            BigInteger[] c = stirlingCoefficient(j); // B_2j = c (2j (2j - 1))
            BigInteger num = one.multiply(c[0]).multiply(BigInteger.valueOf(2L * j * (2L * j - 1))).multiply(rising);
            BigInteger term = num.divide(c[1].multiply(factorial).multiply(power));
            if (term.signum() == 0) {
                return s.shiftRight(32);
            }
            s = s.add(term);
            rising = rising.multiply(BigInteger.valueOf(k + 2L * j - 1)).multiply(BigInteger.valueOf(k + 2L * j));
            factorial = factorial.multiply(BigInteger.valueOf(2L * j + 1)).multiply(BigInteger.valueOf(2L * j + 2));
            power = power.multiply(big).multiply(big);
        }
    }

    private static void requireConvergent(int f) {
        if (f > 1000) {
            throw new IllegalArgumentException("the Euler-Maclaurin sums at M = " + EM_SHIFT + " give at most 1,000 bits, not " + f);
        }
    }

    // ------------------------------------------------------------------ operands

    /** A positive exact rational M * 2^E with E <= 0 (a common exponent for sums with integers). */
    private record Pos(BigInteger m, int e) {

        static Pos of(BigInteger m, int e) {
            return e >= 0 ? new Pos(m.shiftLeft(e), 0) : new Pos(m, e);
        }

        Pos plus(long n) {
            return new Pos(m.add(BigInteger.valueOf(n).shiftLeft(-e)), e);
        }

        BigInteger floor() {
            return m.shiftRight(-e);
        }

        /** floor(this * 2^f). */
        BigInteger fixed(int f) {
            return shift(m, e + f);
        }

        /** The bits of the integer part (0 below 1). */
        int magnitude() {
            return floor().bitLength();
        }
    }

    private static BigInteger shift(BigInteger v, int s) {
        return s >= 0 ? v.shiftLeft(s) : v.shiftRight(-s);
    }

    /** {value, err} at fraction bits {@code from} brought to {@code to} <= from: floor and one more unit. */
    private static BigInteger[] down(BigInteger[] v, int from, int to) {
        if (from == to) {
            return v;
        }
        return new BigInteger[] {v[0].shiftRight(from - to), v[1].shiftRight(from - to).add(BigInteger.TWO)};
    }

    private static BigInteger[] sum(BigInteger[]... parts) {
        BigInteger v = BigInteger.ZERO;
        BigInteger e = BigInteger.ZERO;
        for (BigInteger[] p : parts) {
            v = v.add(p[0]);
            e = e.add(p[1]);
        }
        return new BigInteger[] {v, e};
    }

    private static BigInteger[] neg(BigInteger[] p) {
        return new BigInteger[] {p[0].negate(), p[1]};
    }

    // ------------------------------------------------------------------ lgamma in fixed point

    /** The precision below which the small pieces are not computed (they are then shifted to g). */
    private static int floorBits(int g) {
        return Math.max(g, 64);
    }

    /** lgamma(x) * 2^g as {value, err} for x > 0 (g may be negative: units of 2^-g). */
    static BigInteger[] lgammaPositive(Pos x, int g) {
        int gp = floorBits(g);
        long target = gp / 8 + 12;
        BigInteger ip = x.floor();
        long n = ip.compareTo(BigInteger.valueOf(target)) >= 0 ? 0 : target - ip.longValueExact();
        Pos w = x.plus(n);
        BigInteger[] result = stirling(w, g);
        if (n > 0) {
            // log x + log((x + 1) ... (x + n - 1)): the product relative at h bits
            BigInteger[] logX = logFixed(x.m, x.e, gp);
            int h = gp + 64 - Long.numberOfLeadingZeros(n) + 4;
            BigInteger p = BigInteger.ONE.shiftLeft(h);
            for (long j = 1; j < n; j++) {
                p = p.multiply(x.plus(j).fixed(h)).shiftRight(h);
            }
            BigInteger[] logP = logFixed(p, -h, gp);
            BigInteger[] shifted = down(sum(logX, logP, new BigInteger[] {BigInteger.ZERO, BigInteger.ONE}), gp, g);
            result = sum(result, neg(shifted));
        }
        return result;
    }

    /** lgamma(w) * 2^g by Stirling's series, w >= g/8 + 12 (or w >= 12 below 64 bits). */
    private static BigInteger[] stirling(Pos w, int g) {
        int gp = floorBits(g);
        int wmag = w.magnitude();
        // (w - 1/2) log w, log w at g + wmag + 16 bits: its error times w < 2^wmag is below 2^-16 of its units at g
        int g2 = g + wmag + 16;
        BigInteger[] log = logFixed(w.m, w.e, g2);
        BigInteger t = w.m.shiftLeft(1).subtract(BigInteger.ONE.shiftLeft(-w.e)); // (2w - 1) 2^-e
        int s = w.e - 1 - g2 + g;
        BigInteger[] main = {shift(t.multiply(log[0]), s), shift(t.multiply(log[1]), s).add(BigInteger.TWO)};
        BigInteger[] minusW = {w.fixed(g).negate(), BigInteger.ONE}; // -w 2^g in (-floor - 1, -floor]
        BigInteger[] half = down(halfLogTwoPi(gp), gp, g);
        BigInteger[] series = down(stirlingSeries(w, gp), gp, g);
        return sum(main, minusW, half, series);
    }

    /**
     * sum_k B_2k / (2k (2k - 1) w^(2k-1)) * 2^f until a term is below a unit: 1/w and its powers
     * as mantissas of f + GUARD bits (relative error below 4k 2^-(f + GUARD) for the k-th); each
     * term's truncations and relative error cost 3 units, the remainder 2.
     */
    private static BigInteger[] stirlingSeries(Pos w, int f) {
        int h = f + GUARD;
        int s = w.m.bitLength();
        BigInteger r = BigInteger.ONE.shiftLeft(h + s).divide(w.m); // 1/w = r 2^re (r below, relatively within 2^-h)
        int re = -(h + s) - w.e;
        BigInteger r2 = r.multiply(r);
        int r2e = 2 * re;
        int trim = r2.bitLength() - h - 2;
        r2 = r2.shiftRight(trim);
        r2e += trim;
        BigInteger p = r;
        int pe = re;
        BigInteger total = BigInteger.ZERO;
        BigInteger err = BigInteger.TWO;
        BigInteger previous = null;
        for (int k = 1; ; k++) {
            BigInteger[] c = stirlingCoefficient(k);
            BigInteger term = shift(c[0].abs().multiply(p), pe + f).divide(c[1]);
            if (term.signum() == 0) {
                return new BigInteger[] {total, err};
            }
            if (previous != null && term.compareTo(previous) > 0) {
                throw new IllegalStateException("Stirling's series diverges before a unit at w = " + w);
            }
            previous = term;
            total = c[0].signum() > 0 ? total.add(term) : total.subtract(term);
            err = err.add(BigInteger.valueOf(3));
            p = p.multiply(r2);
            pe += r2e;
            int cut = p.bitLength() - h - 2;
            p = p.shiftRight(cut);
            pe += cut;
        }
    }

    /**
     * lgamma(x) * 2^g for x = -a < 0, a not an integer: -log t - log(sin(pi t) / (pi t)) -
     * lgamma(1 + a), t = a's distance to the nearest integer.
     */
    static BigInteger[] lgammaNegative(Pos a, int g) {
        int gp = floorBits(g);
        BigInteger one = BigInteger.ONE.shiftLeft(-a.e);
        BigInteger frac = a.m.subtract(a.floor().shiftLeft(-a.e));
        BigInteger tm = frac.shiftLeft(1).compareTo(one) <= 0 ? frac : one.subtract(frac);
        BigInteger[] logT = logFixed(tm, a.e, gp);
        // sin(u) / u = sum (-1)^i u^2i / (2i + 1)!, u = pi t <= pi/2, at gs bits
        int gs = gp + 24;
        BigInteger u = shift(QuadInverseReference.pi(gs + 4).multiply(tm), a.e - 4); // within 2 units
        BigInteger u2 = u.multiply(u).shiftRight(gs);
        BigInteger term = BigInteger.ONE.shiftLeft(gs);
        BigInteger sinc = term;
        long terms = 8;
        for (int i = 1; term.signum() != 0; i++) {
            term = term.multiply(u2).shiftRight(gs).divide(BigInteger.valueOf((2L * i) * (2L * i + 1)));
            sinc = i % 2 == 0 ? sinc.add(term) : sinc.subtract(term);
            terms += 2;
        }
        // sinc >= 2/pi: its error (terms units of 2^-gs) moves the log by under 2^-22 units of 2^-gp
        BigInteger[] logSinc = logFixed(sinc, -gs, gp);
        logSinc[1] = logSinc[1].add(BigInteger.ONE.add(BigInteger.valueOf(terms).shiftRight(20)));
        BigInteger[] small = down(sum(logT, logSinc), gp, g);
        return sum(neg(small), neg(lgammaPositive(a.plus(1), g)));
    }

    /** The working precision for a result near |x|'s magnitude (|x| = the integer part's bits). */
    private static int precision(int f, int magnitude) {
        return f + 8 - Math.max(0, magnitude - 4);
    }

    // ------------------------------------------------------------------ the functions

    private static boolean isNegativeInteger(QuadReference.Exact x) {
        return x.m().signum() < 0 && x.isInteger();
    }

    /** lgamma(a) = log |Gamma(a)|, correctly rounded. */
    public static long[] lgamma(long hi, long lo) {
        if (isNaN(hi, lo)) {
            return NAN.clone();
        }
        if (isInf(hi, lo) || isZero(hi, lo)) {
            return new long[] {INF_HI, 0};
        }
        QuadReference.Exact x = QuadReference.Exact.of(hi, lo);
        if (isNegativeInteger(x)) {
            return new long[] {INF_HI, 0};
        }
        Pos a = Pos.of(x.m().abs(), x.e());
        if (x.m().signum() > 0) {
            if (x.isInteger() && (a.floor().equals(BigInteger.ONE) || a.floor().equals(BigInteger.TWO))) {
                return new long[] {0, 0};
            }
            int mag = a.magnitude();
            return ziv(f -> {
                int g = precision(f, mag);
                BigInteger[] v = lgammaPositive(a, g);
                return new Approx(v[0], v[1], -g);
            });
        }
        int mag = a.plus(1).magnitude();
        return ziv(f -> {
            int g = precision(f, mag);
            BigInteger[] v = lgammaNegative(a, g);
            return new Approx(v[0], v[1], -g);
        });
    }

    /** tgamma(a) = Gamma(a), correctly rounded. */
    public static long[] tgamma(long hi, long lo) {
        if (isNaN(hi, lo) || hi == (INF_HI | Long.MIN_VALUE) && lo == 0) {
            return NAN.clone();
        }
        if (isInf(hi, lo)) {
            return new long[] {INF_HI, 0};
        }
        if (isZero(hi, lo)) {
            return new long[] {hi | INF_HI, 0};
        }
        QuadReference.Exact x = QuadReference.Exact.of(hi, lo);
        if (isNegativeInteger(x)) {
            return NAN.clone();
        }
        Pos a = Pos.of(x.m().abs(), x.e());
        boolean positive = x.m().signum() > 0;
        BigInteger limit = BigInteger.valueOf(1800);
        if (positive && a.floor().compareTo(limit) >= 0) {
            return new long[] {INF_HI, 0}; // Gamma(1755.46) already exceeds the largest binary128
        }
        if (positive && x.isInteger()) { // (n - 1)!, exact while it fits, rounded once
            BigInteger fact = BigInteger.ONE;
            for (long i = 2; i < a.floor().longValueExact(); i++) {
                fact = fact.multiply(BigInteger.valueOf(i));
            }
            return F128Libm.round(false, fact, 0, false);
        }
        // Gamma(x) < 0 on (-2k - 1, -2k): a's integer part even
        boolean negative = !positive && !a.floor().testBit(0);
        if (!positive && a.floor().compareTo(limit) >= 0) { // |Gamma| < pi / 1800! far below the subnormals
            return new long[] {negative ? Long.MIN_VALUE : 0, 0};
        }
        return ziv(f -> {
            int g = f + 16;
            BigInteger[] v = positive ? lgammaPositive(a, g) : lgammaNegative(a, g);
            Approx e = QuadReference.expOfFixed(v[0], v[1], g);
            return negative ? new Approx(e.a().negate(), e.err(), e.exp()) : e;
        });
    }
}

package org.nvlower.softfloat;

import static org.nvlower.softfloat.QuadReference.INF_HI;
import static org.nvlower.softfloat.QuadReference.NAN;
import static org.nvlower.softfloat.QuadReference.allowance;
import static org.nvlower.softfloat.QuadReference.isInf;
import static org.nvlower.softfloat.QuadReference.isNaN;
import static org.nvlower.softfloat.QuadReference.isZero;
import static org.nvlower.softfloat.QuadReference.logFixed;
import static org.nvlower.softfloat.QuadReference.shiftTrunc;
import static org.nvlower.softfloat.QuadReference.ziv;

import java.math.BigInteger;
import java.util.concurrent.ConcurrentHashMap;

import org.nvlower.softfloat.QuadReference.Approx;
import org.nvlower.softfloat.QuadReference.Exact;

/**
 * The arbitrary-precision reference of the quad math library's inverse functions: atanh, asinh,
 * acosh, atan, asin, acos and atan2 of binary128, correctly rounded to nearest even, built as
 * {@link QuadReference} is (BigInteger fixed point, every error counted into a bound, Ziv's loop).
 *
 * <ul>
 * <li>|x| < 1/2: atanh, asinh, atan and asin by their series relative to x (x times a sum in x^2
 * whose terms fall by 1/4 at least), so that tiny operands keep their precision.
 * <li>atanh beyond: (log(1 + x) - log(1 - x)) / 2, 1 +- x exact; asinh and acosh:
 * log(u + sqrt(u^2 +- 1)), u scaled to an integer of at least F + 9 bits, the square root of
 * the exact integer u^2 +- 2^2g (the one rounding a unit).
 * <li>atan, asin, acos, atan2 beyond: atan of a ratio p / q of fixed-point numbers: the smaller
 * over the larger (pi/2 minus it when p > q), halved once as r / (1 + sqrt(1 + r^2)) when above
 * 1/2, then the alternating series; pi = 16 atan(1/5) - 4 atan(1/239). asin(x) = atan(|x| /
 * sqrt(1 - x^2)), acos(x) = atan(sqrt(1 - x^2) / x) (pi minus it for x < 0), 1 - x^2 exact.
 * </ul>
 *
 * <p>No result but the special ones is exact (atan, asin, acos, atan2 of nonzero rationals are
 * transcendental, and so are the inverse hyperbolic functions), so the loop ends. Special cases
 * follow C23 Annex F: NaN gives NaN; +-0 gives +-0 (acos(1) = +0, acosh(1) = +0); atanh(+-1) =
 * +-inf, |x| > 1 NaN; acosh(x < 1) NaN; asinh(+-inf) = +-inf, acosh(+inf) = +inf; atan(+-inf) =
 * +-pi/2; asin, acos of |x| > 1 NaN; atan2 as F.10.1.4 (signed zeros give +-0 or +-pi, infinities
 * +-pi/4, +-3pi/4, +-pi/2).
 */
public final class QuadInverseReference {

    private QuadInverseReference() {
    }

    /** The functions, for tables and benchmarks. */
    public enum Function {
        ATANH, ASINH, ACOSH, ATAN, ASIN, ACOS, ATAN2;

        /** How many binary128 operands the function takes. */
        public int arity() {
            return this == ATAN2 ? 2 : 1;
        }

        /** The function of its operands' words (hi, lo per operand; atan2: y then x). */
        public long[] apply(long[] w) {
            if (w.length != 2 * arity()) {
                throw new IllegalArgumentException(this + " takes " + arity() + " operands");
            }
            return switch (this) {
                case ATANH -> atanh(w[0], w[1]);
                case ASINH -> asinh(w[0], w[1]);
                case ACOSH -> acosh(w[0], w[1]);
                case ATAN -> atan(w[0], w[1]);
                case ASIN -> asin(w[0], w[1]);
                case ACOS -> acos(w[0], w[1]);
                case ATAN2 -> atan2(w[0], w[1], w[2], w[3]);
            };
        }
    }

    /** Bits beyond F at which the ratios of atan are formed (their operands' errors then stay below a unit). */
    private static final int GUARD = 80;

    // ------------------------------------------------------------------ pi and atan

    private static final ConcurrentHashMap<Integer, BigInteger> PI = new ConcurrentHashMap<>();

    /** pi * 2^f within one unit: 16 atan(1/5) - 4 atan(1/239) (Machin). */
    public static BigInteger pi(int f) {
        return PI.computeIfAbsent(f, k -> {
            int g = k + 16;
            BigInteger one = BigInteger.ONE.shiftLeft(g);
            BigInteger a = atanSeries(one.divide(BigInteger.valueOf(5)), g).shiftLeft(4);
            BigInteger b = atanSeries(one.divide(BigInteger.valueOf(239)), g).shiftLeft(2);
            return a.subtract(b).shiftRight(16);
        });
    }

    /** atan(u) * 2^g for uF = u * 2^g, 0 <= u <= 0.62: u - u^3/3 + ...; error within the allowance plus 2. */
    private static BigInteger atanSeries(BigInteger uF, int g) {
        BigInteger u2 = uF.multiply(uF).shiftRight(g);
        BigInteger term = uF;
        BigInteger sum = BigInteger.ZERO;
        for (int i = 0; term.signum() != 0; i++) {
            BigInteger t = term.divide(BigInteger.valueOf(2L * i + 1));
            sum = i % 2 == 0 ? sum.add(t) : sum.subtract(t);
            term = term.multiply(u2).shiftRight(g);
        }
        return sum;
    }

    /**
     * atan(p / q) * 2^f and its error in units, for p, q >= 0 given at 2^-(f + GUARD) within 2
     * units each, the larger at least 2^-64: r = min / max at g = f + 8 bits (within 2 units);
     * r > 1/2 is halved (atan r = 2 atan(r / (1 + sqrt(1 + r^2))), r's error and the square root's
     * within 4 units); p > q gives pi/2 - atan(q / p).
     */
    private static BigInteger[] atanRatio(BigInteger p, BigInteger q, int f) {
        int g = f + 8;
        boolean flip = p.compareTo(q) > 0;
        BigInteger min = flip ? q : p;
        BigInteger max = flip ? p : q;
        BigInteger rF = min.shiftLeft(g).divide(max);
        BigInteger one = BigInteger.ONE.shiftLeft(g);
        BigInteger v;
        BigInteger err;
        if (rF.shiftLeft(1).compareTo(one) > 0) {
            BigInteger root = one.shiftLeft(g).add(rF.multiply(rF)).sqrt();
            BigInteger uF = rF.shiftLeft(g).divide(one.add(root));
            v = atanSeries(uF, g).shiftLeft(1);
            err = allowance(g).add(BigInteger.valueOf(8)).shiftLeft(1);
        } else {
            v = atanSeries(rF, g);
            err = allowance(g).add(BigInteger.valueOf(4));
        }
        if (flip) {
            v = pi(g).shiftRight(1).subtract(v);
            err = err.add(BigInteger.ONE);
        }
        return new BigInteger[] {v.shiftRight(8), err.shiftRight(8).add(BigInteger.TWO)};
    }

    /** atan(k / 8) * 2^f within f / 16 units (k >= 0; the bodies' table of atan). */
    public static BigInteger atanOfEighths(int k, int f) {
        return atanRatio(BigInteger.valueOf(k).shiftLeft(f + GUARD - 3), BigInteger.ONE.shiftLeft(f + GUARD), f)[0];
    }

    /**
     * atan(P / Q) for exact integers 0 < P <= Q / 2, relative to P / Q however small: T = P / Q
     * scaled to f + 3 .. f + 5 bits (within one unit), times sum (-1)^i t^2i / (2i + 1) at 2^-f.
     */
    private static Approx atanSmall(BigInteger pp, BigInteger qq, int f) {
        int s = f + 4 - (pp.bitLength() - qq.bitLength());
        BigInteger t = pp.shiftLeft(s).divide(qq);
        BigInteger tF = t.shiftRight(s - f);
        BigInteger t2 = tF.multiply(tF).shiftRight(f);
        BigInteger term = BigInteger.ONE.shiftLeft(f);
        BigInteger sum = BigInteger.ZERO;
        for (int i = 0; term.signum() != 0; i++) {
            BigInteger d = term.divide(BigInteger.valueOf(2L * i + 1));
            sum = i % 2 == 0 ? sum.add(d) : sum.subtract(d);
            term = term.multiply(t2).shiftRight(f);
        }
        BigInteger errS = allowance(f).add(BigInteger.valueOf(8));
        BigInteger err = t.multiply(errS).add(BigInteger.ONE.shiftLeft(f)).add(errS).add(BigInteger.ONE);
        return new Approx(t.multiply(sum), err, -(s + f));
    }

    /** c pi / 4 (c = 1, 2, 3, 4), negated when asked, correctly rounded. */
    private static long[] piQuarters(int c, boolean negative) {
        return ziv(f -> {
            BigInteger v = pi(f).multiply(BigInteger.valueOf(c));
            BigInteger err = BigInteger.valueOf(c);
            return new Approx(negative ? v.negate() : v, err, -f - 2);
        });
    }

    private static Approx signed(boolean negative, Approx a) {
        return negative ? new Approx(a.a().negate(), a.err(), a.exp()) : a;
    }

    /** atan(a), correctly rounded. */
    public static long[] atan(long hi, long lo) {
        if (isNaN(hi, lo)) {
            return NAN.clone();
        }
        if (isZero(hi, lo)) {
            return new long[] {hi, lo};
        }
        boolean negative = hi < 0;
        if (isInf(hi, lo)) {
            return piQuarters(2, negative);
        }
        Exact x = Exact.of(hi, lo);
        BigInteger m = x.m().abs();
        if (m.bitLength() + x.e() <= -1) { // |x| < 1/2 (then x.e() < 0)
            return ziv(f -> signed(negative, atanSmall(m, BigInteger.ONE.shiftLeft(-x.e()), f)));
        }
        Exact ax = new Exact(m, x.e());
        return ziv(f -> {
            BigInteger[] v = atanRatio(ax.fixed(f + GUARD), BigInteger.ONE.shiftLeft(f + GUARD), f);
            return signed(negative, new Approx(v[0], v[1], -f));
        });
    }

    /** sqrt(1 - x^2) * 2^g rounded down (|x| <= 1, x = m 2^e with e >= -g): the exact integer's root. */
    private static BigInteger cofactor(Exact x, int g) {
        BigInteger sq = x.m().multiply(x.m()).shiftLeft(2 * (x.e() + g));
        return BigInteger.ONE.shiftLeft(2 * g).subtract(sq).sqrt();
    }

    /** asin(a), correctly rounded. */
    public static long[] asin(long hi, long lo) {
        if (isNaN(hi, lo)) {
            return NAN.clone();
        }
        if (isZero(hi, lo)) {
            return new long[] {hi, lo};
        }
        boolean negative = hi < 0;
        long abs = hi & Long.MAX_VALUE;
        if (abs > QuadReference.ONE_HI || abs == QuadReference.ONE_HI && lo != 0) {
            return NAN.clone();
        }
        if (abs == QuadReference.ONE_HI) {
            return piQuarters(2, negative);
        }
        Exact x = Exact.of(hi, lo);
        BigInteger m = x.m().abs();
        Exact ax = new Exact(m, x.e());
        if (m.bitLength() + x.e() <= -1) { // x * sum c_i x^2i, c_i = (2i-1)!! / ((2i)!! (2i + 1))
            return ziv(f -> {
                BigInteger xF = ax.fixed(f + 32).shiftRight(32);
                BigInteger x2 = xF.multiply(xF).shiftRight(f);
                BigInteger a = BigInteger.ONE.shiftLeft(f);
                BigInteger sum = a;
                for (int i = 1; a.signum() != 0; i++) {
                    a = a.multiply(x2).shiftRight(f).multiply(BigInteger.valueOf(2L * i - 1)).divide(BigInteger.valueOf(2L * i));
                    sum = sum.add(a.divide(BigInteger.valueOf(2L * i + 1)));
                }
                BigInteger err = m.multiply(allowance(f).add(BigInteger.valueOf(8)));
                return signed(negative, new Approx(m.multiply(sum), err, x.e() - f));
            });
        }
        return ziv(f -> {
            int g = f + GUARD;
            BigInteger[] v = atanRatio(ax.fixed(g), cofactor(ax, g), f);
            return signed(negative, new Approx(v[0], v[1], -f));
        });
    }

    /** acos(a), correctly rounded. */
    public static long[] acos(long hi, long lo) {
        if (isNaN(hi, lo)) {
            return NAN.clone();
        }
        long abs = hi & Long.MAX_VALUE;
        if (abs > QuadReference.ONE_HI || abs == QuadReference.ONE_HI && lo != 0) {
            return NAN.clone();
        }
        if (hi == QuadReference.ONE_HI && lo == 0) {
            return new long[] {0, 0};
        }
        if (isZero(hi, lo)) {
            return piQuarters(2, false);
        }
        if (abs == QuadReference.ONE_HI) {
            return piQuarters(4, false);
        }
        Exact x = Exact.of(hi, lo);
        Exact ax = new Exact(x.m().abs(), x.e());
        boolean negative = hi < 0;
        return ziv(f -> {
            int g = f + GUARD;
            BigInteger[] v = atanRatio(cofactor(ax, g), ax.fixed(g), f);
            if (negative) { // pi - atan(sqrt(1 - x^2) / |x|)
                return new Approx(pi(f).subtract(v[0]), v[1].add(BigInteger.ONE), -f);
            }
            return new Approx(v[0], v[1], -f);
        });
    }

    /** atan2(y, x), correctly rounded, with C23 F.10.1.4's special cases. */
    public static long[] atan2(long yh, long yl, long xh, long xl) {
        if (isNaN(yh, yl) || isNaN(xh, xl)) {
            return NAN.clone();
        }
        boolean yNegative = yh < 0;
        boolean xNegative = xh < 0;
        if (isZero(yh, yl)) { // +-0 for x = +0 or x > 0, +-pi for x = -0 or x < 0
            return xNegative ? piQuarters(4, yNegative) : new long[] {yh, yl};
        }
        if (isInf(yh, yl)) {
            int c = isInf(xh, xl) ? xNegative ? 3 : 1 : 2;
            return piQuarters(c, yNegative);
        }
        if (isZero(xh, xl)) {
            return piQuarters(2, yNegative);
        }
        if (isInf(xh, xl)) {
            return xNegative ? piQuarters(4, yNegative) : new long[] {yh & Long.MIN_VALUE, 0};
        }
        Exact y = Exact.of(yh, yl);
        Exact x = Exact.of(xh, xl);
        // |y| / |x| = num / den exactly
        int d = y.e() - x.e();
        BigInteger num = y.m().abs().shiftLeft(Math.max(d, 0));
        BigInteger den = x.m().abs().shiftLeft(Math.max(-d, 0));
        if (!xNegative && num.shiftLeft(1).compareTo(den) <= 0) {
            return ziv(f -> signed(yNegative, atanSmall(num, den, f)));
        }
        return ziv(f -> {
            int g = f + GUARD;
            BigInteger[] v = atanRatio(num.shiftLeft(g).divide(den), BigInteger.ONE.shiftLeft(g), f);
            if (xNegative) {
                return signed(yNegative, new Approx(pi(f).subtract(v[0]), v[1].add(BigInteger.ONE), -f));
            }
            return signed(yNegative, new Approx(v[0], v[1], -f));
        });
    }

    // ------------------------------------------------------------------ inverse hyperbolic

    /** atanh(a), correctly rounded. */
    public static long[] atanh(long hi, long lo) {
        if (isNaN(hi, lo)) {
            return NAN.clone();
        }
        if (isZero(hi, lo)) {
            return new long[] {hi, lo};
        }
        boolean negative = hi < 0;
        long abs = hi & Long.MAX_VALUE;
        if (abs > QuadReference.ONE_HI || abs == QuadReference.ONE_HI && lo != 0) {
            return NAN.clone();
        }
        if (abs == QuadReference.ONE_HI) {
            return new long[] {INF_HI | (negative ? Long.MIN_VALUE : 0), 0};
        }
        Exact x = Exact.of(hi, lo);
        BigInteger m = x.m().abs();
        Exact ax = new Exact(m, x.e());
        if (m.bitLength() + x.e() <= -1) { // x * sum x^2i / (2i + 1)
            return ziv(f -> {
                BigInteger xF = ax.fixed(f + 32).shiftRight(32);
                BigInteger x2 = xF.multiply(xF).shiftRight(f);
                BigInteger term = BigInteger.ONE.shiftLeft(f);
                BigInteger sum = BigInteger.ZERO;
                for (int i = 0; term.signum() != 0; i++) {
                    sum = sum.add(term.divide(BigInteger.valueOf(2L * i + 1)));
                    term = term.multiply(x2).shiftRight(f);
                }
                BigInteger err = m.multiply(allowance(f).add(BigInteger.valueOf(8)));
                return signed(negative, new Approx(m.multiply(sum), err, x.e() - f));
            });
        }
        // 1 +- |x| = (2^-e +- m) 2^e exactly (|x| < 1, so e < 0)
        BigInteger unit = BigInteger.ONE.shiftLeft(-x.e());
        return ziv(f -> {
            BigInteger[] up = logFixed(unit.add(m), x.e(), f);
            BigInteger[] down = logFixed(unit.subtract(m), x.e(), f);
            return signed(negative, new Approx(up[0].subtract(down[0]), up[1].add(down[1]), -f - 1));
        });
    }

    /**
     * log(u + sqrt(u^2 + sign)) * 2^f with its error, u = |x| >= 1/2 (sign = +1: asinh, -1: acosh,
     * then u >= 1): U = u 2^g exactly (g >= 0 makes it at least 2^(f + 9)), W = U + isqrt(U^2 +-
     * 2^2g) within one unit, so log W's error grows by less than 2^-(f + 8).
     */
    private static Approx logOfSumWithRoot(Exact ax, int sign, int f) {
        int mag = ax.m().bitLength() + ax.e();
        int g = Math.max(0, f + 10 - mag);
        BigInteger u = ax.fixed(g);
        BigInteger w = u.add(u.multiply(u).add(BigInteger.valueOf(sign).shiftLeft(2 * g)).sqrt());
        BigInteger[] v = logFixed(w, -g, f);
        return new Approx(v[0], v[1].add(BigInteger.ONE), -f);
    }

    /** asinh(a), correctly rounded. */
    public static long[] asinh(long hi, long lo) {
        if (isNaN(hi, lo)) {
            return NAN.clone();
        }
        if (isZero(hi, lo) || isInf(hi, lo)) {
            return new long[] {hi, lo};
        }
        boolean negative = hi < 0;
        Exact x = Exact.of(hi, lo);
        BigInteger m = x.m().abs();
        Exact ax = new Exact(m, x.e());
        if (m.bitLength() + x.e() <= -1) { // x * sum a_i x^2i / (2i + 1), a_i = (-1)^i (2i-1)!! / (2i)!!
            return ziv(f -> {
                BigInteger xF = ax.fixed(f + 32).shiftRight(32);
                BigInteger x2 = xF.multiply(xF).shiftRight(f);
                BigInteger a = BigInteger.ONE.shiftLeft(f);
                BigInteger sum = a;
                for (int i = 1; a.signum() != 0; i++) {
                    a = shiftTrunc(a.multiply(x2), f).multiply(BigInteger.valueOf(-(2L * i - 1))).divide(BigInteger.valueOf(2L * i));
                    sum = sum.add(a.divide(BigInteger.valueOf(2L * i + 1)));
                }
                BigInteger err = m.multiply(allowance(f).add(BigInteger.valueOf(8)));
                return signed(negative, new Approx(m.multiply(sum), err, x.e() - f));
            });
        }
        return ziv(f -> signed(negative, logOfSumWithRoot(ax, 1, f)));
    }

    /** acosh(a), correctly rounded. */
    public static long[] acosh(long hi, long lo) {
        if (isNaN(hi, lo) || hi < QuadReference.ONE_HI) { // x < 1, -0 and negatives included
            return NAN.clone();
        }
        if (hi == QuadReference.ONE_HI && lo == 0) {
            return new long[] {0, 0};
        }
        if (isInf(hi, lo)) {
            return new long[] {hi, lo};
        }
        Exact x = Exact.of(hi, lo);
        return ziv(f -> logOfSumWithRoot(x, -1, f));
    }
}

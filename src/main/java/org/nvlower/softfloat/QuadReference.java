package org.nvlower.softfloat;

import java.math.BigInteger;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An arbitrary-precision reference for the quad math library: exp, exp2, expm1, log, log2,
 * log10 and log1p of a binary128, correctly rounded to nearest even. Independent of the bodies
 * and of any library: the operand is an exact rational ({@code m * 2^e}); each function is
 * evaluated in binary fixed point with {@code F} fraction bits (BigInteger), from series whose
 * truncation and rounding errors are bounded, giving an approximation A and a bound E such that
 * the true value lies strictly between (A - E) and (A + E) units. Ziv's strategy: when both ends
 * round to the same binary128 (rounding is monotone), that is the correctly rounded result;
 * otherwise F is doubled and the evaluation repeated. Exact results (exp(0), exp2 of an
 * integer, log2 of a power of two, log10 of 10^k, log(1)) are found first: the loop would
 * never end on them, and every other result is transcendental (Lindemann-Weierstrass) or
 * irrational, so the loop ends.
 *
 * <p>Special cases follow C23 Annex F: NaN in, NaN out (the canonical NVPTX NaN); exp(-inf) = +0,
 * exp(+inf) = +inf, expm1(-inf) = -1; log(+-0) = -inf, log(x < 0) = NaN, log(+inf) = +inf;
 * log1p(-1) = -inf, log1p(x < -1) = NaN; expm1(+-0) and log1p(+-0) keep the zero's sign;
 * log(1) = +0.
 */
public final class QuadReference {

    private QuadReference() {
    }

    static final long[] NAN = {0x7FFFFFFFFFFFFFFFL, -1L};
    static final long INF_HI = 0x7FFF000000000000L;
    static final long ONE_HI = 0x3FFF000000000000L;
    private static final int START = 192;

    /** The functions, for tables and benchmarks. */
    public enum Function {
        EXP, EXP2, EXPM1, LOG, LOG2, LOG10, LOG1P, EXP10, POW, SINH, COSH, TANH;

        /** How many binary128 operands the function takes. */
        public int arity() {
            return this == POW ? 2 : 1;
        }

        /** The function of a unary one's operand. */
        public long[] apply(long hi, long lo) {
            return apply(new long[] {hi, lo});
        }

        /** The function of its operands' words (hi, lo per operand). */
        public long[] apply(long[] w) {
            if (w.length != 2 * arity()) {
                throw new IllegalArgumentException(this + " takes " + arity() + " operands");
            }
            return switch (this) {
                case EXP -> exp(w[0], w[1]);
                case EXP2 -> exp2(w[0], w[1]);
                case EXPM1 -> expm1(w[0], w[1]);
                case LOG -> log(w[0], w[1]);
                case LOG2 -> log2(w[0], w[1]);
                case LOG10 -> log10(w[0], w[1]);
                case LOG1P -> log1p(w[0], w[1]);
                case EXP10 -> exp10(w[0], w[1]);
                case POW -> pow(w[0], w[1], w[2], w[3]);
                case SINH -> sinh(w[0], w[1]);
                case COSH -> cosh(w[0], w[1]);
                case TANH -> tanh(w[0], w[1]);
            };
        }
    }

    // ------------------------------------------------------------------ operands

    /** A finite binary128 as an exact signed {@code m * 2^e}. */
    record Exact(BigInteger m, int e) {
        static Exact of(long hi, long lo) {
            int field = (int) (hi >>> 48) & 0x7FFF;
            BigInteger frac = BigInteger.valueOf(hi & 0xFFFFFFFFFFFFL).shiftLeft(64)
                    .or(new BigInteger(Long.toUnsignedString(lo)));
            BigInteger m = field == 0 ? frac : frac.setBit(112);
            return new Exact(hi < 0 ? m.negate() : m, field == 0 ? -16494 : field - 16495);
        }

        /** floor(this * 2^f). */
        BigInteger fixed(int f) {
            return e + f >= 0 ? m.shiftLeft(e + f) : m.shiftRight(-(e + f));
        }

        boolean isInteger() {
            return e >= 0 || m.getLowestSetBit() >= -e;
        }
    }

    static boolean isNaN(long hi, long lo) {
        return F128.isNaN(hi, lo);
    }

    static boolean isInf(long hi, long lo) {
        return (hi & Long.MAX_VALUE) == INF_HI && lo == 0;
    }

    static boolean isZero(long hi, long lo) {
        return ((hi & Long.MAX_VALUE) | lo) == 0;
    }

    /** An approximation: the true value lies strictly within (a - err, a + err) * 2^exp. */
    record Approx(BigInteger a, BigInteger err, int exp) {
    }

    /** What one evaluation at F fraction bits gives. */
    @FunctionalInterface
    interface Evaluation {
        Approx at(int f);
    }

    /** Ziv's loop: doubles F until both ends of the interval round alike. */
    static long[] ziv(Evaluation eval) {
        for (int f = START; ; f *= 2) {
            Approx x = eval.at(f);
            BigInteger lo = x.a.subtract(x.err);
            BigInteger hi = x.a.add(x.err);
            if (lo.signum() != hi.signum() || lo.signum() == 0) {
                continue;
            }
            boolean negative = lo.signum() < 0;
            long[] a = F128Libm.round(negative, lo.abs(), x.exp, false);
            long[] b = F128Libm.round(negative, hi.abs(), x.exp, false);
            if (a[0] == b[0] && a[1] == b[1]) {
                return a;
            }
            if (f > 1 << 16) {
                throw new IllegalStateException("no rounding decided at 2^16 bits");
            }
        }
    }

    // ------------------------------------------------------------------ constants and series

    private static final ConcurrentHashMap<Integer, BigInteger> LN2 = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<Integer, BigInteger> LN10 = new ConcurrentHashMap<>();

    /** ln 2 * 2^f within one unit: 2 atanh(1/3). */
    public static BigInteger ln2(int f) {
        return LN2.computeIfAbsent(f, k -> {
            int g = k + 16;
            BigInteger third = BigInteger.ONE.shiftLeft(g).divide(BigInteger.valueOf(3));
            return atanhSeries(third, g).shiftLeft(1).shiftRight(16);
        });
    }

    /** ln 10 * 2^f within one unit: 3 ln 2 + 2 atanh(1/9) (1.25 = (1 + 1/9) / (1 - 1/9)). */
    public static BigInteger ln10(int f) {
        return LN10.computeIfAbsent(f, k -> {
            int g = k + 16;
            BigInteger ninth = BigInteger.ONE.shiftLeft(g).divide(BigInteger.valueOf(9));
            return atanhSeries(ninth, g).shiftLeft(1).add(ln2(g).multiply(BigInteger.valueOf(3))).shiftRight(16);
        });
    }

    /**
     * atanh(z) * 2^f for z given as zF = z * 2^f within one unit, |z| <= 0.2: the series
     * z + z^3/3 + z^5/5 ...; error within the series' term count plus 3 units.
     */
    private static BigInteger atanhSeries(BigInteger zF, int f) {
        BigInteger z2 = zF.multiply(zF).shiftRight(f);
        BigInteger term = zF;
        BigInteger sum = BigInteger.ZERO;
        for (int i = 0; term.signum() != 0; i++) {
            sum = sum.add(term.divide(BigInteger.valueOf(2L * i + 1)));
            term = shiftTrunc(term.multiply(z2), f);
        }
        return sum;
    }

    /** x / 2^f truncated toward zero (so that a negative term reaches 0, as a positive one does). */
    static BigInteger shiftTrunc(BigInteger x, int f) {
        return x.signum() < 0 ? x.negate().shiftRight(f).negate() : x.shiftRight(f);
    }

    /** The number of series terms at f bits for a ratio of at most 2^-2 per term, as an error allowance. */
    static BigInteger allowance(int f) {
        return BigInteger.valueOf(4L * f + 64);
    }

    /** exp(r) * 2^f for r given as rF = r * 2^f, |r| <= 0.4: Taylor; error within the allowance. */
    private static BigInteger expSeries(BigInteger rF, int f) {
        BigInteger one = BigInteger.ONE.shiftLeft(f);
        BigInteger sum = one;
        BigInteger term = one;
        for (int i = 1; term.signum() != 0; i++) {
            term = shiftTrunc(term.multiply(rF), f).divide(BigInteger.valueOf(i));
            sum = sum.add(term);
        }
        return sum;
    }

    /**
     * log(M * 2^E) * 2^f for M > 0 (any length), with its error bound in units: y = M / 2^t in
     * [sqrt(1/2), sqrt(2)), log = n ln 2 + 2 atanh((y - 1)/(y + 1)).
     */
    static BigInteger[] logFixed(BigInteger m, int e, int f) {
        int t = m.bitLength() - 1;
        // y = M / 2^t in [1, 2); above sqrt(2) (M^2 > 2^(2t+1)) it is halved: t + 1
        if (m.multiply(m).compareTo(BigInteger.ONE.shiftLeft(2 * t + 1)) > 0) {
            t++;
        }
        long n = (long) t + e;
        BigInteger pow = BigInteger.ONE.shiftLeft(t);
        BigInteger zF = m.subtract(pow).shiftLeft(f).divide(m.add(pow));
        BigInteger value = atanhSeries(zF, f).shiftLeft(1).add(ln2(f).multiply(BigInteger.valueOf(n)));
        BigInteger err = allowance(f).shiftLeft(1).add(BigInteger.valueOf(Math.abs(n) + 8));
        return new BigInteger[] {value, err, BigInteger.valueOf(n)};
    }

    /** x / y rounded to the nearest integer (y > 0; a tie either way). */
    private static BigInteger roundedQuotient(BigInteger x, BigInteger y) {
        BigInteger twice = x.shiftLeft(1);
        return (x.signum() < 0 ? twice.subtract(y) : twice.add(y)).divide(y.shiftLeft(1));
    }

    // ------------------------------------------------------------------ exp family

    /**
     * What exp and exp2 return without a series: NaN, +-inf, zero, and x beyond the range where
     * they differ from 1 or from 0/inf; null for the x they approximate.
     */
    private static long[] expShortcut(long hi, long lo) {
        if (isNaN(hi, lo)) {
            return NAN.clone();
        }
        if (isInf(hi, lo)) {
            return hi < 0 ? new long[] {0, 0} : new long[] {INF_HI, 0};
        }
        if (isZero(hi, lo)) {
            return new long[] {ONE_HI, 0};
        }
        Exact x = Exact.of(hi, lo);
        if (x.m.bitLength() + x.e < -120) { // |x| < 2^-120: 1 + x rounds to 1
            return new long[] {ONE_HI, 0};
        }
        if (x.m.bitLength() + x.e > 15) { // |x| >= 2^15: beyond both thresholds
            return x.m.signum() < 0 ? new long[] {0, 0} : new long[] {INF_HI, 0};
        }
        return null;
    }

    /** exp(a), correctly rounded. */
    public static long[] exp(long hi, long lo) {
        long[] shortcut = expShortcut(hi, lo);
        if (shortcut != null) {
            return shortcut;
        }
        Exact x = Exact.of(hi, lo);
        return ziv(f -> expOfFixed(x.fixed(f + 32).shiftRight(32), BigInteger.ONE, f));
    }

    /**
     * exp(t) for t given as tF = t * 2^f within errT units (|t| < 2^15): k = round(t / ln 2),
     * r = t - k ln 2, |r| <= 0.35 (+ the errors of ln 2 times k and of t), Taylor on r; the
     * series value is at most 1.42 * 2^f, so an error of t adds at most twice its units.
     */
    static Approx expOfFixed(BigInteger tF, BigInteger errT, int f) {
        BigInteger ln2 = ln2(f);
        BigInteger k = roundedQuotient(tF, ln2);
        BigInteger rF = tF.subtract(k.multiply(ln2));
        BigInteger a = expSeries(rF, f);
        BigInteger err = allowance(f).add(k.abs().add(BigInteger.TWO).add(errT).shiftLeft(1));
        return new Approx(a, err, k.intValueExact() - f);
    }

    /** 10^a, correctly rounded (exact for an integer a >= 0 whose power binary128 holds). */
    public static long[] exp10(long hi, long lo) {
        if (isNaN(hi, lo)) {
            return NAN.clone();
        }
        if (isInf(hi, lo)) {
            return hi < 0 ? new long[] {0, 0} : new long[] {INF_HI, 0};
        }
        if (isZero(hi, lo)) {
            return new long[] {ONE_HI, 0};
        }
        Exact x = Exact.of(hi, lo);
        int mag = x.m.bitLength() + x.e;
        if (mag < -120) { // |x| < 2^-120: 1 + x ln 10 rounds to 1
            return new long[] {ONE_HI, 0};
        }
        if (mag > 13) { // |x| >= 2^13: 10^8192 overflows, 10^-8192 underflows
            return x.m.signum() < 0 ? new long[] {0, 0} : new long[] {INF_HI, 0};
        }
        if (x.isInteger() && x.m.signum() > 0) { // an integer power of ten: rounded exactly
            return F128Libm.round(false, BigInteger.TEN.pow(x.fixed(0).intValueExact()), 0, false);
        }
        // every other result is irrational (a non-integer x) or not dyadic (a negative integer x)
        return ziv(f -> {
            // t = x ln 10: ln 10 within one unit, times |x| < 2^13, plus the truncation
            BigInteger l = ln10(f);
            BigInteger prod = x.m.multiply(l);
            BigInteger tF = x.e >= 0 ? prod.shiftLeft(x.e) : prod.shiftRight(-x.e);
            BigInteger errT = x.m.abs().shiftRight(Math.max(0, -x.e)).add(BigInteger.TWO).shiftLeft(Math.max(0, x.e));
            return expOfFixed(tF, errT, f);
        });
    }

    /** 2^a, correctly rounded (exact for an integer a). */
    public static long[] exp2(long hi, long lo) {
        long[] shortcut = expShortcut(hi, lo);
        if (shortcut != null) {
            return shortcut;
        }
        Exact x = Exact.of(hi, lo);
        if (x.isInteger()) {
            return F128Libm.round(false, BigInteger.ONE, x.fixed(0).intValueExact(), false);
        }
        return ziv(f -> {
            // k = round(x), r = (x - k) ln 2
            BigInteger xF = x.fixed(f); // exact: x has at most 135 fraction bits < f
            BigInteger half = BigInteger.ONE.shiftLeft(f - 1);
            BigInteger k = xF.add(half).shiftRight(f);
            BigInteger fracF = xF.subtract(k.shiftLeft(f));
            BigInteger rF = fracF.multiply(ln2(f)).shiftRight(f);
            BigInteger a = expSeries(rF, f);
            return new Approx(a, allowance(f).add(BigInteger.valueOf(4)), k.intValueExact() - f);
        });
    }

    /** exp(a) - 1, correctly rounded. */
    public static long[] expm1(long hi, long lo) {
        if (isNaN(hi, lo)) {
            return NAN.clone();
        }
        if (isInf(hi, lo)) {
            return hi < 0 ? new long[] {0xBFFF000000000000L, 0} : new long[] {INF_HI, 0};
        }
        if (isZero(hi, lo)) {
            return new long[] {hi, lo};
        }
        Exact x = Exact.of(hi, lo);
        int mag = x.m.bitLength() + x.e; // 2^(mag-1) <= |x| < 2^mag
        if (mag > 15) {
            return x.m.signum() < 0 ? new long[] {0xBFFF000000000000L, 0} : new long[] {INF_HI, 0};
        }
        if (mag <= -1) { // |x| < 1/2: x * (1 + x/2 + x^2/6 + ...), relative to x however small
            return ziv(f -> {
                BigInteger xF = x.fixed(f + 32).shiftRight(32);
                BigInteger one = BigInteger.ONE.shiftLeft(f);
                BigInteger sum = one;
                BigInteger term = one;
                for (int i = 2; term.signum() != 0; i++) {
                    term = shiftTrunc(term.multiply(xF), f).divide(BigInteger.valueOf(i));
                    sum = sum.add(term);
                }
                BigInteger err = x.m.abs().multiply(allowance(f).add(BigInteger.valueOf(4)));
                return new Approx(x.m.multiply(sum), err, x.e - f);
            });
        }
        if (x.m.signum() < 0 && mag > 7) { // x <= -128: exp(x) < 2^-184, so -1 + exp(x) rounds to -1
            return new long[] {0xBFFF000000000000L, 0};
        }
        return ziv(f -> {
            BigInteger ln2 = ln2(f);
            BigInteger xF = x.fixed(f + 32).shiftRight(32);
            BigInteger k = roundedQuotient(xF, ln2);
            BigInteger a = expSeries(xF.subtract(k.multiply(ln2)), f);
            BigInteger err = allowance(f).add(k.abs().add(BigInteger.TWO).shiftLeft(1));
            int kk = k.intValueExact();
            // exp(x) - 1 = (a 2^k - 2^f) 2^-f
            if (kk >= 0) {
                return new Approx(a.shiftLeft(kk).subtract(BigInteger.ONE.shiftLeft(f)), err.shiftLeft(kk), -f);
            }
            return new Approx(a.subtract(BigInteger.ONE.shiftLeft(f - kk)), err, kk - f);
        });
    }

    // ------------------------------------------------------------------ log family

    /** The special results shared by log, log2 and log10, or null for a positive finite a other than 1. */
    private static long[] logSpecial(long hi, long lo) {
        if (isNaN(hi, lo)) {
            return NAN.clone();
        }
        if (isZero(hi, lo)) {
            return new long[] {0xFFFF000000000000L, 0};
        }
        if (hi < 0) {
            return NAN.clone();
        }
        if (isInf(hi, lo)) {
            return new long[] {INF_HI, 0};
        }
        if (hi == ONE_HI && lo == 0) {
            return new long[] {0, 0};
        }
        return null;
    }

    /** log(a), correctly rounded. */
    public static long[] log(long hi, long lo) {
        long[] special = logSpecial(hi, lo);
        if (special != null) {
            return special;
        }
        Exact x = Exact.of(hi, lo);
        return ziv(f -> {
            BigInteger[] v = logFixed(x.m, x.e, f);
            return new Approx(v[0], v[1], -f);
        });
    }

    /** log2(a), correctly rounded (exact for a power of two). */
    public static long[] log2(long hi, long lo) {
        long[] special = logSpecial(hi, lo);
        if (special != null) {
            return special;
        }
        Exact x = Exact.of(hi, lo);
        if (x.m.bitCount() == 1) {
            int n = x.m.bitLength() - 1 + x.e;
            return F128Libm.round(n < 0, BigInteger.valueOf(Math.abs(n)), 0, false);
        }
        return ziv(f -> {
            // log2 = n + log(y) / ln 2: the quotient of two approximations, n exact
            BigInteger[] v = logFixed(x.m, x.e, f + 8);
            BigInteger n = v[2];
            BigInteger logY = v[0].subtract(ln2(f + 8).multiply(n));
            BigInteger q = logY.shiftLeft(f).divide(ln2(f + 8));
            BigInteger err = v[1].subtract(BigInteger.valueOf(Math.abs(n.longValue()))).add(BigInteger.TEN);
            return new Approx(q.add(n.shiftLeft(f)), err, -f);
        });
    }

    /** log10(a), correctly rounded (exact for a = 10^k). */
    public static long[] log10(long hi, long lo) {
        long[] special = logSpecial(hi, lo);
        if (special != null) {
            return special;
        }
        Exact x = Exact.of(hi, lo);
        for (int k = 1; k <= 48; k++) { // 10^48 < 2^160 is the last power of ten binary128 holds
            BigInteger p = BigInteger.TEN.pow(k);
            BigInteger scaled = x.e >= 0 ? x.m.shiftLeft(x.e) : x.m;
            if (scaled.equals(x.e >= 0 ? p : p.shiftLeft(-x.e))) {
                return F128Libm.round(false, BigInteger.valueOf(k), 0, false);
            }
        }
        return ziv(f -> {
            int g = f + 24;
            BigInteger[] v = logFixed(x.m, x.e, g);
            BigInteger q = v[0].shiftLeft(f).divide(ln10(g));
            // |log| <= 11400 < 2^14: the quotient's error is the numerator's over ln 10 plus
            // |log| / ln 10^2 times ln 10's one unit, all at 2^-g, so well within one unit at 2^-f
            BigInteger err = v[1].shiftRight(24).add(BigInteger.valueOf(4));
            return new Approx(q, err, -f);
        });
    }

    /** log(1 + a), correctly rounded. */
    public static long[] log1p(long hi, long lo) {
        if (isNaN(hi, lo)) {
            return NAN.clone();
        }
        if (isZero(hi, lo)) {
            return new long[] {hi, lo};
        }
        if (hi == 0xBFFF000000000000L && lo == 0) {
            return new long[] {0xFFFF000000000000L, 0};
        }
        if (isInf(hi, lo)) {
            return hi < 0 ? NAN.clone() : new long[] {INF_HI, 0};
        }
        Exact x = Exact.of(hi, lo);
        if (x.m.signum() < 0 && (x.m.bitLength() + x.e > 0)) { // x < -1 (x = -1 above)
            return NAN.clone();
        }
        int mag = x.m.bitLength() + x.e;
        if (mag <= -4) { // |x| < 1/16: 2 atanh(x / (2 + x)) = x * 2/(2 + x) * (1 + z^2/3 + ...), z = x/(2+x)
            return ziv(f -> {
                // 2 + x = (2^(1-e) + m) * 2^e exactly
                BigInteger den = BigInteger.ONE.shiftLeft(1 - x.e).add(x.m);
                BigInteger zF = x.m.shiftLeft(f).divide(den);
                BigInteger z2 = zF.multiply(zF).shiftRight(f);
                BigInteger one = BigInteger.ONE.shiftLeft(f);
                BigInteger s = BigInteger.ZERO;
                BigInteger term = one;
                for (int i = 0; term.signum() != 0; i++) {
                    s = s.add(term.divide(BigInteger.valueOf(2L * i + 1)));
                    term = shiftTrunc(term.multiply(z2), f);
                }
                BigInteger w = s.shiftLeft(1 - x.e).divide(den); // 2 S / (2 + x)
                BigInteger err = x.m.abs().multiply(allowance(f).add(BigInteger.valueOf(8)));
                return new Approx(x.m.multiply(w), err, x.e - f);
            });
        }
        // 1 + x exactly as M * 2^E
        int e = Math.min(x.e, 0);
        BigInteger m = x.m.shiftLeft(x.e - e).add(BigInteger.ONE.shiftLeft(-e));
        return ziv(f -> {
            BigInteger[] v = logFixed(m, e, f);
            return new Approx(v[0], v[1], -f);
        });
    }

    // ------------------------------------------------------------------ pow

    private static long[] signed(boolean negative, long[] r) {
        return negative ? new long[] {r[0] | Long.MIN_VALUE, r[1]} : r;
    }

    /** +-2^p rounded, for an exponent p of any size (beyond +-20000 it is inf or 0). */
    private static long[] powerOfTwo(boolean negative, BigInteger p) {
        if (p.compareTo(BigInteger.valueOf(20000)) > 0) {
            return signed(negative, new long[] {INF_HI, 0});
        }
        if (p.compareTo(BigInteger.valueOf(-20000)) < 0) {
            return signed(negative, new long[] {0, 0});
        }
        return F128Libm.round(negative, BigInteger.ONE, p.intValueExact(), false);
    }

    /**
     * x^y, correctly rounded, with C23 Annex F's special cases (F.10.4.5): pow(x, +-0) = 1 and
     * pow(+1, y) = 1 even for a NaN; pow(-1, +-inf) = 1; +-0 and +-inf by y's sign and whether y
     * is an odd integer; NaN for a finite x < 0 and a finite non-integer y.
     *
     * <p>A dyadic result (x = o 2^s with o odd: y an integer, or y = n / 2^k with o a perfect
     * 2^k-th power and 2^k | s) whose odd part could have at most 114 bits, so could be a binary128
     * or a rounding midpoint, is computed exactly; every other result is irrational, not dyadic,
     * or has an odd part beyond 2^114, so Ziv's loop on exp(y log |x|) ends.
     */
    public static long[] pow(long xh, long xl, long yh, long yl) {
        if (isZero(yh, yl) || xh == ONE_HI && xl == 0) {
            return new long[] {ONE_HI, 0};
        }
        if (isNaN(xh, xl) || isNaN(yh, yl)) {
            return NAN.clone();
        }
        boolean yInf = isInf(yh, yl);
        boolean yNegative = yh < 0;
        boolean xNegative = xh < 0;
        Exact y = yInf ? null : Exact.of(yh, yl);
        boolean yInteger = yInf || y.isInteger();
        boolean yOdd = !yInf && yInteger && y.e <= 0 && y.m.testBit(-y.e);
        long axh = xh & Long.MAX_VALUE;
        int xVsOne = axh == ONE_HI && xl == 0 ? 0 : Long.compareUnsigned(axh, ONE_HI) < 0 ? -1 : 1;
        if (yInf) {
            if (xVsOne == 0) {
                return new long[] {ONE_HI, 0};
            }
            return (xVsOne < 0) != yNegative ? new long[] {0, 0} : new long[] {INF_HI, 0};
        }
        boolean sign = xNegative && yOdd;
        if (isZero(xh, xl) || isInf(xh, xl)) {
            boolean zero = isZero(xh, xl) != yNegative;
            return signed(sign, zero ? new long[] {0, 0} : new long[] {INF_HI, 0});
        }
        if (xNegative && !yInteger) {
            return NAN.clone();
        }
        if (xVsOne == 0) {
            return signed(sign, new long[] {ONE_HI, 0});
        }
        Exact ax = Exact.of(axh, xl);
        // x = o 2^s (o odd), y = n 2^-k (n odd; k = 0 for an integer y)
        int tz = ax.m.getLowestSetBit();
        BigInteger o = ax.m.shiftRight(tz);
        long s = (long) ax.e + tz;
        int ytz = y.m.getLowestSetBit();
        BigInteger n = y.m.shiftRight(ytz);
        long ye = (long) y.e + ytz;
        if (ye >= 0) { // an integer y = n 2^ye
            BigInteger yv = n.shiftLeft((int) Math.min(ye, 20000));
            if (o.equals(BigInteger.ONE)) {
                return powerOfTwo(sign, BigInteger.valueOf(s).multiply(yv));
            }
            if (yv.signum() > 0 && yv.compareTo(BigInteger.valueOf(128)) <= 0) {
                int p = yv.intValueExact();
                return F128Libm.round(sign, o.pow(p), Math.toIntExact(s * p), false);
            }
        } else {
            int k = (int) Math.min(-ye, 62);
            if (o.equals(BigInteger.ONE)) {
                if (-ye <= 62 && s % (1L << k) == 0) { // beyond, 2^k divides no s but 0 (x = 1, above)
                    return powerOfTwo(sign, BigInteger.valueOf(s >> k).multiply(n));
                }
            } else if (k <= 7 && s % (1L << k) == 0 && n.signum() > 0 && n.compareTo(BigInteger.valueOf(128)) <= 0) {
                BigInteger r = o;
                for (int j = 0; j < k && r != null; j++) {
                    BigInteger q = r.sqrt();
                    r = q.multiply(q).equals(r) ? q : null;
                }
                if (r != null) {
                    int p = n.intValueExact();
                    return F128Libm.round(sign, r.pow(p), Math.toIntExact((s >> k) * p), false);
                }
            }
        }
        // the size of t = y log|x|: log|x| at 2^-200 is at least 2^-114 (|x| != 1), far above its error
        BigInteger[] coarse = logFixed(ax.m, ax.e, 200);
        BigInteger tLow = y.m.abs().multiply(coarse[0].abs().subtract(coarse[1]));
        if (tLow.bitLength() - 1 + y.e >= 215) { // |t| >= 2^15: beyond both thresholds
            boolean big = (xVsOne > 0) != yNegative;
            return signed(sign, big ? new long[] {INF_HI, 0} : new long[] {0, 0});
        }
        int yBits = Math.max(0, y.m.bitLength() + y.e); // |y| < 2^yBits
        return ziv(f -> {
            int g = f + yBits + 20;
            BigInteger[] l = logFixed(ax.m, ax.e, g);
            BigInteger prod = y.m.multiply(l[0]);
            int shift = y.e + f - g;
            BigInteger tF = shift >= 0 ? prod.shiftLeft(shift) : prod.shiftRight(-shift);
            BigInteger errProd = y.m.abs().multiply(l[1]);
            BigInteger errT = (shift >= 0 ? errProd.shiftLeft(shift) : errProd.shiftRight(-shift)).add(BigInteger.TWO);
            Approx a = expOfFixed(tF, errT, f);
            return sign ? new Approx(a.a.negate(), a.err, a.exp) : a;
        });
    }

    // ------------------------------------------------------------------ hyperbolic

    /**
     * e^(-2|x|) * 2^f and its error in units, for 1/2 <= |x| < 2^15: exp of t = -2|x| (k <= -1),
     * shifted to the fixed point.
     */
    private static BigInteger[] expMinusTwice(Exact ax, int f) {
        BigInteger tF = ax.fixed(f + 33).shiftRight(32).negate(); // -2|x| 2^f, within one unit
        Approx b = expOfFixed(tF, BigInteger.ONE, f);
        int shift = -(b.exp + f); // k <= -1
        return new BigInteger[] {b.a.shiftRight(shift), b.err.shiftRight(shift).add(BigInteger.TWO)};
    }

    /** sum x^(2i) / (2i + parity)! * 2^f for |x| < 1/2 (parity 1: sinh(x)/x, 0: cosh x), within the allowance + 8. */
    private static BigInteger evenSeries(Exact x, int f, int parity) {
        BigInteger xF = x.fixed(f + 32).shiftRight(32).abs();
        BigInteger x2 = xF.multiply(xF).shiftRight(f);
        BigInteger term = BigInteger.ONE.shiftLeft(f);
        BigInteger sum = term;
        for (int i = 1; term.signum() != 0; i++) {
            term = term.multiply(x2).shiftRight(f).divide(BigInteger.valueOf((2L * i - 1 + parity) * (2L * i + parity)));
            sum = sum.add(term);
        }
        return sum;
    }

    /** The special results of sinh, cosh and tanh (NaN, +-0 and tiny, infinite, beyond 2^14; tanh beyond 64), or null. */
    private static long[] hyperbolicShortcut(long hi, long lo, boolean even, long[] big) {
        if (isNaN(hi, lo)) {
            return NAN.clone();
        }
        Exact x = isInf(hi, lo) ? null : Exact.of(hi, lo);
        int mag = x == null ? Integer.MAX_VALUE : x.m.signum() == 0 ? Integer.MIN_VALUE : x.m.bitLength() + x.e;
        if (mag < -120) { // |x| < 2^-120: sinh, tanh x; cosh 1
            return even ? new long[] {ONE_HI, 0} : new long[] {hi, lo};
        }
        if (mag > (big[0] == ONE_HI ? 6 : 14)) { // |x| >= 2^14 (sinh, cosh overflow) or 2^6 (tanh rounds to 1)
            return even || hi >= 0 ? big.clone() : new long[] {big[0] | Long.MIN_VALUE, big[1]};
        }
        return null;
    }

    /** sinh(a), correctly rounded. */
    public static long[] sinh(long hi, long lo) {
        long[] special = hyperbolicShortcut(hi, lo, false, new long[] {INF_HI, 0});
        if (special != null) {
            return special;
        }
        Exact x = Exact.of(hi, lo);
        boolean negative = x.m.signum() < 0;
        Exact ax = new Exact(x.m.abs(), x.e);
        if (x.m.bitLength() + x.e <= -1) { // x * (1 + x^2/3! + ...), relative to x
            return ziv(f -> {
                BigInteger err = x.m.abs().multiply(allowance(f).add(BigInteger.valueOf(8)));
                return new Approx(x.m.multiply(evenSeries(x, f, 1)), err, x.e - f);
            });
        }
        return ziv(f -> { // e^|x| / 2 * (1 - e^-2|x|)
            Approx a = expOfFixed(ax.fixed(f + 32).shiftRight(32), BigInteger.ONE, f);
            BigInteger[] b = expMinusTwice(ax, f);
            BigInteger c = BigInteger.ONE.shiftLeft(f).subtract(b[0]);
            BigInteger v = a.a.multiply(c).shiftRight(f);
            BigInteger err = a.err.add(b[1].shiftLeft(1)).add(BigInteger.TWO);
            return new Approx(negative ? v.negate() : v, err, a.exp - 1);
        });
    }

    /** cosh(a), correctly rounded. */
    public static long[] cosh(long hi, long lo) {
        long[] special = hyperbolicShortcut(hi, lo, true, new long[] {INF_HI, 0});
        if (special != null) {
            return special;
        }
        Exact x = Exact.of(hi, lo);
        Exact ax = new Exact(x.m.abs(), x.e);
        if (x.m.bitLength() + x.e <= -1) { // 1 + x^2/2! + ...
            return ziv(f -> new Approx(evenSeries(x, f, 0), allowance(f).add(BigInteger.valueOf(8)), -f));
        }
        return ziv(f -> { // e^|x| / 2 * (1 + e^-2|x|)
            Approx a = expOfFixed(ax.fixed(f + 32).shiftRight(32), BigInteger.ONE, f);
            BigInteger[] b = expMinusTwice(ax, f);
            BigInteger c = BigInteger.ONE.shiftLeft(f).add(b[0]);
            BigInteger err = a.err.shiftLeft(1).add(b[1].shiftLeft(1)).add(BigInteger.TWO);
            return new Approx(a.a.multiply(c).shiftRight(f), err, a.exp - 1);
        });
    }

    /** tanh(a), correctly rounded. */
    public static long[] tanh(long hi, long lo) {
        long[] special = hyperbolicShortcut(hi, lo, false, new long[] {ONE_HI, 0});
        if (special != null) {
            return special;
        }
        Exact x = Exact.of(hi, lo);
        boolean negative = x.m.signum() < 0;
        Exact ax = new Exact(x.m.abs(), x.e);
        if (x.m.bitLength() + x.e <= -1) { // x * (sinh(x)/x) / cosh(x), relative to x
            return ziv(f -> {
                BigInteger q = evenSeries(x, f, 1).shiftLeft(f).divide(evenSeries(x, f, 0));
                BigInteger err = x.m.abs().multiply(allowance(f).add(BigInteger.valueOf(8)).shiftLeft(1).add(BigInteger.TWO));
                return new Approx(x.m.multiply(q), err, x.e - f);
            });
        }
        return ziv(f -> { // (1 - e^-2|x|) / (1 + e^-2|x|)
            BigInteger[] b = expMinusTwice(ax, f);
            BigInteger one = BigInteger.ONE.shiftLeft(f);
            BigInteger q = one.subtract(b[0]).shiftLeft(f).divide(one.add(b[0]));
            BigInteger err = b[1].shiftLeft(1).add(BigInteger.TWO);
            return new Approx(negative ? q.negate() : q, err, -f);
        });
    }
}

package org.nvlower.llvm.pass;

import org.nvlower.libdevice.LibdeviceFunction;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.function.IntFunction;

/**
 * The elementary functions the constant folder evaluates on the host, correctly rounded to
 * {@code float} or {@code double} (round to nearest, ties to even). Each function is computed in
 * decimal arbitrary precision ({@link BigDecimal}, from the exact value of the binary argument);
 * the result is accepted only when it lies farther than its error bound from every rounding
 * boundary (the midpoints between neighbouring floats), else it is computed again with twice the
 * digits (Ziv's strategy). Cancellation is paid for with extra digits where it happens (near the
 * zeros of sin and cos, near 1 for log, near 0 for expm1/asinh/atanh, in erfc's tail).
 *
 * <p>Since NVIDIA states each libdevice function's error as its distance in ulps from the
 * correctly rounded result, a folded value is that many ulps from the GPU's at most.
 */
public final class HostMath {

    /** The formats a result is rounded to. */
    public enum Format {
        FLOAT, DOUBLE
    }

    private HostMath() {
    }

    /** Digits of the first attempt; each retry doubles them. */
    private static final int FIRST_DIGITS = 40;
    private static final int MAX_DIGITS = 1280;

    // ------------------------------------------------------------------ rounding driver

    /**
     * Rounds the value {@code f} computes (given a number of correct significant digits) to the
     * format, correctly. {@code f} returns null for an exact zero.
     */
    static double round(Format format, IntFunction<BigDecimal> f) {
        double last = Double.NaN;
        for (int digits = FIRST_DIGITS; digits <= MAX_DIGITS; digits *= 2) {
            BigDecimal v = f.apply(digits);
            if (v == null || v.signum() == 0) {
                return 0.0;
            }
            double d = toFormat(v, format);
            last = d;
            if (farFromBoundaries(v, d, format, digits - 6)) {
                return d;
            }
        }
        return last; // an exact tie no precision resolves: the nearest-even of the last value
    }

    private static double toFormat(BigDecimal v, Format format) {
        return format == Format.FLOAT ? v.floatValue() : v.doubleValue();
    }

    /** Whether {@code v} (good to {@code digits} significant digits) rounds to {@code d} whatever its error. */
    private static boolean farFromBoundaries(BigDecimal v, double d, Format format, int digits) {
        BigDecimal err = v.abs().scaleByPowerOfTen(-digits);
        for (BigDecimal boundary : boundaries(d, format)) {
            if (v.subtract(boundary).abs().compareTo(err) <= 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * The values where rounding to {@code format} changes from {@code d} to a neighbour: the
     * midpoints, and beyond the largest finite value the overflow threshold MAX + ulp(MAX)/2.
     */
    private static BigDecimal[] boundaries(double d, Format format) {
        double max = format == Format.FLOAT ? Float.MAX_VALUE : Double.MAX_VALUE;
        if (Double.isInfinite(d)) {
            return new BigDecimal[] {overflowThreshold(Math.copySign(max, d), format)};
        }
        BigDecimal[] b = new BigDecimal[2];
        int i = 0;
        for (boolean up : new boolean[] {true, false}) {
            double n = next(d, format, up);
            b[i++] = Double.isInfinite(n) ? overflowThreshold(d, format) : midpoint(d, n);
        }
        return b;
    }

    private static BigDecimal overflowThreshold(double signedMax, Format format) {
        double ulp = format == Format.FLOAT ? Math.ulp((float) signedMax) : Math.ulp(signedMax);
        BigDecimal half = new BigDecimal(ulp).divide(BigDecimal.valueOf(2));
        return signedMax > 0 ? new BigDecimal(signedMax).add(half) : new BigDecimal(signedMax).subtract(half);
    }

    private static BigDecimal midpoint(double a, double b) {
        return new BigDecimal(a).add(new BigDecimal(b)).divide(BigDecimal.valueOf(2));
    }

    private static double next(double d, Format format, boolean up) {
        if (format == Format.FLOAT) {
            float f = (float) d;
            return up ? Math.nextUp(f) : Math.nextDown(f);
        }
        return up ? Math.nextUp(d) : Math.nextDown(d);
    }

    // ------------------------------------------------------------------ constants

    private static BigDecimal pi = BigDecimal.ZERO;
    private static int piDigits;
    private static BigDecimal ln2 = BigDecimal.ZERO;
    private static int ln2Digits;
    private static BigDecimal ln10 = BigDecimal.ZERO;
    private static int ln10Digits;

    /** pi to {@code digits} digits: Machin's formula, 16 atan(1/5) - 4 atan(1/239). */
    static synchronized BigDecimal pi(int digits) {
        if (piDigits < digits) {
            int d = Math.max(digits, 2 * piDigits);
            MathContext mc = new MathContext(d + 10);
            pi = atanOfInverse(5, mc).multiply(BigDecimal.valueOf(16))
                    .subtract(atanOfInverse(239, mc).multiply(BigDecimal.valueOf(4)), mc);
            piDigits = d;
        }
        return pi.round(new MathContext(digits));
    }

    /** atan(1/n) = sum (-1)^k / ((2k+1) n^(2k+1)). */
    private static BigDecimal atanOfInverse(int n, MathContext mc) {
        BigDecimal x = BigDecimal.ONE.divide(BigDecimal.valueOf(n), mc);
        BigDecimal x2 = x.multiply(x, mc);
        BigDecimal term = x;
        BigDecimal sum = x;
        BigDecimal eps = BigDecimal.ONE.scaleByPowerOfTen(-mc.getPrecision() - 2);
        for (int k = 1; term.abs().compareTo(eps) > 0; k++) {
            term = term.multiply(x2, mc).negate();
            sum = sum.add(term.divide(BigDecimal.valueOf(2L * k + 1), mc), mc);
        }
        return sum;
    }

    static synchronized BigDecimal ln2(int digits) {
        if (ln2Digits < digits) {
            int d = Math.max(digits, 2 * ln2Digits);
            // ln 2 = 2 atanh(1/3)
            ln2 = atanhSeries(BigDecimal.ONE.divide(BigDecimal.valueOf(3), new MathContext(d + 10)), new MathContext(d + 10))
                    .multiply(BigDecimal.valueOf(2));
            ln2Digits = d;
        }
        return ln2.round(new MathContext(digits));
    }

    static synchronized BigDecimal ln10(int digits) {
        if (ln10Digits < digits) {
            int d = Math.max(digits, 2 * ln10Digits);
            ln10 = log(BigDecimal.TEN, d + 10);
            ln10Digits = d;
        }
        return ln10.round(new MathContext(digits));
    }

    // ------------------------------------------------------------------ kernels (value to about `digits` digits)

    /** atanh(z) = z + z^3/3 + z^5/5 + ... for |z| well below 1. */
    private static BigDecimal atanhSeries(BigDecimal z, MathContext mc) {
        BigDecimal z2 = z.multiply(z, mc);
        BigDecimal power = z;
        BigDecimal sum = z;
        BigDecimal eps = z.abs().scaleByPowerOfTen(-mc.getPrecision() - 2);
        for (int k = 1; power.abs().compareTo(eps) > 0; k++) {
            power = power.multiply(z2, mc);
            sum = sum.add(power.divide(BigDecimal.valueOf(2L * k + 1), mc), mc);
        }
        return sum;
    }

    /** The natural logarithm of {@code x > 0}: x = m 2^e with m in [1/sqrt2, sqrt2), log m = 2 atanh((m-1)/(m+1)). */
    static BigDecimal log(BigDecimal x, int digits) {
        MathContext mc = new MathContext(digits + 10);
        int e = exponentOf(x);
        BigDecimal m = scaleByPowerOfTwo(x, -e);
        if (m.compareTo(new BigDecimal("1.4142135623730950488")) > 0) {
            m = m.divide(BigDecimal.valueOf(2));
            e++;
        }
        // m - 1 is exact, so the logarithm of a value near 1 keeps its digits
        BigDecimal z = m.subtract(BigDecimal.ONE).divide(m.add(BigDecimal.ONE), mc);
        BigDecimal logM = z.signum() == 0 ? BigDecimal.ZERO : atanhSeries(z, mc).multiply(BigDecimal.valueOf(2), mc);
        if (e == 0) {
            return logM;
        }
        int extra = (int) Math.ceil(Math.log10(Math.abs(e))) + 2;
        return logM.add(ln2(digits + extra + 10).multiply(BigDecimal.valueOf(e)), mc);
    }

    /** floor(log2 |x|) for a nonzero x. */
    private static int exponentOf(BigDecimal x) {
        BigDecimal a = x.abs();
        // estimate from the decimal exponent, then correct
        double approx = (a.precision() - a.scale() - 1) * 3.321928094887362;
        int e = (int) Math.floor(approx);
        while (scaleByPowerOfTwo(a, -e).compareTo(BigDecimal.ONE) < 0) {
            e--;
        }
        while (scaleByPowerOfTwo(a, -e).compareTo(BigDecimal.valueOf(2)) >= 0) {
            e++;
        }
        return e;
    }

    /** x 2^n, exactly. */
    static BigDecimal scaleByPowerOfTwo(BigDecimal x, int n) {
        if (n >= 0) {
            return x.multiply(new BigDecimal(BigInteger.ONE.shiftLeft(n)));
        }
        // 2^-k = 5^k / 10^k
        return x.multiply(new BigDecimal(BigInteger.valueOf(5).pow(-n), -n));
    }

    /** e^x for |x| below about 2^20 (callers clamp overflow and underflow). */
    static BigDecimal exp(BigDecimal x, int digits) {
        if (x.signum() == 0) {
            return BigDecimal.ONE;
        }
        long k = Math.round(x.doubleValue() / 0.6931471805599453);
        int extra = k == 0 ? 0 : (int) Math.ceil(Math.log10(Math.abs(k))) + 1;
        MathContext mc = new MathContext(digits + extra + 15);
        BigDecimal r = x.subtract(ln2(mc.getPrecision()).multiply(BigDecimal.valueOf(k)), mc);
        // e^r = (e^(r/2^s))^(2^s): a short series, then s squarings
        int s = 12;
        BigDecimal t = scaleByPowerOfTwo(r, -s);
        BigDecimal sum = BigDecimal.ONE;
        BigDecimal term = BigDecimal.ONE;
        BigDecimal eps = BigDecimal.ONE.scaleByPowerOfTen(-mc.getPrecision() - 2);
        for (int n = 1; term.abs().compareTo(eps) > 0; n++) {
            term = term.multiply(t, mc).divide(BigDecimal.valueOf(n), mc);
            sum = sum.add(term, mc);
        }
        for (int i = 0; i < s; i++) {
            sum = sum.multiply(sum, mc);
        }
        return scaleByPowerOfTwo(sum, (int) k);
    }

    /** e^x - 1 without cancellation: the series from its first term for |x| < 1. */
    static BigDecimal expm1(BigDecimal x, int digits) {
        if (x.abs().compareTo(BigDecimal.ONE) >= 0) {
            return exp(x, digits + 2).subtract(BigDecimal.ONE);
        }
        MathContext mc = new MathContext(digits + 10);
        BigDecimal term = x;
        BigDecimal sum = x;
        BigDecimal eps = x.abs().scaleByPowerOfTen(-mc.getPrecision() - 2);
        for (int n = 2; term.abs().compareTo(eps) > 0; n++) {
            term = term.multiply(x, mc).divide(BigDecimal.valueOf(n), mc);
            sum = sum.add(term, mc);
        }
        return sum;
    }

    /** sin and cos of x: reduction by pi/2 with enough digits of pi for x and for how close x is to a multiple. */
    static BigDecimal[] sinCos(BigDecimal x, int digits) {
        int magnitude = Math.max(0, x.precision() - x.scale());
        int extra = 0;
        while (true) {
            int work = digits + magnitude + extra + 15;
            MathContext mc = new MathContext(work);
            BigDecimal halfPi = pi(work).divide(BigDecimal.valueOf(2), mc);
            BigInteger k = x.divide(halfPi, mc).setScale(0, RoundingMode.HALF_EVEN).toBigIntegerExact();
            BigDecimal r = x.subtract(halfPi.multiply(new BigDecimal(k)), mc);
            // r lost about -log10|r| digits to cancellation: pay for them and reduce again
            int lost = r.signum() == 0 ? digits : Math.max(0, -(r.precision() - r.scale()));
            if (lost > extra + 2 && extra < 4 * digits) {
                extra = lost + 5;
                continue;
            }
            MathContext out = new MathContext(digits + 10);
            BigDecimal s = sinSeries(r, out);
            BigDecimal c = cosSeries(r, out);
            int q = k.mod(BigInteger.valueOf(4)).intValue();
            return switch (q) {
                case 0 -> new BigDecimal[] {s, c};
                case 1 -> new BigDecimal[] {c, s.negate()};
                case 2 -> new BigDecimal[] {s.negate(), c.negate()};
                default -> new BigDecimal[] {c.negate(), s};
            };
        }
    }

    private static BigDecimal sinSeries(BigDecimal r, MathContext mc) {
        BigDecimal r2 = r.multiply(r, mc);
        BigDecimal term = r;
        BigDecimal sum = r;
        BigDecimal eps = r.abs().scaleByPowerOfTen(-mc.getPrecision() - 2);
        for (int n = 1; term.abs().compareTo(eps) > 0; n++) {
            term = term.multiply(r2, mc).divide(BigDecimal.valueOf((2L * n) * (2L * n + 1)), mc).negate();
            sum = sum.add(term, mc);
        }
        return sum;
    }

    private static BigDecimal cosSeries(BigDecimal r, MathContext mc) {
        BigDecimal r2 = r.multiply(r, mc);
        BigDecimal term = BigDecimal.ONE;
        BigDecimal sum = BigDecimal.ONE;
        BigDecimal eps = BigDecimal.ONE.scaleByPowerOfTen(-mc.getPrecision() - 2);
        for (int n = 1; term.abs().compareTo(eps) > 0; n++) {
            term = term.multiply(r2, mc).divide(BigDecimal.valueOf((2L * n - 1) * (2L * n)), mc).negate();
            sum = sum.add(term, mc);
        }
        return sum;
    }

    /** atan(x): atan(x) = pi/2 - atan(1/x) above 1, three halvings atan(x) = 2 atan(x / (1 + sqrt(1 + x^2))), then the series. */
    static BigDecimal atan(BigDecimal x, int digits) {
        MathContext mc = new MathContext(digits + 10);
        if (x.signum() == 0) {
            return BigDecimal.ZERO;
        }
        if (x.abs().compareTo(BigDecimal.ONE) > 0) {
            BigDecimal halfPi = pi(digits + 10).divide(BigDecimal.valueOf(2), mc);
            BigDecimal inner = atan(BigDecimal.ONE.divide(x, mc), digits + 2);
            return (x.signum() > 0 ? halfPi : halfPi.negate()).subtract(inner, mc);
        }
        BigDecimal y = x;
        int halvings = 3;
        for (int i = 0; i < halvings; i++) {
            BigDecimal root = BigDecimal.ONE.add(y.multiply(y, mc)).sqrt(mc);
            y = y.divide(BigDecimal.ONE.add(root), mc);
        }
        BigDecimal y2 = y.multiply(y, mc);
        BigDecimal power = y;
        BigDecimal sum = y;
        BigDecimal eps = y.abs().scaleByPowerOfTen(-mc.getPrecision() - 2);
        for (int k = 1; power.abs().compareTo(eps) > 0; k++) {
            power = power.multiply(y2, mc).negate();
            sum = sum.add(power.divide(BigDecimal.valueOf(2L * k + 1), mc), mc);
        }
        return scaleByPowerOfTwo(sum, halvings);
    }

    /** erf(x) = 2/sqrt(pi) e^(-x^2) sum (2x^2)^n x / (2n+1)!!: every term positive, no cancellation. */
    static BigDecimal erf(BigDecimal x, int digits) {
        MathContext mc = new MathContext(digits + 10);
        BigDecimal x2 = x.multiply(x);
        BigDecimal twoX2 = x2.multiply(BigDecimal.valueOf(2));
        BigDecimal term = x;
        BigDecimal sum = x;
        BigDecimal eps = x.abs().scaleByPowerOfTen(-mc.getPrecision() - 2);
        for (int n = 1; term.abs().compareTo(eps) > 0 || n < 2 * x2.doubleValue(); n++) {
            term = term.multiply(twoX2, mc).divide(BigDecimal.valueOf(2L * n + 1), mc);
            sum = sum.add(term, mc);
        }
        BigDecimal factor = BigDecimal.valueOf(2).divide(pi(digits + 10).sqrt(mc), mc);
        return sum.multiply(factor, mc).multiply(exp(x2.negate(), digits + 5), mc);
    }

    // ------------------------------------------------------------------ the functions

    /**
     * {@code op} (a catalog function evaluated {@code ROUNDED}) of the arguments (each exactly a value of {@code format}), correctly rounded to
     * {@code format}; NaN where the function has no real value (the caller does not fold those).
     */
    public static double evaluate(LibdeviceFunction op, Format format, double... a) {
        double x = a[0];
        if (op == LibdeviceFunction.POW && (a[1] == 0 || x == 1)) {
            return 1.0; // C99 Annex F: even for a NaN other operand
        }
        for (double v : a) {
            if (Double.isNaN(v)) {
                return Double.NaN;
            }
        }
        return switch (op) {
            case SIN -> trig(x, format, 0);
            case COS -> trig(x, format, 1);
            case TAN -> trig(x, format, 2);
            case ASIN -> Math.abs(x) > 1 ? Double.NaN : x == 0 ? x
                    : round(format, d -> asin(exact(x), d));
            case ACOS -> Math.abs(x) > 1 ? Double.NaN : round(format, d -> acos(exact(x), d));
            case ATAN -> x == 0 ? x : Double.isInfinite(x) ? Math.copySign(round(format, d -> halfPi(d)), x)
                    : round(format, d -> atan(exact(x), d));
            case ATAN2 -> atan2(a[0], a[1], format);
            case SINH -> hyperbolic(op, x, format);
            case COSH -> hyperbolic(op, x, format);
            case TANH -> hyperbolic(op, x, format);
            case ASINH -> x == 0 || Double.isInfinite(x) ? x : round(format, d -> asinh(exact(x), d));
            case ACOSH -> x < 1 ? Double.NaN : x == 1 ? 0.0 : Double.isInfinite(x) ? x
                    : round(format, d -> acosh(exact(x), d));
            case ATANH -> Math.abs(x) > 1 ? Double.NaN : Math.abs(x) == 1 ? Math.copySign(Double.POSITIVE_INFINITY, x)
                    : x == 0 ? x : round(format, d -> atanh(exact(x), d));
            case EXP -> expOf(x, format, 0);
            case EXP2 -> expOf(x, format, 2);
            case EXPM1 -> x == 0 ? x : x == Double.NEGATIVE_INFINITY ? -1.0 : x > 1000 ? Double.POSITIVE_INFINITY
                    : x < -200 ? -1.0 : round(format, d -> expm1(exact(x), d + extraDigitsNearZero(x)));
            case LOG -> logOf(x, format, 0);
            case LOG2 -> logOf(x, format, 2);
            case LOG10 -> logOf(x, format, 10);
            case LOG1P -> x < -1 ? Double.NaN : x == -1 ? Double.NEGATIVE_INFINITY : x == 0 ? x
                    : Double.isInfinite(x) ? x : round(format, d -> log(BigDecimal.ONE.add(exact(x)), d));
            case POW -> pow(a[0], a[1], format);
            case CBRT -> x == 0 || Double.isInfinite(x) ? x : round(format, d -> cbrt(exact(x), d));
            case ERF -> x == 0 ? x : Math.abs(x) >= 6 ? Math.copySign(1.0, x) : round(format, d -> erf(exact(x), d));
            case ERFC -> erfc(x, format);
            default -> throw new IllegalArgumentException(op + " is not evaluated on the host (" + op.evaluation() + ")");
        };
    }

    /** The exact decimal value of a binary floating-point number. */
    static BigDecimal exact(double x) {
        return new BigDecimal(x);
    }

    private static BigDecimal halfPi(int digits) {
        return pi(digits + 5).divide(BigDecimal.valueOf(2), new MathContext(digits + 5));
    }

    /** 0 sin, 1 cos, 2 tan; zero and infinity handled as C's. */
    private static double trig(double x, Format format, int which) {
        if (Double.isInfinite(x)) {
            return Double.NaN;
        }
        if (x == 0) {
            return which == 1 ? 1.0 : x;
        }
        return round(format, d -> {
            BigDecimal[] sc = sinCos(exact(x), d);
            return which == 0 ? sc[0] : which == 1 ? sc[1] : sc[0].divide(sc[1], new MathContext(d + 10));
        });
    }

    private static BigDecimal asin(BigDecimal x, int digits) {
        MathContext mc = new MathContext(digits + 10);
        if (x.abs().compareTo(BigDecimal.ONE) == 0) {
            BigDecimal h = halfPi(digits + 10);
            return x.signum() > 0 ? h : h.negate();
        }
        // 1 - x^2 is exact: no cancellation near |x| = 1
        BigDecimal root = BigDecimal.ONE.subtract(x.multiply(x)).sqrt(mc);
        return atan(x.divide(root, mc), digits + 5);
    }

    /** acos(x) = 2 atan(sqrt((1 - x) / (1 + x))): exact differences, no cancellation near 1. */
    private static BigDecimal acos(BigDecimal x, int digits) {
        MathContext mc = new MathContext(digits + 10);
        if (x.compareTo(BigDecimal.ONE) == 0) {
            return null;
        }
        if (x.compareTo(BigDecimal.ONE.negate()) == 0) {
            return pi(digits + 10);
        }
        BigDecimal q = BigDecimal.ONE.subtract(x).divide(BigDecimal.ONE.add(x), mc).sqrt(mc);
        return atan(q, digits + 5).multiply(BigDecimal.valueOf(2));
    }

    /** C's atan2: quadrant from the signs, zeros and infinities as C99 Annex F. */
    private static double atan2(double y, double x, Format format) {
        if (Double.isInfinite(y) || Double.isInfinite(x)) {
            if (Double.isInfinite(y) && Double.isInfinite(x)) {
                double q = x > 0 ? round(format, d -> pi(d + 5).divide(BigDecimal.valueOf(4)))
                        : round(format, d -> pi(d + 5).multiply(BigDecimal.valueOf(3)).divide(BigDecimal.valueOf(4)));
                return Math.copySign(q, y);
            }
            if (Double.isInfinite(y)) {
                return Math.copySign(round(format, HostMath::halfPi), y);
            }
            return x > 0 ? Math.copySign(0.0, y) : Math.copySign(round(format, d -> pi(d + 5)), y);
        }
        if (y == 0) {
            boolean negativeX = x < 0 || x == 0 && 1 / x < 0;
            return negativeX ? Math.copySign(round(format, d -> pi(d + 5)), y) : y;
        }
        if (x == 0) {
            return Math.copySign(round(format, HostMath::halfPi), y);
        }
        return round(format, d -> {
            MathContext mc = new MathContext(d + 10);
            BigDecimal base = atan(exact(y).divide(exact(x), mc), d + 5);
            if (x > 0) {
                return base;
            }
            BigDecimal p = pi(d + 10);
            return y > 0 ? base.add(p, mc) : base.subtract(p, mc);
        });
    }

    /** Digits lost to cancellation in e^x - 1 and kin near 0. */
    private static int extraDigitsNearZero(double x) {
        return Math.abs(x) >= 1 ? 0 : (int) Math.ceil(-Math.log10(Math.abs(x))) + 2;
    }

    private static double hyperbolic(LibdeviceFunction op, double x, Format format) {
        if (Double.isInfinite(x)) {
            return op == LibdeviceFunction.COSH ? Double.POSITIVE_INFINITY : op == LibdeviceFunction.SINH ? x : Math.copySign(1.0, x);
        }
        if (x == 0) {
            return op == LibdeviceFunction.COSH ? 1.0 : x;
        }
        if (Math.abs(x) > 1000) {
            return op == LibdeviceFunction.TANH ? Math.copySign(1.0, x) : op == LibdeviceFunction.COSH ? Double.POSITIVE_INFINITY
                    : Math.copySign(Double.POSITIVE_INFINITY, x);
        }
        if (op == LibdeviceFunction.TANH && Math.abs(x) >= 40) {
            return Math.copySign(1.0, x); // 1 - tanh(40) is 3.6e-35, far below half an ulp of 1 in either format
        }
        return round(format, d -> {
            int work = d + extraDigitsNearZero(x);
            MathContext mc = new MathContext(work + 10);
            BigDecimal em1 = expm1(exact(x), work);                         // e^x - 1, no cancellation
            BigDecimal e = em1.add(BigDecimal.ONE);
            BigDecimal inv = BigDecimal.ONE.divide(e, mc);
            // sinh = (e^x - 1)(1 + e^-x)/2, cosh = (e^x + e^-x)/2, tanh = sinh/cosh
            BigDecimal sinh = em1.multiply(BigDecimal.ONE.add(inv), mc).divide(BigDecimal.valueOf(2), mc);
            BigDecimal cosh = e.add(inv, mc).divide(BigDecimal.valueOf(2), mc);
            return op == LibdeviceFunction.SINH ? sinh : op == LibdeviceFunction.COSH ? cosh : sinh.divide(cosh, mc);
        });
    }

    private static BigDecimal asinh(BigDecimal x, int digits) {
        int work = digits + Math.max(0, -(x.precision() - x.scale())) + 2;
        MathContext mc = new MathContext(work + 10);
        BigDecimal a = x.abs();
        BigDecimal v = log(a.add(a.multiply(a).add(BigDecimal.ONE).sqrt(mc)), work);
        return x.signum() < 0 ? v.negate() : v;
    }

    private static BigDecimal acosh(BigDecimal x, int digits) {
        // x^2 - 1 is exact; near 1 the logarithm's argument is 1 + sqrt(2(x-1)): pay for those digits
        BigDecimal t = x.subtract(BigDecimal.ONE);
        int lost = Math.max(0, -(t.precision() - t.scale())) / 2 + 2;
        int work = digits + lost;
        MathContext mc = new MathContext(work + 10);
        return log(x.add(x.multiply(x).subtract(BigDecimal.ONE).sqrt(mc)), work);
    }

    private static BigDecimal atanh(BigDecimal x, int digits) {
        int work = digits + Math.max(0, -(x.precision() - x.scale())) + 2;
        MathContext mc = new MathContext(work + 10);
        BigDecimal q = BigDecimal.ONE.add(x).divide(BigDecimal.ONE.subtract(x), mc);
        return log(q, work).divide(BigDecimal.valueOf(2), mc);
    }

    /** 0: e^x, 2: 2^x; overflow to infinity and underflow to zero as the format does. */
    private static double expOf(double x, Format format, int base) {
        if (x == 0) {
            return 1.0;
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? x : 0.0;
        }
        double limit = base == 2 ? 1100 : 760;
        if (x > limit) {
            return Double.POSITIVE_INFINITY;
        }
        if (x < -limit) {
            return 0.0;
        }
        if (base == 2 && x == Math.rint(x)) {
            return toFormat(scaleByPowerOfTwo(BigDecimal.ONE, (int) x), format); // exact, rounding subnormals once
        }
        return round(format, d -> base == 2 ? exp(exact(x).multiply(ln2(d + 10)), d) : exp(exact(x), d));
    }

    /** 0: ln, 2: log2, 10: log10. */
    private static double logOf(double x, Format format, int base) {
        if (x < 0) {
            return Double.NaN;
        }
        if (x == 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (Double.isInfinite(x)) {
            return x;
        }
        if (x == 1) {
            return 0.0;
        }
        return round(format, d -> {
            BigDecimal ln = log(exact(x), d + 5);
            MathContext mc = new MathContext(d + 10);
            return base == 0 ? ln : ln.divide(base == 2 ? ln2(d + 10) : ln10(d + 10), mc);
        });
    }

    private static BigDecimal cbrt(BigDecimal x, int digits) {
        MathContext mc = new MathContext(digits + 10);
        BigDecimal a = x.abs();
        // Newton on y^3 = a from the double estimate
        BigDecimal y = new BigDecimal(Math.cbrt(a.doubleValue()));
        if (y.signum() == 0 || Double.isInfinite(y.doubleValue())) {
            y = exp(log(a, digits + 5).divide(BigDecimal.valueOf(3), mc), digits + 5);
        }
        // each Newton step doubles the 15 correct digits of the estimate
        int steps = 2 + (int) Math.ceil(Math.log((digits + 10) / 15.0) / Math.log(2));
        for (int i = 0; i < steps; i++) {
            y = y.subtract(y.multiply(y).multiply(y).subtract(a).divide(y.multiply(y).multiply(BigDecimal.valueOf(3)), mc), mc);
        }
        return x.signum() < 0 ? y.negate() : y;
    }

    private static double erfc(double x, Format format) {
        if (Double.isInfinite(x)) {
            return x > 0 ? 0.0 : 2.0;
        }
        if (x <= -6) {
            return 2.0; // 2 - erfc(6) rounds to 2 in either format
        }
        if (x > 27.3) {
            return 0.0; // erfc(27.3) < 1e-325: below half the smallest subnormal
        }
        if (x < 0.5) {
            return round(format, d -> BigDecimal.ONE.subtract(erf(exact(x), d + 2)));
        }
        // 1 - erf(x) cancels about x^2 / ln 10 digits
        int lost = (int) Math.ceil(x * x / 2.302585092994046 + Math.log10(x * 1.7724538509055159)) + 3;
        return round(format, d -> BigDecimal.ONE.subtract(erf(exact(x), d + lost)));
    }

    // ------------------------------------------------------------------ pow

    /** C's pow: the special cases of C99 Annex F, integral exponents exactly, the rest as e^(y ln|x|). */
    private static double pow(double x, double y, Format format) {
        if (y == 0) {
            return 1.0;
        }
        if (x == 1) {
            return 1.0;
        }
        boolean yInteger = y == Math.rint(y) && !Double.isInfinite(y);
        boolean yOdd = yInteger && Math.abs(y) < 9.007199254740992E15 && ((long) y & 1) == 1;
        if (Double.isInfinite(y)) {
            double ax = Math.abs(x);
            if (ax == 1) {
                return 1.0;
            }
            return (ax > 1) == (y > 0) ? Double.POSITIVE_INFINITY : 0.0;
        }
        if (x == 0) {
            if (y < 0) {
                return yOdd ? Math.copySign(Double.POSITIVE_INFINITY, x) : Double.POSITIVE_INFINITY;
            }
            return yOdd ? x : 0.0;
        }
        if (Double.isInfinite(x)) {
            if (x > 0) {
                return y > 0 ? x : 0.0;
            }
            double mag = y > 0 ? Double.POSITIVE_INFINITY : 0.0;
            return yOdd ? -mag : mag;
        }
        if (x < 0 && !yInteger) {
            return Double.NaN;
        }
        double sign = x < 0 && yOdd ? -1 : 1;
        double ax = Math.abs(x);
        if (yInteger && Math.abs(y) <= 64) {
            return sign * powInteger(ax, (int) y, format);
        }
        int k = Math.getExponent(ax);
        boolean powerOfTwo = ax == Math.scalb(1.0, k) || ax < Double.MIN_NORMAL && Long.bitCount(Double.doubleToRawLongBits(ax)) == 1;
        if (powerOfTwo && yInteger && Math.abs(y) < 4096) {
            // (2^k)^y = 2^(ky) exactly, a tie at the bottom of the subnormals included
            int e = ax < Double.MIN_NORMAL ? -1074 + Long.numberOfTrailingZeros(Double.doubleToRawLongBits(ax)) : k;
            long ky = (long) e * (long) y;
            if (Math.abs(ky) < 2200) {
                return sign * toFormat(scaleByPowerOfTwo(BigDecimal.ONE, (int) ky), format);
            }
            return sign * (ky > 0 ? Double.POSITIVE_INFINITY : 0.0);
        }
        // |y ln x| beyond these limits over- or underflows in either format
        double estimate = y * Math.log(ax);
        if (estimate > 800) {
            return sign * Double.POSITIVE_INFINITY;
        }
        if (estimate < -800) {
            return sign * 0.0;
        }
        return sign * round(format, d -> {
            int extra = (int) Math.ceil(Math.log10(Math.abs(estimate) + 1)) + 2;
            BigDecimal ln = log(exact(ax), d + extra + 5);
            return exp(exact(y).multiply(ln), d + 2);
        });
    }

    /** x^n for |n| <= 64 and x > 0: a positive power is a dyadic number, rounded once and exactly. */
    private static double powInteger(double x, int n, Format format) {
        if (n > 0) {
            BigDecimal p = exact(x).pow(n);
            return toFormat(p, format);
        }
        BigDecimal denominator = exact(x).pow(-n);
        return round(format, d -> BigDecimal.ONE.divide(denominator, new MathContext(d + 10)));
    }
}

package org.nvlower.llvm.runtime;

import static org.nvlower.llvm.runtime.BodyBuilder.I128;
import static org.nvlower.llvm.runtime.BodyBuilder.bit128;
import static org.nvlower.llvm.runtime.BodyBuilder.i128;
import static org.nvlower.llvm.runtime.BodyBuilder.mask128;
import static org.nvlower.llvm.runtime.BodyBuilder.pow2;
import static org.nvlower.llvm.runtime.RuntimeLibrary.BIAS;
import static org.nvlower.llvm.runtime.RuntimeLibrary.F128_INF;
import static org.nvlower.llvm.runtime.RuntimeLibrary.F128_NAN;
import static org.nvlower.llvm.runtime.RuntimeLibrary.F128_ONE;
import static org.nvlower.llvm.runtime.RuntimeLibrary.exponent;
import static org.nvlower.llvm.runtime.RuntimeLibrary.isNaN;

import java.math.BigInteger;
import java.util.List;

import org.nvlower.llvm.ir.Value;
import org.nvlower.softfloat.QuadInverseReference;

/**
 * The quad math library's inverse functions (atanh, asinh, acosh, atan, asin, acos, atan2) in
 * {@link DoubleQuad} arithmetic, on log's parts ({@link QuadMathBodies}) and one shared atan of a
 * double-quad ({@code __nvl_f128_atan}). A result is hi after the last renormalization: correctly
 * rounded unless the true value lies closer to a rounding midpoint than the evaluation's error
 * (about 2^-200 relative; the tests compare with {@link QuadInverseReference}).
 */
final class QuadInverseBodies extends DoubleQuad {

    private final QuadMathBodies math;

    QuadInverseBodies(RuntimeLibrary lib, BodyBuilder b) {
        super(lib, b);
        this.math = new QuadMathBodies(lib, b);
    }

    /** Terms of atan's series at |z| <= 1/16: z^2n / (2n + 1) < 2^-232 from n = 29. */
    private static final int ATAN_TERMS = 30;

    /** Terms of asinh's series at |t| <= 1/8: (2n-1)!! / ((2n)!! (2n + 1)) t^2n < 2^-232 from n = 37. */
    private static final int ASINH_TERMS = 38;

    private static DQ piTimes(int num, int den) {
        return constant(parts(QuadInverseReference.pi(F).multiply(BigInteger.valueOf(num)).divide(BigInteger.valueOf(den)), 2));
    }

    private static DQ of(Value v) {
        return new DQ(v, i128(0));
    }

    private DQ twice(DQ v) {
        return new DQ(add(v.hi(), v.hi()), add(v.lo(), v.lo()));
    }

    private DQ minus(DQ x, DQ y) {
        return add(x, y.negate(b));
    }

    /** sqrt(a) for a positive double-quad: s = sqrt(hi) (a row), one Newton step s + (a - s^2) / 2s (a.hi - s^2's hi exact). */
    private DQ sqrt(DQ a) {
        Value s = lib.callRow(b, RuntimeFunction.SQRT_FP128, a.hi());
        DQ p = twoProd(s, s);
        Value r = add(sub(a.hi(), p.hi()), sub(a.lo(), p.lo()));
        return fastTwoSum(s, lib.callRow(b, RuntimeFunction.DIV_FP128, r, add(s, s)));
    }

    // ------------------------------------------------------------------ atan of a double-quad

    /**
     * {@code __nvl_f128_atan(hi, lo)}: atan t for a double-quad 0 <= t <= 2^121 (hi normal or
     * zero): u = t or 1/t (t > 1: pi/2 - atan(1/t)), c = k/8 with k = round(8u), z = (u - c) /
     * (1 + uc) (|z| <= 1/16), atan u = atan(c) (a table) + z sum (-1)^n z^2n / (2n + 1); k = 0
     * keeps u's relative precision (z = u exactly).
     */
    private DQ callAtan(DQ t) {
        org.nvlower.llvm.ir.Function fn = lib.helper("__nvl_f128_atan", PAIR, List.of(I128, I128), new String[] {"hi", "lo"}, hb -> {
            DQ y = new QuadInverseBodies(lib, hb).atanOf(new DQ(hb.arg(0), hb.arg(1)));
            hb.retBits(pack(hb, y.hi(), y.lo()));
        });
        Value v = b.call(fn, t.hi(), t.lo());
        return new DQ(b.extractValue(v, 0), b.extractValue(v, 1));
    }

    private DQ atanOf(DQ t) {
        Value flip = b.ugt(t.hi(), i128(F128_ONE));
        DQ inv = div(of(i128(F128_ONE)), t);
        DQ u = new DQ(b.select(flip, inv.hi(), t.hi()), b.select(flip, inv.lo(), t.lo()));
        Value kq = lib.callRow(b, RuntimeFunction.ROUNDEVEN_FP128, mul(u.hi(), pow2(3)));
        Value k = lib.callRow(b, RuntimeFunction.FP128_TO_INT32, kq);
        Value c = mul(kq, pow2(-3));
        DQ z = div(add(u, of(neg(c))), add(of(i128(F128_ONE)), mul(u, of(c))));
        DQ z2 = mul(z, z);
        DQ p = constant(parts(fixedOf(BigInteger.valueOf(ATAN_TERMS % 2 == 1 ? 1 : -1), BigInteger.valueOf(2L * ATAN_TERMS - 1)), 2));
        for (int n = ATAN_TERMS - 2; n >= 0; n--) {
            p = add(mul(p, z2), constant(parts(fixedOf(BigInteger.valueOf(n % 2 == 0 ? 1 : -1), BigInteger.valueOf(2L * n + 1)), 2)));
        }
        DQ s = mul(p, z);
        // atan(k/8) by a chain of selects (k = 0 .. 8)
        Value th = i128(0);
        Value tl = i128(0);
        for (int j = 1; j <= 8; j++) {
            DQ a = constant(parts(QuadInverseReference.atanOfEighths(j, F), 2));
            Value is = b.eq(k, BodyBuilder.i32(j));
            th = b.select(is, a.hi(), th);
            tl = b.select(is, a.lo(), tl);
        }
        DQ r = add(new DQ(th, tl), s);
        DQ flipped = minus(piTimes(1, 2), r);
        return new DQ(b.select(flip, flipped.hi(), r.hi()), b.select(flip, flipped.lo(), r.lo()));
    }

    // ------------------------------------------------------------------ atan, asin, acos, atan2

    /**
     * atan(x) = +-atan|x| ({@code __nvl_f128_atan}). NaN gives NaN, |x| < 2^-120 (zeros and
     * subnormals) x, |x| > 2^128 (infinities included) +-pi/2 rounded (pi/2 - 1/|x| rounds alike:
     * pi/2 lies farther than 2^-128 from a midpoint).
     */
    static void atan(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        QuadInverseBodies q = new QuadInverseBodies(lib, b);
        Value x = b.arg(0);
        Value abs = b.and(x, mask128(127));
        Value sign = b.and(x, bit128(127));
        b.returnIf(isNaN(b, x), i128(F128_NAN), "number");
        b.returnIf(b.ult(abs, QuadMathBodies.tinyBound()), x, "notTiny");
        b.returnIf(b.ugt(abs, pow2(128)), b.or(piTimes(1, 2).hi(), sign), "notFlat");
        b.retBits(b.or(q.callAtan(of(abs)).hi(), sign));
    }

    /**
     * asin(x) = +-asin|x|: |x| < 1/2 as atan(a / sqrt(1 - a^2)) (1 - a^2 from a two-product,
     * relative to a); else pi/2 - 2 atan(sqrt((1 - a) / (1 + a))) (1 - a exact, 1 + a a two-sum).
     * NaN and |x| > 1 give NaN, +-1 +-pi/2, |x| < 2^-120 x.
     */
    static void asin(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        QuadInverseBodies q = new QuadInverseBodies(lib, b);
        Value x = b.arg(0);
        Value abs = b.and(x, mask128(127));
        Value sign = b.and(x, bit128(127));
        Value one = i128(F128_ONE);
        b.returnIf(isNaN(b, x), i128(F128_NAN), "number");
        b.returnIf(b.ugt(abs, one), i128(F128_NAN), "inDomain");
        b.returnIf(b.eq(abs, one), b.or(piTimes(1, 2).hi(), sign), "notEnd");
        b.returnIf(b.ult(abs, QuadMathBodies.tinyBound()), x, "notTiny");
        b.returnIf(b.ult(abs, pow2(-1)), "small", () -> {
            DQ p = q.twoProd(abs, abs);
            DQ t = q.div(of(abs), q.sqrt(q.add(of(one), p.negate(b))));
            b.retBits(b.or(q.callAtan(t).hi(), sign));
        });
        DQ t = q.sqrt(q.div(of(q.sub(one, abs)), q.twoSum(one, abs)));
        b.retBits(b.or(q.minus(piTimes(1, 2), q.twice(q.callAtan(t))).hi(), sign));
    }

    /**
     * acos(x) = 2 atan(sqrt((1 - x) / (1 + x))), 1 -+ x two-sums (exact); x near 1 keeps the
     * result's relative precision, x near -1 gives pi - 2 atan(sqrt((1 + x) / (1 - x))) inside
     * atan's inversion. NaN and |x| > 1 give NaN, 1 +0, -1 pi.
     */
    static void acos(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        QuadInverseBodies q = new QuadInverseBodies(lib, b);
        Value x = b.arg(0);
        Value abs = b.and(x, mask128(127));
        Value one = i128(F128_ONE);
        b.returnIf(isNaN(b, x), i128(F128_NAN), "number");
        b.returnIf(b.ugt(abs, one), i128(F128_NAN), "inDomain");
        b.returnIf(b.eq(x, one), i128(0), "notOne");
        b.returnIf(b.eq(abs, one), piTimes(1, 1).hi(), "notMinusOne");
        DQ t = q.sqrt(q.div(q.twoSum(one, q.neg(x)), q.twoSum(one, x)));
        b.retBits(q.twice(q.callAtan(t)).hi());
    }

    /**
     * atan2(y, x): C23 F.10.1.4's special cases first (NaN; y = +-0: +-0 or +-pi by x's sign bit;
     * y = +-inf: +-pi/4, +-3pi/4 or +-pi/2; x = +-0: +-pi/2; x = +inf: +-0; x = -inf: +-pi); then
     * r = |y| / |x| (a row): r > 2^120 gives +-pi/2, r < 2^-120 gives y / x (x > 0: atan r rounds as
     * r does) or +-pi; else t = |y| / |x| in double-quad (both scaled by |x|'s binade first, so
     * nothing underflows), atan t or pi - atan t, with y's sign.
     */
    static void atan2(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        QuadInverseBodies q = new QuadInverseBodies(lib, b);
        Value y = b.arg(0);
        Value x = b.arg(1);
        Value ay = b.and(y, mask128(127));
        Value ax = b.and(x, mask128(127));
        Value sign = b.and(y, bit128(127));
        Value xNegative = b.slt(x, i128(0));
        Value inf = i128(F128_INF);
        Value zero = i128(0);
        Value pi = b.or(piTimes(1, 1).hi(), sign);
        Value piHalf = b.or(piTimes(1, 2).hi(), sign);
        b.returnIf(b.or(isNaN(b, x), isNaN(b, y)), i128(F128_NAN), "numbers");
        b.returnIf(b.eq(ay, zero), b.select(xNegative, pi, y), "yNonzero");
        Value corner = b.select(b.eq(ax, inf), b.select(xNegative, piTimes(3, 4).hi(), piTimes(1, 4).hi()), piTimes(1, 2).hi());
        b.returnIf(b.eq(ay, inf), b.or(corner, sign), "yFinite");
        b.returnIf(b.eq(ax, zero), piHalf, "xNonzero");
        b.returnIf(b.eq(ax, inf), b.select(xNegative, pi, sign), "xFinite");
        Value r = lib.callRow(b, RuntimeFunction.DIV_FP128, ay, ax);
        b.returnIf(b.ugt(r, pow2(120)), piHalf, "notSteep");
        b.returnIf(b.and(xNegative, b.ult(r, pow2(-120))), pi, "notFlat");
        b.returnIf(b.ult(r, pow2(-120)), "flat", () -> b.retBits(b.or(q.tinyQuotient(ay, ax), sign)));
        Value k = b.sub(BodyBuilder.i32(BIAS), exponent(b, ax));
        Value sy = lib.callRow(b, RuntimeFunction.LDEXP_FP128, ay, k);
        Value sx = lib.callRow(b, RuntimeFunction.LDEXP_FP128, ax, k);
        DQ v = q.callAtan(q.div(of(sy), of(sx)));
        DQ w = q.minus(piTimes(1, 1), v);
        b.retBits(b.or(b.select(xNegative, w.hi(), v.hi()), sign));
    }

    /**
     * atan(a / c) for a / c < 2^-120 (a, c positive finite), rounded once, subnormal results
     * included: atan t = t (1 - t^2/3 ...) lies within 2^-240 (relative) below t, and t is either
     * a binary128, or a rounding midpoint of the subnormal grid, or farther than 2^-226 from both,
     * so the result is t's rounding with an exact t taken as slightly less. a and c scaled to
     * [1, 2) exactly, t = a / c a double-quad (its low part exact zero when the quotient is), lo = 0
     * replaced by -hi 2^-200, then scaled by 2^(ea - ec) with one rounding (exp's scaling, which
     * decides a subnormal result by exact comparisons of lo against half a quantum).
     */
    private Value tinyQuotient(Value a, Value c) {
        Value na = b.call(lib.normSig(), a);
        Value nc = b.call(lib.normSig(), c);
        Value ea = b.extractValue(na, 0);
        Value ec = b.extractValue(nc, 0);
        Value sa = lib.callRow(b, RuntimeFunction.LDEXP_FP128, a, b.sub(BodyBuilder.i32(BIAS), ea));
        Value sc = lib.callRow(b, RuntimeFunction.LDEXP_FP128, c, b.sub(BodyBuilder.i32(BIAS), ec));
        DQ t = div(of(sa), of(sc));
        Value lo = b.select(b.eq(b.and(t.lo(), mask128(127)), i128(0)), neg(mul(t.hi(), pow2(-200))), t.lo());
        return math.scaled(new DQ(t.hi(), lo), b.sub(ea, ec));
    }

    // ------------------------------------------------------------------ atanh, asinh, acosh

    /**
     * atanh(x) = +-atanh|x|: |x| < 1/8 as log's 2 atanh(a) / 2 (its series, relative to a); else
     * log(u) / 2, u = (1 + a) / (1 - a) in double-quad (1 +- a two-sums), log of the double-quad as
     * log1p's parts. NaN and |x| > 1 give NaN, +-1 +-inf, |x| < 2^-120 x.
     */
    static void atanh(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        QuadInverseBodies q = new QuadInverseBodies(lib, b);
        Value x = b.arg(0);
        Value abs = b.and(x, mask128(127));
        Value sign = b.and(x, bit128(127));
        Value one = i128(F128_ONE);
        b.returnIf(isNaN(b, x), i128(F128_NAN), "number");
        b.returnIf(b.ugt(abs, one), i128(F128_NAN), "inDomain");
        b.returnIf(b.eq(abs, one), b.or(i128(F128_INF), sign), "notPole");
        b.returnIf(b.ult(abs, QuadMathBodies.tinyBound()), x, "notTiny");
        b.returnIf(b.ult(abs, pow2(-3)), "small", () -> b.retBits(b.or(q.halve(q.math.twiceAtanh(of(abs)).hi()), sign)));
        DQ u = q.div(q.twoSum(one, abs), q.twoSum(one, q.neg(abs)));
        b.retBits(b.or(q.halve(q.math.callLogOfSum(u).hi()), sign));
    }

    /**
     * {@code __nvl_f128_asinhSeries(hi, lo)}: asinh t for a double-quad |t| <= 1/8, t sum
     * (-1)^n (2n-1)!! / ((2n)!! (2n + 1)) t^2n by Horner (relative to t).
     */
    private DQ callAsinhSeries(DQ t) {
        org.nvlower.llvm.ir.Function fn = lib.helper("__nvl_f128_asinhSeries", PAIR, List.of(I128, I128), new String[] {"hi", "lo"}, hb -> {
            QuadInverseBodies q = new QuadInverseBodies(lib, hb);
            DQ z = new DQ(hb.arg(0), hb.arg(1));
            DQ z2 = q.mul(z, z);
            DQ p = constant(parts(asinhCoefficient(ASINH_TERMS - 1), 2));
            for (int n = ASINH_TERMS - 2; n >= 0; n--) {
                p = q.add(q.mul(p, z2), constant(parts(asinhCoefficient(n), 2)));
            }
            DQ y = q.mul(p, z);
            hb.retBits(pack(hb, y.hi(), y.lo()));
        });
        Value v = b.call(fn, t.hi(), t.lo());
        return new DQ(b.extractValue(v, 0), b.extractValue(v, 1));
    }

    /** (-1)^n (2n-1)!! / ((2n)!! (2n + 1)) * 2^F. */
    private static BigInteger asinhCoefficient(int n) {
        BigInteger num = BigInteger.ONE;
        BigInteger den = BigInteger.valueOf(2L * n + 1);
        for (int i = 1; i <= n; i++) {
            num = num.multiply(BigInteger.valueOf(2L * i - 1));
            den = den.multiply(BigInteger.valueOf(2L * i));
        }
        BigInteger c = fixedOf(num, den);
        return n % 2 == 0 ? c : c.negate();
    }

    /** log(a) + ln 2 for a > 2^100 (asinh, acosh: the 1/(4a^2) beyond is below 2^-200 of it), by log's parts. */
    private DQ logTwice(Value a) {
        DQ[] parts = math.callLogParts(a);
        return add(add(parts[1], parts[2]), constant(ln2(2)));
    }

    /** log(a + sqrt(a^2 + c)) for c = +-1 and a two-product a^2 (no cancellation: a >= 1/8 with c = 1, a >= 1 + 1/32 with c = -1). */
    private DQ logSumWithRoot(Value a, int c) {
        DQ p = twoProd(a, a);
        DQ root = sqrt(add(p, of(bitsOf(c))));
        return math.callLogOfSum(add(of(a), root));
    }

    /**
     * asinh(x) = +-asinh|x|: |x| < 1/8 by its series ({@code __nvl_f128_asinhSeries}, relative);
     * |x| > 2^100 log|x| + ln 2; else log(a + sqrt(a^2 + 1)) in double-quad. NaN gives NaN,
     * |x| < 2^-120 x, +-inf +-inf.
     */
    static void asinh(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        QuadInverseBodies q = new QuadInverseBodies(lib, b);
        Value x = b.arg(0);
        Value abs = b.and(x, mask128(127));
        Value sign = b.and(x, bit128(127));
        b.returnIf(isNaN(b, x), i128(F128_NAN), "number");
        b.returnIf(b.ult(abs, QuadMathBodies.tinyBound()), x, "notTiny");
        b.returnIf(b.eq(abs, i128(F128_INF)), x, "finite");
        b.returnIf(b.ult(abs, pow2(-3)), "small", () -> b.retBits(b.or(q.callAsinhSeries(of(abs)).hi(), sign)));
        b.returnIf(b.ugt(abs, pow2(100)), "large", () -> b.retBits(b.or(q.logTwice(abs).hi(), sign)));
        b.retBits(b.or(q.logSumWithRoot(abs, 1).hi(), sign));
    }

    /**
     * acosh(x): x < 1 + 1/32 as 2 asinh(sqrt((x - 1) / 2)) (x - 1 exact; the series keeps the
     * small result's relative precision); x > 2^100 log x + ln 2; else log(x + sqrt(x^2 - 1)) in
     * double-quad. NaN and x < 1 (-0 and -inf included) give NaN, 1 +0, +inf +inf.
     */
    static void acosh(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        QuadInverseBodies q = new QuadInverseBodies(lib, b);
        Value x = b.arg(0);
        Value one = i128(F128_ONE);
        b.returnIf(isNaN(b, x), i128(F128_NAN), "number");
        b.returnIf(b.slt(x, one), i128(F128_NAN), "inDomain"); // negatives are below any positive as signed bits
        b.returnIf(b.eq(x, one), i128(0), "notOne");
        b.returnIf(b.eq(x, i128(F128_INF)), x, "finite");
        Value nearOne = i128(BigInteger.valueOf(BIAS).shiftLeft(112).or(BigInteger.ONE.shiftLeft(107))); // 1 + 1/32
        b.returnIf(b.ult(x, nearOne), "small", () -> {
            DQ t = q.sqrt(of(q.halve(q.sub(x, one))));
            b.retBits(q.twice(q.callAsinhSeries(t)).hi());
        });
        b.returnIf(b.ugt(x, pow2(100)), "large", () -> b.retBits(q.logTwice(x).hi()));
        b.retBits(q.logSumWithRoot(x, -1).hi());
    }
}

package org.nvlower.llvm.runtime;

import static org.nvlower.llvm.runtime.BodyBuilder.I128;
import static org.nvlower.llvm.runtime.BodyBuilder.bit128;
import static org.nvlower.llvm.runtime.BodyBuilder.i128;
import static org.nvlower.llvm.runtime.BodyBuilder.i32;
import static org.nvlower.llvm.runtime.BodyBuilder.mask128;
import static org.nvlower.llvm.runtime.BodyBuilder.pow2;
import static org.nvlower.llvm.runtime.RuntimeLibrary.BIAS;
import static org.nvlower.llvm.runtime.RuntimeLibrary.F128_INF;
import static org.nvlower.llvm.runtime.RuntimeLibrary.F128_NAN;
import static org.nvlower.llvm.runtime.RuntimeLibrary.F128_ONE;
import static org.nvlower.llvm.runtime.RuntimeLibrary.exponent;
import static org.nvlower.llvm.runtime.RuntimeLibrary.isNaN;

import java.math.BigInteger;

import org.nvlower.llvm.ir.Value;
import org.nvlower.softfloat.F128Libm;
import org.nvlower.softfloat.QuadReference;

/**
 * The quad math library's exponential, logarithmic and hyperbolic bodies, in {@link DoubleQuad}
 * arithmetic. A result is hi after the last renormalization, so it is correctly rounded unless the
 * true value lies closer to a rounding midpoint than the evaluation's error (about 2^-200
 * relative: the probability is near 2^-87 per operand; the tests compare with
 * {@link QuadReference}).
 */
final class QuadMathBodies extends DoubleQuad {

    QuadMathBodies(RuntimeLibrary lib, BodyBuilder b) {
        super(lib, b);
    }

    // ------------------------------------------------------------------ exp

    /** The Taylor coefficients 1/n! as double-quads, n = 1 .. {@link #TERMS}. */
    private static final int TERMS = 18;

    /**
     * exp(x): k = round(x / ln 2) and r = x - k ln 2 in double-quad (ln 2 in three parts, k ln 2
     * by two-products); s = r / 256; expm1(s) by Horner on s * sum s^(n-1)/n! (18 terms, |s| <
     * 2^-9.5); eight squarings of 1 + e as e' = 2e + e^2 (the small part keeps its relative
     * precision); 1 + e renormalized; then 2^k: exact by ldexp for a normal result, and for a
     * subnormal one ldexp's rounding of hi corrected by lo against half a quantum (the
     * comparisons exact). NaN gives NaN, -inf +0, +inf and x > 11400 +inf, x < -11500 +0,
     * |x| < 2^-120 gives 1.
     */
    static void exp(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        new QuadMathBodies(lib, b).exp();
    }

    private void exp() {
        Value x = b.arg(0);
        expSpecials(x, i128(F128_ONE), 11400, 11500, i128(0));
        Reduced red = reduce(x, null);
        b.retBits(scaled(onePlus(callExpm1Reduced(red.r)), red.k));
    }

    /** t = k ln 2 + r: k as binary128 and i32, r as a double-quad. */
    record Reduced(Value kq, Value k, DQ r) {
    }

    /**
     * k = round(t / ln 2) and r = t - k ln 2 for t = hi + lo (lo null: 0), |t| <= 11500: ln 2 in
     * three binary128 parts, k ln 2 by two-products; hi - k ln2_hi is exact (the two within a
     * factor of two, or k = 0).
     */
    Reduced reduce(Value hi, Value lo) {
        Value[] ln2 = ln2(3);
        Value invLn2 = parts(fixedOf(BigInteger.ONE.shiftLeft(F), QuadReference.ln2(F)), 1)[0];
        Value kq = lib.callRow(b, RuntimeFunction.ROUNDEVEN_FP128, mul(hi, invLn2));
        Value k = lib.callRow(b, RuntimeFunction.FP128_TO_INT32, kq);
        DQ p1 = twoProd(kq, ln2[0]);
        Value r1 = sub(hi, p1.hi());
        DQ r = twoSum(r1, neg(p1.lo()));
        DQ p2 = twoProd(kq, ln2[1]);
        r = add(r, new DQ(neg(p2.hi()), neg(p2.lo())));
        Value rest = sub(r.lo(), mul(kq, ln2[2]));
        r = fastTwoSum(r.hi(), lo == null ? rest : add(rest, lo));
        return new Reduced(kq, k, r);
    }

    /** 1 + e renormalized (e = expm1 of a reduced argument, |e| < 0.42). */
    DQ onePlus(DQ e) {
        DQ one = twoSum(i128(F128_ONE), e.hi());
        return fastTwoSum(one.hi(), add(one.lo(), e.lo()));
    }

    // ------------------------------------------------------------------ shared helpers (internal functions)

    /**
     * {@code __nvl_f128_expm1Reduced(rhi, rlo)}: e^r - 1 as a double-quad {hi, lo}, relative to
     * itself however small r is (exp, exp2, exp10, expm1 and pow share it).
     */
    DQ callExpm1Reduced(DQ r) {
        org.nvlower.llvm.ir.Function fn = lib.helper("__nvl_f128_expm1Reduced", PAIR, java.util.List.of(I128, I128),
                new String[] {"hi", "lo"}, hb -> {
                    DQ y = new QuadMathBodies(lib, hb).expm1OfReduced(new DQ(hb.arg(0), hb.arg(1)));
                    hb.retBits(pack(hb, y.hi(), y.lo()));
                });
        Value v = b.call(fn, r.hi(), r.lo());
        return new DQ(b.extractValue(v, 0), b.extractValue(v, 1));
    }

    /** {@code __nvl_f128_scale(hi, lo, k)}: (hi + lo) * 2^k rounded once. */
    Value scaled(DQ y, Value k) {
        org.nvlower.llvm.ir.Function fn = lib.helper("__nvl_f128_scale", I128, java.util.List.of(I128, I128, BodyBuilder.I32),
                new String[] {"hi", "lo", "k"}, hb -> new QuadMathBodies(lib, hb).retScaled(new DQ(hb.arg(0), hb.arg(1)), hb.arg(2)));
        return b.call(fn, y.hi(), y.lo(), k);
    }

    /**
     * exp2(x): k = round(x) (exact), r = (x - k) ln 2 in double-quad (x - k exact, |x - k| <= 1/2),
     * then exp's evaluation of e^r and its scaling by 2^k. An integer x gives 2^k exactly. NaN
     * gives NaN, -inf +0, +inf and x > 16400 +inf, x < -16600 +0, |x| < 2^-120 gives 1.
     */
    static void exp2(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        new QuadMathBodies(lib, b).exp2();
    }

    private void exp2() {
        Value x = b.arg(0);
        expSpecials(x, i128(F128_ONE), 16400, 16600, i128(0));
        Value kq = lib.callRow(b, RuntimeFunction.ROUNDEVEN_FP128, x);
        Value k = lib.callRow(b, RuntimeFunction.FP128_TO_INT32, kq);
        Value frac = sub(x, kq); // exact
        Value[] ln2 = ln2(2);
        DQ p = twoProd(frac, ln2[0]);
        b.retBits(scaled(onePlus(callExpm1Reduced(fastTwoSum(p.hi(), add(p.lo(), mul(frac, ln2[1]))))), k));
    }

    /**
     * e^r - 1 for |r| <= ln 2 / 2 (+ a rounding) as a double-quad: s = r / 256, expm1(s) by
     * Horner, eight squarings of 1 + e as e' = 2e + e^2 (e keeps its relative precision).
     */
    private DQ expm1OfReduced(DQ r) {
        // s = r / 256 (exact)
        Value scale = pow2(-8);
        DQ s = new DQ(mul(r.hi(), scale), mul(r.lo(), scale));
        // expm1(s) = s * P(s), P = sum s^(n-1)/n!
        DQ p = constant(parts(fixedOf(BigInteger.ONE, factorial(TERMS)), 2));
        for (int n = TERMS - 1; n >= 1; n--) {
            p = add(mul(p, s), constant(parts(fixedOf(BigInteger.ONE, factorial(n)), 2)));
        }
        DQ e = mul(p, s);
        for (int i = 0; i < 8; i++) {
            e = add(mul(e, e), new DQ(add(e.hi(), e.hi()), add(e.lo(), e.lo())));
        }
        return e;
    }

    /** Returns y * 2^k rounded once: ldexp for a normal result; for a subnormal one ldexp's rounding of hi corrected by lo. */
    private void retScaled(DQ y, Value k) {
        Value scaled = lib.callRow(b, RuntimeFunction.LDEXP_FP128, y.hi(), k);
        // normal: ldexp is exact
        b.returnIf(b.sge(b.add(exponent(b, y.hi()), k), i32(1)), scaled, "subnormal");
        // subnormal: d = hi - scaled / 2^k exactly; the true value is scaled + 2^k (d + lo)
        Value back = lib.callRow(b, RuntimeFunction.LDEXP_FP128, scaled, b.sub(i32(0), k));
        Value d = sub(y.hi(), back);
        Value halfQuantum = b.shl(b.zext(b.sub(i32(-112), k), I128), i128(112)); // 2^(-16495 - k)
        Value minusLo = neg(y.lo());
        Value odd = b.ne(b.and(scaled, i128(1)), i128(0));
        Value relUp = b.call(lib.relation(), sub(d, halfQuantum), minusLo);
        Value relDown = b.call(lib.relation(), add(d, halfQuantum), minusLo);
        Value up = b.or(b.eq(relUp, i32(4)), b.and(b.eq(relUp, i32(2)), odd));
        Value down = b.or(b.eq(relDown, i32(1)), b.and(b.eq(relDown, i32(2)), odd));
        Value adjusted = b.sub(b.add(scaled, b.zext(up, I128)), b.zext(down, I128));
        b.retBits(adjusted);
    }

    // ------------------------------------------------------------------ log

    /** atanh(z) / z = sum z^(2i) / (2i + 1): terms while z^(2i) / (2i + 1) >= 2^-230 at |z| <= 0.1716. */
    private static final int ATANH_TERMS = 45;

    /**
     * log(x): x = y * 2^n with y in [sqrt(1/2), sqrt(2)) (from x's significand); log y =
     * 2 atanh(z), z = (y - 1) / (y + 1) by double-quad division (y - 1 exact), the series by
     * Horner in z^2 (45 terms); n ln 2 by two-products with ln 2 in three parts; the sum
     * renormalized. NaN and x < 0 give NaN, +-0 -inf, +inf +inf, 1 +0.
     */
    static void log(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        new QuadMathBodies(lib, b).log();
    }

    private void log() {
        DQ[] parts = logParts();
        b.retBits(add(parts[1], parts[2]).hi());
    }

    /** log2(x) = n + log(y) / ln 2 (n exact: a power of two gives n exactly); the rest as log. */
    static void log2(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        QuadMathBodies q = new QuadMathBodies(lib, b);
        DQ[] parts = q.logParts();
        DQ invLn2 = constant(parts(fixedOf(BigInteger.ONE.shiftLeft(F), QuadReference.ln2(F)), 2));
        b.retBits(q.add(parts[0], q.mul(parts[2], invLn2)).hi());
    }

    /** log10(x) = log(x) / ln 10 (10^k gives k: the evaluation's error is far below half an ulp of k). */
    static void log10(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        QuadMathBodies q = new QuadMathBodies(lib, b);
        DQ[] parts = q.logParts();
        DQ invLn10 = constant(parts(fixedOf(BigInteger.ONE.shiftLeft(F), QuadReference.ln10(F)), 2));
        b.retBits(q.mul(q.add(parts[1], parts[2]), invLn10).hi());
    }

    /**
     * The special cases of log, log2 and log10 (returned), then for a positive finite x other
     * than 1: {n, n ln 2, log y} as double-quads (n exact, its lo +0), x = y * 2^n.
     */
    private DQ[] logParts() {
        Value x0 = b.arg(0);
        Value abs0 = b.and(x0, mask128(127));
        b.returnIf(isNaN(b, x0), i128(F128_NAN), "number");
        b.returnIf(b.eq(abs0, i128(0)), i128(F128_INF.setBit(127)), "nonzero");
        b.returnIf(b.slt(x0, i128(0)), i128(F128_NAN), "positive");
        b.returnIf(b.eq(abs0, i128(F128_INF)), x0, "finite");
        b.returnIf(b.eq(x0, i128(F128_ONE)), i128(0), "notOne");
        return callLogParts(x0);
    }

    /** {@code __nvl_f128_logParts(x)} for a positive finite x: {n, n ln 2, log y} (log, log2, log10, pow). */
    DQ[] callLogParts(Value x0) {
        org.nvlower.llvm.ir.Function fn = lib.helper("__nvl_f128_logParts", org.nvlower.llvm.ir.StructType.of(I128, I128, I128, I128, I128),
                java.util.List.of(I128), new String[] {"x"}, hb -> {
                    DQ[] p = new QuadMathBodies(lib, hb).logPartsOf(hb.arg(0));
                    hb.retBits(pack(hb, p[0].hi(), p[1].hi(), p[1].lo(), p[2].hi(), p[2].lo()));
                });
        Value v = b.call(fn, x0);
        return new DQ[] {new DQ(b.extractValue(v, 0), i128(0)), new DQ(b.extractValue(v, 1), b.extractValue(v, 2)),
            new DQ(b.extractValue(v, 3), b.extractValue(v, 4))};
    }

    /** {n, n ln 2, log y} for a positive finite x other than 1 (the body of __nvl_f128_logParts). */
    private DQ[] logPartsOf(Value x) {
        Value norm = b.call(lib.normSig(), x);
        Value field = b.extractValue(norm, 0);
        Value sig = b.extractValue(norm, 1);
        BigInteger sqrt2 = BigInteger.TWO.shiftLeft(224).sqrt(); // floor(sqrt(2) 2^112)
        Value halve = b.ugt(sig, i128(sqrt2));
        Value yBits = b.or(b.and(sig, mask128(112)),
                b.select(halve, pow2(-1), i128(F128_ONE)));
        Value n = b.add(b.sub(field, i32(BIAS)), b.zext(halve, BodyBuilder.I32));
        Value one = i128(F128_ONE);
        DQ z = div(new DQ(sub(yBits, one), i128(0)), twoSum(yBits, one));
        Value nq = lib.callRow(b, RuntimeFunction.INT32_TO_FP128, n);
        return new DQ[] {new DQ(nq, i128(0)), timesLn2(nq), twiceAtanh(z)};
    }

    /** 2 atanh(z) for |z| <= 0.1716 (+ a rounding): z * 2 sum z^(2i) / (2i + 1) by Horner in z^2. */
    DQ twiceAtanh(DQ z) {
        DQ z2 = mul(z, z);
        DQ p = constant(parts(fixedOf(BigInteger.ONE, BigInteger.valueOf(2L * ATANH_TERMS - 1)), 2));
        for (int i = ATANH_TERMS - 2; i >= 0; i--) {
            p = add(mul(p, z2), constant(parts(fixedOf(BigInteger.ONE, BigInteger.valueOf(2L * i + 1)), 2)));
        }
        DQ t = mul(p, z);
        return new DQ(add(t.hi(), t.hi()), add(t.lo(), t.lo()));
    }

    /** n ln 2 for an integer n (binary128) by two-products with ln 2 in three parts. */
    private DQ timesLn2(Value nq) {
        Value[] ln2 = ln2(3);
        DQ p1 = twoProd(nq, ln2[0]);
        DQ p2 = twoProd(nq, ln2[1]);
        return add(p1, new DQ(p2.hi(), add(p2.lo(), mul(nq, ln2[2]))));
    }

    // ------------------------------------------------------------------ expm1, exp10, log1p

    static Value tinyBound() {
        return pow2(-120);
    }

    /**
     * The exp family's special cases, returned before any evaluation: NaN gives NaN, |x| < 2^-120
     * (zeros and subnormals included) gives tiny, x > over (+inf included) +inf, x < -under (-inf
     * included) low.
     */
    private void expSpecials(Value x, Value tiny, int over, int under, Value low) {
        Value abs = b.and(x, mask128(127));
        b.returnIf(isNaN(b, x), i128(F128_NAN), "number");
        b.returnIf(b.ult(abs, tinyBound()), tiny, "notTiny");
        b.returnIf(b.sgt(x, bitsOf(over)), i128(F128_INF), "notOver"); // signed: negatives never
        b.returnIf(b.and(b.slt(x, i128(0)), b.ugt(abs, b.and(bitsOf(-under), mask128(127)))), low, "inRange");
    }

    /**
     * expm1(x): exp's reduction x = k ln 2 + r and e = e^r - 1 (relative to itself); k = 0 gives e
     * (so a small x keeps its precision); else 2^k ((1 + e) - 2^-k) in double-quad, scaled once.
     * NaN gives NaN, |x| < 2^-120 (zeros and subnormals included) x, x > 11400 +inf, x < -128 -1.
     */
    static void expm1(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        QuadMathBodies q = new QuadMathBodies(lib, b);
        Value x = b.arg(0);
        q.expSpecials(x, x, 11400, 128, bitsOf(-1));
        Reduced red = q.reduce(x, null);
        DQ e = q.callExpm1Reduced(red.r);
        b.returnIf(b.eq(red.k, i32(0)), e.hi(), "scaledUp");
        Value minusPow = q.neg(lib.callRow(b, RuntimeFunction.LDEXP_FP128, i128(F128_ONE), b.sub(i32(0), red.k)));
        b.retBits(q.scaled(q.add(q.onePlus(e), new DQ(minusPow, i128(0))), red.k));
    }

    /**
     * exp10(x) = e^t, t = x ln 10 in double-quad (ln 10 in two parts, by a two-product), then exp's
     * reduction and scaling; 10^k (k = 0..48) is exact (the evaluation within 2^-200 of it). NaN
     * gives NaN, -inf +0, +inf and x > 4940 +inf, x < -5000 +0, |x| < 2^-120 1.
     */
    static void exp10(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        QuadMathBodies q = new QuadMathBodies(lib, b);
        Value x = b.arg(0);
        q.expSpecials(x, i128(F128_ONE), 4940, 5000, i128(0));
        Value[] ln10 = parts(QuadReference.ln10(F), 2);
        DQ p = q.twoProd(x, ln10[0]);
        DQ t = q.fastTwoSum(p.hi(), q.add(p.lo(), q.mul(x, ln10[1])));
        Reduced red = q.reduce(t.hi(), t.lo());
        b.retBits(q.scaled(q.onePlus(q.callExpm1Reduced(red.r)), red.k));
    }

    /**
     * log1p(x): u = 1 + x exactly as a double-quad (two-sum), u = y 2^n with y in [sqrt(1/2),
     * sqrt(2)) from u's high part, z = (y - 1) / (y + 1) in double-quad (for n = 0, y - 1 is x
     * exactly, so a small x keeps its precision), then log's series and n ln 2. NaN and x < -1 give
     * NaN, |x| < 2^-120 x, -1 -inf, +inf +inf.
     */
    static void log1p(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        QuadMathBodies q = new QuadMathBodies(lib, b);
        Value x = b.arg(0);
        Value abs = b.and(x, mask128(127));
        Value minusOne = bitsOf(-1);
        b.returnIf(isNaN(b, x), i128(F128_NAN), "number");
        b.returnIf(b.ult(abs, tinyBound()), x, "notTiny");
        b.returnIf(b.eq(x, minusOne), i128(F128_INF.setBit(127)), "notPole");
        b.returnIf(b.and(b.slt(x, i128(0)), b.ugt(abs, i128(F128_ONE))), i128(F128_NAN), "inDomain");
        b.returnIf(b.eq(x, i128(F128_INF)), x, "finite");
        b.retBits(q.callLogOfSum(q.twoSum(i128(F128_ONE), x)).hi());
    }

    /** log u for a positive double-quad u (normal, finite) through {@code __nvl_f128_log1pParts}: n ln 2 + log y. */
    DQ callLogOfSum(DQ u) {
        org.nvlower.llvm.ir.Function fn = lib.helper("__nvl_f128_log1pParts", org.nvlower.llvm.ir.StructType.of(I128, I128, I128, I128),
                java.util.List.of(I128, I128), new String[] {"hi", "lo"}, hb -> {
                    DQ[] p = new QuadMathBodies(lib, hb).logPartsOfSum(new DQ(hb.arg(0), hb.arg(1)));
                    hb.retBits(pack(hb, p[0].hi(), p[0].lo(), p[1].hi(), p[1].lo()));
                });
        Value v = b.call(fn, u.hi(), u.lo());
        DQ nLn2 = new DQ(b.extractValue(v, 0), b.extractValue(v, 1));
        DQ logY = new DQ(b.extractValue(v, 2), b.extractValue(v, 3));
        return add(nLn2, logY);
    }

    /** {n ln 2, log y} for a positive double-quad u = y 2^n (the body of __nvl_f128_log1pParts). */
    private DQ[] logPartsOfSum(DQ u) {
        Value norm = b.call(lib.normSig(), u.hi());
        Value field = b.extractValue(norm, 0);
        Value sig = b.extractValue(norm, 1);
        BigInteger sqrt2 = BigInteger.TWO.shiftLeft(224).sqrt();
        Value halve = b.ugt(sig, i128(sqrt2));
        Value yHi = b.or(b.and(sig, mask128(112)),
                b.select(halve, pow2(-1), i128(F128_ONE)));
        Value n = b.add(b.sub(field, i32(BIAS)), b.zext(halve, BodyBuilder.I32));
        DQ y = new DQ(yHi, lib.callRow(b, RuntimeFunction.LDEXP_FP128, u.lo(), b.sub(i32(0), n)));
        DQ z = div(add(y, new DQ(bitsOf(-1), i128(0))), add(y, new DQ(i128(F128_ONE), i128(0))));
        Value nq = lib.callRow(b, RuntimeFunction.INT32_TO_FP128, n);
        return new DQ[] {timesLn2(nq), twiceAtanh(z)};
    }

    // ------------------------------------------------------------------ sinh, cosh, tanh

    /** y (1 + e) 2^k for the reduction t = k ln 2 + r, e = e^r - 1: e^t as a double-quad. */
    private DQ scaledOnePlus(DQ e, Value k) {
        DQ one = onePlus(e);
        return new DQ(lib.callRow(b, RuntimeFunction.LDEXP_FP128, one.hi(), k),
                lib.callRow(b, RuntimeFunction.LDEXP_FP128, one.lo(), k));
    }

    /**
     * E = e^t - 1 relative to itself for the reduction t = k ln 2 + r, e = e^r - 1 (t >= 2^-120,
     * moderate): e itself when k = 0 (no cancellation for a small t), else 2^k (1 + e) - 1.
     */
    private DQ expm1Whole(Reduced red, DQ e) {
        DQ big = add(scaledOnePlus(e, red.k), new DQ(bitsOf(-1), i128(0)));
        Value small = b.eq(red.k, i32(0));
        return new DQ(b.select(small, e.hi(), big.hi()), b.select(small, e.lo(), big.lo()));
    }

    /**
     * sinh(x) = +-E (E + 2) / (2 (E + 1)), E = expm1(|x|) relative to itself (no cancellation for a
     * small x); |x| > 100 gives +-e^|x| / 2 (e^-|x| is below 2^-288 of it), scaled once. NaN gives NaN,
     * |x| < 2^-120 x, |x| > 11400 (inf included) +-inf.
     */
    static void sinh(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        QuadMathBodies q = new QuadMathBodies(lib, b);
        Value x = b.arg(0);
        Value abs = b.and(x, mask128(127));
        Value sign = b.and(x, bit128(127));
        b.returnIf(isNaN(b, x), i128(F128_NAN), "number");
        b.returnIf(b.ult(abs, tinyBound()), x, "notTiny");
        b.returnIf(b.ugt(abs, bitsOf(11400)), b.or(i128(F128_INF), sign), "notOver");
        Reduced red = q.reduce(abs, null);
        DQ e = q.callExpm1Reduced(red.r);
        b.returnIf(b.ugt(abs, bitsOf(100)), b.or(q.scaled(q.onePlus(e), b.sub(red.k, i32(1))), sign), "moderate");
        DQ m1 = q.expm1Whole(red, e);
        DQ r = q.div(q.mul(m1, q.add(m1, new DQ(bitsOf(2), i128(0)))), q.add(m1, new DQ(i128(F128_ONE), i128(0))));
        b.retBits(b.or(q.halve(r.hi()), sign));
    }

    /**
     * cosh(x): |x| < 1 as 1 + C, C = cosh x - 1 = E^2 / (2 (E + 1)) with E = expm1(|x|), both
     * relative to themselves, and 1 + C rounded once knowing C's tail ({@link #roundedSum}: at
     * x = +-2^-56, 1 + x^2/2 is a tie that x^4/24 decides); else (y + 1/y) / 2, y = e^|x| in
     * double-quad (no cancellation); |x| > 100 gives e^|x| / 2 scaled once. NaN gives NaN,
     * |x| < 2^-120 1, |x| > 11400 +inf.
     */
    static void cosh(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        QuadMathBodies q = new QuadMathBodies(lib, b);
        Value x = b.arg(0);
        Value abs = b.and(x, mask128(127));
        b.returnIf(isNaN(b, x), i128(F128_NAN), "number");
        b.returnIf(b.ult(abs, tinyBound()), i128(F128_ONE), "notTiny");
        b.returnIf(b.ugt(abs, bitsOf(11400)), i128(F128_INF), "notOver");
        Reduced red = q.reduce(abs, null);
        DQ e = q.callExpm1Reduced(red.r);
        b.returnIf(b.ugt(abs, bitsOf(100)), q.scaled(q.onePlus(e), b.sub(red.k, i32(1))), "moderate");
        b.returnIf(b.ult(abs, i128(F128_ONE)), "nearOne", () -> {
            DQ m1 = q.expm1Whole(red, e);
            DQ c = q.div(q.mul(m1, m1), q.add(m1, new DQ(i128(F128_ONE), i128(0))));
            b.retBits(q.roundedSum(i128(F128_ONE), new DQ(q.halve(c.hi()), q.halve(c.lo()))));
        });
        DQ y = q.scaledOnePlus(e, red.k);
        DQ r = q.add(y, q.div(new DQ(i128(F128_ONE), i128(0)), y));
        b.retBits(q.halve(r.hi()));
    }

    /**
     * tanh(x) = +-E / (E + 2), E = expm1(2|x|) relative to itself. NaN gives NaN, |x| < 2^-120 x,
     * |x| > 64 (inf included) +-1 (1 - tanh < 2^-184 there).
     */
    static void tanh(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        QuadMathBodies q = new QuadMathBodies(lib, b);
        Value x = b.arg(0);
        Value abs = b.and(x, mask128(127));
        Value sign = b.and(x, bit128(127));
        b.returnIf(isNaN(b, x), i128(F128_NAN), "number");
        b.returnIf(b.ult(abs, tinyBound()), x, "notTiny");
        b.returnIf(b.ugt(abs, bitsOf(64)), b.or(i128(F128_ONE), sign), "notFlat");
        Reduced red = q.reduce(q.add(abs, abs), null);
        DQ m1 = q.expm1Whole(red, q.callExpm1Reduced(red.r));
        DQ r = q.div(m1, q.add(m1, new DQ(bitsOf(2), i128(0))));
        b.retBits(b.or(r.hi(), sign));
    }

    // ------------------------------------------------------------------ pow

    /**
     * pow(x, y) = +-e^t, t = y log|x| in double-quad (log's parts, then a two-product), then
     * exp's reduction and scaling; the sign is x's when y is an odd integer. The special cases of
     * C23 F.10.4.5 first: y = +-0 or x = +1 give 1 (even with a NaN); NaN; y = +-inf by |x|
     * against 1; x = +-0 or +-inf by y's sign and oddness; x < 0 with a non-integer y NaN; |x| = 1
     * +-1; y = 1, 1/2, -1 and 2 by the rows x, sqrt, 1/x and x * x (correctly rounded). t > 11400
     * gives +-inf, t < -11500 +-0. Elsewhere the result is correctly rounded unless the true value
     * lies within about 2^-220 (relative) of a rounding midpoint, where it may be the other
     * neighbour (1 ulp): an exact midpoint (y a small integer or n / 2^k with x a perfect power),
     * or x near a power of two with y = -1/2 or 3/2, whose results lie 2^-225 from one.
     */
    static void pow(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        QuadMathBodies q = new QuadMathBodies(lib, b);
        Value x = b.arg(0);
        Value y = b.arg(1);
        Value ax = b.and(x, mask128(127));
        Value ay = b.and(y, mask128(127));
        Value one = i128(F128_ONE);
        Value inf = i128(F128_INF);
        Value zero = i128(0);
        b.returnIf(b.or(b.eq(ay, zero), b.eq(x, one)), one, "notOne");
        b.returnIf(b.or(isNaN(b, x), isNaN(b, y)), i128(F128_NAN), "numbers");
        Value yNegative = b.slt(y, zero);
        Value yInteger = b.eq(lib.callRow(b, RuntimeFunction.TRUNC_FP128, y), y); // infinities too
        Value half = q.mul(y, pow2(-1));
        Value yOdd = b.and(yInteger, b.ne(lib.callRow(b, RuntimeFunction.TRUNC_FP128, half), half));
        Value sign = b.select(b.and(b.slt(x, zero), yOdd), bit128(127), zero);
        Value unit = b.eq(ax, one);
        b.returnIf(b.eq(ay, inf), b.select(unit, one, b.select(b.xor(b.ult(ax, one), yNegative), zero, inf)), "yFinite");
        Value xZero = b.eq(ax, zero);
        b.returnIf(b.or(xZero, b.eq(ax, inf)), b.or(b.select(b.xor(xZero, yNegative), zero, inf), sign), "xFinite");
        b.returnIf(b.and(b.slt(x, zero), b.xor(yInteger, BodyBuilder.i1(true))), i128(F128_NAN), "real");
        b.returnIf(unit, b.or(one, sign), "notUnit");
        // the exponents with a correctly rounded row: the double-quad cannot round their nearest-midpoint cases
        b.returnIf(b.eq(y, one), x, "notIdentity");
        b.returnIf(b.eq(y, pow2(-1)), lib.callRow(b, RuntimeFunction.SQRT_FP128, x), "notRoot");
        b.returnIf(b.eq(y, bitsOf(-1)), lib.callRow(b, RuntimeFunction.DIV_FP128, one, x), "notReciprocal");
        b.returnIf(b.eq(y, bitsOf(2)), q.mul(x, x), "notSquare");
        DQ[] parts = q.callLogParts(ax);
        DQ log = q.add(parts[1], parts[2]);
        DQ p = q.twoProd(y, log.hi());
        b.returnIf(b.sgt(p.hi(), bitsOf(11400)), b.or(inf, sign), "notOver");
        b.returnIf(b.and(b.slt(p.hi(), zero), b.ugt(b.and(p.hi(), mask128(127)), b.and(bitsOf(-11500), mask128(127)))), sign,
                "inRange");
        DQ t = q.fastTwoSum(p.hi(), q.add(p.lo(), q.mul(y, log.lo())));
        Reduced red = q.reduce(t.hi(), t.lo());
        b.retBits(b.or(q.scaled(q.onePlus(q.callExpm1Reduced(red.r)), red.k), sign));
    }

    /** e^t rounded once for a double-quad t, |t| <= 11400 (tgamma's e^lgamma): exp's reduction, e^r - 1 and scaling. */
    Value expOf(DQ t) {
        Reduced red = reduce(t.hi(), t.lo());
        return scaled(onePlus(callExpm1Reduced(red.r)), red.k);
    }
}

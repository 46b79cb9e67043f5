package org.nvlower.llvm.runtime;

import static org.nvlower.llvm.runtime.BodyBuilder.I128;
import static org.nvlower.llvm.runtime.BodyBuilder.I32;
import static org.nvlower.llvm.runtime.BodyBuilder.I64;
import static org.nvlower.llvm.runtime.BodyBuilder.bit128;
import static org.nvlower.llvm.runtime.BodyBuilder.i128;
import static org.nvlower.llvm.runtime.BodyBuilder.i32;
import static org.nvlower.llvm.runtime.BodyBuilder.i64;
import static org.nvlower.llvm.runtime.BodyBuilder.mask128;
import static org.nvlower.llvm.runtime.BodyBuilder.pow2;
import static org.nvlower.llvm.runtime.RuntimeLibrary.BIAS;
import static org.nvlower.llvm.runtime.RuntimeLibrary.F128_NAN;
import static org.nvlower.llvm.runtime.RuntimeLibrary.F128_ONE;
import static org.nvlower.llvm.runtime.RuntimeLibrary.isNaN;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import org.nvlower.llvm.ir.ArrayType;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantAggregate;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.GlobalVariable;
import org.nvlower.llvm.ir.Linkage;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.StructType;
import org.nvlower.llvm.ir.Value;
import org.nvlower.softfloat.QuadErfReference;
import org.nvlower.softfloat.QuadInverseReference;

/**
 * The quad math library's erf and erfc, in {@link DoubleQuad} arithmetic.
 *
 * <ul>
 * <li>|x| < 1/2: erf x = x P(x^2), P(z) = (2/sqrt(pi)) sum (-1)^n z^n / (n! (2n + 1)) (40 terms,
 * Horner in double-quad, the terms below 2^-115 in binary128); |x| < 2^-60 (subnormals included):
 * (2/sqrt(pi)) x (1 - x^2/3) with x scaled up by 2^16000 and the product scaled back once (a
 * subnormal result rounded once). erfc = 1 -+ erf as a double-quad sum.
 * <li>|x| >= 1/2: erfc|x| = e^(-x^2) erfcx|x|: x^2 = s + r exactly (two-product), e^(-s - r) by
 * exp's reduction of the double-quad (the cancellation in the exponent kept exact); erfcx (= e^(x^2)
 * erfc x, smooth and slowly varying) by its Taylor expansion at the midpoint c of one of 123
 * intervals (16 per binade of [1/2, 107), chosen by x's exponent and first four fraction bits:
 * t = x - c exact, |t| <= c / 33, 48 terms, those below 2^-115 in binary128). The table is
 * computed when the body is built: erfcx(c) from {@link QuadErfReference#erfcx} at 300 + c^2/10
 * bits, then at 384 bits more the forward recurrence a_(n+1) = (2c a_n + 2 a_(n-1)) / (n + 1), a_1 = 2c a_0 -
 * 2/sqrt(pi) (it amplifies a_0's error by at most e^(c^2/16) over an interval); each coefficient
 * split into two binary128s; a tail above 2^-236 fails the build. erfc x for x > 0 is that product
 * times 2^k scaled once (subnormal results near x = 106.9 rounded once), erf = 1 - erfc, erfc(-x) =
 * 2 - erfc x (rounded once).
 * </ul>
 *
 * <p>Annex F: NaN gives NaN; erf(+-0) = +-0, erf(+-inf) = +-1 (|x| >= 10: +-1, erfc(10) < 2^-147);
 * erfc(+inf) = +0 (x >= 107: +0), erfc(x <= -10) = 2 (-inf included), |x| < 2^-116 gives erfc 1.
 */
final class QuadErfBodies extends DoubleQuad {

    QuadErfBodies(RuntimeLibrary lib, BodyBuilder b) {
        super(lib, b);
    }

    /** Intervals of erfcx's table: 16 per binade of [1/2, 128), those from 107 on (x >= 107 = 64 * (1 + 10.75/16)) unused. */
    private static final int INTERVALS = 123;
    /** Taylor terms per interval; those from {@link #DQ_TERMS} on are below 2^-115 of the sum. */
    private static final int TERMS = 48;
    private static final int DQ_TERMS = 24;
    /** erf's series terms at |x| < 1/2 (the 41st below 2^-236), double-quad below {@link #SMALL_DQ}. */
    private static final int SMALL_TERMS = 40;
    private static final int SMALL_DQ = 22;
    private static final int TINY_SCALE = 16000;

    // ------------------------------------------------------------------ the rows

    /** erf(x). */
    static void erf(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        new QuadErfBodies(lib, b).erf();
    }

    /** erfc(x). */
    static void erfc(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        new QuadErfBodies(lib, b).erfc();
    }

    private void erf() {
        Value x = b.arg(0);
        Value abs = b.and(x, mask128(127));
        Value sign = b.and(x, bit128(127));
        b.returnIf(isNaN(b, x), i128(F128_NAN), "number");
        b.returnIf(b.uge(abs, bitsOf(10)), b.or(i128(F128_ONE), sign), "notFlat");
        b.returnIf(b.eq(abs, i128(0)), x, "nonzero");
        b.returnIf(b.ult(abs, pow2(-60)), "tiny", () -> b.retBits(b.or(tinyErf(abs), sign)));
        b.returnIf(b.ult(abs, pow2(-1)), "small", () -> b.retBits(b.or(callSmall(abs).hi(), sign)));
        DQ c = erfcOf(abs);
        b.retBits(b.or(roundedSum(i128(F128_ONE), c.negate(b)), sign));
    }

    private void erfc() {
        Value x = b.arg(0);
        Value abs = b.and(x, mask128(127));
        Value negative = b.slt(x, i128(0));
        b.returnIf(isNaN(b, x), i128(F128_NAN), "number");
        b.returnIf(b.sge(x, bitsOf(107)), i128(0), "notUnder"); // signed: +inf too, negatives never
        b.returnIf(b.and(negative, b.uge(abs, bitsOf(10))), bitsOf(2), "notTwo");
        b.returnIf(b.ult(abs, pow2(-116)), i128(F128_ONE), "notTiny");
        b.returnIf(b.ult(abs, pow2(-1)), "small", () -> {
            DQ e = callSmall(abs); // 1 - erf x for x > 0, 1 + erf|x| for x < 0
            Value flip = b.select(negative, i128(0), bit128(127));
            // a plain double-quad sum: 1 - erf x falls below erf x's binade for x > 0.4769, where
            // roundedSum's lattice argument fails (erfc has no structural ties to keep)
            b.retBits(add(new DQ(i128(F128_ONE), i128(0)), new DQ(b.xor(e.hi(), flip), b.xor(e.lo(), flip))).hi());
        });
        Value v = b.call(erfcParts(), abs);
        DQ y = new DQ(b.extractValue(v, 0), b.extractValue(v, 1));
        Value k = lib.callRow(b, RuntimeFunction.FP128_TO_INT32, b.extractValue(v, 2));
        QuadMathBodies m = new QuadMathBodies(lib, b);
        b.returnIf(b.xor(negative, BodyBuilder.i1(true)), m.scaled(y, k), "negative");
        DQ c = new DQ(lib.callRow(b, RuntimeFunction.LDEXP_FP128, y.hi(), k), lib.callRow(b, RuntimeFunction.LDEXP_FP128, y.lo(), k));
        b.retBits(roundedSum(bitsOf(2), c.negate(b)));
    }

    // ------------------------------------------------------------------ small |x|

    /** (2/sqrt(pi)) x (1 - x^2/3) for 0 < x < 2^-60, x scaled by 2^16000 so that its products are exact, then back once. */
    private Value tinyErf(Value abs) {
        Value y = lib.callRow(b, RuntimeFunction.LDEXP_FP128, abs, i32(TINY_SCALE));
        Value[] c = parts(twoOverSqrtPi(), 2);
        DQ p = twoProd(y, c[0]);
        p = fastTwoSum(p.hi(), add(p.lo(), mul(y, c[1])));
        Value third = parts(fixedOf(BigInteger.ONE.negate(), BigInteger.valueOf(3)), 1)[0];
        Value corr = mul(p.hi(), mul(mul(abs, abs), third));
        p = fastTwoSum(p.hi(), add(p.lo(), corr));
        return new QuadMathBodies(lib, b).scaled(p, i32(-TINY_SCALE));
    }

    /** 2/sqrt(pi) at {@link DoubleQuad#F} fraction bits. */
    private static BigInteger twoOverSqrtPi() {
        return BigInteger.ONE.shiftLeft(2 * F + 1).divide(QuadInverseReference.pi(F).shiftLeft(F).sqrt());
    }

    /** {@code __nvl_f128_erfSmall(x)}: erf x as a double-quad for 2^-116 <= x < 1/2. */
    private DQ callSmall(Value abs) {
        Function fn = lib.helper("__nvl_f128_erfSmall", PAIR, List.of(I128), new String[] {"x"}, hb -> {
            DQ y = new QuadErfBodies(lib, hb).small(hb.arg(0));
            hb.retBits(pack(hb, y.hi(), y.lo()));
        });
        Value v = b.call(fn, abs);
        return new DQ(b.extractValue(v, 0), b.extractValue(v, 1));
    }

    private DQ small(Value x) {
        DQ z = twoProd(x, x);
        BigInteger c = twoOverSqrtPi();
        BigInteger[] coef = new BigInteger[SMALL_TERMS];
        BigInteger fact = BigInteger.ONE;
        for (int n = 0; n < SMALL_TERMS; n++) {
            fact = n == 0 ? BigInteger.ONE : fact.multiply(BigInteger.valueOf(n));
            BigInteger v = c.divide(fact.multiply(BigInteger.valueOf(2L * n + 1)));
            coef[n] = n % 2 == 0 ? v : v.negate();
        }
        Value p = parts(coef[SMALL_TERMS - 1], 1)[0];
        for (int n = SMALL_TERMS - 2; n >= SMALL_DQ; n--) {
            p = add(mul(p, z.hi()), parts(coef[n], 1)[0]);
        }
        DQ q = new DQ(p, i128(0));
        for (int n = SMALL_DQ - 1; n >= 0; n--) {
            q = add(mul(q, z), constant(parts(coef[n], 2)));
        }
        return times(q, x);
    }

    /** A double-quad times a binary128. */
    private DQ times(DQ q, Value t) {
        DQ p = twoProd(q.hi(), t);
        return fastTwoSum(p.hi(), add(p.lo(), mul(q.lo(), t)));
    }

    // ------------------------------------------------------------------ |x| >= 1/2

    /** erfc|x| as a double-quad, for 1/2 <= |x| < 10. */
    private DQ erfcOf(Value abs) {
        Value v = b.call(erfcParts(), abs);
        Value k = lib.callRow(b, RuntimeFunction.FP128_TO_INT32, b.extractValue(v, 2));
        return new DQ(lib.callRow(b, RuntimeFunction.LDEXP_FP128, b.extractValue(v, 0), k),
                lib.callRow(b, RuntimeFunction.LDEXP_FP128, b.extractValue(v, 1), k));
    }

    /** {@code __nvl_f128_erfcParts(x)}: {y.hi, y.lo, k} with erfc x = y 2^k, for 1/2 <= x < 107 (k as binary128). */
    private Function erfcParts() {
        return lib.helper("__nvl_f128_erfcParts", StructType.of(I128, I128, I128), List.of(I128), new String[] {"x"}, hb -> {
            QuadErfBodies q = new QuadErfBodies(lib, hb);
            QuadMathBodies m = new QuadMathBodies(lib, hb);
            Value x = hb.arg(0);
            Value r = hb.call(q.erfcx(), x);
            DQ sq = q.twoProd(x, x);
            QuadMathBodies.Reduced red = m.reduce(q.neg(sq.hi()), q.neg(sq.lo()));
            DQ y = q.mul(m.onePlus(m.callExpm1Reduced(red.r())), new DQ(hb.extractValue(r, 0), hb.extractValue(r, 1)));
            hb.retBits(pack(hb, y.hi(), y.lo(), red.kq()));
        });
    }

    /** {@code __nvl_f128_erfcx(x)}: e^(x^2) erfc x as a double-quad for 1/2 <= x < 128, from the interval's Taylor terms. */
    private Function erfcx() {
        return lib.helper("__nvl_f128_erfcx", PAIR, List.of(I128), new String[] {"x"}, hb -> {
            QuadErfBodies q = new QuadErfBodies(lib, hb);
            Value x = hb.arg(0);
            Value field = hb.trunc(hb.lshr(x, i128(112)), I32);
            Value top = hb.trunc(hb.and(hb.lshr(x, i128(108)), i128(15)), I32);
            Value j = hb.add(hb.shl(hb.sub(field, i32(BIAS - 1)), i32(4)), top);
            Value base = hb.mul(j, i32(TERMS));
            Value c = hb.or(hb.and(x, BodyBuilder.constant(org.nvlower.llvm.ir.IntegerType.I128,
                    BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE.shiftLeft(108)))), bit128(107));
            Value t = q.sub(x, c); // exact (Sterbenz)
            Function coef = q.coefficients();
            Value p = hb.extractValue(hb.call(coef, hb.add(base, i32(TERMS - 1))), 0);
            for (int n = TERMS - 2; n >= DQ_TERMS; n--) {
                p = q.add(q.mul(p, t), hb.extractValue(hb.call(coef, hb.add(base, i32(n))), 0));
            }
            DQ s = new DQ(p, i128(0));
            for (int n = DQ_TERMS - 1; n >= 0; n--) {
                Value a = hb.call(coef, hb.add(base, i32(n)));
                s = q.add(q.times(s, t), new DQ(hb.extractValue(a, 0), hb.extractValue(a, 1)));
            }
            hb.retBits(pack(hb, s.hi(), s.lo()));
        });
    }

    /**
     * {@code __nvl_f128_erfcxTerm(48 j + n)}: the Taylor coefficient a_n of interval j as {hi, lo},
     * read from two constant arrays (a switch of 5,904 cases was 3.7 MB of PTX that ptxas -O3 did
     * not finish).
     */
    private Function coefficients() {
        return lib.helper("__nvl_f128_erfcxTerm", PAIR, List.of(I32), new String[] {"k"}, hb -> {
            Value k = hb.zext(hb.arg(0), I64);
            Value hi = hb.load(I128, hb.inBoundsGep(TABLE_TYPE, table(hb, "__nvl_f128_erfcxHi", 0), List.of(i64(0), k)));
            Value lo = hb.load(I128, hb.inBoundsGep(TABLE_TYPE, table(hb, "__nvl_f128_erfcxLo", 1), List.of(i64(0), k)));
            hb.retBits(pack(hb, hi, lo));
        });
    }

    private static final ArrayType TABLE_TYPE = new ArrayType((long) INTERVALS * TERMS, I128);

    /** The internal constant array of the coefficients' {@code part} (0: hi, 1: lo), element 48 j + n. */
    private static GlobalVariable table(BodyBuilder hb, String name, int part) {
        Module m = hb.module();
        if (m.global(name) instanceof GlobalVariable g) {
            return g;
        }
        List<Constant> elements = new ArrayList<>(INTERVALS * TERMS);
        for (BigInteger[][] interval : Table.TERMS_OF) {
            for (BigInteger[] term : interval) {
                elements.add((Constant) i128(term[part]));
            }
        }
        GlobalVariable g = m.addGlobalVariable(name, TABLE_TYPE, true, new ConstantAggregate(TABLE_TYPE, elements),
                Linkage.INTERNAL, 0);
        return g;
    }

    /** erfcx's Taylor coefficients, computed once. */
    static final class Table {
        static final BigInteger[][][] TERMS_OF = build();

        private static BigInteger[][][] build() {
            BigInteger[][][] t = new BigInteger[INTERVALS][][];
            for (int j = 0; j < INTERVALS; j++) {
                t[j] = interval(j);
            }
            return t;
        }

        /** Interval j: c = 2^e (1 + (2s + 1)/32), e = j/16 - 1, s = j mod 16; {hi, lo} bits per term. */
        static BigInteger[][] interval(int j) {
            int e = j / 16 - 1;
            BigInteger mc = BigInteger.valueOf(33 + 2L * (j % 16)); // c = mc 2^(e - 5)
            double c = mc.doubleValue() * Math.pow(2, e - 5);
            // a_0's error grows by e^(2ch + h^2) <= e^(c^2/16) over the interval: p bits cover it;
            // the recurrence runs at w bits, the last terms being near c^-48 a_0
            int p = 300 + (int) Math.ceil(c * c / 10);
            int w = p + 8 * TERMS;
            int extra = 8;
            BigInteger[] a = new BigInteger[TERMS + extra];
            a[0] = QuadErfReference.erfcx(mc, e - 5, p).shiftLeft(w - p);
            BigInteger twoOverSqrtPi = BigInteger.ONE.shiftLeft(2 * w + 1).divide(QuadInverseReference.pi(w).shiftLeft(w).sqrt());
            a[1] = twiceC(a[0], mc, e).subtract(twoOverSqrtPi);
            for (int n = 1; n + 1 < a.length; n++) {
                a[n + 1] = twiceC(a[n], mc, e).add(a[n - 1].shiftLeft(1)).divide(BigInteger.valueOf(n + 1));
            }
            // the tail beyond the table, at |t| = 2^(e - 5): below 2^-236 of a_0
            BigInteger tail = BigInteger.ZERO;
            for (int n = TERMS; n < a.length; n++) {
                tail = tail.add(a[n].abs().shiftRight(n * (5 - e))); // a negative shift multiplies
            }
            if (tail.shiftLeft(236).compareTo(a[0]) > 0) {
                throw new IllegalStateException("erfcx's Taylor tail too large in interval " + j);
            }
            BigInteger[][] out = new BigInteger[TERMS][];
            for (int n = 0; n < TERMS; n++) {
                BigInteger[] s = split(a[n], w);
                out[n] = new BigInteger[] {s[0], n < DQ_TERMS ? split(s[1], w)[0] : BigInteger.ZERO};
            }
            return out;
        }

        /** 2c v for c = mc 2^(e - 5). */
        private static BigInteger twiceC(BigInteger v, BigInteger mc, int e) {
            BigInteger p = v.multiply(mc);
            return e - 4 >= 0 ? p.shiftLeft(e - 4) : p.shiftRight(4 - e);
        }
    }
}

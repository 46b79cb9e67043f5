package org.nvlower.softfloat;

import static org.nvlower.softfloat.QuadWords.q;
import static org.nvlower.softfloat.QuadWords.d;
import static org.nvlower.softfloat.QuadWords.bits;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;

import org.junit.jupiter.api.Test;

/**
 * QuadReference against sources that do not share its code: Python's decimal module at 150
 * digits (the vectors in src/test/resources/quadmath, made by bench/quad-math/decimal-vectors.py),
 * Java's StrictMath (fdlibm, within one ulp) at double precision, softfloat's correctly rounded
 * square root (exp2(1/2)), exact cases and the special values of C Annex F.
 */
class QuadReferenceTest {

    @Test
    void equalsPythonsDecimalOnItsVectors() throws Exception {
        int n = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                QuadReferenceTest.class.getResourceAsStream("/quadmath/decimal-vectors.txt"), StandardCharsets.US_ASCII))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String[] f = line.split(" ");
                QuadReference.Function fn = QuadReference.Function.valueOf(f[0].toUpperCase());
                long[] x = bits(f[1]);
                long[] ops = fn.arity() == 1 ? x : new long[] {x[0], x[1], bits(f[2])[0], bits(f[2])[1]};
                assertArrayEquals(bits(f[f.length - 1]), fn.apply(ops), line);
                n++;
            }
        }
        assertEquals(1800, n);
    }

    private static void closeToStrictMath(QuadReference.Function fn, DoubleUnaryOperator strict, double lo, double hi) {
        closeToStrictMath(fn, strict, lo, hi, 1);
    }

    /** Within {@code ulps} double ulps of StrictMath (fdlibm: exp, log within 1 ulp; sinh, cosh, tanh within 2: 2 ulps off at tanh(-0.4081180596726455), sinh(0.46884787710523423), where Python decimal agrees with this reference). */
    private static void closeToStrictMath(QuadReference.Function fn, DoubleUnaryOperator strict, double lo, double hi, int ulps) {
        SplittableRandom rnd = new SplittableRandom(fn.ordinal());
        for (int i = 0; i < 300; i++) {
            double x = lo + (hi - lo) * rnd.nextDouble();
            double got = d(fn.apply(q(x)[0], q(x)[1]));
            double want = strict.applyAsDouble(x);
            assertTrue(Math.abs(got - want) <= ulps * Math.ulp(want), fn + "(" + x + ") = " + got + ", StrictMath " + want);
        }
    }

    @Test
    void agreesWithStrictMathAtDoublePrecision() {
        closeToStrictMath(QuadReference.Function.EXP, StrictMath::exp, -700, 700);
        closeToStrictMath(QuadReference.Function.EXP2, x -> StrictMath.pow(2, x), -1000, 1000);
        closeToStrictMath(QuadReference.Function.EXPM1, StrictMath::expm1, -3, 3);
        closeToStrictMath(QuadReference.Function.LOG, StrictMath::log, 1e-300, 1e300);
        closeToStrictMath(QuadReference.Function.LOG2, x -> StrictMath.log(x) / StrictMath.log(2), 0.01, 1e5);
        closeToStrictMath(QuadReference.Function.LOG10, StrictMath::log10, 1e-300, 1e300);
        closeToStrictMath(QuadReference.Function.LOG1P, StrictMath::log1p, -0.99, 10);
        closeToStrictMath(QuadReference.Function.EXPM1, StrictMath::expm1, -1e-10, 1e-10);
        closeToStrictMath(QuadReference.Function.LOG1P, StrictMath::log1p, -1e-10, 1e-10);
        closeToStrictMath(QuadReference.Function.EXP10, x -> StrictMath.pow(10, x), -300, 300);
        closeToStrictMath(QuadReference.Function.SINH, StrictMath::sinh, -700, 700, 2);
        closeToStrictMath(QuadReference.Function.COSH, StrictMath::cosh, -700, 700, 2);
        closeToStrictMath(QuadReference.Function.TANH, StrictMath::tanh, -20, 20, 2);
        closeToStrictMath(QuadReference.Function.SINH, StrictMath::sinh, -1, 1, 2);
        closeToStrictMath(QuadReference.Function.TANH, StrictMath::tanh, -1e-10, 1e-10, 2);
        SplittableRandom rnd = new SplittableRandom(10);
        for (int i = 0; i < 300; i++) {
            double x = Math.scalb(1 + rnd.nextDouble(), rnd.nextInt(-30, 30));
            double y = (rnd.nextDouble() - 0.5) * (i % 2 == 0 ? 20 : 1200) / Math.max(1, Math.abs(Math.log(x)));
            double got = d(QuadReference.pow(q(x)[0], q(x)[1], q(y)[0], q(y)[1]));
            double want = StrictMath.pow(x, y);
            assertTrue(Math.abs(got - want) <= Math.ulp(want), "pow(" + x + ", " + y + ") = " + got + ", StrictMath " + want);
        }
    }

    private static long[] pow(double x, double y) {
        return QuadReference.pow(q(x)[0], q(x)[1], q(y)[0], q(y)[1]);
    }

    /** C23 F.10.4.5's special cases, and results that are binary128 numbers or midpoints (exactly rounded). */
    @Test
    void powSpecialAndExactCases() {
        double inf = Double.POSITIVE_INFINITY;
        double nan = Double.NaN;
        long[] nanBits = {0x7FFFFFFFFFFFFFFFL, -1L};
        assertArrayEquals(q(1), pow(nan, 0));
        assertArrayEquals(q(1), pow(nan, -0.0));
        assertArrayEquals(q(1), pow(1, nan));
        assertArrayEquals(nanBits, pow(nan, 1));
        assertArrayEquals(nanBits, pow(2, nan));
        assertArrayEquals(nanBits, pow(-1, nan));
        assertArrayEquals(q(-inf), pow(-0.0, -3));
        assertArrayEquals(q(inf), pow(0.0, -3));
        assertArrayEquals(q(inf), pow(-0.0, -inf));
        assertArrayEquals(q(inf), pow(-0.0, -2));
        assertArrayEquals(q(inf), pow(-0.0, -0.5));
        assertArrayEquals(q(-0.0), pow(-0.0, 3));
        assertArrayEquals(q(0.0), pow(-0.0, 4));
        assertArrayEquals(q(0.0), pow(-0.0, 0.5));
        assertArrayEquals(q(1), pow(-1, inf));
        assertArrayEquals(q(1), pow(-1, -inf));
        assertArrayEquals(q(inf), pow(0.5, -inf));
        assertArrayEquals(q(0.0), pow(-2, -inf));
        assertArrayEquals(q(0.0), pow(-0.5, inf));
        assertArrayEquals(q(inf), pow(-2, inf));
        assertArrayEquals(q(-0.0), pow(-inf, -3));
        assertArrayEquals(q(0.0), pow(-inf, -2));
        assertArrayEquals(q(-inf), pow(-inf, 3));
        assertArrayEquals(q(inf), pow(-inf, 2.5));
        assertArrayEquals(q(0.0), pow(inf, -1e-300));
        assertArrayEquals(q(inf), pow(inf, 1e-300));
        assertArrayEquals(nanBits, pow(-2, 0.5));
        assertArrayEquals(q(-1), pow(-1, 7));
        assertArrayEquals(q(1), pow(-1, 1e300));
        // exact: integers, square roots, powers of two of any size
        assertArrayEquals(q(-27), pow(-3, 3));
        assertArrayEquals(q(27), pow(9, 1.5));
        assertArrayEquals(q(0.25), pow(16, -0.5));
        assertArrayEquals(q(0x1p-1000), pow(0x1p-500, 2));
        assertArrayEquals(q(0.0), pow(0x1p-500, 100));
        assertArrayEquals(q(inf), pow(2, 16384));
        long[] tiny = {(long) (16383 - 8247) << 48, 0}; // 2^-8247: its square is the smallest subnormal
        assertArrayEquals(new long[] {0, 1}, QuadReference.pow(tiny[0], tiny[1], q(2)[0], q(2)[1]));
        // a midpoint: (2^57 + 1)^2 = 2^114 + 2^58 + 1 needs 115 bits; (2^56 + 1)^2 = 2^112 + 2^57 + 1 is 113 bits (exact);
        // 3^71 has 113 bits, 3^72 115: rounded once, ties to even where they are ties
        BigInteger three = BigInteger.valueOf(3);
        for (int p : new int[] {2, 3, 70, 71, 72, 100}) {
            assertArrayEquals(F128Libm.round(false, three.pow(p), 0, false), pow(3, p), "3^" + p);
        }
        long[] x = F128Libm.round(false, BigInteger.ONE.shiftLeft(56).add(BigInteger.ONE), 0, false);
        long[] two = q(2);
        assertArrayEquals(F128Libm.round(false, BigInteger.ONE.shiftLeft(56).add(BigInteger.ONE).pow(2), 0, false),
                QuadReference.pow(x[0], x[1], two[0], two[1]));
        // beyond both thresholds: 2^16384 and its reciprocal, (1 + 2^-112)^(2^130)
        assertArrayEquals(q(inf), pow(1.5, 1e30));
        assertArrayEquals(q(0.0), pow(1.5, -1e30));
        long[] near1 = {0x3FFF000000000000L, 1};
        long[] huge = q(0x1p130);
        assertArrayEquals(q(inf), QuadReference.pow(near1[0], near1[1], huge[0], huge[1]));
        // the hyperbolic functions' special values (C23 F.10.2)
        assertArrayEquals(q(-0.0), QuadReference.sinh(q(-0.0)[0], q(-0.0)[1]));
        assertArrayEquals(q(1), QuadReference.cosh(q(-0.0)[0], q(-0.0)[1]));
        assertArrayEquals(q(-0.0), QuadReference.tanh(q(-0.0)[0], q(-0.0)[1]));
        assertArrayEquals(q(-inf), QuadReference.sinh(q(-inf)[0], q(-inf)[1]));
        assertArrayEquals(q(inf), QuadReference.cosh(q(-inf)[0], q(-inf)[1]));
        assertArrayEquals(q(-1), QuadReference.tanh(q(-inf)[0], q(-inf)[1]));
        assertArrayEquals(q(inf), QuadReference.cosh(q(11400)[0], q(11400)[1]));
        assertArrayEquals(q(-1), QuadReference.tanh(q(-41)[0], q(-41)[1]));
        assertArrayEquals(nanBits, QuadReference.tanh(q(nan)[0], q(nan)[1]));
        // exp10 of integers: exact while binary128 holds 10^k, rounded beyond
        for (int k = 0; k <= 60; k++) {
            assertArrayEquals(F128Libm.round(false, BigInteger.TEN.pow(k), 0, false), QuadReference.exp10(q(k)[0], q(k)[1]), "1e" + k);
        }
        assertArrayEquals(q(inf), QuadReference.exp10(q(4933)[0], q(4933)[1]));
        assertArrayEquals(q(0.0), QuadReference.exp10(q(-4967)[0], q(-4967)[1]));
    }

    @Test
    void exactCasesAndIdentities() {
        long[] half = q(0.5);
        Env e = new Env(Specialization.NVPTX);
        F128.sqrt(0x4000000000000000L, 0, RoundingMode.NEAR_EVEN, e);
        assertArrayEquals(new long[] {e.zHi, e.zLo}, QuadReference.exp2(half[0], half[1]), "2^(1/2) = sqrt(2)");
        for (int k : new int[] {-16494, -16383, -1, 1, 7, 16383}) {
            long[] x = q(k);
            long[] p = QuadReference.exp2(x[0], x[1]);
            assertArrayEquals(F128Libm.round(false, BigInteger.ONE, k, false), p, "2^" + k);
            assertArrayEquals(x, QuadReference.log2(p[0], p[1]), "log2(2^" + k + ")");
        }
        assertArrayEquals(q(16384.0), new long[] {0x400D000000000000L, 0});
        assertArrayEquals(new long[] {0x7FFF000000000000L, 0}, QuadReference.exp2(0x400D000000000000L, 0), "2^16384");
        for (int k = 1; k <= 22; k++) { // 10^k exact in double too
            long[] x = q(Double.parseDouble("1e" + k));
            assertArrayEquals(q(k), QuadReference.log10(x[0], x[1]), "log10(1e" + k + ")");
        }
        long[] one = q(1);
        assertArrayEquals(new long[] {0, 0}, QuadReference.log(one[0], one[1]));
        assertArrayEquals(one, QuadReference.exp(0, 0));
        assertArrayEquals(one, QuadReference.exp(Long.MIN_VALUE, 0));
        assertArrayEquals(new long[] {Long.MIN_VALUE, 0}, QuadReference.expm1(Long.MIN_VALUE, 0));
        assertArrayEquals(new long[] {Long.MIN_VALUE, 0}, QuadReference.log1p(Long.MIN_VALUE, 0));
        assertArrayEquals(new long[] {0xFFFF000000000000L, 0}, QuadReference.log(Long.MIN_VALUE, 0));
        assertArrayEquals(new long[] {0x7FFFFFFFFFFFFFFFL, -1L}, QuadReference.log(q(-2)[0], q(-2)[1]));
        assertArrayEquals(new long[] {0xFFFF000000000000L, 0}, QuadReference.log1p(q(-1)[0], q(-1)[1]));
        assertArrayEquals(new long[] {0xBFFF000000000000L, 0}, QuadReference.expm1(0xFFFF000000000000L, 0));
        assertArrayEquals(new long[] {0, 0}, QuadReference.exp(0xFFFF000000000000L, 0));
        assertArrayEquals(new long[] {0, 0}, QuadReference.exp(q(-12000)[0], q(-12000)[1]), "underflow");
        assertArrayEquals(new long[] {0x7FFF000000000000L, 0}, QuadReference.exp(q(12000)[0], q(12000)[1]));
        // exp of the smallest subnormal and of -2^-200: 1 (the first rounds up, the second down to 1)
        assertArrayEquals(one, QuadReference.exp(0, 1));
        assertArrayEquals(one, QuadReference.exp(q(-0x1p-200)[0], q(-0x1p-200)[1]));
        // expm1 and log1p of a tiny x are x (the correction is far below half an ulp)
        long[] tiny = q(0x1p-1000);
        assertArrayEquals(tiny, QuadReference.expm1(tiny[0], tiny[1]));
        assertArrayEquals(tiny, QuadReference.log1p(tiny[0], tiny[1]));
    }

    @Test
    void logInvertsExpOnRandomOperands() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int i = 0; i < 300; i++) {
            long[] x = q((rnd.nextDouble() - 0.5) * 200);
            long[] y = QuadReference.exp(x[0], x[1]);
            long[] back = QuadReference.log(y[0], y[1]);
            // exp's rounding moves y by half an ulp at most; log then moves by at most that over y times y: 1/2 ulp of 1
            Env e = new Env(Specialization.NVPTX);
            F128.sub(back[0], back[1], x[0], x[1], RoundingMode.NEAR_EVEN, e);
            double diff = Math.abs(d(new long[] {e.zHi, e.zLo}));
            assertTrue(diff <= 0x1p-112, x[0] + ": " + diff);
        }
    }
}

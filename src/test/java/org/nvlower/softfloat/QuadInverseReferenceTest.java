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
import org.nvlower.softfloat.QuadInverseReference.Function;

/**
 * QuadInverseReference against sources that share none of its code: mpmath at 500 bits (the
 * vectors in src/test/resources/quadmath/inverse-vectors.txt, made by
 * bench/quad-math/mpmath-vectors.py), Java's StrictMath at double precision, identities between
 * the functions, and C23 Annex F's special values.
 */
class QuadInverseReferenceTest {

    private static long[] f(Function fn, double... x) {
        long[] w = new long[2 * x.length];
        for (int i = 0; i < x.length; i++) {
            w[2 * i] = q(x[i])[0];
            w[2 * i + 1] = q(x[i])[1];
        }
        return fn.apply(w);
    }

    @Test
    void equalsMpmathOnItsVectors() throws Exception {
        int n = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                QuadInverseReferenceTest.class.getResourceAsStream("/quadmath/inverse-vectors.txt"), StandardCharsets.US_ASCII))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String[] s = line.split(" ");
                Function fn = Function.valueOf(s[0].toUpperCase());
                long[] x = bits(s[1]);
                long[] ops = fn.arity() == 1 ? x : new long[] {x[0], x[1], bits(s[2])[0], bits(s[2])[1]};
                assertArrayEquals(bits(s[s.length - 1]), fn.apply(ops), line);
                n++;
            }
        }
        assertEquals(1050, n);
    }

    /** Within one double ulp of StrictMath (fdlibm's atan, asin, acos, atan2 are within one ulp). */
    private static void closeToStrictMath(Function fn, DoubleUnaryOperator strict, double lo, double hi) {
        SplittableRandom rnd = new SplittableRandom(fn.ordinal());
        for (int i = 0; i < 300; i++) {
            double x = lo + (hi - lo) * rnd.nextDouble();
            double got = d(f(fn, x));
            double want = strict.applyAsDouble(x);
            assertTrue(Math.abs(got - want) <= Math.ulp(want), fn + "(" + x + ") = " + got + ", StrictMath " + want);
        }
    }

    @Test
    void agreesWithStrictMathAtDoublePrecision() {
        closeToStrictMath(Function.ATAN, StrictMath::atan, -40, 40);
        closeToStrictMath(Function.ATAN, StrictMath::atan, -1e-5, 1e-5);
        closeToStrictMath(Function.ASIN, StrictMath::asin, -1, 1);
        closeToStrictMath(Function.ACOS, StrictMath::acos, -1, 1);
        SplittableRandom rnd = new SplittableRandom(7);
        for (int i = 0; i < 300; i++) {
            double y = (rnd.nextDouble() - 0.5) * Math.scalb(1.0, rnd.nextInt(-20, 20));
            double x = (rnd.nextDouble() - 0.5) * Math.scalb(1.0, rnd.nextInt(-20, 20));
            double want = StrictMath.atan2(y, x);
            assertTrue(Math.abs(d(f(Function.ATAN2, y, x)) - want) <= Math.ulp(want), "atan2(" + y + ", " + x + ")");
        }
    }

    /** The inverse hyperbolic functions by their definitions in double (error well below 2^-40 relative on these ranges). */
    @Test
    void inverseHyperbolicAgreeWithTheirLogarithms() {
        SplittableRandom rnd = new SplittableRandom(11);
        for (int i = 0; i < 300; i++) {
            double x = 0.6 + 30 * rnd.nextDouble();
            double y = 0.1 + 0.85 * rnd.nextDouble();
            assertEquals(Math.log(x + Math.sqrt(x * x + 1)), d(f(Function.ASINH, x)), 1e-12, "asinh " + x);
            assertEquals(Math.log(x + 1 + Math.sqrt((x + 1) * (x + 1) - 1)), d(f(Function.ACOSH, x + 1)), 1e-12, "acosh " + x);
            assertEquals(0.5 * Math.log((1 + y) / (1 - y)), d(f(Function.ATANH, y)), 1e-12, "atanh " + y);
        }
    }

    /** Identities exact in the real numbers, within an ulp of each side's rounding. */
    @Test
    void identities() {
        // atan(1) = pi/4, asin(1/2) = pi/6, acos(1/2) = pi/3, acos(-1/2) = 2pi/3, atan2(1, -1) = 3pi/4
        BigInteger pi = QuadInverseReference.pi(300);
        assertArrayEquals(F128Libm.round(false, pi, -302, false), f(Function.ATAN, 1));
        assertArrayEquals(F128Libm.round(false, pi.divide(BigInteger.valueOf(3)), -301, false), f(Function.ASIN, 0.5));
        assertArrayEquals(F128Libm.round(false, pi.divide(BigInteger.valueOf(3)), -300, false), f(Function.ACOS, 0.5));
        assertArrayEquals(F128Libm.round(false, pi.shiftLeft(1).divide(BigInteger.valueOf(3)), -300, false), f(Function.ACOS, -0.5));
        assertArrayEquals(F128Libm.round(false, pi.multiply(BigInteger.valueOf(3)), -302, false), f(Function.ATAN2, 1, -1));
        // pi's digits: the first 61 (mpmath)
        assertTrue(pi.multiply(BigInteger.TEN.pow(60)).shiftRight(300).toString().equals("3141592653589793238462643383279502884197169399375105820974944"));
        // acosh(cosh-like): acosh((t + 1/t)/2) = ln t for t = 2^k: acosh(5/4) = ln 2
        assertArrayEquals(QuadReference.log(q(2)[0], q(2)[1]), f(Function.ACOSH, 1.25));
        // asinh(3/4) = ln 2, atanh(1/2) = ln 3 / 2
        assertArrayEquals(QuadReference.log(q(2)[0], q(2)[1]), f(Function.ASINH, 0.75));
        long[] ln3 = QuadReference.log(q(3)[0], q(3)[1]);
        assertArrayEquals(new long[] {ln3[0] - (1L << 48), ln3[1]}, f(Function.ATANH, 0.5)); // (1/2) ln 3
        // asin and atan of a tiny x are x; atan2(y, x) = atan(y / x) for a power-of-two x
        assertArrayEquals(q(0x1p-200), f(Function.ASIN, 0x1p-200));
        assertArrayEquals(q(-0x1p-1000), f(Function.ATAN, -0x1p-1000));
        assertArrayEquals(f(Function.ATAN, 0.3), f(Function.ATAN2, 0.3 * 0x1p-40, 0x1p-40));
    }

    @Test
    void annexFSpecialCases() {
        double inf = Double.POSITIVE_INFINITY;
        long[] nan = {0x7FFFFFFFFFFFFFFFL, -1L};
        long[] piHalf = f(Function.ASIN, 1);
        long[] pi = f(Function.ACOS, -1);
        for (Function fn : Function.values()) {
            assertArrayEquals(nan, fn.arity() == 1 ? f(fn, Double.NaN) : f(fn, Double.NaN, 1), fn + "(NaN)");
            if (fn != Function.ACOSH && fn != Function.ACOS && fn != Function.ATAN2) {
                assertArrayEquals(q(-0.0), f(fn, -0.0), fn + "(-0)");
                assertArrayEquals(q(0.0), f(fn, 0.0), fn + "(+0)");
            }
        }
        assertArrayEquals(nan, f(Function.ATAN2, 1, Double.NaN));
        assertArrayEquals(q(inf), f(Function.ATANH, 1));
        assertArrayEquals(q(-inf), f(Function.ATANH, -1));
        assertArrayEquals(nan, f(Function.ATANH, 1.5));
        assertArrayEquals(nan, f(Function.ATANH, -inf));
        assertArrayEquals(q(-inf), f(Function.ASINH, -inf));
        assertArrayEquals(q(0.0), f(Function.ACOSH, 1));
        assertArrayEquals(q(inf), f(Function.ACOSH, inf));
        assertArrayEquals(nan, f(Function.ACOSH, 0.5));
        assertArrayEquals(nan, f(Function.ACOSH, -0.0));
        assertArrayEquals(nan, f(Function.ACOSH, -inf));
        assertArrayEquals(piHalf, f(Function.ATAN, inf));
        assertArrayEquals(negate(piHalf), f(Function.ATAN, -inf));
        assertArrayEquals(negate(piHalf), f(Function.ASIN, -1));
        assertArrayEquals(nan, f(Function.ASIN, 1.5));
        assertArrayEquals(q(0.0), f(Function.ACOS, 1));
        assertArrayEquals(piHalf, f(Function.ACOS, 0.0));
        assertArrayEquals(nan, f(Function.ACOS, -inf));
        // F.10.1.4
        assertArrayEquals(q(0.0), f(Function.ATAN2, 0.0, 0.0));
        assertArrayEquals(q(-0.0), f(Function.ATAN2, -0.0, 0.0));
        assertArrayEquals(pi, f(Function.ATAN2, 0.0, -0.0));
        assertArrayEquals(negate(pi), f(Function.ATAN2, -0.0, -0.0));
        assertArrayEquals(pi, f(Function.ATAN2, 0.0, -3));
        assertArrayEquals(q(-0.0), f(Function.ATAN2, -0.0, 3));
        assertArrayEquals(negate(piHalf), f(Function.ATAN2, -3, 0.0));
        assertArrayEquals(piHalf, f(Function.ATAN2, 3, -0.0));
        assertArrayEquals(negate(pi), f(Function.ATAN2, -3, -inf));
        assertArrayEquals(q(0.0), f(Function.ATAN2, 3, inf));
        assertArrayEquals(piHalf, f(Function.ATAN2, inf, -3));
        assertArrayEquals(f(Function.ATAN, 1), f(Function.ATAN2, inf, inf));
        assertArrayEquals(negate(f(Function.ATAN2, 1, -1)), f(Function.ATAN2, -inf, -inf));
        // underflow: atan2(tiny, huge) is +0, with y's sign
        long[] tiny = {0, 1};
        long[] huge = {0x7FFE000000000000L, 0};
        assertArrayEquals(new long[] {Long.MIN_VALUE, 0}, Function.ATAN2.apply(new long[] {Long.MIN_VALUE, 1, huge[0], huge[1]}));
        assertArrayEquals(tiny, Function.ATAN2.apply(new long[] {0, 1, 0x3FFF000000000000L, 0}));
    }

    private static long[] negate(long[] x) {
        return new long[] {x[0] ^ Long.MIN_VALUE, x[1]};
    }
}

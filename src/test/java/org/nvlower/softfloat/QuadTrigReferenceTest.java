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
import java.util.function.BinaryOperator;
import java.util.function.DoubleUnaryOperator;

import org.junit.jupiter.api.Test;

/**
 * QuadTrigReference against sources that do not share its code: mpmath at 33,000 bits (its own pi
 * and reduction; the vectors in src/test/resources/quadmath/trig-vectors.txt, made by
 * bench/quad-math/trig-vectors.py: every binade up to 2^16383 and operands next to k pi/2),
 * StrictMath (fdlibm, within one double ulp, 100 operands per function and range), sin^2 + cos^2 = 1 and tan = sin / cos at 2^-110,
 * and C23 Annex F's special values.
 */
class QuadTrigReferenceTest {

    private interface Fn {
        long[] apply(long hi, long lo);
    }

    private static Fn fn(String name) {
        return switch (name) {
            case "sin" -> QuadTrigReference::sin;
            case "cos" -> QuadTrigReference::cos;
            case "tan" -> QuadTrigReference::tan;
            default -> throw new IllegalArgumentException(name);
        };
    }

    @Test
    void equalsMpmathOnItsVectors() throws Exception {
        int n = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                QuadTrigReferenceTest.class.getResourceAsStream("/quadmath/trig-vectors.txt"), StandardCharsets.US_ASCII))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String[] f = line.split(" ");
                long[] x = bits(f[1]);
                assertArrayEquals(bits(f[2]), fn(f[0]).apply(x[0], x[1]), line);
                n++;
            }
        }
        assertEquals(600, n);
    }

    private static void closeToStrictMath(String name, DoubleUnaryOperator strict, double lo, double hi) {
        SplittableRandom rnd = new SplittableRandom(name.hashCode());
        for (int i = 0; i < 100; i++) {
            double x = lo + (hi - lo) * rnd.nextDouble();
            double got = d(fn(name).apply(q(x)[0], q(x)[1]));
            double want = strict.applyAsDouble(x);
            assertTrue(Math.abs(got - want) <= Math.ulp(want), name + "(" + x + ") = " + got + ", StrictMath " + want);
        }
    }

    @Test
    void agreesWithStrictMathAtDoublePrecision() {
        for (double r : new double[] {1, 100, 1e6, 1e22, 1e300}) {
            closeToStrictMath("sin", StrictMath::sin, -r, r);
            closeToStrictMath("cos", StrictMath::cos, -r, r);
            closeToStrictMath("tan", StrictMath::tan, -r, r);
        }
        // fdlibm's own hard case (x = 2^1023 (2 - 2^-52): its reduction needs the 2/pi table)
        assertEquals(StrictMath.sin(Double.MAX_VALUE), d(QuadTrigReference.sin(q(Double.MAX_VALUE)[0], q(Double.MAX_VALUE)[1])));
    }

    /** (a op b) in binary128 through softfloat, nearest even. */
    private static long[] op(long[] a, long[] b, String op) {
        Env e = new Env(Specialization.NVPTX);
        switch (op) {
            case "+" -> F128.add(a[0], a[1], b[0], b[1], RoundingMode.NEAR_EVEN, e);
            case "*" -> F128.mul(a[0], a[1], b[0], b[1], RoundingMode.NEAR_EVEN, e);
            default -> F128.div(a[0], a[1], b[0], b[1], RoundingMode.NEAR_EVEN, e);
        }
        return new long[] {e.zHi, e.zLo};
    }

    /** sin^2 + cos^2 within 4 ulps of 1 and sin / cos within 4 ulps of tan, on 300 operands of every size. */
    @Test
    void identities() {
        SplittableRandom rnd = new SplittableRandom(7);
        BinaryOperator<long[]> plus = (a, b) -> op(a, b, "+");
        for (int i = 0; i < 300; i++) {
            long[] x = {(long) rnd.nextInt(0x3FF0, i % 2 == 0 ? 0x4080 : 0x7FFF) << 48 | rnd.nextLong() >>> 16, rnd.nextLong()};
            long[] s = QuadTrigReference.sin(x[0], x[1]);
            long[] c = QuadTrigReference.cos(x[0], x[1]);
            long[] t = QuadTrigReference.tan(x[0], x[1]);
            double one = d(plus.apply(op(s, s, "*"), op(c, c, "*")));
            assertEquals(1.0, one, 0x1p-52, "sin^2 + cos^2 at " + x[0]);
            long[] quotient = op(s, c, "/");
            // the quotient of two correctly rounded values: within a few binary128 ulps of tan
            BigInteger diff = new BigInteger(Long.toString(quotient[0])).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(quotient[1])))
                    .subtract(new BigInteger(Long.toString(t[0])).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(t[1]))));
            assertTrue(diff.abs().compareTo(BigInteger.valueOf(4)) <= 0, "tan vs sin / cos at " + Long.toHexString(x[0]) + " " + diff);
        }
    }

    @Test
    void annexFSpecialValues() {
        long[] nan = {0x7FFFFFFFFFFFFFFFL, -1L};
        double inf = Double.POSITIVE_INFINITY;
        for (double z : new double[] {0.0, -0.0}) {
            assertArrayEquals(q(z), QuadTrigReference.sin(q(z)[0], q(z)[1]), "sin(" + z + ")");
            assertArrayEquals(q(z), QuadTrigReference.tan(q(z)[0], q(z)[1]), "tan(" + z + ")");
            assertArrayEquals(q(1), QuadTrigReference.cos(q(z)[0], q(z)[1]), "cos(" + z + ")");
        }
        for (double v : new double[] {inf, -inf, Double.NaN}) {
            assertArrayEquals(nan, QuadTrigReference.sin(q(v)[0], q(v)[1]));
            assertArrayEquals(nan, QuadTrigReference.cos(q(v)[0], q(v)[1]));
            assertArrayEquals(nan, QuadTrigReference.tan(q(v)[0], q(v)[1]));
        }
        // tiny: sin x = tan x = x, cos x = 1 (the smallest subnormal and 2^-60, either sign)
        for (long[] x : new long[][] {{0, 1}, {Long.MIN_VALUE, 1}, q(0x1p-60), q(-0x1p-60)}) {
            assertArrayEquals(x, QuadTrigReference.sin(x[0], x[1]));
            assertArrayEquals(x, QuadTrigReference.tan(x[0], x[1]));
            assertArrayEquals(q(1), QuadTrigReference.cos(x[0], x[1]));
        }
        // the largest binary128, and pi/2 rounded: cos(pi/2 rounded) is the rounding error itself (~2^-114)
        long[] max = {0x7FFEFFFFFFFFFFFFL, -1L};
        assertTrue(Math.abs(d(QuadTrigReference.sin(max[0], max[1]))) <= 1);
        long[] halfPi = F128Libm.round(false, QuadTrigReference.halfPi(300), -300, false);
        double c = d(QuadTrigReference.cos(halfPi[0], halfPi[1]));
        assertTrue(Math.abs(c) < 0x1p-112 && Math.abs(c) > 0x1p-118, "cos(pi/2) = " + c);
    }
}

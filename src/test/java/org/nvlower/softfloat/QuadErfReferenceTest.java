package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nvlower.softfloat.QuadWords.bits;
import static org.nvlower.softfloat.QuadWords.d;
import static org.nvlower.softfloat.QuadWords.q;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.nvlower.softfloat.QuadErfReference.Function;

/**
 * QuadErfReference against sources that share none of its code: mpmath at 800 bits (the 500
 * vectors in src/test/resources/quadmath/erf-vectors.txt, made by
 * bench/quad-math/erf-vectors.py: every binade, [1/2, 12), subnormal operands, erfc's subnormal
 * results and underflow threshold), erf + erfc = 1 and erfc(-x) = 2 - erfc(x) within the
 * roundings, erf of tiny operands (2x/sqrt(pi) rounded once), and C23 Annex F's special values.
 */
class QuadErfReferenceTest {

    private static long[] erf(double x) {
        return QuadErfReference.erf(q(x)[0], q(x)[1]);
    }

    private static long[] erfc(double x) {
        return QuadErfReference.erfc(q(x)[0], q(x)[1]);
    }

    @Test
    void equalsMpmathOnItsVectors() throws Exception {
        int n = 0;
        int subnormal = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                QuadErfReferenceTest.class.getResourceAsStream("/quadmath/erf-vectors.txt"), StandardCharsets.US_ASCII))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String[] s = line.split(" ");
                Function fn = Function.valueOf(s[0].toUpperCase());
                long[] want = bits(s[2]);
                assertArrayEquals(want, fn.apply(bits(s[1])), line);
                if (fn == Function.ERFC && want[0] >>> 48 == 0 && want[1] != 0) {
                    subnormal++;
                }
                n++;
            }
        }
        assertEquals(500, n);
        assertTrue(subnormal >= 20, subnormal + " subnormal results of erfc");
    }

    /** The true erf + erfc is 1: the two roundings leave at most an ulp of each (|x| <= 6, both above 2^-52). */
    @Test
    void erfPlusErfcIsOne() {
        SplittableRandom rnd = new SplittableRandom(3);
        for (int i = 0; i < 200; i++) {
            double x = (rnd.nextDouble() - 0.5) * 12;
            BigInteger sum = exact(erf(x)).add(exact(erfc(x)));
            // in units of 2^-230: 1 is 2^230, the two halves of an ulp at most 2^-113 each
            assertTrue(sum.subtract(BigInteger.ONE.shiftLeft(230)).abs().compareTo(BigInteger.ONE.shiftLeft(118)) <= 0, "x = " + x);
        }
    }

    /** erfc(-x) = 2 - erfc(x), each side within an ulp of 2 (x in [0, 9]). */
    @Test
    void erfcReflects() {
        SplittableRandom rnd = new SplittableRandom(4);
        for (int i = 0; i < 100; i++) {
            double x = 9 * rnd.nextDouble();
            BigInteger sum = exact(erfc(x)).add(exact(erfc(-x)));
            assertTrue(sum.subtract(BigInteger.ONE.shiftLeft(231)).abs().compareTo(BigInteger.ONE.shiftLeft(119)) <= 0, "x = " + x);
        }
    }

    /** A binary128 times 2^230, exactly (values in [2^-230, 4)), truncated below. */
    private static BigInteger exact(long[] w) {
        QuadReference.Exact x = QuadReference.Exact.of(w[0], w[1]);
        return x.fixed(230);
    }

    /** erf(x) = 2x/sqrt(pi) (1 - x^2/3 + ...): for |x| < 2^-120 that product rounded once. */
    @Test
    void tinyOperands() {
        BigInteger pi = QuadInverseReference.pi(600);
        BigInteger twoOverSqrtPi = BigInteger.ONE.shiftLeft(901).divide(pi.shiftLeft(600).sqrt()); // 2^300 2/sqrt(pi)
        for (double x : new double[] {0x1p-130, 3 * 0x1p-1000, Double.MIN_VALUE, -0x1.5p-700}) {
            QuadReference.Exact e = QuadReference.Exact.of(q(x)[0], q(x)[1]);
            long[] want = F128Libm.round(x < 0, twoOverSqrtPi.multiply(e.m().abs()), e.e() - 300, false);
            assertArrayEquals(want, erf(x), "erf " + x);
            assertArrayEquals(q(1), erfc(x), "erfc " + x);
        }
        // a subnormal operand: erf(2^-16494 k) = 1.128.. k quanta, rounded once
        assertArrayEquals(new long[] {0, 1}, QuadErfReference.erf(0, 1));
        assertArrayEquals(new long[] {0, 3}, QuadErfReference.erf(0, 3)); // 3.385 quanta
        assertArrayEquals(new long[] {0, 11}, QuadErfReference.erf(0, 10)); // 11.28 quanta
    }

    @Test
    void closeToDoubleValues() {
        // erf(1), erfc(5), erfc(20) as doubles (mpmath)
        assertEquals(0.8427007929497149, d(erf(1)), 1e-16);
        assertEquals(1.5374597944280349e-12, d(erfc(5)), 1e-27);
        assertEquals(5.395865611607901e-176, d(erfc(20)), 1e-191);
    }

    @Test
    void annexFSpecialCases() {
        double inf = Double.POSITIVE_INFINITY;
        assertArrayEquals(q(0.0), erf(0.0));
        assertArrayEquals(q(-0.0), erf(-0.0));
        assertArrayEquals(q(1), erf(inf));
        assertArrayEquals(q(-1), erf(-inf));
        assertArrayEquals(q(1), erfc(0.0));
        assertArrayEquals(q(1), erfc(-0.0));
        assertArrayEquals(q(0.0), erfc(inf));
        assertArrayEquals(q(2), erfc(-inf));
        assertArrayEquals(q(0.0), erfc(107)); // below half the least subnormal
        assertArrayEquals(q(2), erfc(-10));
        assertArrayEquals(q(-1), erf(-10));
        long[] nan = {0x7FFFFFFFFFFFFFFFL, -1L};
        assertArrayEquals(nan, QuadErfReference.erf(0x7FFF800000000000L, 0));
        assertArrayEquals(nan, QuadErfReference.erfc(0xFFFF800000000000L, 1));
    }
}

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

import org.junit.jupiter.api.Test;

/**
 * QuadGammaReference against sources that do not share its code: mpmath's loggamma and gamma at
 * 1,000 bits or more (the vectors in src/test/resources/quadmath/gamma-vectors.txt, made by
 * bench/quad-math/gamma-vectors.py: random operands of both signs, tiny and huge ones, the
 * neighbours of 1, 2, lgamma's negative zeros and the poles, the overflow and underflow
 * thresholds, integers, the special values), the Bernoulli numbers and Stirling's coefficients,
 * exact factorials, and C23 Annex F's special values.
 */
class QuadGammaReferenceTest {

    private static long[] apply(String name, long[] x) {
        return name.equals("tgamma") ? QuadGammaReference.tgamma(x[0], x[1]) : QuadGammaReference.lgamma(x[0], x[1]);
    }

    @Test
    void equalsMpmathOnItsVectors() throws Exception {
        int n = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                QuadGammaReferenceTest.class.getResourceAsStream("/quadmath/gamma-vectors.txt"), StandardCharsets.US_ASCII))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String[] f = line.split(" ");
                assertArrayEquals(bits(f[2]), apply(f[0], bits(f[1])), line);
                n++;
            }
        }
        assertEquals(512, n);
    }

    @Test
    void stirlingCoefficientsAreTheBernoulliNumbersOverTwoKTwoKMinusOne() {
        // B_2 = 1/6, B_4 = -1/30, B_6 = 1/42, B_8 = -1/30, B_10 = 5/66, B_12 = -691/2730
        long[][] want = {{1, 12}, {-1, 360}, {1, 1260}, {-1, 1680}, {1, 1188}, {-691, 360360}};
        for (int k = 1; k <= want.length; k++) {
            BigInteger[] c = QuadGammaReference.stirlingCoefficient(k);
            assertEquals(BigInteger.valueOf(want[k - 1][0]), c[0], "k = " + k);
            assertEquals(BigInteger.valueOf(want[k - 1][1]), c[1], "k = " + k);
        }
        assertEquals(new BigInteger("29088885112832"), QuadGammaReference.tangentNumber(10));
    }

    /** The bodies' series constants (Euler-Maclaurin) against mpmath's at 80 digits, at 240 bits. */
    @Test
    void eulerGammaAndZetaAgreeWithMpmath() {
        java.util.function.BiConsumer<String, BigInteger> close = (digits, fixed) -> {
            BigInteger want = new java.math.BigDecimal(digits).multiply(new java.math.BigDecimal(BigInteger.ONE.shiftLeft(240))).toBigInteger();
            assertTrue(want.subtract(fixed).abs().compareTo(BigInteger.valueOf(16)) <= 0, digits + " vs " + fixed);
        };
        close.accept("0.57721566490153286060651209008240243104215933593992359880576723488486772677766467",
                QuadGammaReference.eulerGamma(240));
        close.accept("0.20205690315959428539973816151144999076498629234049888179227155534183820578631309",
                QuadGammaReference.zetaMinusOne(3, 240));
        close.accept("0.00000000000090949478402638892825331183869490875386000099087882850547971011202536925675076386",
                QuadGammaReference.zetaMinusOne(40, 240));
    }

    @Test
    void factorialsAreExactOrRoundedOnce() {
        BigInteger f = BigInteger.ONE;
        for (int n = 1; n <= 60; n++) {
            f = f.multiply(BigInteger.valueOf(n));
            long[] x = q(n + 1);
            assertArrayEquals(F128Libm.round(false, f, 0, false), QuadGammaReference.tgamma(x[0], x[1]), n + "!");
        }
        long[] half = q(0.5); // Gamma(1/2) = sqrt(pi), lgamma(1/2) = log(pi)/2
        assertEquals(Math.sqrt(Math.PI), d(QuadGammaReference.tgamma(half[0], half[1])), 0x1p-52);
        assertEquals(Math.log(Math.PI) / 2, d(QuadGammaReference.lgamma(half[0], half[1])), 0x1p-53);
    }

    @Test
    void annexFSpecialValues() {
        long[] nan = {0x7FFFFFFFFFFFFFFFL, -1L};
        long[] inf = q(Double.POSITIVE_INFINITY);
        long[] minf = q(Double.NEGATIVE_INFINITY);
        assertArrayEquals(inf, QuadGammaReference.tgamma(0, 0));
        assertArrayEquals(minf, QuadGammaReference.tgamma(Long.MIN_VALUE, 0));
        assertArrayEquals(inf, QuadGammaReference.lgamma(0, 0));
        assertArrayEquals(inf, QuadGammaReference.lgamma(Long.MIN_VALUE, 0));
        assertArrayEquals(inf, QuadGammaReference.tgamma(inf[0], inf[1]));
        assertArrayEquals(nan, QuadGammaReference.tgamma(minf[0], minf[1]));
        assertArrayEquals(inf, QuadGammaReference.lgamma(minf[0], minf[1]));
        assertArrayEquals(inf, QuadGammaReference.lgamma(inf[0], inf[1]));
        assertArrayEquals(nan, QuadGammaReference.tgamma(nan[0], nan[1]));
        assertArrayEquals(nan, QuadGammaReference.lgamma(nan[0], nan[1]));
        for (double n : new double[] {-1, -2, -3, -1e6, -0x1p112, -0x1p200}) {
            assertArrayEquals(nan, QuadGammaReference.tgamma(q(n)[0], q(n)[1]), "tgamma(" + n + ")");
            assertArrayEquals(inf, QuadGammaReference.lgamma(q(n)[0], q(n)[1]), "lgamma(" + n + ")");
        }
        assertArrayEquals(new long[] {0, 0}, QuadGammaReference.lgamma(q(1)[0], q(1)[1]));
        assertArrayEquals(new long[] {0, 0}, QuadGammaReference.lgamma(q(2)[0], q(2)[1]));
        // overflow and underflow: Gamma(1756) = 1755! > 2^16384, Gamma(-1800.5) < 0 and Gamma(-1799.5) > 0 below the subnormals
        assertArrayEquals(inf, QuadGammaReference.tgamma(q(1756)[0], q(1756)[1]));
        assertTrue(d(QuadGammaReference.tgamma(q(1755)[0], q(1755)[1])) == Double.POSITIVE_INFINITY); // finite in binary128, beyond double
        assertArrayEquals(new long[] {Long.MIN_VALUE, 0}, QuadGammaReference.tgamma(q(-1800.5)[0], q(-1800.5)[1]));
        assertArrayEquals(new long[] {0, 0}, QuadGammaReference.tgamma(q(-1799.5)[0], q(-1799.5)[1]));
        assertTrue(QuadGammaReference.tgamma(q(1755)[0], q(1755)[1])[0] < 0x7FFF000000000000L);
    }
}

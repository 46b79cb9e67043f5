package org.nvlower.sass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.nvlower.sass.Mod.MufuFn;

/**
 * MUFU models: the special cases of the PTX ISA's tables and ZLUDA's GPU records (a subnormal
 * input reads as zero: rcp/rsqrt of a subnormal is an infinity), the exact model correctly
 * rounded (checked against exact decimal arithmetic), and the admissible outputs: each within the
 * bound (checked exactly), the exact one among them, the next ones outside, no more than the
 * enumerating model's choices.
 */
class MufuTest {

    private static final int POS_INF = 0x7F800000, NEG_INF = 0xFF800000;

    @Test
    void specialCasesAsThePtxIsaAndRealGpusGiveThem() {
        int sub = 0x00000123;
        assertEquals(POS_INF, Mufu.exact(MufuFn.RCP, 0));
        assertEquals(NEG_INF, Mufu.exact(MufuFn.RCP, 0x80000000));
        assertEquals(POS_INF, Mufu.exact(MufuFn.RCP, sub));                // ZLUDA: rcp.approx of a subnormal is +inf
        assertEquals(NEG_INF, Mufu.exact(MufuFn.RCP, sub | 0x80000000));
        assertEquals(0, Mufu.exact(MufuFn.RCP, POS_INF));
        assertEquals(0x80000000, Mufu.exact(MufuFn.RCP, NEG_INF));
        assertEquals(Mufu.NAN, Mufu.exact(MufuFn.RCP, 0x7FC00000));
        assertEquals(0, Mufu.exact(MufuFn.RCP, 0x7F000000));                // 1/2^127 is subnormal: flushed
        assertEquals(0x00800000, Mufu.exact(MufuFn.RCP, 0x7E800000));       // 1/2^126 = 2^-126
        assertEquals(Mufu.NAN, Mufu.exact(MufuFn.RSQ, 0xBF800000));          // -normal
        assertEquals(NEG_INF, Mufu.exact(MufuFn.RSQ, sub | 0x80000000));     // -subnormal: -inf
        assertEquals(POS_INF, Mufu.exact(MufuFn.RSQ, sub));
        assertEquals(0, Mufu.exact(MufuFn.RSQ, POS_INF));
        assertEquals(0x80000000, Mufu.exact(MufuFn.SQRT, 0x80000000));
        assertEquals(Mufu.NAN, Mufu.exact(MufuFn.SQRT, NEG_INF));
        assertEquals(0x3F800000, Mufu.exact(MufuFn.EX2, sub));
        assertEquals(0xFF800000, Mufu.exact(MufuFn.LG2, 0));
        assertEquals(0x3F800000, Mufu.exact(MufuFn.COS, 0x80000000));
        // RCP64H/RSQ64H read a binary64 high word: its exponent field is 11 bits, so 0x00100000
        // (2^-1022) is normal, not a float subnormal; 0x000FFFFF (a subnormal double) reads as zero
        assertEquals(0x7FD00000, Mufu.exact(MufuFn.RCP64H, 0x00100000));
        assertEquals(0xFFD00000, Mufu.exact(MufuFn.RCP64H, 0x80100000));
        assertEquals(0x5FE00000, Mufu.exact(MufuFn.RSQ64H, 0x00100000));
        assertEquals(0x7FF00000, Mufu.exact(MufuFn.RCP64H, 0x000FFFFF));
        assertEquals(0x7FF00000, Mufu.exact(MufuFn.RSQ64H, 0x000FFFFF));
        for (MufuFn fn : new MufuFn[] {MufuFn.RCP, MufuFn.RSQ, MufuFn.SQRT}) {
            int[] out = new int[16];
            assertEquals(1, Mufu.candidates(fn, 0x7FC00000, out), fn + ": a special case has one output");
            for (String m : new String[] {"bounded", "adversarial", "adversarial-low", "adversarial-high"}) {
                assertEquals(Mufu.exact(fn, sub), MufuModel.byName(m, 5).eval(fn, sub), m + " " + fn + " special");
            }
        }
    }

    private static BigDecimal value(int bits) {
        return new BigDecimal(Float.intBitsToFloat(bits));
    }

    private static BigDecimal exactValue(MufuFn fn, int x) {
        MathContext mc = new MathContext(60);
        BigDecimal v = value(x);
        return switch (fn) {
            case RCP -> BigDecimal.ONE.divide(v, mc);
            case RSQ -> BigDecimal.ONE.divide(v.sqrt(mc), mc);
            case SQRT -> v.sqrt(mc);
            default -> throw new IllegalArgumentException();
        };
    }

    /** ulp of the exact value's binade (binary32). */
    private static BigDecimal ulp(BigDecimal v) {
        double d = v.abs().doubleValue();
        int e = Math.getExponent(d);
        if (new BigDecimal(Math.scalb(1.0, e)).compareTo(v.abs()) > 0) {
            e--;
        }
        return new BigDecimal(Math.scalb(1.0, e - 23));
    }

    private static boolean within(MufuFn fn, int x, int y) {
        BigDecimal f = exactValue(fn, x);
        BigDecimal err = value(y).subtract(f).abs();
        return switch (fn) {
            case RCP -> err.compareTo(ulp(f)) <= 0;
            default -> err.compareTo(f.abs().multiply(new BigDecimal(Mufu.bound(fn).value()))) <= 0;
        };
    }

    @Test
    void exactModelIsCorrectlyRoundedAndCandidatesAreExactlyTheOutputsInTheBound() {
        SplittableRandom r = new SplittableRandom(21);
        int[] out = new int[16];
        int maxCount = 0;
        for (int i = 0; i < 6000; i++) {
            MufuFn fn = new MufuFn[] {MufuFn.RCP, MufuFn.RSQ, MufuFn.SQRT}[i % 3];
            int x = (i % 3 == 0 ? r.nextInt() : r.nextInt() & 0x7FFFFFFF);
            if (Mufu.special(fn, x) != 1) {
                continue;
            }
            int c = Mufu.exact(fn, x);
            BigDecimal f = exactValue(fn, x);
            // correctly rounded: no float nearer than c (its neighbours are not closer)
            BigDecimal dc = value(c).subtract(f).abs();
            assertTrue(value(c + 1).subtract(f).abs().compareTo(dc) >= 0, fn + " exact " + Integer.toHexString(x));
            assertTrue(value(c - 1).subtract(f).abs().compareTo(dc) >= 0, fn + " exact " + Integer.toHexString(x));
            int n = Mufu.candidates(fn, x, out);
            maxCount = Math.max(maxCount, n);
            boolean hasExact = false;
            for (int k = 0; k < n; k++) {
                assertTrue(within(fn, x, out[k]), fn + " candidate outside the bound: " + Integer.toHexString(x) + " -> "
                        + Integer.toHexString(out[k]));
                hasExact |= out[k] == c;
                if (k > 0) {
                    assertTrue(Float.intBitsToFloat(out[k]) > Float.intBitsToFloat(out[k - 1]), "ascending");
                }
            }
            assertTrue(hasExact, "the exact value is admissible");
            int lowest = out[0];
            int highest = out[n - 1];
            int below = Float.floatToRawIntBits(Math.nextDown(Float.intBitsToFloat(lowest)));
            int above = Float.floatToRawIntBits(Math.nextUp(Float.intBitsToFloat(highest)));
            // the enumeration misses nothing: the next floats out are beyond the bound (or subnormal)
            assertFalse(within(fn, x, below) && (below & 0x7F800000) != 0, fn + " below " + Integer.toHexString(x));
            assertFalse(within(fn, x, above) && (above & 0x7F800000) != 0, fn + " above " + Integer.toHexString(x));
        }
        assertTrue(maxCount <= MufuModel.Enumerating.MAX_CHOICES, "choices suffice: " + maxCount);
    }

    @Test
    void exactRsqrtDecidesNearMidpointCasesExactly() {
        // squares of midpoints: x = m^-2 rounded, where the double route alone could round the wrong way
        SplittableRandom r = new SplittableRandom(22);
        for (int i = 0; i < 20000; i++) {
            int x = 0x3F800000 | (r.nextInt() & 0x7FFFFF) | (r.nextInt(2) << 23);
            int c = Mufu.rsqrt(x);
            BigDecimal f = exactValue(MufuFn.RSQ, x);
            BigDecimal dc = value(c).subtract(f).abs();
            assertTrue(value(c + 1).subtract(f).abs().compareTo(dc) > 0);
            assertTrue(value(c - 1).subtract(f).abs().compareTo(dc) > 0);
        }
    }

    /**
     * The midpoint test's early return (Mufu.rsqrt when r is over 8 double ulps from the float
     * midpoint) against the midpoint test alone, on every input of [1, 4): 1/sqrt(4^k x) is
     * 1/sqrt(x) 2^-k exactly in double (both roundings commute with the scaling), so these inputs
     * give every position of r between two floats that any positive normal input gives. And
     * Mufu.exact's shortcut for positive normals against the general path at every exponent.
     */
    @Test
    void rsqrtEarlyReturnIsTheMidpointTestsAnswer() {
        for (int x = 0x3F800000; x < 0x40800000; x++) {
            int want = midpointRsqrt(x);
            int got = Mufu.rsqrt(x);
            if (want != got) {
                assertEquals(Integer.toHexString(want), Integer.toHexString(got), Integer.toHexString(x));
            }
        }
        SplittableRandom r = new SplittableRandom(5);
        for (int i = 0; i < 200_000; i++) {
            int x = r.nextInt() & 0x7FFFFFFF;
            if (x >= 0x00800000 && x < 0x7F800000) {
                assertEquals(midpointRsqrt(x), Mufu.exact(MufuFn.RSQ, x), Integer.toHexString(x));
            }
        }
    }

    /** Mufu.rsqrt as it was before its early return: the midpoint test for every input. */
    private static int midpointRsqrt(int x) {
        return Mufu.rsqrtByMidpoint(x, 1.0 / Math.sqrt(Float.intBitsToFloat(x)));
    }

    @Test
    void seededModelsAreFunctionsOfTheirInput() {
        MufuModel a = MufuModel.bounded(7);
        MufuModel b = MufuModel.bounded(7);
        MufuModel other = MufuModel.bounded(8);
        int differ = 0;
        for (int x = 0x3F800000; x < 0x3F800000 + 5000; x++) {
            assertEquals(a.eval(MufuFn.RSQ, x), b.eval(MufuFn.RSQ, x));
            differ += a.eval(MufuFn.RSQ, x) != other.eval(MufuFn.RSQ, x) ? 1 : 0;
            int[] out = new int[16];
            int n = Mufu.candidates(MufuFn.RCP, x, out);
            assertEquals(out[0], MufuModel.adversarial(MufuModel.Extreme.LOW, 1).eval(MufuFn.RCP, x));
            assertEquals(out[n - 1], MufuModel.adversarial(MufuModel.Extreme.HIGH, 1).eval(MufuFn.RCP, x));
        }
        assertTrue(differ > 1000, "another seed picks other outputs: " + differ);
    }

    private static int bits(float f) {
        return Float.floatToRawIntBits(f);
    }

    /**
     * MUFU.SIN/COS take revolutions (ptxas multiplies by 1/(2 pi) first): quarter turns exact, the
     * period removed exactly (100.25 turns is a quarter turn), other values sin(2 pi t) rounded.
     */
    @Test
    void sinAndCosTakeRevolutions() {
        assertEquals(0x3F800000, Mufu.exact(MufuFn.SIN, bits(0.25f)));
        assertEquals(0xBF800000, Mufu.exact(MufuFn.COS, bits(0.5f)));
        assertEquals(0, Mufu.exact(MufuFn.COS, bits(0.25f)) & 0x7FFFFFFF);
        assertEquals(0xBF800000, Mufu.exact(MufuFn.SIN, bits(-0.25f)));
        assertEquals(0x3F800000, Mufu.exact(MufuFn.SIN, bits(100.25f)));
        assertEquals(0x3F800000, Mufu.exact(MufuFn.COS, bits(-3e9f)), "an integer number of turns");
        assertEquals(bits((float) (Math.sqrt(2) / 2)), Mufu.exact(MufuFn.SIN, bits(0.125f)));
        // 1/6 as a float is 5e-9 above 1/6 turn: cos is 0.5 - 2.7e-8, the float below 0.5
        assertEquals(bits(Math.nextDown(0.5f)), Mufu.exact(MufuFn.COS, bits(1 / 6f)));
        assertEquals(0x80000000, Mufu.exact(MufuFn.SIN, 0x80000001), "a subnormal turn reads as -0");
    }

    /**
     * EX2: +inf from 128 on (2^x rounds to infinity exactly there), a flushed zero below -126, the
     * floats within 2 of the rounded value elsewhere; LG2(1) = 0 alone. Every function has at least
     * one admissible output for every input (a zero result has exactly one).
     */
    @Test
    void ex2AndLg2AtTheirEndsAndEveryInputHasAnOutput() {
        int[] out = new int[16];
        assertEquals(0x7F800000, Mufu.exact(MufuFn.EX2, bits(128f)));
        assertEquals(1, Mufu.candidates(MufuFn.EX2, bits(128f), out));
        int below128 = bits(Math.nextDown(128f));
        assertTrue(Mufu.candidates(MufuFn.EX2, below128, out) >= 2);
        assertEquals(0, Mufu.exact(MufuFn.EX2, bits(Math.nextDown(-126f))));
        assertEquals(1, Mufu.candidates(MufuFn.EX2, bits(-127f), out));
        assertEquals(0x00800000, Mufu.exact(MufuFn.EX2, bits(-126f)));
        assertEquals(1, Mufu.candidates(MufuFn.LG2, 0x3F800000, out));
        assertEquals(0, out[0]);
        int n = Mufu.candidates(MufuFn.EX2, bits(0.5f), out);
        assertEquals(5, n);
        int c = Mufu.exact(MufuFn.EX2, bits(0.5f));
        assertEquals(c - 2, out[0]);
        assertEquals(c + 2, out[4]);
        SplittableRandom r = new SplittableRandom(9);
        for (MufuFn fn : MufuFn.values()) {
            for (int i = 0; i < 3000; i++) {
                int x = r.nextInt();
                int k = Mufu.candidates(fn, x, out);
                assertTrue(k >= 1 && k <= MufuModel.Enumerating.choices(fn), fn + " " + Integer.toHexString(x) + ": " + k);
                if (fn == MufuFn.SIN || fn == MufuFn.COS) {
                    double f = Mufu.revolutions(fn, Float.intBitsToFloat(x));
                    for (int j = 0; j < k && !Double.isNaN(f); j++) {
                        assertTrue(Math.abs(Float.intBitsToFloat(out[j]) - f) <= Mufu.SIN_COS_BOUND, fn + " " + x);
                    }
                }
            }
        }
    }

    /**
     * TANH (the PTX ISA's tanh.approx.f32): +-inf -> +-1, subnormals and zeros pass through (the
     * sentinel of "no special case" is not a subnormal, so 2^-149 is one), NaN -> NaN; elsewhere
     * the candidates are ascending, normal, within 2^-11 relative, and include both ends of the bound.
     */
    @Test
    void tanhPassesSubnormalsThroughAndItsCandidatesSpanTheBound() {
        int[] out = new int[16];
        assertEquals(0xBF800000, Mufu.exact(MufuFn.TANH, 0xFF800000));
        assertEquals(0x00000001, Mufu.exact(MufuFn.TANH, 0x00000001));
        assertEquals(0x807FFFFF, Mufu.exact(MufuFn.TANH, 0x807FFFFF));
        assertEquals(Mufu.NAN, Mufu.exact(MufuFn.TANH, 0x7FC00000));
        assertEquals(1, Mufu.candidates(MufuFn.TANH, 0x00000001, out));
        SplittableRandom r = new SplittableRandom(11);
        for (int i = 0; i < 3000; i++) {
            int x = i == 0 ? 0x00800000 : i == 1 ? 0xBF800000 : r.nextInt();
            float f = Float.intBitsToFloat(x);
            if (Float.isNaN(f) || Float.isInfinite(f) || (x & 0x7F800000) == 0) {
                continue;
            }
            int k = Mufu.candidates(MufuFn.TANH, x, out);
            double t = StrictMath.tanh(f);
            for (int j = 0; j < k; j++) {
                float y = Float.intBitsToFloat(out[j]);
                assertTrue(Math.abs(y - t) <= Math.abs(t) * 0x1p-11 && (out[j] & 0x7F800000) != 0, Integer.toHexString(x));
                assertTrue(j == 0 || y > Float.intBitsToFloat(out[j - 1]), "ascending " + Integer.toHexString(x));
            }
            if (Math.abs(t) > 0x1p-120) { // both ends: one float further is outside the bound
                float lo = Float.intBitsToFloat(out[0]);
                float hi = Float.intBitsToFloat(out[k - 1]);
                assertTrue(Math.abs(Math.nextDown(lo) - t) > Math.abs(t) * 0x1p-11 * (1 - 0x1p-40), Integer.toHexString(x));
                assertTrue(Math.abs(Math.nextUp(hi) - t) > Math.abs(t) * 0x1p-11 * (1 - 0x1p-40), Integer.toHexString(x));
            }
        }
    }
}

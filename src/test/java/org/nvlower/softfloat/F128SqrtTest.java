package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.nvlower.softfloat.ExactReference.Fmt;
import org.nvlower.softfloat.ExactReference.Rounded;

/**
 * F128.sqrt against {@link ExactReference} on the cases its rounding shortcut must get right:
 * exact squares, neighbours of squares, roots just off a halfway point (constructed exactly), and
 * random significands of both exponent parities, in all six rounding modes.
 */
class F128SqrtTest {

    private static final Fmt F = Fmt.B128;

    private static void check(BigInteger bits, RoundingMode rm) {
        Env env = new Env(Specialization.X86);
        F128.sqrt(bits.shiftRight(64).longValue(), bits.longValue(), rm, env);
        Rounded want = ExactReference.sqrt(F, ExactReference.decode(F, bits), rm);
        String what = "sqrt " + bits.toString(16) + " " + rm;
        assertEquals(want.bits().toString(16), ExactReference.bits(env.zHi, env.zLo).toString(16), what);
        assertEquals(want.flags(), env.flags, what + " flags");
    }

    /** Positive binary128 bits with significand m (113 bits, leading one at bit 112) and biased exponent e. */
    private static BigInteger of(BigInteger m, int e) {
        return BigInteger.valueOf(e).shiftLeft(112).or(m.clearBit(112));
    }

    @Test
    void squaresNeighboursAndHalfwayRoots() {
        SplittableRandom r = new SplittableRandom(0x5C0A7L);
        RoundingMode[] modes = RoundingMode.values();
        for (int i = 0; i < 20_000; i++) {
            RoundingMode rm = modes[r.nextInt(modes.length)];
            int e = 0x3FFF + r.nextInt(-200, 200);
            // a root q of 57 bits squares to 113 or 114 bits: an exact square significand
            BigInteger q = new BigInteger(57, new java.util.Random(r.nextLong())).setBit(56);
            BigInteger sq = q.multiply(q);
            int shift = 112 - (sq.bitLength() - 1);
            BigInteger m = sq.shiftLeft(shift);
            // exponent parity: an odd shift makes the value 2 q^2, not a square; both are wanted
            int delta = r.nextInt(-2, 3);
            BigInteger mm = m.add(BigInteger.valueOf(delta));
            if (mm.bitLength() == 113) {
                check(of(mm, e), rm);
                check(of(mm, e + 1), rm);
            }
            // (q + 1/2)^2 = q^2 + q + 1/4: squares of halfway points, shifted to 113 bits, +-1 ulp
            BigInteger h = q.shiftLeft(1).add(BigInteger.ONE); // 2q + 1, root of 4 (q + 1/2)^2
            BigInteger hs = h.multiply(h);
            int hshift = 112 - (hs.bitLength() - 1);
            BigInteger hm = hshift >= 0 ? hs.shiftLeft(hshift) : hs.shiftRight(-hshift);
            for (int dd = -1; dd <= 1; dd++) {
                BigInteger v = hm.add(BigInteger.valueOf(dd));
                if (v.bitLength() == 113) {
                    check(of(v, e), rm);
                    check(of(v, e + 1), rm);
                }
            }
            // random significands
            BigInteger rand = new BigInteger(112, new java.util.Random(r.nextLong())).setBit(112);
            check(of(rand, e + (r.nextBoolean() ? 1 : 0)), rm);
        }
        // subnormals
        for (int i = 0; i < 2_000; i++) {
            BigInteger frac = new BigInteger(1 + r.nextInt(112), new java.util.Random(r.nextLong()));
            if (frac.signum() != 0) {
                check(frac, modes[r.nextInt(modes.length)]);
            }
        }
    }

    /**
     * The operands around sqrt's dispatch (one branch on the sign and exponent field): +-0,
     * negatives, infinities, NaNs, and the ends of the normal range (exponent fields 1 and
     * 0x7FFE, the largest subnormal), in every mode.
     */
    @Test
    void dispatchEdges() {
        long[][] finite = {
            {0x0001000000000000L, 0}, {0x0001000000000000L, 1}, {0x0001FFFFFFFFFFFFL, -1L},
            {0x7FFE000000000000L, 0}, {0x7FFEFFFFFFFFFFFFL, -1L}, {0x7FFE123456789ABCL, 0x0FEDCBA987654321L},
            {0x0000FFFFFFFFFFFFL, -1L}, {0, 1}, {0x3FFF000000000000L, 0}, {0x4000000000000000L, 0},
        };
        for (RoundingMode rm : RoundingMode.values()) {
            for (long[] a : finite) {
                check(ExactReference.bits(a[0], a[1]), rm);
                // the negative: INVALID and the default NaN
                Env env = new Env(Specialization.X86);
                F128.sqrt(a[0] | F128.SIGN, a[1], rm, env);
                assertEquals(0xFFFF800000000000L, env.zHi, "sqrt of a negative");
                assertEquals(0, env.zLo, "sqrt of a negative");
                assertEquals(ExceptionFlags.INVALID, env.flags, "sqrt of a negative: flags");
            }
            for (long sign : new long[] {0, F128.SIGN}) {
                Env env = new Env(Specialization.X86);
                F128.sqrt(sign, 0, rm, env); // sqrt(+-0) = +-0
                assertEquals(sign, env.zHi, "sqrt(+-0)");
                assertEquals(0, env.zLo | env.flags, "sqrt(+-0)");
                env = new Env(Specialization.X86);
                F128.sqrt(sign | 0x7FFF000000000000L, 0, rm, env);
                long want = sign == 0 ? 0x7FFF000000000000L : 0xFFFF800000000000L; // +inf, or invalid
                assertEquals(want, env.zHi, "sqrt(+-inf)");
                assertEquals(sign == 0 ? 0 : ExceptionFlags.INVALID, env.flags, "sqrt(+-inf): flags");
                for (long nanHi : new long[] {0x7FFF800000000000L, 0x7FFF000000000001L, 0x7FFF000000000000L}) {
                    long lo = nanHi == 0x7FFF000000000000L ? 5 : 0; // quiet, signaling (high), signaling (low)
                    env = new Env(Specialization.X86);
                    F128.sqrt(sign | nanHi, lo, rm, env);
                    assertEquals(sign | nanHi | 0x0000800000000000L, env.zHi, "sqrt(NaN) quietened");
                    assertEquals(lo, env.zLo, "sqrt(NaN) payload");
                    assertEquals(nanHi == 0x7FFF800000000000L ? 0 : ExceptionFlags.INVALID, env.flags,
                            "sqrt(NaN): flags");
                }
            }
        }
    }

    /**
     * Significands where sqrtNormal's double radicand (S's top 53 bits, truncated) is furthest
     * from t = S >> 10 or at the ends of its range: S's low 60 bits all ones or all zeros under
     * random and extreme top bits (1, 2 - 2^-52, all ones), both exponent parities, every mode.
     */
    @Test
    void radicandTruncationExtremes() {
        SplittableRandom r = new SplittableRandom(0x7AD1CA2DL);
        BigInteger low60 = BigInteger.ONE.shiftLeft(60).subtract(BigInteger.ONE);
        BigInteger[] tops = new BigInteger[40];
        tops[0] = BigInteger.ONE.shiftLeft(52); // significand 1
        tops[1] = BigInteger.ONE.shiftLeft(53).subtract(BigInteger.ONE); // all ones
        tops[2] = BigInteger.ONE.shiftLeft(52).add(BigInteger.ONE);
        for (int i = 3; i < tops.length; i++) {
            tops[i] = new BigInteger(52, new java.util.Random(r.nextLong())).setBit(52);
        }
        for (RoundingMode rm : RoundingMode.values()) {
            for (BigInteger top : tops) {
                BigInteger base = top.shiftLeft(60);
                for (BigInteger m : new BigInteger[] {base, base.or(low60), base.add(BigInteger.ONE),
                        base.or(low60).subtract(BigInteger.ONE), base.or(BigInteger.ONE.shiftLeft(59))}) {
                    for (int e : new int[] {1, 2, 0x3FFE, 0x3FFF, 0x7FFD, 0x7FFE}) {
                        check(of(m, e), rm);
                    }
                }
            }
        }
    }

    /**
     * Each operand in all six modes (a rounding that picks the mode by data, such as the ordinal
     * form tried on the q8t branch, shows a wrong mode as one mode's results differing): random
     * significands over the whole exponent range, subnormals included, and significands one unit
     * from all ones, whose roots round up into the next binade in MAX (and in the near modes).
     */
    @Test
    void everyModeOnEachOperand() {
        SplittableRandom r = new SplittableRandom(0x0DD5EED5L);
        BigInteger allOnes = BigInteger.ONE.shiftLeft(113).subtract(BigInteger.ONE);
        for (int i = 0; i < 6_000; i++) {
            BigInteger bits;
            int kind = r.nextInt(8);
            if (kind == 0) { // subnormal
                bits = new BigInteger(1 + r.nextInt(112), new java.util.Random(r.nextLong())).setBit(0);
            } else if (kind == 1) { // all ones less a few units
                bits = of(allOnes.subtract(BigInteger.valueOf(r.nextInt(4))), 1 + r.nextInt(0x7FFE));
            } else {
                BigInteger m = new BigInteger(112, new java.util.Random(r.nextLong())).setBit(112);
                bits = of(m, 1 + r.nextInt(0x7FFE));
            }
            for (RoundingMode rm : RoundingMode.values()) {
                check(bits, rm);
            }
        }
    }

    /**
     * Operands whose 123-bit root R = isqrt(S 2^132) (S doubled for an odd exponent) has its low 9
     * bits within 8 of a multiple of 512 (a ulp or half-ulp boundary of the result): on both
     * sides of sqrtLastDigit's test for the exact path, where its estimate z (within 2 of R,
     * from a digit input that may be one unit above floor(rem / 2^26), q9q) and its rounding as
     * root 2^29 + ((d2 + b) >> 10) must agree with the exact root in every mode.
     */
    @Test
    void rootsNearHalfUlpBoundaries() {
        SplittableRandom r = new SplittableRandom(0xB0DA12L);
        int found = 0;
        for (int i = 0; i < 60_000; i++) {
            BigInteger m = new BigInteger(112, new java.util.Random(r.nextLong())).setBit(112);
            int e = 1 + r.nextInt(0x7FFE);
            int oddExponent = (e - 0x3FFF) & 1;
            int low = BigInteger.ONE.shiftLeft(132 + oddExponent).multiply(m).sqrt().intValue() & 511;
            if (low <= 8 || low >= 504) {
                found++;
                for (RoundingMode rm : RoundingMode.values()) {
                    check(of(m, e), rm);
                }
            }
        }
        assertTrue(found > 1_000, "operands near a boundary: " + found);
    }
}

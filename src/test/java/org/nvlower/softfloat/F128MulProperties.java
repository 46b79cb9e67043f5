package org.nvlower.softfloat;

import java.math.BigInteger;
import java.util.SplittableRandom;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import org.nvlower.softfloat.ExactReference.Exact;
import org.nvlower.softfloat.ExactReference.Fmt;

/**
 * F128.mul against {@link ExactReference} where its shortcut is decided: F128 rounds from
 * H = floor(A' B' / 2^128) (A' = A 2^13, B' = B 2^13 since the q9m branch; 2^15 before)
 * computed without the low partial products, up to 2 units short, and takes the exact product
 * when H's low 9 bits (13 before) are within 2 of a carry or zero. The operands here put the
 * exact H's low 9 bits at 0..4 and 2^9 - 5 .. 2^9 - 1 (both sides of that boundary), the
 * earlier estimate's low 13 bits likewise (still a check of the result), or make the product
 * exact or a tie; normal, subnormal and overflowing results, every rounding mode.
 */
class F128MulProperties {

    private static final Fmt F = Fmt.B128;
    private static final BigInteger LOW13 = BigInteger.valueOf(0x1FFF);
    private static final BigInteger LOW9 = BigInteger.valueOf(0x1FF);

    private static BigInteger bits(boolean negative, int exp, BigInteger sig) {
        BigInteger b = BigInteger.valueOf(exp).shiftLeft(112).or(sig.clearBit(112));
        return negative ? b.setBit(127) : b;
    }

    private static BigInteger randomSignificand(SplittableRandom r) {
        BigInteger lo = BigInteger.valueOf(r.nextLong() >>> 1).shiftLeft(1).or(BigInteger.valueOf(r.nextInt(2)));
        return BigInteger.valueOf(r.nextLong() & 0xFFFFFFFFFFFFL).shiftLeft(64).or(lo).setBit(112);
    }

    /** Exponent fields of a and b whose product is subnormal, near overflow or normal. */
    private static int[] exponents(SplittableRandom r) {
        int t = switch (r.nextInt(6)) { // the product's exponent field, before normalization
            case 0 -> -r.nextInt(118); // subnormal (or just normal after rounding)
            case 1 -> 0x7FFE + r.nextInt(-2, 2); // the top binade and overflow
            default -> 0x3FFF + r.nextInt(-300, 301);
        };
        int expA = (t + 0x3FFF) / 2 + r.nextInt(-50, 51);
        return new int[] {expA, t + 0x3FFF - expA};
    }

    private static void check(SplittableRandom r, BigInteger sa, BigInteger sb) {
        int[] e = exponents(r);
        check(bits(r.nextBoolean(), e[0], sa), bits(r.nextBoolean(), e[1], sb));
    }

    private static void check(BigInteger a, BigInteger b) {
        for (RoundingMode rm : RoundingMode.values()) {
            Env env = new Env(Specialization.X86);
            F128.mul(a.shiftRight(64).longValue(), a.longValue(), b.shiftRight(64).longValue(), b.longValue(), rm,
                    env);
            Exact x = ExactReference.decode(F, a);
            Exact y = ExactReference.decode(F, b);
            FloatProperties.check(F, FloatProperties.describe(F, "mul", rm, a, b), ExactReference.round(F, ExactReference.mul(x, y), rm),
                    ExactReference.bits(env.zHi, env.zLo), env.flags);
        }
    }

    /** Each pair of hex patterns as it is and with the first one negated. */
    private static void checkPairs(String[][] pairs) {
        for (String[] p : pairs) {
            check(new BigInteger(p[0], 16), new BigInteger(p[1], 16));
            check(new BigInteger(p[0], 16).setBit(127), new BigInteger(p[1], 16));
        }
    }

    /**
     * Pairs where H falls short by 2 and its low 13 bits read 2^13 - 2 or 2^13 - 1 (the carry
     * reaches bit 13), or by 1 from 2^13 - 1; random pairs meet these about once in 10^5.
     * Found by a search over random significands against the exact H.
     */
    @Example
    void productsWhoseShortfallCarriesPastTheLow13Bits() {
        String[][] pairs = {
            {"3fff64ce9cede70482bbd3cc1079bbaa", "3fff77223a04d9310b93a1e285e45cd7"},
            {"3fff52d0b3e97090d23a587193f0cb87", "3fff3a4928f79f921d57a0c5d9320e1a"},
            {"3fff3e648d4a587918c50119cc50dfc7", "3fff5d998403374ba7df589ff8fe1b4c"},
            {"3fffd7c60969014d1a8ad71c1b338e68", "3fff65d2d43fad7681d94506933efa6d"},
            {"3fffd3a2f25329170371d4cb524582a1", "3fff8c3817d6f92aa991392af26efffa"},
            {"3fff14d8a5c97bef51aebaa3f1c4a9ad", "3fff02bd3473d37bfebf4a5f7f996288"},
            {"3fff681b3abc77eaab0f3f72214631f4", "3fff6648935caec2a020035bebbd6f9d"},
            {"3fff8ed9cffbd388ba578aedb5a52b9c", "3fff0e3b4fcbf8fe25d3d64ad0cb7b66"},
        };
        checkPairs(pairs);
    }

    /**
     * Pairs where the four-multiply H (A' = A 2^13) falls short by 1 or 2 across a multiple of
     * 2^9: its low 9 bits read 2^9 - 2 or 2^9 - 1 and the exact ones 0 or 1 (random pairs meet
     * these about once in 10^4). Found by a search over random significands against the exact H;
     * mul must take the exact product for them (letting 2^9 - 2 through fails here).
     */
    @Example
    void productsWhoseShortfallCarriesPastTheLow9Bits() {
        String[][] pairs = {
            {"3fff21b435672ea3197811fc1791ec39", "3fffa97bd8fa0ce3bc7b553d67190f00"},
            {"3fff976de67204f7ade72b72604104e1", "3fff9b1dc09c2cda1d438e5759082399"},
            {"3fffa4f12338cadd3e0fc95d040630c5", "3fff1937384399b122c69933764f408e"},
            {"3fff2fd7c57549d5ff9eb62728da41b0", "3fff9988e3d0e79a1667688fb1aefbca"},
            {"3fff6a19a1697a90cfaf732aef197c4d", "3fff2a6ca6fe41b34c1e592490b36ab6"},
            {"3fff3538e312143390cf2652515be518", "3fff2d1060c619a1ad765f028d9a3750"},
            {"3fffb25790891a67bdb47fa96aa73bc9", "3fff3abd2e77168503d5c2f523c316ed"},
            {"3fff284f89b1f4c82585d7b4cef8cfde", "3fffbb52af672747df5f7ed8bc1bdf03"},
        };
        checkPairs(pairs);
    }

    @Property(tries = 200)
    void productsAtTheWindowsEdges(@ForAll long seed) {
        checkNearEdge(new SplittableRandom(seed), 26, LOW9); // about 1 in 50 random pairs qualifies
    }

    @Property(tries = 100)
    void productsAtTheShortcutsBoundary(@ForAll long seed) {
        checkNearEdge(new SplittableRandom(seed), 30, LOW13); // about 1 in 800 random pairs qualifies
    }

    /**
     * Checks a random pair whose product's bits (product 2^shift / 2^128) & mask lie within 4 of
     * 0 or of mask: the edges of a window the estimate H is trusted in.
     */
    private static void checkNearEdge(SplittableRandom r, int shift, BigInteger mask) {
        BigInteger sa;
        BigInteger sb;
        int low;
        int top = mask.intValue();
        do {
            sa = randomSignificand(r);
            sb = randomSignificand(r);
            low = sa.multiply(sb).shiftLeft(shift).shiftRight(128).and(mask).intValue();
        } while (low > 4 && low < top - 4);
        check(r, sa, sb);
    }

    /**
     * Products whose significand ends in 64 ones, or is all ones: rounding away from zero (MIN
     * for negative, MAX for positive products) carries out of the significand's low word, or
     * into the exponent. Since the q10m branch the fast path's directed modes truncate H and then
     * add the ulp to the significand's two words (before, the increment was added to H):
     * this aims at that carry. The operand b is p / a for a product target p with such a
     * significand and a tail in the upper half below it, so a b lands on it about half the time
     * (or just below it); every pair is checked against the exact product either way.
     */
    @Property(tries = 300)
    void productsWhoseDirectedIncrementCarries(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        BigInteger sa = randomSignificand(r);
        BigInteger ones64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
        BigInteger x = r.nextInt(4) == 0 ? BigInteger.ONE.shiftLeft(113).subtract(BigInteger.ONE)
                : randomSignificand(r).or(ones64);
        int s = 113; // bits of the product below its significand when the product has 226 bits
        BigInteger p = x.shiftLeft(s).or(new BigInteger(s - 1, new java.util.Random(r.nextLong())).setBit(s - 1));
        BigInteger sb = p.divide(sa);
        if (sb.bitLength() > 113) { // a 225-bit product: one bit fewer below the significand
            sb = p.shiftRight(1).divide(sa);
        }
        check(r, sa, sb);
        check(r, sa, sb.add(BigInteger.ONE).min(BigInteger.ONE.shiftLeft(113).subtract(BigInteger.ONE)));
    }

    /**
     * mul's one test for a special operand (exponent field 0 or 0x7FFF, since the q10m branch on
     * the field plus one under a mask of bits 49..62) at every field next to those two, either
     * sign, zero, all-ones and random fractions: finite pairs against the exact product, pairs
     * with an infinity or a NaN against the IEEE result.
     */
    @Example
    void operandsAtTheSpecialExponentsEdges() {
        int[] fields = {0, 1, 2, 0x3FFF, 0x7FFD, 0x7FFE, 0x7FFF};
        BigInteger ones = BigInteger.ONE.shiftLeft(112).subtract(BigInteger.ONE);
        BigInteger[] fracs = {BigInteger.ZERO, ones, new BigInteger("5a3c0f1e2d4b69788796a5b4c3d2", 16),
            BigInteger.ONE};
        for (int ea : fields) {
            for (int eb : fields) {
                for (BigInteger fa : fracs) {
                    for (BigInteger fb : fracs) {
                        for (int signs = 0; signs < 4; signs++) {
                            BigInteger a = bits((signs & 1) != 0, ea, fa);
                            BigInteger b = bits((signs & 2) != 0, eb, fb);
                            if (ea != 0x7FFF && eb != 0x7FFF) {
                                check(a, b);
                            } else {
                                checkSpecial(a, b, ea, eb, fa, fb, signs == 1 || signs == 2);
                            }
                        }
                    }
                }
            }
        }
    }

    private static void checkSpecial(BigInteger a, BigInteger b, int ea, int eb, BigInteger fa, BigInteger fb,
            boolean negative) {
        boolean nan = (ea == 0x7FFF && fa.signum() != 0) || (eb == 0x7FFF && fb.signum() != 0);
        boolean zero = (ea == 0 && fa.signum() == 0) || (eb == 0 && fb.signum() == 0);
        for (RoundingMode rm : RoundingMode.values()) {
            Env env = new Env(Specialization.X86);
            F128.mul(a.shiftRight(64).longValue(), a.longValue(), b.shiftRight(64).longValue(), b.longValue(), rm,
                    env);
            String what = "mul " + a.toString(16) + " " + b.toString(16) + " " + rm;
            if (nan || zero) { // a NaN operand, or infinity times zero: a NaN
                org.junit.jupiter.api.Assertions.assertTrue(F128.isNaN(env.zHi, env.zLo), what);
            } else { // infinity times a nonzero number: infinity of the product's sign, exact
                org.junit.jupiter.api.Assertions.assertEquals((negative ? 0xFFFFL : 0x7FFFL) << 48, env.zHi, what);
                org.junit.jupiter.api.Assertions.assertEquals(0, env.zLo, what);
                org.junit.jupiter.api.Assertions.assertEquals(0, env.flags, what);
            }
        }
    }

    @Property(tries = 200)
    void exactAndTiedProducts(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        // na + nb <= 114 significant bits: exact, or (at 114) possibly a tie
        int na = r.nextInt(1, 114);
        int nb = r.nextInt(1, 115 - na);
        BigInteger sa = new BigInteger(na - 1, new java.util.Random(r.nextLong())).setBit(na - 1).shiftLeft(113 - na);
        BigInteger sb = new BigInteger(nb - 1, new java.util.Random(r.nextLong())).setBit(nb - 1).shiftLeft(113 - nb);
        check(r, sa, sb);
    }
}

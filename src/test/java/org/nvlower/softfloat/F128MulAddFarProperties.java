package org.nvlower.softfloat;

import java.math.BigInteger;
import java.util.SplittableRandom;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import org.nvlower.softfloat.ExactReference.Exact;
import org.nvlower.softfloat.ExactReference.Fmt;

/**
 * F128.mulAdd where the product and c lie far apart, against {@link ExactReference}: F128 answers
 * c beside a product 2^116 or more below it (exponent fields expC >= expP + 117, expP = expA + expB
 * - BIAS) as add's far case, and a product beside a c below one unit of the product's 128-bit
 * estimate H (max(expC, 1) <= expP - 127) from H, when H's low 13 bits are in [1, 2^13 - 4].
 * The operands put expC on both sides of both thresholds (the general path just inside), c's
 * significand random, a power of two (a difference loses a bit) or all ones (a sum carries when
 * rounded up), c subnormal or zero, products whose H's low 13 bits lie at the window's edges,
 * subnormal and overflowing results, every mode and sign.
 */
class F128MulAddFarProperties {

    private static final Fmt F = Fmt.B128;
    private static final BigInteger LOW13 = BigInteger.valueOf(0x1FFF);

    private static BigInteger bits(boolean negative, int exp, BigInteger frac) {
        BigInteger b = BigInteger.valueOf(exp).shiftLeft(112).or(frac.and(BigInteger.ONE.shiftLeft(112).subtract(BigInteger.ONE)));
        return negative ? b.setBit(127) : b;
    }

    private static BigInteger fraction(SplittableRandom r) {
        return switch (r.nextInt(4)) {
            case 0 -> BigInteger.ZERO;
            case 1 -> BigInteger.ONE.shiftLeft(112).subtract(BigInteger.ONE);
            default -> new BigInteger(112, new java.util.Random(r.nextLong()));
        };
    }

    private static void check(BigInteger a, BigInteger b, BigInteger c) {
        for (RoundingMode rm : RoundingMode.values()) {
            Env env = new Env(Specialization.X86);
            F128.mulAdd(a.shiftRight(64).longValue(), a.longValue(), b.shiftRight(64).longValue(), b.longValue(),
                    c.shiftRight(64).longValue(), c.longValue(), rm, env);
            Exact p = ExactReference.mul(ExactReference.decode(F, a), ExactReference.decode(F, b));
            Exact sum = ExactReference.add(p, ExactReference.decode(F, c), rm);
            FloatProperties.check(F, FloatProperties.describe(F, "mulAdd", rm, a, b, c),
                    ExactReference.round(F, sum, rm), ExactReference.bits(env.zHi, env.zLo), env.flags);
        }
    }

    /** Exponent fields of a and b (both normal) whose product's field expA + expB - BIAS is about t. */
    private static int[] factors(SplittableRandom r, int t) {
        int expA = Math.clamp((t + 0x3FFF) / 2 + r.nextInt(-50, 51), 1, 0x7FFE);
        return new int[] {expA, Math.clamp(t + 0x3FFF - expA, 1, 0x7FFE)};
    }

    @Property(tries = 300)
    void cFarAboveTheProduct(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int expC = switch (r.nextInt(4)) {
            case 0 -> 0x7FFE; // the top binade: a sum rounded up overflows
            case 1 -> 1 + r.nextInt(3); // the bottom: a difference turns subnormal
            default -> 1 + r.nextInt(0x7FFE);
        };
        // expP from expC - 119 (general path) to far below
        int expP = expC - 115 - (r.nextBoolean() ? r.nextInt(6) : r.nextInt(20000));
        int[] e = factors(r, expP);
        BigInteger a = bits(r.nextBoolean(), e[0], fraction(r));
        BigInteger b = bits(r.nextBoolean(), e[1], fraction(r));
        check(a, b, bits(r.nextBoolean(), expC, fraction(r)));
    }

    /**
     * The product-side threshold itself: H's low 13 bits at 1 or 2^13 - 4 (the window's edges)
     * with the leading one at bit 126 (the round bit is bit 13, so moving past the edge changes
     * it), and c with an all-ones significand (just under 2 units of H, or 1/2 unit one field
     * lower) pulling the sum out of the window: exact at expC = expP - 127 (the fast path), and
     * one field higher (the general path; a threshold moved up by one field answers it wrongly).
     */
    @Property(tries = 40)
    void cAtTheProductThreshold(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        boolean low = r.nextBoolean();
        int target = low ? 1 : 0x1FFF - 3;
        BigInteger sa;
        BigInteger sb;
        BigInteger x;
        do {
            sa = new BigInteger(112, new java.util.Random(r.nextLong())).setBit(112);
            sb = new BigInteger(112, new java.util.Random(r.nextLong())).setBit(112);
            x = sa.multiply(sb).shiftLeft(30).shiftRight(128);
        } while (x.testBit(127) || x.and(LOW13).intValue() != target);
        int[] e = factors(r, r.nextInt(-8000, 8000) + 0x3FFF);
        boolean negative = r.nextBoolean();
        BigInteger a = bits(negative, e[0], sa);
        BigInteger b = bits(false, e[1], sb);
        int expP = e[0] + e[1] - 0x3FFF;
        BigInteger ones = BigInteger.ONE.shiftLeft(112).subtract(BigInteger.ONE);
        for (int expC = expP - 127; expC <= expP - 126; expC++) {
            // toward zero from the low edge, away from it from the high edge
            check(a, b, bits(low != negative, expC, ones));
        }
    }

    @Property(tries = 300)
    void productFarAboveC(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int expP = switch (r.nextInt(4)) {
            case 0 -> 0x7FFE + r.nextInt(-2, 3); // the top binade and overflow
            case 1 -> r.nextInt(-118, 4); // subnormal or just normal after rounding
            default -> 0x3FFF + r.nextInt(-8000, 8000);
        };
        BigInteger sa;
        BigInteger sb;
        boolean edge = r.nextBoolean();
        if (edge) {
            // H's low 13 bits at the window's edges (0..5 and 2^13 - 6 .. 2^13 - 1)
            int low;
            do {
                sa = new BigInteger(112, new java.util.Random(r.nextLong())).setBit(112);
                sb = new BigInteger(112, new java.util.Random(r.nextLong())).setBit(112);
                low = sa.multiply(sb).shiftLeft(30).shiftRight(128).and(LOW13).intValue();
            } while (low > 5 && low < 0x1FFF - 5);
        } else {
            sa = fraction(r);
            sb = fraction(r);
        }
        int[] e = factors(r, expP);
        BigInteger a = bits(r.nextBoolean(), e[0], sa);
        BigInteger b = bits(r.nextBoolean(), e[1], sb);
        expP = e[0] + e[1] - 0x3FFF;
        // expC from expP - 124 (general path) down, next to the threshold mostly when H is at the
        // window's edges (where a c too large would move H past them); subnormal and zero c too
        boolean near = edge ? r.nextInt(4) != 0 : r.nextBoolean();
        int expC = Math.max(0, expP - 124 - (near ? r.nextInt(6) : r.nextInt(20000)));
        BigInteger fc = r.nextInt(8) == 0 ? BigInteger.ZERO : fraction(r);
        if (expC == 0 && r.nextBoolean()) {
            fc = r.nextBoolean() ? BigInteger.ZERO : BigInteger.ONE.shiftLeft(r.nextInt(112));
        }
        check(a, b, bits(r.nextBoolean(), expC, fc));
    }
}

package org.nvlower.softfloat;

import java.math.BigInteger;
import java.util.SplittableRandom;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import org.nvlower.softfloat.ExactReference.Exact;
import org.nvlower.softfloat.ExactReference.Fmt;

/**
 * F128.add and F128.sub of operands whose exponents lie far apart (F128's branch-free path for
 * exponent fields 116 or more apart, and the general path just below that distance) against
 * {@link ExactReference}: the larger one's significand random, a power of two (the difference
 * loses a bit) or all ones (the sum carries when rounded up), the smaller one normal or
 * subnormal, the larger one up to the largest finite value, every mode and sign.
 */
class F128FarSumProperties {

    private static final Fmt F = Fmt.B128;

    private static BigInteger fraction(SplittableRandom r) {
        return switch (r.nextInt(4)) {
            case 0 -> BigInteger.ZERO;
            case 1 -> BigInteger.ONE.shiftLeft(112).subtract(BigInteger.ONE);
            default -> new BigInteger(112, new java.util.Random(r.nextLong()));
        };
    }

    @Property(tries = 300)
    void farApartSumsAndDifferences(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int expBig = r.nextInt(8) == 0 ? 0x7FFE : 113 + r.nextInt(0x7FFE - 113);
        int gap = r.nextBoolean() ? 113 + r.nextInt(8) : 113 + r.nextInt(expBig - 112);
        int expSmall = Math.max(0, expBig - gap);
        BigInteger small = BigInteger.valueOf(expSmall).shiftLeft(112).or(fraction(r));
        if (small.signum() == 0) {
            small = BigInteger.ONE; // the smallest subnormal
        }
        BigInteger big = BigInteger.valueOf(expBig).shiftLeft(112).or(fraction(r));
        BigInteger a = r.nextBoolean() ? big : small;
        BigInteger b = a == big ? small : big;
        a = r.nextBoolean() ? a.setBit(127) : a;
        b = r.nextBoolean() ? b.setBit(127) : b;
        for (RoundingMode rm : RoundingMode.values()) {
            for (boolean sub : new boolean[] {false, true}) {
                Env env = new Env(Specialization.X86);
                long aHi = a.shiftRight(64).longValue();
                long bHi = b.shiftRight(64).longValue();
                if (sub) {
                    F128.sub(aHi, a.longValue(), bHi, b.longValue(), rm, env);
                } else {
                    F128.add(aHi, a.longValue(), bHi, b.longValue(), rm, env);
                }
                Exact y = ExactReference.decode(F, b);
                Exact sum = ExactReference.add(ExactReference.decode(F, a), sub ? ExactReference.negate(y) : y, rm);
                FloatProperties.check(F, FloatProperties.describe(F, sub ? "sub" : "add", rm, a, b),
                        ExactReference.round(F, sum, rm), ExactReference.bits(env.zHi, env.zLo), env.flags);
            }
        }
    }
}

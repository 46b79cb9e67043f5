package org.nvlower.softfloat;

import java.math.BigInteger;
import java.util.SplittableRandom;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import org.nvlower.softfloat.ExactReference.Exact;
import org.nvlower.softfloat.ExactReference.Fmt;

/**
 * F128.div against {@link ExactReference} where its uncorrected last digit matters: quotients
 * that are exact or within a few units of 2^-120 of a half-ulp (exact quotients, and dividends
 * one or two units off b * c, where F128 must fall back to the exact remainder), and quotients
 * anywhere else (where it must not need to); normal, subnormal and overflowing results, every
 * rounding mode.
 */
class F128DivisionProperties {

    private static final Fmt F = Fmt.B128;

    /** A significand of 1 + 112 bits with at most {@code bits} significant bits (top-aligned). */
    private static BigInteger significand(SplittableRandom r, int bits) {
        BigInteger m = BigInteger.ONE.shiftLeft(bits - 1);
        if (bits == 1) {
            return m.shiftLeft(112);
        }
        BigInteger low = switch (r.nextInt(4)) {
            case 0 -> BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE); // all ones
            case 1 -> BigInteger.ONE.shiftLeft(r.nextInt(bits - 1)); // sparse
            default -> new BigInteger(bits - 1, new java.util.Random(r.nextLong()));
        };
        return m.or(low).shiftLeft(113 - bits);
    }

    private static BigInteger bits(boolean negative, int exp, BigInteger sig) {
        BigInteger b = BigInteger.valueOf(exp).shiftLeft(112).or(sig.clearBit(112));
        return negative ? b.setBit(127) : b;
    }

    /** A product's top 113 bits plus {@code delta} units (the top bits alone where that leaves 113 bits). */
    private static BigInteger nearTop(BigInteger product, int delta) {
        BigInteger top = product.shiftRight(product.bitLength() - 113);
        BigInteger near = top.add(BigInteger.valueOf(delta));
        return near.bitLength() == 113 ? near : top;
    }

    private static void check(BigInteger a, BigInteger b, RoundingMode rm) {
        Env env = new Env(Specialization.X86);
        F128.div(a.shiftRight(64).longValue(), a.longValue(), b.shiftRight(64).longValue(), b.longValue(), rm, env);
        BigInteger actual = ExactReference.bits(env.zHi, env.zLo);
        Exact x = ExactReference.decode(F, a);
        Exact y = ExactReference.decode(F, b);
        FloatProperties.check(F, FloatProperties.describe(F, "div", rm, a, b), ExactReference.div(F, x, y, rm), actual,
                env.flags);
    }

    @Property(tries = 250)
    void exactAndNearExactQuotients(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        // b * c exact in 113 bits: b with nb significant bits, c with at most 114 - nb
        int nb = r.nextInt(1, 57);
        BigInteger sb = significand(r, nb);
        BigInteger sc = significand(r, r.nextInt(1, 114 - nb + 1));
        BigInteger product = sb.multiply(sc); // < 2^226, at most 113 significant bits
        BigInteger sa = nearTop(product, r.nextInt(5) - 2); // off b * c by up to two units in a's last place
        int expB = r.nextInt(10) == 0 ? 1 + r.nextInt(3) : 0x3FFF + r.nextInt(-200, 201);
        int expA = switch (r.nextInt(8)) {
            case 0 -> 1 + r.nextInt(120); // subnormal results when b is large
            case 1 -> 0x7FFE - r.nextInt(3); // overflow when b is small
            default -> 0x3FFF + r.nextInt(-200, 201);
        };
        BigInteger a = bits(r.nextBoolean(), expA, sa);
        BigInteger b = bits(r.nextBoolean(), expB, sb);
        for (RoundingMode rm : RoundingMode.values()) {
            check(a, b, rm);
        }
    }

    @Property(tries = 120)
    void randomQuotients(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        BigInteger a = bits(r.nextBoolean(), 1 + r.nextInt(0x7FFE), significand(r, 1 + r.nextInt(113)));
        BigInteger b = bits(r.nextBoolean(), 1 + r.nextInt(0x7FFE), significand(r, 1 + r.nextInt(113)));
        if (r.nextInt(4) == 0) { // a subnormal operand
            a = a.and(BigInteger.ONE.shiftLeft(112 - r.nextInt(112)).subtract(BigInteger.ONE)).setBit(r.nextInt(3));
        }
        for (RoundingMode rm : RoundingMode.values()) {
            check(a, b, rm);
        }
    }

    /**
     * Quotients next to a significand whose rounding carries: a = b * c (rounded to 113 bits) plus
     * up to three units, c a power of two, all ones, all ones in its low word or in bits 50..63
     * (the top of the low word, where div's rounding adds the quotient's two digits), or zeros
     * there, b anything. a / b then lies within a few ulps of c, so the rounded quotient's low word
     * is all ones or zeros and an increment carries into the high word and the exponent, and the
     * second digit is often negative or above 2^58 (q11f's rounding on the digits,
     * roundPackQuotient). Normal, subnormal and overflowing results, every rounding mode.
     */
    @Property(tries = 300)
    void quotientsWhoseRoundingCarries(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        BigInteger sb = significand(r, 1 + r.nextInt(113));
        BigInteger top = BigInteger.ONE.shiftLeft(112);
        BigInteger ones = BigInteger.ONE.shiftLeft(113).subtract(BigInteger.ONE);
        BigInteger random = top.or(new BigInteger(112, new java.util.Random(r.nextLong())));
        BigInteger bits50to63 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE.shiftLeft(50));
        BigInteger sc = switch (r.nextInt(6)) {
            case 0 -> top;
            case 1 -> ones;
            case 2 -> random.or(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE)); // low word all ones
            case 3 -> random.andNot(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE)); // low word zeros
            case 4 -> random.or(bits50to63);
            default -> random.andNot(bits50to63);
        };
        BigInteger product = sb.multiply(sc);
        BigInteger sa = nearTop(product, r.nextInt(7) - 3);
        int expB = 0x3FFF + r.nextInt(-200, 201);
        int expA = switch (r.nextInt(8)) {
            case 0 -> expB - 0x3FFF + r.nextInt(-3, 2); // results next to the smallest normal
            case 1 -> Math.min(0x7FFE, expB + 0x3FFF - r.nextInt(3)); // next to overflow
            default -> 0x3FFF + r.nextInt(-200, 201);
        };
        if (expA < 1) {
            expA = 1;
        }
        BigInteger a = bits(r.nextBoolean(), expA, sa);
        BigInteger b = bits(r.nextBoolean(), expB, sb);
        for (RoundingMode rm : RoundingMode.values()) {
            check(a, b, rm);
        }
    }

    /**
     * Operands with equal significands (q11f: div answers them before the division, as 2^expDiff):
     * every kind of significand, exponents whose quotient is normal, next to the smallest normal,
     * subnormal, below the smallest subnormal, next to overflow and overflowing; subnormal operands
     * with equal significands too; every rounding mode.
     */
    @Property(tries = 200)
    void equalSignificands(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        BigInteger s = significand(r, 1 + r.nextInt(113));
        int expB = 1 + r.nextInt(0x7FFE);
        int expA = switch (r.nextInt(6)) {
            case 0 -> Math.max(1, expB - 0x3FFF + r.nextInt(-120, 3)); // subnormal or tiny results
            case 1 -> Math.min(0x7FFE, expB + 0x3FFF + r.nextInt(-2, 2)); // next to overflow
            case 2 -> 1 + r.nextInt(0x7FFE);
            default -> Math.min(0x7FFE, Math.max(1, expB + r.nextInt(-200, 201)));
        };
        BigInteger a = bits(r.nextBoolean(), expA, s);
        BigInteger b = bits(r.nextBoolean(), expB, s);
        if (r.nextInt(4) == 0) { // subnormal operands with equal significands
            BigInteger frac = s.shiftRight(r.nextInt(1, 113));
            if (r.nextBoolean()) {
                a = bits(a.testBit(127), 0, frac);
            } else {
                b = bits(b.testBit(127), 0, frac);
                a = bits(a.testBit(127), 0x7FFE - r.nextInt(120), frac.shiftLeft(frac.bitLength() <= 112 ? 113 - frac.bitLength() : 0));
            }
        }
        for (RoundingMode rm : RoundingMode.values()) {
            check(a, b, rm);
        }
    }
}

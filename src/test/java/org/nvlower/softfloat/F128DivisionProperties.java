package org.nvlower.softfloat;

import java.math.BigInteger;
import java.util.SplittableRandom;

import net.jqwik.api.Example;
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

    // ---- div's integer reciprocal (q12f): the seed's bound, v's bound, the digits' windows

    private static final BigInteger TWO_175 = BigInteger.ONE.shiftLeft(175);

    /**
     * Every seed line's relative error, exhaustively: for each table entry i and each f (2^24
     * cells), the seed q0 against both ends of the cell's range of bTop (B's top 64 bits), where
     * E = 2^94 - bTop q0 (linear in bTop) takes its extremes: |E| / 2^94 < 2^-18.9, the bound
     * divReciprocal's proof assumes, and q0 in (2^29, 2^31). E is computed here from 32-bit halves.
     */
    @Example
    void reciprocalSeedsAreWithin2ToMinus189() {
        double bound = 0x1p94 * Math.pow(2, -18.9);
        double worst = 0;
        for (long i = 0; i < 256; i++) {
            for (long f = 0; f < 1 << 16; f++) {
                long sigB64 = (1L << 48) | (i << 40) | (f << 24);
                long q0 = F128.reciprocalSeed(sigB64);
                if (q0 <= 1L << 29 || q0 >= 1L << 31) {
                    throw new AssertionError("seed " + q0 + " out of (2^29, 2^31) at i " + i + ", f " + f);
                }
                long low = (1L << 63) | (i << 55) | (f << 39);
                for (long bTop : new long[] {low, low + (1L << 39) - 1}) {
                    // bTop q0 = (bh 2^32 + bl) q0 with bh, bl < 2^32 and q0 < 2^31: two exact products
                    double product = (double) ((bTop >>> 32) * q0) * 0x1p32 + (double) ((bTop & 0xFFFFFFFFL) * q0);
                    // E = 2^94 - product, |E| ~ 2^75: the two doubles' rounding (< 2^42) changes nothing here
                    double e = Math.abs(0x1p94 - product);
                    worst = Math.max(worst, e);
                }
            }
        }
        if (!(worst < bound)) {
            throw new AssertionError("seed error 2^" + Math.log(worst / 0x1p94) / Math.log(2) + " >= 2^-18.9");
        }
    }

    /** Significands (113 bits, leading one at bit 112) whose reciprocal is hardest for divReciprocal. */
    private static BigInteger hardDivisor(SplittableRandom r) {
        BigInteger one = BigInteger.ONE.shiftLeft(112);
        BigInteger ones = BigInteger.ONE.shiftLeft(113).subtract(BigInteger.ONE);
        switch (r.nextInt(8)) {
            case 0: // 1, 1 + 2^-112, 1 + a few units
                return one.add(BigInteger.valueOf(r.nextInt(4)));
            case 1: // all ones, next to 2
                return ones.subtract(BigInteger.valueOf(r.nextInt(4)));
            case 2: // 2 - 2^-k, 1 + 2^-k
                return r.nextBoolean() ? ones.subtract(BigInteger.ONE.shiftLeft(r.nextInt(112)).subtract(BigInteger.ONE))
                        : one.setBit(r.nextInt(112));
            case 3: { // either end of a seed's cell (i, f): the line's largest errors
                long i = r.nextInt(256);
                long f = switch (r.nextInt(4)) {
                    case 0 -> 0;
                    case 1 -> 0xFFFF;
                    case 2 -> 0x8000 - r.nextInt(2);
                    default -> r.nextInt(1 << 16);
                };
                BigInteger cell = one.or(BigInteger.valueOf((i << 16) | f).shiftLeft(88));
                BigInteger below = BigInteger.ONE.shiftLeft(88).subtract(BigInteger.ONE);
                return switch (r.nextInt(3)) {
                    case 0 -> cell;
                    case 1 -> cell.or(below); // the cell's top
                    default -> cell.or(new BigInteger(88, new java.util.Random(r.nextLong())));
                };
            }
            case 4: // bTop exact (B's low 49 bits zero) or its low bits all ones
                BigInteger top = one.or(new BigInteger(112, new java.util.Random(r.nextLong())));
                BigInteger low49 = BigInteger.ONE.shiftLeft(49).subtract(BigInteger.ONE);
                return r.nextBoolean() ? top.andNot(low49) : top.or(low49);
            default:
                return one.or(new BigInteger(112, new java.util.Random(r.nextLong())));
        }
    }

    /** v - 2^175 / B in (-1.01, 2.01): 100 (v + 1.01) B > 100 2^175 > 100 (v - 2.01) B. */
    private static void checkReciprocal(BigInteger sb) {
        long v = F128.divReciprocal(sb.shiftRight(64).longValue(), sb.longValue());
        BigInteger hundredV = new BigInteger(Long.toUnsignedString(v)).multiply(BigInteger.valueOf(100));
        BigInteger target = TWO_175.multiply(BigInteger.valueOf(100));
        if (hundredV.add(BigInteger.valueOf(101)).multiply(sb).compareTo(target) <= 0
                || hundredV.subtract(BigInteger.valueOf(201)).multiply(sb).compareTo(target) >= 0) {
            java.math.BigDecimal exact = new java.math.BigDecimal(TWO_175).divide(new java.math.BigDecimal(sb),
                    java.math.MathContext.DECIMAL128);
            throw new AssertionError("divReciprocal(" + sb.toString(16) + ") = " + Long.toUnsignedString(v)
                    + ", 2^175 / B = " + exact + ": off by more than (-1.01, 2.01)");
        }
    }

    @Property(tries = 3000)
    void reciprocalIsWithinItsBound(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int k = 0; k < 50; k++) {
            checkReciprocal(hardDivisor(r));
        }
    }

    @Example
    void reciprocalOfEveryCellsEnds() {
        BigInteger one = BigInteger.ONE.shiftLeft(112);
        for (long i = 0; i < 256; i++) {
            for (long f : new long[] {0, 1, 0x7FFF, 0x8000, 0xFFFE, 0xFFFF}) {
                BigInteger cell = one.or(BigInteger.valueOf((i << 16) | f).shiftLeft(88));
                checkReciprocal(cell);
                checkReciprocal(cell.or(BigInteger.ONE.shiftLeft(88).subtract(BigInteger.ONE)));
            }
        }
    }

    /**
     * divSignificands' digit bounds, from divReciprocal's v and the digits' formulas, against the
     * exact quotient: r2 = r1 2^62 - d1 B in (-2.01 B, 2.52 B) and Q - P = x2 - d2 in (-0.32, 1.57),
     * inside the (-1, 2) that the rounding window assumes; then F128.div itself against
     * ExactReference. Hard divisors, dividends random or near b c (c with 113 or 114 significant
     * bits: next to an ulp boundary or a tie), every mode, normal, subnormal and overflowing results.
     */
    @Property(tries = 400)
    void digitsStayInTheirWindows(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        BigInteger sb = hardDivisor(r);
        BigInteger sa = switch (r.nextInt(3)) {
            case 0 -> hardDivisor(r);
            case 1 -> nearTop(sb.multiply(significand(r, 113)), r.nextInt(7) - 3);
            default -> nearTop(sb.multiply(significand(r, 113).shiftLeft(1).setBit(0)), r.nextInt(7) - 3);
        };
        if (!sa.equals(sb)) {
            BigInteger r1 = sa.compareTo(sb) < 0 ? sa.shiftLeft(1).subtract(sb) : sa.subtract(sb);
            long v = F128.divReciprocal(sb.shiftRight(64).longValue(), sb.longValue());
            BigInteger bv = new BigInteger(Long.toUnsignedString(v));
            BigInteger d1 = r1.shiftRight(49).multiply(bv).shiftRight(64);
            BigInteger r2 = r1.shiftLeft(62).subtract(d1.multiply(sb));
            BigInteger hundred = BigInteger.valueOf(100);
            if (r2.multiply(hundred).compareTo(sb.multiply(BigInteger.valueOf(-201))) <= 0
                    || r2.multiply(hundred).compareTo(sb.multiply(BigInteger.valueOf(252))) >= 0) {
                throw new AssertionError("r2 out of (-2.01 B, 2.52 B) for " + sa.toString(16) + " / " + sb.toString(16));
            }
            BigInteger d2 = r2.shiftRight(52).multiply(bv.shiftRight(1)).shiftRight(64); // floors, signed
            // x2 - d2 = (r2 2^58 - d2 B) / B in (-0.32, 1.57)
            BigInteger rest = r2.shiftLeft(58).subtract(d2.multiply(sb)).multiply(hundred);
            if (rest.compareTo(sb.multiply(BigInteger.valueOf(-32))) <= 0
                    || rest.compareTo(sb.multiply(BigInteger.valueOf(157))) >= 0) {
                throw new AssertionError("x2 - d2 out of (-0.32, 1.57) for " + sa.toString(16) + " / " + sb.toString(16));
            }
        }
        int expB = 0x3FFF + r.nextInt(-200, 201);
        int expA = switch (r.nextInt(6)) {
            case 0 -> Math.max(1, expB - 0x3FFF + r.nextInt(-120, 2)); // subnormal and tiny results
            case 1 -> Math.min(0x7FFE, expB + 0x3FFF - r.nextInt(3)); // next to overflow, overflowing
            default -> 0x3FFF + r.nextInt(-200, 201);
        };
        BigInteger a = bits(r.nextBoolean(), expA, sa);
        BigInteger b = bits(r.nextBoolean(), expB, sb);
        for (RoundingMode rm : RoundingMode.values()) {
            check(a, b, rm);
        }
    }
}

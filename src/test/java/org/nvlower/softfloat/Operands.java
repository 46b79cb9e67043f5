package org.nvlower.softfloat;

import java.math.BigInteger;
import java.util.SplittableRandom;

import org.nvlower.softfloat.ExactReference.Fmt;

/**
 * Random finite operands for the property tests, biased toward the hard cases: zeros,
 * subnormals, the extremes of the exponent range, sparse and all-ones significands, and second
 * operands whose exponent is close to the first's (cancellation, ties, alignment).
 */
final class Operands {

    private final SplittableRandom rnd;

    Operands(long seed) {
        this.rnd = new SplittableRandom(seed);
    }

    /** Each binary32 magnitude, then its negative: an edge grid's operands. */
    static int[] withBothSigns(int[] magnitudes) {
        return withBothSigns(magnitudes, 0x80000000);
    }

    /** A check of one operand pair in one mode and environment, returning a count the caller sums. */
    interface PairCheck {
        int check(int a, int b, RoundingMode rm, Specialization spec, boolean ftz, boolean daz);
    }

    /**
     * {@code check} on every pair of {@code ops}, in every mode, both specializations, ftz and daz
     * each on and off (an edge grid's cases); the sum of its counts.
     */
    static int everyPair(int[] ops, PairCheck check) {
        int sum = 0;
        for (Specialization spec : new Specialization[] {Specialization.X86, Specialization.NVPTX}) {
            for (int flush = 0; flush < 4; flush++) {
                for (RoundingMode rm : RoundingMode.values()) {
                    for (int a : ops) {
                        for (int b : ops) {
                            sum += check.check(a, b, rm, spec, (flush & 1) != 0, (flush & 2) != 0);
                        }
                    }
                }
            }
        }
        return sum;
    }

    /**
     * A random operand of a format of {@code e} exponent and {@code f} fraction bits, biased to a
     * product's edges: NaNs (random payloads) and infinities, zeros and subnormals, exponent fields
     * in [1, tiny) (products that underflow) and [huge, max) (products that overflow), any other;
     * the fraction zero in 1 of 4 (zeros, infinities, powers of two).
     */
    static int productOperand(SplittableRandom r, int e, int f, int tiny, int huge) {
        int max = (1 << e) - 1;
        int sign = r.nextBoolean() ? 1 << (e + f) : 0;
        int frac = r.nextInt() & ((1 << f) - 1);
        int exp = switch (r.nextInt(6)) {
            case 0 -> max; // infinity or NaN
            case 1 -> 0; // zero or subnormal
            case 2 -> r.nextInt(1, tiny);
            case 3 -> r.nextInt(huge, max);
            default -> r.nextInt(1, max);
        };
        if (r.nextInt(4) == 0) {
            frac = 0;
        }
        return sign | exp << f | frac;
    }

    /** Each magnitude, then with the format's sign bit {@code sign} set (0x8000 for binary16). */
    static int[] withBothSigns(int[] magnitudes, int sign) {
        int[] ops = new int[magnitudes.length * 2];
        for (int i = 0; i < magnitudes.length; i++) {
            ops[2 * i] = magnitudes[i];
            ops[2 * i + 1] = magnitudes[i] | sign;
        }
        return ops;
    }

    RoundingMode roundingMode() {
        return RoundingMode.values()[rnd.nextInt(RoundingMode.values().length)];
    }

    Specialization specialization() {
        return rnd.nextBoolean() ? Specialization.X86 : Specialization.NVPTX;
    }

    boolean nextBoolean() {
        return rnd.nextBoolean();
    }

    int nextInt(int bound) {
        return rnd.nextInt(bound);
    }

    long nextLong() {
        return rnd.nextLong();
    }

    /** A finite value of format f as bits. */
    BigInteger finite(Fmt f) {
        return finite(f, -1);
    }

    /** A finite value; with probability 1/2 its biased exponent is near {@code nearExp} (if >= 0). */
    BigInteger finite(Fmt f, int nearExp) {
        int expMax = (1 << f.expBits) - 1;
        int exp;
        if (nearExp >= 0 && rnd.nextBoolean()) {
            exp = nearExp + rnd.nextInt(-f.p - 3, f.p + 4);
        } else {
            exp = switch (rnd.nextInt(10)) {
                case 0 -> -1; // zero
                case 1 -> 0; // subnormal
                case 2, 3, 4 -> f.bias + rnd.nextInt(-40, 41);
                case 5, 6, 7 -> 1 + rnd.nextInt(expMax - 1);
                case 8 -> rnd.nextBoolean() ? 1 + rnd.nextInt(3) : expMax - 1 - rnd.nextInt(3);
                default -> f.bias + rnd.nextInt(-f.p - 3, f.p + 4);
            };
        }
        BigInteger bits;
        if (exp < 0) {
            bits = BigInteger.ZERO;
        } else {
            exp = Math.max(0, Math.min(expMax - 1, exp));
            BigInteger frac = fraction(f.fracBits);
            if (exp == 0 && frac.signum() == 0) {
                frac = BigInteger.ONE.shiftLeft(rnd.nextInt(f.fracBits));
            }
            bits = BigInteger.valueOf(exp).shiftLeft(f.fracBits).or(frac);
        }
        return rnd.nextBoolean() ? bits.setBit(f.width - 1) : bits;
    }

    /** Biased exponent field of bits. */
    static int exp(Fmt f, BigInteger bits) {
        return bits.shiftRight(f.fracBits).intValue() & ((1 << f.expBits) - 1);
    }

    private BigInteger fraction(int n) {
        BigInteger all = BigInteger.ONE.shiftLeft(n).subtract(BigInteger.ONE);
        return switch (rnd.nextInt(6)) {
            case 0 -> BigInteger.ZERO;
            case 1 -> sparse(n);
            case 2 -> all;
            case 3 -> all.xor(sparse(n));
            case 4 -> new BigInteger(n, new java.util.Random(rnd.nextLong())).and(BigInteger.ONE.shiftLeft(rnd.nextInt(n) + 1).subtract(BigInteger.ONE));
            default -> new BigInteger(n, new java.util.Random(rnd.nextLong()));
        };
    }

    private BigInteger sparse(int n) {
        BigInteger v = BigInteger.ZERO;
        for (int i = rnd.nextInt(1, 4); i > 0; i--) {
            v = v.setBit(rnd.nextInt(n));
        }
        return v;
    }

    /** A random integer of up to {@code bits} bits (signed range when signed), biased to edges. */
    BigInteger integer(int bits, boolean signed) {
        int len = rnd.nextInt(1, bits + 1);
        BigInteger v = switch (rnd.nextInt(4)) {
            case 0 -> BigInteger.ONE.shiftLeft(len).subtract(BigInteger.ONE); // all ones
            case 1 -> BigInteger.ONE.shiftLeft(len - 1).or(sparse(len));
            default -> new BigInteger(len, new java.util.Random(rnd.nextLong()));
        };
        if (signed) {
            v = v.mod(BigInteger.ONE.shiftLeft(bits));
            if (v.testBit(bits - 1)) {
                v = v.subtract(BigInteger.ONE.shiftLeft(bits));
            }
        }
        return v;
    }
}

package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * binary64 products outside [2^-966, MAX) (NaN operands under both NaN policies, infinity times
 * zero, zeros and infinities, overflow, tiny products, nonzero products whose nearest even is
 * zero): F64.mul (mul64, mulEdge64, then the general path) against {@link Narrow#mul}, value and
 * flags, in all six modes, both specializations, ftz and daz. (Written for q13m's in-line
 * variant of mul64, not kept: docs/performance-log.md.)
 */
class Binary64ProductOutsideTest {

    static final FloatFormat F = FloatFormat.BINARY64;

    /**
     * Magnitudes: zeros, subnormals (the smallest, 2^-1074 times 2 and 3, the largest), the ends
     * of the normal range, values next to 1, 2^-537 and 2^537 (products at 2^-1075 and 2^1024),
     * 2^-538 (products below half the smallest subnormal), large values whose products overflow
     * or stay just under MAX, infinities and NaNs (signaling and quiet, with payloads).
     */
    static final long[] MAGNITUDES = {
        0, 1, 2, 3, 0x000FFFFFFFFFFFFFL, 0x0010000000000000L, 0x0010000000000001L, 0x1E50000000000000L,
        0x1E5FFFFFFFFFFFFFL, 0x1E60000000000000L, 0x1E60000000000001L, 0x1E68000000000000L,
        0x3FEFFFFFFFFFFFFFL, 0x3FF0000000000000L, 0x3FF0000000000001L, 0x3FF8000000000000L, 0x3FFFFFFFFFFFFFFFL,
        0x4000000000000000L, 0x5FF0000000000000L, 0x5FFFFFFFFFFFFFFFL, 0x6000000000000000L, 0x7FE0000000000000L,
        0x7FEFFFFFFFFFFFFFL, 0x7FF0000000000000L,
        0x7FF0000000000001L, 0x7FF4000000000000L, 0x7FF7FFFFFFFFFFFFL, // signaling NaNs
        0x7FF8000000000000L, 0x7FF8000000000001L, 0x7FFFFFFFFFFFFFFFL, // quiet NaNs
    };

    static long[] withBothSigns(long[] magnitudes) {
        long[] ops = new long[2 * magnitudes.length];
        for (int i = 0; i < magnitudes.length; i++) {
            ops[2 * i] = magnitudes[i];
            ops[2 * i + 1] = magnitudes[i] | Long.MIN_VALUE;
        }
        return ops;
    }

    /** Every pair of the grid, every mode, both specializations, ftz and daz each on and off. */
    @Example
    void everyPairOfTheGridAsTheGeneralPath() {
        long[] ops = withBothSigns(MAGNITUDES);
        int[] answered = new int[4]; // NaN operand, below the smallest subnormal, overflow, inf * 0
        for (Specialization spec : new Specialization[] {Specialization.X86, Specialization.NVPTX}) {
            for (int flush = 0; flush < 4; flush++) {
                for (RoundingMode rm : RoundingMode.values()) {
                    for (long a : ops) {
                        for (long b : ops) {
                            check(a, b, rm, spec, (flush & 1) != 0, (flush & 2) != 0, answered);
                        }
                    }
                }
            }
        }
        int nans = 2 * 6;
        int pairs = 2 * MAGNITUDES.length;
        assertEquals(2 * 4 * 6 * (pairs * pairs - (pairs - nans) * (pairs - nans)), answered[0]);
        assertTrue(answered[1] > 100 && answered[2] > 100 && answered[3] > 10, java.util.Arrays.toString(answered));
    }

    /** Random operands biased to NaNs (random payloads), infinities, zeros, subnormals and exponents that overflow or underflow. */
    @Property(tries = 100)
    void randomOutsideProductsAsTheGeneralPath(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] answered = new int[4];
        for (int i = 0; i < 300; i++) {
            long a = operand(r);
            long b = operand(r);
            RoundingMode rm = RoundingMode.values()[r.nextInt(6)];
            Specialization spec = r.nextBoolean() ? Specialization.X86 : Specialization.NVPTX;
            check(a, b, rm, spec, r.nextInt(4) == 0, r.nextInt(4) == 0, answered);
        }
    }

    private static long operand(SplittableRandom r) {
        long sign = r.nextBoolean() ? Long.MIN_VALUE : 0;
        long frac = r.nextLong() & 0x000FFFFFFFFFFFFFL;
        long exp = switch (r.nextInt(7)) {
            case 0 -> 0x7FF; // infinity or NaN
            case 1 -> 0; // zero or subnormal
            case 2 -> r.nextInt(1, 300); // tiny products
            case 3 -> r.nextInt(1600, 2047); // overflowing products
            case 4 -> r.nextInt(400, 600); // with a tiny one: products near 2^-1075
            default -> r.nextInt(1, 2047);
        };
        switch (r.nextInt(4)) {
            case 0 -> frac = 0; // zeros, infinities, powers of two
            case 1 -> frac &= -1L << r.nextInt(53); // few significant bits: exact products and ties
            case 2 -> frac |= 0x000FFFFFFFFFFFFFL >>> r.nextInt(53); // trailing ones
            default -> { }
        }
        return sign | exp << 52 | frac;
    }

    /** Compares F64.mul with Narrow.mul, and counts the grid's classes of products. */
    private static void check(long a, long b, RoundingMode rm, Specialization spec, boolean ftz, boolean daz, int[] answered) {
        Env slow = Envs.of(spec, ftz, daz);
        long want = Narrow.mul(F, a, b, rm, slow);
        String what = rm + " " + Long.toHexString(a) + " * " + Long.toHexString(b) + " " + spec + " ftz=" + ftz
                + " daz=" + daz;
        Env viaF64 = Envs.of(spec, ftz, daz);
        assertEquals(Long.toHexString(want), Long.toHexString(F64.mul(a, b, rm, viaF64)), what);
        assertEquals(slow.flags, viaF64.flags, what + " flags");
        double x = Double.longBitsToDouble(a);
        double y = Double.longBitsToDouble(b);
        boolean nanOperand = x != x || y != y;
        double p = x * y;
        answered[0] += nanOperand ? 1 : 0;
        answered[1] += p == 0 && x != 0 && y != 0 ? 1 : 0;
        answered[2] += Math.abs(p) == Double.POSITIVE_INFINITY && !Double.isInfinite(x) && !Double.isInfinite(y) ? 1 : 0;
        answered[3] += p != p && !nanOperand ? 1 : 0;
    }
}

package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * binary32 quotients outside the normal range, which {@link HardwarePath#div32} answers itself
 * (NaN operands under both NaN policies, 0/0 and inf/inf, zeros, infinities and division by zero,
 * overflow from 2^128 up, tiny quotients below 2^-126 (1 - 2^-24) without ftz) or rounds through
 * Narrow.roundPack (ftz, and the windows [2^-126 (1 - 2^-24), 2^-126) and [MAX, 2^128)): F32.div
 * and div32 against the general path {@link Narrow#div}, value and flags, in all six modes, both
 * specializations, ftz on and off (daz: div32 declines, F32.div goes to the general path).
 */
class Binary32QuotientOutsideTest {

    static final FloatFormat F = FloatFormat.BINARY32;

    /**
     * Magnitudes: zeros, subnormals, the ends of the normal range, values next to 1/2, 1 and 2
     * (quotients on and next to 2^-126 (1 - 2^-24) = 0x00FFFFFF / 2, the bound of div32's tiny
     * path, to MAX and to 2^128 = MAX / (1/2 - 2^-25) rounded), 3 (inexact quotients), powers of
     * two up to 2^24 (subnormal quotients, exact and tied: 2^-149 / 2, 3 2^-149 / 2), infinities
     * and NaNs.
     */
    static final int[] MAGNITUDES = {
        0, 1, 3, 5, 0x00400000, 0x00400001, 0x007FFFFE, 0x007FFFFF, 0x00800000, 0x00800001, 0x00FFFFFF,
        0x1F800000, 0x3EFFFFFF, 0x3F000000, 0x3F000001, 0x3F7FFFFE, 0x3F7FFFFF, 0x3F800000, 0x3F800001,
        0x3FC00000, 0x3FFFFFFF, 0x40000000, 0x40000001, 0x40400000, 0x4B000000, 0x4B800000, 0x4BC00000,
        0x5F000000, 0x5F800000, 0x5FFFFFFF, 0x7F000000, 0x7F7FFFFE, 0x7F7FFFFF, 0x7F800000,
        0x7F800001, 0x7FA00000, 0x7FBFFFFF, // signaling NaNs
        0x7FC00000, 0x7FC00001, 0x7FFFFFFF, // quiet NaNs
    };

    /** Every pair of the grid, every mode, both specializations, ftz and daz each on and off. */
    @Example
    void everyPairOfTheGridAsTheGeneralPath() {
        int[] ops = Operands.withBothSigns(MAGNITUDES);
        int[] answered = new int[4]; // NaN operand, tiny in line, overflow in line, division by zero
        for (Specialization spec : new Specialization[] {Specialization.X86, Specialization.NVPTX}) {
            for (int flush = 0; flush < 4; flush++) {
                for (RoundingMode rm : RoundingMode.values()) {
                    for (int a : ops) {
                        for (int b : ops) {
                            check(a, b, rm, spec, (flush & 1) != 0, (flush & 2) != 0, answered);
                        }
                    }
                }
            }
        }
        // div32 answered every pair with a NaN operand without daz (not the general path).
        int nans = 2 * 6; // NaN magnitudes times two signs
        int pairs = 2 * MAGNITUDES.length;
        assertEquals(2 * 2 * 6 * (pairs * pairs - (pairs - nans) * (pairs - nans)), answered[0]);
        // and the grid reaches the tiny path (with subnormal ties), overflow and division by zero
        assertTrue(answered[1] > 1000 && answered[2] > 1000 && answered[3] > 1000, java.util.Arrays.toString(answered));
    }

    /** Random operands biased to NaNs (random payloads), infinities, zeros, subnormals and exponents that overflow or underflow. */
    @Property(tries = 100)
    void randomOutsideQuotientsAsTheGeneralPath(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] answered = new int[4];
        for (int i = 0; i < 300; i++) {
            int a = operand(r);
            int b = operand(r);
            RoundingMode rm = RoundingMode.values()[r.nextInt(6)];
            Specialization spec = r.nextBoolean() ? Specialization.X86 : Specialization.NVPTX;
            check(a, b, rm, spec, r.nextInt(4) == 0, r.nextInt(4) == 0, answered);
        }
    }

    private static int operand(SplittableRandom r) {
        int sign = r.nextBoolean() ? 0x80000000 : 0;
        int frac = r.nextInt() & 0x7FFFFF;
        int exp = switch (r.nextInt(7)) {
            case 0 -> 0xFF; // infinity or NaN
            case 1 -> 0; // zero or subnormal
            case 2 -> r.nextInt(1, 40); // tiny quotients over a large divisor
            case 3 -> r.nextInt(190, 255); // overflowing quotients over a small divisor
            case 4 -> r.nextInt(120, 135); // divisors near 1: quotients near MAX or 2^-126
            default -> r.nextInt(1, 255);
        };
        switch (r.nextInt(4)) {
            case 0 -> frac = 0; // zeros, infinities, powers of two
            case 1 -> frac &= -1 << r.nextInt(24); // few significant bits: exact quotients and subnormal ties
            case 2 -> frac |= 0x7FFFFF >>> r.nextInt(24); // trailing ones: quotients next to the boundaries
            default -> { }
        }
        return sign | exp << 23 | frac;
    }

    /** Compares F32.div and HardwarePath.div32 with Narrow.div, and counts what div32 answered. */
    private static void check(int a, int b, RoundingMode rm, Specialization spec, boolean ftz, boolean daz, int[] answered) {
        Env slow = Envs.of(spec, ftz, daz);
        long want = Narrow.div(F, a & 0xFFFFFFFFL, b & 0xFFFFFFFFL, rm, slow);
        String what = rm + " " + Integer.toHexString(a) + " / " + Integer.toHexString(b) + " " + spec + " ftz=" + ftz
                + " daz=" + daz;
        Env viaF32 = Envs.of(spec, ftz, daz);
        assertEquals(Long.toHexString(want), Long.toHexString(F32.div(a, b, rm, viaF32) & 0xFFFFFFFFL), what);
        assertEquals(slow.flags, viaF32.flags, what + " flags");
        Env fast = Envs.of(spec, ftz, daz);
        long got = HardwarePath.div32(a, b, rm, fast);
        if (daz) {
            assertEquals(HardwarePath.NONE, got, what + ": daz declined");
            return;
        }
        assertNotEquals(HardwarePath.NONE, got, what + ": every quotient answered without daz");
        assertEquals(Long.toHexString(want), Long.toHexString(got), what + " div32");
        assertEquals(slow.flags, fast.flags, what + " div32 flags");
        boolean nanOperand = (a & 0x7FFFFFFF) > 0x7F800000 || (b & 0x7FFFFFFF) > 0x7F800000;
        assertTrue(!nanOperand || F.isNaN(got), what);
        double q = Math.abs((double) Float.intBitsToFloat(a) / Float.intBitsToFloat(b));
        answered[0] += nanOperand ? 1 : 0;
        answered[1] += !ftz && q > 0 && q < 0x1.fffffep-127 ? 1 : 0;
        answered[2] += q >= 0x1p128 && q < Double.POSITIVE_INFINITY ? 1 : 0;
        answered[3] += (fast.flags & ExceptionFlags.INFINITE) != 0 ? 1 : 0;
    }
}

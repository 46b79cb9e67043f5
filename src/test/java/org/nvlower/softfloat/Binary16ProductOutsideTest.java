package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * binary16 products, which {@link HalfPath#mul16} answers in line without daz (the normal range
 * with an unbounded exponent's rounding; NaN operands under both NaN policies, infinity times
 * zero, infinities; overflow; tiny products rounded at 2^-24, zeros): F16.mul and mul16 against
 * the general path {@link Narrow#mul}, value and flags, in all six modes, both specializations,
 * ftz on and off (daz: mul16 answers only normal operands, F16.mul takes the general path for
 * the rest).
 */
class Binary16ProductOutsideTest {

    static final FloatFormat F = FloatFormat.BINARY16;

    /**
     * Magnitudes: zeros, subnormals, the smallest normals, powers of two and all-ones significands
     * whose products land on and next to 2^-14 (1 - 2^-11), 2^-14 (1 - 2^-12) and 2^-14 (the
     * window where tininess after rounding differs from before it) and on subnormal ties, values
     * whose products reach 65504, 65520 (the overflow threshold of nearest) and 2^16, the largest
     * finite value, infinity, signaling and quiet NaNs with payloads.
     */
    static final int[] MAGNITUDES = {
        0, 1, 2, 3, 0x0200, 0x0201, 0x03FF, 0x0400, 0x0401, 0x07FF, 0x1000, 0x13FF, 0x1400, 0x1BFF,
        0x1C00, 0x1C01, 0x2000, 0x2BFF, 0x3800, 0x3BFF, 0x3C00, 0x3C01, 0x3DFF, 0x3E00, 0x3FFF, 0x4000,
        0x5BFE, 0x5BFF, 0x5C00, 0x5C01, 0x5FFF, 0x7800, 0x7BFF, 0x7C00, // 256 (1 - 2^-11), 256, ..., MAX, infinity
        0x7C01, 0x7D00, 0x7DFF, // signaling NaNs
        0x7E00, 0x7E01, 0x7FFF, // quiet NaNs
    };

    /** Every pair of the grid, every mode, both specializations, ftz and daz each on and off. */
    @Example
    void everyPairOfTheGridAsTheGeneralPath() {
        int nanAnswers = Operands.everyPair(Operands.withBothSigns(MAGNITUDES, 0x8000), Binary16ProductOutsideTest::check);
        // mul16 answered every pair with a NaN operand without daz (not the general path).
        int nans = 2 * 6; // NaN magnitudes times two signs
        int pairs = 2 * MAGNITUDES.length;
        assertEquals(2 * 2 * 6 * (pairs * pairs - (pairs - nans) * (pairs - nans)), nanAnswers);
    }

    /**
     * Every finite first operand times the second operands whose products lie nearest 2^-14 (the
     * tiny window and the subnormals' top), 2^-24 (the smallest subnormal and half of it) and 65520
     * (overflow in the nearest modes), three patterns either side, in every mode, both
     * specializations and ftz rotating with the operand.
     */
    @Example
    void productsAtTheRangeEndsOfEveryOperand() {
        float[] targets = {0x1p-14f, 0x1p-24f, 0x1p-25f, 65520f};
        long checked = 0;
        for (int a = 0; a < 0x10000; a++) {
            float x = Math.abs(Float.float16ToFloat((short) a));
            if (x == 0 || Float.isInfinite(x) || Float.isNaN(x)) {
                continue;
            }
            for (float t : targets) {
                int near = Float.floatToFloat16(t / x) & 0x7FFF;
                for (int b = near - 3; b <= near + 3; b++) {
                    if (b < 0 || b >= 0x7C00) {
                        continue;
                    }
                    for (RoundingMode rm : RoundingMode.values()) {
                        int s = a + b + rm.ordinal();
                        Specialization spec = (s & 1) == 0 ? Specialization.X86 : Specialization.NVPTX;
                        check(a, b | (s & 2) << 14, rm, spec, (s & 4) != 0, false);
                        checked++;
                    }
                }
            }
        }
        assertTrue(checked > 8_000_000, "checked " + checked); // 8,451,372
    }

    /** Random operands biased to NaNs (random payloads), infinities, zeros, subnormals and exponents that overflow or underflow. */
    @Property(tries = 100)
    void randomProductsAsTheGeneralPath(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < 1000; i++) {
            int a = Operands.productOperand(r, 5, 10, 8, 22);
            int b = Operands.productOperand(r, 5, 10, 8, 22);
            RoundingMode rm = RoundingMode.values()[r.nextInt(6)];
            Specialization spec = r.nextBoolean() ? Specialization.X86 : Specialization.NVPTX;
            check(a, b, rm, spec, r.nextBoolean(), r.nextInt(4) == 0);
        }
    }

    /** Compares F16.mul and HalfPath.mul16 with Narrow.mul; 1 when mul16 answered a NaN operand. */
    private static int check(int a, int b, RoundingMode rm, Specialization spec, boolean ftz, boolean daz) {
        Env slow = Envs.of(spec, ftz, daz);
        long want = Narrow.mul(F, a, b, rm, slow);
        String what = rm + " " + Integer.toHexString(a) + " " + Integer.toHexString(b) + " " + spec + " ftz=" + ftz
                + " daz=" + daz;
        Env viaF16 = Envs.of(spec, ftz, daz);
        assertEquals(Long.toHexString(want), Long.toHexString(F16.mul((short) a, (short) b, rm, viaF16) & 0xFFFF), what);
        assertEquals(slow.flags, viaF16.flags, what + " flags");
        Env fast = Envs.of(spec, ftz, daz);
        long got = HalfPath.mul16((short) a, (short) b, rm, fast);
        if (got == HardwarePath.NONE) {
            assertEquals(0, fast.flags, what + ": a path that declines sets no flag");
            // declined only under daz, or for a tiny nonzero product under ftz
            assertTrue(daz || ftz && (a & 0x7FFF) != 0 && (b & 0x7FFF) != 0 && Math.abs(Float.float16ToFloat((short) a)
                    * Float.float16ToFloat((short) b)) < 0x1p-14f, what + ": declined");
            return 0;
        }
        assertEquals(Long.toHexString(want), Long.toHexString(got), what + " mul16");
        assertEquals(slow.flags, fast.flags, what + " mul16 flags");
        boolean nanOperand = (a & 0x7FFF) > 0x7C00 || (b & 0x7FFF) > 0x7C00;
        return nanOperand && !daz ? 1 : 0;
    }
}

package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * binary32 products outside the normal range, which {@link HardwarePath#mul32} answers itself
 * (NaN operands under both NaN policies, infinity times zero, zeros, infinities, overflow from
 * 2^128 up) or rounds through Narrow.roundPack (tiny, and [MAX, 2^128)): F32.mul and mul32
 * against the general path {@link Narrow#mul}, value and flags, in all six modes, both
 * specializations, ftz on and off (daz: mul32 declines, F32.mul goes to the general path).
 */
class Binary32ProductOutsideTest {

    static final FloatFormat F = FloatFormat.BINARY32;

    /**
     * Magnitudes: zeros, subnormals, the ends of the normal range, values just under 1/2 and 1
     * (products on and next to 2^emin (1 - 2^-24), the bound of mul32's tiny path, and subnormal
     * ties), values whose products reach MAX and 2^128, NaNs.
     */
    static final int[] MAGNITUDES = {
        0, 1, 3, 0x00400000, 0x00400001, 0x007FFFFE, 0x007FFFFF, 0x00800000, 0x00800001, 0x1F800000,
        0x3EFFFFFF, 0x3F000000, 0x3F000001, 0x3F7FFFFD, 0x3F7FFFFE, 0x3F7FFFFF, 0x3F800000, 0x3FC00000,
        0x3F800001, 0x3FFFFFFF, 0x5F000000, 0x5F7FFFFF, 0x5F800000, 0x5F800001, 0x5FFFFFFF, 0x60000000,
        0x7F000000, 0x7F7FFFFF, 0x7F800000, // 2^-63, 0.5, 1, 1.5, 2^63 (1 - 2^-24), 2^64 and up, MAX, infinity
        0x7F800001, 0x7FA00000, 0x7FBFFFFF, // signaling NaNs
        0x7FC00000, 0x7FC00001, 0x7FFFFFFF, // quiet NaNs
    };

    /** Every pair of the grid, every mode, both specializations, ftz and daz each on and off. */
    @Example
    void everyPairOfTheGridAsTheGeneralPath() {
        int nanAnswers = Operands.everyPair(Operands.withBothSigns(MAGNITUDES), Binary32ProductOutsideTest::check);
        // mul32 answered every pair with a NaN operand without daz (not the general path).
        int nans = 2 * 6; // NaN magnitudes times two signs
        int pairs = 2 * MAGNITUDES.length;
        assertEquals(2 * 2 * 6 * (pairs * pairs - (pairs - nans) * (pairs - nans)), nanAnswers);
    }

    /** Random operands biased to NaNs (random payloads), infinities, zeros, subnormals and exponents that overflow or underflow. */
    @Property(tries = 100)
    void randomOutsideProductsAsTheGeneralPath(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < 300; i++) {
            int a = Operands.productOperand(r, 8, 23, 40, 190);
            int b = Operands.productOperand(r, 8, 23, 40, 190);
            RoundingMode rm = RoundingMode.values()[r.nextInt(6)];
            Specialization spec = r.nextBoolean() ? Specialization.X86 : Specialization.NVPTX;
            check(a, b, rm, spec, r.nextBoolean(), r.nextInt(4) == 0);
        }
    }

    /** Compares F32.mul and HardwarePath.mul32 with Narrow.mul; 1 when mul32 answered a NaN operand. */
    private static int check(int a, int b, RoundingMode rm, Specialization spec, boolean ftz, boolean daz) {
        Env slow = Envs.of(spec, ftz, daz);
        long want = Narrow.mul(F, a & 0xFFFFFFFFL, b & 0xFFFFFFFFL, rm, slow);
        String what = rm + " " + Integer.toHexString(a) + " " + Integer.toHexString(b) + " " + spec + " ftz=" + ftz
                + " daz=" + daz;
        Env viaF32 = Envs.of(spec, ftz, daz);
        assertEquals(Long.toHexString(want), Long.toHexString(F32.mul(a, b, rm, viaF32) & 0xFFFFFFFFL), what);
        assertEquals(slow.flags, viaF32.flags, what + " flags");
        Env fast = Envs.of(spec, ftz, daz);
        long got = HardwarePath.mul32(a, b, rm, fast);
        if (daz) {
            assertEquals(HardwarePath.NONE, got, what + ": daz declined");
            return 0;
        }
        assertNotEquals(HardwarePath.NONE, got, what + ": every product answered without daz");
        assertEquals(Long.toHexString(want), Long.toHexString(got), what + " mul32");
        assertEquals(slow.flags, fast.flags, what + " mul32 flags");
        boolean nanOperand = (a & 0x7FFFFFFF) > 0x7F800000 || (b & 0x7FFFFFFF) > 0x7F800000;
        assertTrue(!nanOperand || F.isNaN(got), what);
        return nanOperand ? 1 : 0;
    }
}

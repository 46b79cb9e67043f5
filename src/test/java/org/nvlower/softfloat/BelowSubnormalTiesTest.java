package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * binary64 products and quotients at and below 2^-1075 (half the smallest subnormal), which the
 * hardware rounds to zero, in every mode, with and without ftz, against the general path
 * ({@link Narrow}): every split of the exponent between the operands, significands 1 (exact
 * powers of two: 2^-1075 itself is NEAR_MAX_MAG's tie, rounded away to 2^-1074), 1 + 2^-52, 1.5
 * and 2 - 2^-52, results 2^-1075, 2^-1076 and 2^-1077 times their product or quotient. The exits
 * ({@code HardwarePath.mulEdge64}, {@code divEdge64}) answer NEAR_MAX_MAG below the tie
 * themselves and decline only the tie.
 */
class BelowSubnormalTiesTest {

    static final FloatFormat F = FloatFormat.BINARY64;

    @Test
    void productsAndQuotientsAtAndBelowHalfTheSmallestSubnormal() {
        double[] sigs = {1, 1 + 0x1p-52, 1.5, 2 - 0x1p-52};
        int nearMaxMagAnswered = 0;
        int ties = 0;
        for (RoundingMode rm : RoundingMode.values()) {
            for (int shift = 1075; shift <= 1077; shift++) {
                for (int i = -1074; i <= 1023; i++) {
                    for (double s1 : sigs) {
                        for (double s2 : sigs) {
                            double x = Math.scalb(s1, i);
                            double ym = Math.scalb(s2, -shift - i); // x ym near 2^-shift
                            double yd = Math.scalb(s2, i + shift); // x / yd near 2^-shift
                            for (boolean ftz : new boolean[] {false, true}) {
                                if (x != 0 && ym != 0 && Double.isFinite(ym)) {
                                    nearMaxMagAnswered += check(true, x, -ym, rm, ftz);
                                    ties += rm == RoundingMode.NEAR_MAX_MAG && x * ym == 0 && s1 == 1 && s2 == 1
                                            && shift == 1075 && i >= -1074 && -shift - i >= -1074 ? 1 : 0;
                                }
                                if (x != 0 && Double.isFinite(yd)) {
                                    nearMaxMagAnswered += check(false, -x, yd, rm, ftz);
                                }
                            }
                        }
                    }
                }
            }
        }
        assertTrue(ties > 1000, "products exactly 2^-1075: " + ties);
        assertTrue(nearMaxMagAnswered > 10_000, "NEAR_MAX_MAG zeros answered by the exits: " + nearMaxMagAnswered);
    }

    /** 1 when the exit answered a NEAR_MAX_MAG result of zero, else 0. */
    private static int check(boolean mul, double x, double y, RoundingMode rm, boolean ftz) {
        long a = Double.doubleToRawLongBits(x);
        long b = Double.doubleToRawLongBits(y);
        Env fast = new Env(Specialization.X86);
        Env slow = new Env(Specialization.X86);
        fast.ftz = ftz;
        slow.ftz = ftz;
        long got = mul ? F64.mul(a, b, rm, fast) : F64.div(a, b, rm, fast);
        long want = mul ? Narrow.mul(F, a, b, rm, slow) : Narrow.div(F, a, b, rm, slow);
        String what = (mul ? "mul " : "div ") + rm + " " + Long.toHexString(a) + " " + Long.toHexString(b) + " ftz=" + ftz;
        assertEquals(Long.toHexString(want), Long.toHexString(got), what);
        assertEquals(slow.flags, fast.flags, what + " flags");
        Env e = new Env(Specialization.X86);
        e.ftz = ftz;
        long exit = mul ? HardwarePath.mulEdge64(a, b, rm, e) : HardwarePath.divEdge64(a, b, rm, e);
        return rm == RoundingMode.NEAR_MAX_MAG && exit != HardwarePath.NONE && (want & Long.MAX_VALUE) == 0
                && (mul ? x * y : x / y) == 0 ? 1 : 0;
    }
}

package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The table-driven rounding steps of {@link HardwarePath} (binary64's {@code directed64}, binary32's
 * {@code inexact32}, both indexed by mode, residual sign and r's sign in {@code STEPS}) against
 * {@link HardwarePath#finish}, a plain switch over the modes, on every combination that reaches
 * them: each mode, r's sign, the residual's sign, a tie beyond r or not (and a tie below r, which
 * NEAR_MAX_MAG rounds as nearest even), r even or odd, r's fraction at both ends of its binade (a
 * power of two, whose neighbour toward zero is half as far) and in between.
 */
class RoundingStepsTest {

    @Test
    void binary64StepsAreFinishs() {
        long[] fracs = {0, 1, 2, 3, 0x8000000000000L, 0xFFFFFFFFFFFFEL, 0xFFFFFFFFFFFFFL, 0x123456789ABCDL};
        int[] exps = {2, 54, 1023, 2044, 2045};
        int n = 0;
        for (RoundingMode rm : RoundingMode.values()) {
            for (int neg = 0; neg < 2; neg++) {
                for (int e : exps) {
                    for (long frac : fracs) {
                        long bits = (long) neg << 63 | (long) e << 52 | frac;
                        for (long up = 0; up < 2; up++) {
                            for (int tie = 0; tie < 2; tie++) {
                                boolean tieAway = tie == 1 && (up ^ neg) == 1 && rm == RoundingMode.NEAR_MAX_MAG;
                                Env got = new Env();
                                Env want = new Env();
                                long r = HardwarePath.directed64(bits, up, tieAway ? 1 : 0, rm, got);
                                long w = HardwarePath.finish(bits, neg == 1, up == 1 ? 1 : -1, tieAway, rm, want);
                                String what = rm + " " + Long.toHexString(bits) + " up=" + up + " tie=" + tie;
                                assertEquals(Long.toHexString(w), Long.toHexString(r), what);
                                assertEquals(want.flags, got.flags, what + " flags");
                                n++;
                            }
                        }
                    }
                }
            }
        }
        assertEquals(6 * 2 * 5 * 8 * 4, n);
    }

    @Test
    void binary32StepsAreFinishs() {
        int[] fracs = {0, 1, 2, 3, 0x400000, 0x7FFFFE, 0x7FFFFF, 0x123457};
        int[] exps = {2, 127, 200, 253};
        int n = 0;
        for (RoundingMode rm : RoundingMode.values()) {
            for (int neg = 0; neg < 2; neg++) {
                for (int e : exps) {
                    for (int frac : fracs) {
                        int bits = neg << 31 | e << 23 | frac;
                        float r = Float.intBitsToFloat(bits);
                        for (int up = 0; up < 2; up++) {
                            for (int tie = 0; tie < 2; tie++) {
                                boolean beyond = (up ^ neg) == 1;
                                // d: the residual's sign; s: exact as a double, the midpoint of r and its
                                // neighbour on d's side (a tie) or a quarter of the way there.
                                double d = up == 1 ? 0x1p-200 : -0x1p-200;
                                double gap = !beyond && frac == 0 ? Math.ulp(r) / 2 : Math.ulp(r);
                                double half = Math.copySign(gap / 2, d);
                                double s = tie == 1 ? r + half : r + half / 2;
                                Env got = new Env();
                                Env want = new Env();
                                long z = HardwarePath.inexact32(r, s, d, rm, got);
                                long w = HardwarePath.finish(bits & 0xFFFFFFFFL, neg == 1, up == 1 ? 1 : -1,
                                        tie == 1 && beyond, rm, want);
                                String what = rm + " " + Integer.toHexString(bits) + " up=" + up + " tie=" + tie;
                                assertEquals(Long.toHexString(w), Long.toHexString(z), what);
                                assertEquals(want.flags, got.flags, what + " flags");
                                n++;
                            }
                        }
                    }
                }
            }
        }
        assertEquals(6 * 2 * 4 * 8 * 4, n);
    }
}

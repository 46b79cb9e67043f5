package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * binary64 ties and near-ties at every exponent, in every mode, against the general path
 * ({@link Narrow}): sums r + ulp(r)/2 (the half ulp subnormal below 2^-969, where the tie test
 * cannot read it off the bits of a normal number) and products of 3 2^k and 1 + 2^-52 (an exact
 * product one and a half ulps above 3 2^k), each also one binary64 unit off the tie, and mulAdd
 * with the same product and a zero or tiny addend. {@link F64} (fast paths and exits) must give
 * the general path's value and flags.
 */
class HardwarePathTiesTest {

    static final FloatFormat F = FloatFormat.BINARY64;

    @Test
    void sumsAndProductsOnAndNextToTiesAtEveryExponent() {
        int ties = 0;
        for (RoundingMode rm : RoundingMode.values()) {
            for (int e = 2; e <= 2045; e++) {
                for (long frac : new long[] {0, 1, 2, 0xFFFFFFFFFFFFEL, 0xFFFFFFFFFFFFFL}) {
                    for (long sign = 0; sign < 2; sign++) {
                        long r = sign << 63 | (long) e << 52 | frac;
                        double x = Double.longBitsToDouble(r);
                        double half = Math.copySign(Math.ulp(x) / 2, x); // exact: ulp(x) >= 2^-1073
                        long h = Double.doubleToRawLongBits(half);
                        for (long y : new long[] {h, h + 1, h - 1, h ^ Long.MIN_VALUE}) {
                            check(0, r, y, 0, rm);
                            check(1, r, y ^ Long.MIN_VALUE, 0, rm);
                        }
                        ties++;
                    }
                }
                // 3 2^k (1 + 2^-52) = 3 2^k + 1.5 ulp: a tie, nearest even 2 ulps above (the residual
                // toward zero); 3 2^k (1 + 3 2^-52) = 3 2^k + 4.5 ulp: a tie, nearest even 4 ulps above
                // (the residual away from zero, NEAR_MAX_MAG's case); k from the exponent, both signs.
                int k = e - 1023 - 1;
                if (k > -1022 && k < 1022) {
                    double three = Math.scalb(3.0, k);
                    for (double a : new double[] {three, -three}) {
                        for (double b : new double[] {1 + 0x1p-52, 1 + 0x1.8p-51, 1 + 0x1p-51, 1 - 0x1p-53, -(1 + 0x1p-52), -(1 + 0x1.8p-51)}) {
                            long la = Double.doubleToRawLongBits(a);
                            long lb = Double.doubleToRawLongBits(b);
                            check(2, la, lb, 0, rm);
                            check(3, la, lb, 0, rm);
                            check(3, la, lb, Double.doubleToRawLongBits(Math.scalb(1.0, k - 110)), rm);
                            check(3, la, lb, Double.doubleToRawLongBits(-Math.scalb(1.0, k - 55)), rm);
                        }
                    }
                }
            }
        }
        assertTrue(ties > 100_000, "cases: " + ties);
    }

    /**
     * Products whose residual is a power of two but no tie (finishProduct64 tests for a tie only
     * where t is zero or a normal power of two), at every exponent, both signs, every mode:
     * (1 + 2^-52)^2 = 1 + 2^-51 + 2^-104, (1 + 2^-27)^2 = 1 + 2^-26 + 2^-54 (t = ulp / 4),
     * (1 + 2^-52)(1 - 2^-52) = 1 - 2^-104 (rounded to 1, t = -2^-104), and
     * (1 + 2^-27)(1 - 2^-27) = 1 - 2^-54 (exact).
     */
    @Test
    void productsWithPowerOfTwoResidualsThatAreNotTies() {
        double[][] factors = {{1 + 0x1p-52, 1 + 0x1p-52}, {1 + 0x1p-27, 1 + 0x1p-27}, {1 + 0x1p-52, 1 - 0x1p-52},
            {1 + 0x1p-27, 1 - 0x1p-27}};
        for (RoundingMode rm : RoundingMode.values()) {
            for (int k = -1000; k <= 1000; k++) {
                for (double[] f : factors) {
                    for (int signs = 0; signs < 4; signs++) {
                        double a = Math.scalb((signs & 1) == 0 ? f[0] : -f[0], k / 2);
                        double b = Math.scalb((signs & 2) == 0 ? f[1] : -f[1], k - k / 2);
                        check(2, Double.doubleToRawLongBits(a), Double.doubleToRawLongBits(b), 0, rm);
                    }
                }
            }
        }
    }

    private static void check(int op, long a, long b, long c, RoundingMode rm) {
        for (Specialization spec : new Specialization[] {Specialization.X86, Specialization.NVPTX}) {
            Env fast = new Env(spec);
            Env slow = new Env(spec);
            long got = switch (op) {
                case 0 -> F64.add(a, b, rm, fast);
                case 1 -> F64.sub(a, b, rm, fast);
                case 2 -> F64.mul(a, b, rm, fast);
                default -> F64.mulAdd(a, b, c, rm, fast);
            };
            long want = switch (op) {
                case 0 -> Narrow.add(F, a, b, false, rm, slow);
                case 1 -> Narrow.add(F, a, b, true, rm, slow);
                case 2 -> Narrow.mul(F, a, b, rm, slow);
                default -> Narrow.mulAdd(F, a, b, c, rm, slow);
            };
            String what = "op" + op + " " + rm + " " + Long.toHexString(a) + " " + Long.toHexString(b) + " "
                    + Long.toHexString(c);
            assertEquals(Long.toHexString(want), Long.toHexString(got), what);
            assertEquals(slow.flags, fast.flags, what + " flags");
        }
    }
}

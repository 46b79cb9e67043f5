package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * F64's add, sub, mul, div and mulAdd (the hardware paths, their binary64 exits, the general
 * path behind them) against {@link Narrow} alone, value and flags, in all six modes, both
 * specializations and every ftz/daz setting, on operands placed at the exits' boundaries:
 * results a few ulps either side of 2^1024 (overflow against rounding to MAX), sums at or above
 * 2^1022, products and quotients a few ulps either side of 2^-1075 (and exactly it: a tie),
 * exact zero sums (the sign of zero in MIN), products near the mul path's 2^-966 bound, small
 * dividends near the div path's 2^-965, mulAdd ties in NEAR_MAX_MAG, subnormals, zeros,
 * infinities and NaNs.
 */
class F64EdgeProperties {

    static final FloatFormat F = FloatFormat.BINARY64;
    static final int TRIES = 40;
    static final int CASES = 400;

    /** How often each boundary was met (the test is empty without them). */
    static long overflowToMax;
    static long overflowFlag;
    static long tinyRoundedUp;
    static long negativeZeroSums;
    static long fmaTiesAway;
    static long remTiesBySmall;
    static long cases;

    @Property(tries = TRIES)
    void binary64ExitsEqualTheGeneralPath(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < CASES; i++) {
            int op = r.nextInt(6);
            RoundingMode rm = RoundingMode.values()[r.nextInt(6)];
            long[] abc = operands(r, op);
            long a = abc[0];
            long b = abc[1];
            long c = abc[2];
            Env fast = new Env(r.nextBoolean() ? Specialization.X86 : Specialization.NVPTX);
            fast.ftz = r.nextInt(5) == 0;
            fast.daz = r.nextInt(5) == 0;
            Env slow = Envs.sameSettings(fast);
            long got = switch (op) {
                case 0 -> F64.add(a, b, rm, fast);
                case 1 -> F64.sub(a, b, rm, fast);
                case 2 -> F64.mul(a, b, rm, fast);
                case 3 -> F64.div(a, b, rm, fast);
                case 4 -> F64.mulAdd(a, b, c, rm, fast);
                default -> F64.rem(a, b, fast);
            };
            long want = switch (op) {
                case 0 -> Narrow.add(F, a, b, false, rm, slow);
                case 1 -> Narrow.add(F, a, b, true, rm, slow);
                case 2 -> Narrow.mul(F, a, b, rm, slow);
                case 3 -> Narrow.div(F, a, b, rm, slow);
                case 4 -> Narrow.mulAdd(F, a, b, c, rm, slow);
                default -> Narrow.remainder(F, a, b, true, slow);
            };
            String what = "op" + op + " " + rm + " " + Long.toHexString(a) + " " + Long.toHexString(b) + " "
                    + Long.toHexString(c) + " ftz=" + fast.ftz + " daz=" + fast.daz;
            assertEquals(Long.toHexString(want), Long.toHexString(got), what);
            assertEquals(slow.flags, fast.flags, what + " flags");
            tally(op, rm, a, b, c, want, slow);
        }
    }

    private static void tally(int op, RoundingMode rm, long a, long b, long c, long result, Env env) {
        cases++;
        long mag = result & Long.MAX_VALUE;
        if (mag == 0x7FEFFFFFFFFFFFFFL && (env.flags & ExceptionFlags.OVERFLOW) == 0 && op < 4) {
            Env e = new Env();
            long ne = op == 2 ? Narrow.mul(F, a, b, RoundingMode.NEAR_EVEN, e)
                    : op == 3 ? Narrow.div(F, a, b, RoundingMode.NEAR_EVEN, e)
                    : Narrow.add(F, a, b, op == 1, RoundingMode.NEAR_EVEN, e);
            if ((ne & Long.MAX_VALUE) == 0x7FF0000000000000L) {
                overflowToMax++; // nearest even overflows, this mode rounds to MAX without the flag
            }
        }
        if ((env.flags & ExceptionFlags.OVERFLOW) != 0 && mag == 0x7FEFFFFFFFFFFFFFL) {
            overflowFlag++;
        }
        if (op == 5 && (b & 0x7FF0000000000000L) < 0x0020000000000000L && (b & Long.MAX_VALUE) != 0
                && (a & 0x7FF0000000000000L) != 0x7FF0000000000000L) {
            Env e = new Env();
            long twice = Narrow.add(F, result, result, false, RoundingMode.NEAR_EVEN, e);
            remTiesBySmall += (twice & Long.MAX_VALUE) == (b & Long.MAX_VALUE) && e.flags == 0 ? 1 : 0;
        }
        if (mag == 1 && (op == 2 || op == 3)) {
            tinyRoundedUp++;
        }
        if (result == Long.MIN_VALUE && op < 2 && (a & Long.MAX_VALUE) != 0) {
            negativeZeroSums++;
        }
        if (op == 4 && rm == RoundingMode.NEAR_MAX_MAG
                && Narrow.mulAdd(F, a, b, c, RoundingMode.NEAR_EVEN, new Env()) != result) {
            fmaTiesAway++;
        }
    }

    @AfterContainer
    static void everyBoundaryWasMet() {
        long n = cases / 1000;
        assertTrue(overflowToMax > n, "overflowing nearest even rounded to MAX: " + overflowToMax);
        assertTrue(overflowFlag > n, "MAX with OVERFLOW: " + overflowFlag);
        assertTrue(tinyRoundedUp > n, "products/quotients rounded up to the smallest subnormal: " + tinyRoundedUp);
        assertTrue(negativeZeroSums > n, "exact zero sums of -0: " + negativeZeroSums);
        assertTrue(fmaTiesAway > n, "mulAdd ties away from nearest even: " + fmaTiesAway);
        assertTrue(remTiesBySmall > n / 2, "remainder ties by subnormal or 2^-1022 divisors: " + remTiesBySmall);
    }

    // ------------------------------------------------------------------ operands

    private static long bits(double d) {
        return Double.doubleToRawLongBits(d);
    }

    private static long flip(SplittableRandom r, long v) {
        return r.nextBoolean() ? v ^ Long.MIN_VALUE : v;
    }

    /** a significand in [1, 2) with {@code keep} random leading fraction bits */
    private static double sig(SplittableRandom r, int keep) {
        long frac = keep == 0 ? 0 : (r.nextLong() >>> (64 - keep)) << (52 - keep);
        return Double.longBitsToDouble(0x3FF0000000000000L | frac);
    }

    private static long nudge(SplittableRandom r, long v) {
        return v + r.nextLong(-3, 4);
    }

    /** mulAdd's exits: a zero product with a zero or subnormal z; a product near ulp(z) / 8 and below. */
    static long[] mulAddOperands(SplittableRandom r) {
        // (powers of two too) where the hardware path declines: x y below 2^-966, or z >= 2^1022
        double z = Math.scalb(sig(r, r.nextInt(3) == 0 ? 0 : 52), r.nextBoolean() ? r.nextInt(-960, -900) : 1022 + r.nextInt(2));
        if (r.nextBoolean()) {
            long[] zs = {0, 1, r.nextLong() >>> 12};
            return new long[] {flip(r, 0), flip(r, bits(Math.scalb(sig(r, 52), r.nextInt(-1074, 1024)))),
                flip(r, zs[r.nextInt(3)])};
        }
        double x = Math.scalb(sig(r, 52), r.nextInt(-60, 60));
        double p = Math.ulp(z) * Math.scalb(sig(r, r.nextInt(4)), -r.nextInt(1, 5));
        return new long[] {flip(r, bits(x)), flip(r, bits(p / x)), flip(r, bits(z))};
    }

    static long[] operands(SplittableRandom r, int op) {
        if (op == 4 && r.nextInt(3) == 0) {
            return mulAddOperands(r);
        }
        double x = sig(r, r.nextInt(53));
        long a;
        long b;
        long c = 0;
        switch (r.nextInt(op == 5 ? 11 : 10)) {
            case 0 -> { // results within a few ulps of 2^1024
                if (op <= 1) {
                    double big = Math.scalb(x, 1023); // in [2^1023, 2^1024)
                    a = bits(big);
                    b = nudge(r, bits(0x1p1023 - (big - 0x1p1023))); // 2^1024 - big, exactly
                    b = op == 1 ? b ^ Long.MIN_VALUE : b;
                } else if (op == 3) {
                    double y = Math.scalb(x, -r.nextInt(1, 30));
                    b = bits(y);
                    a = nudge(r, bits(Math.scalb(y, 1024)));
                } else {
                    int e = r.nextInt(-20, 21);
                    double xs = Math.scalb(x, e);
                    a = bits(xs);
                    b = nudge(r, bits(Math.scalb(0x1p1023 / x, 1 - e))); // 2^1024 / a, rounded
                    c = r.nextBoolean() ? 0 : bits(Math.scalb(sig(r, 52), r.nextInt(900, 1024)));
                }
            }
            case 1 -> { // products and quotients a few ulps either side of 2^-1075, or exactly it
                int e = r.nextInt(-600, -470);
                double xs = Math.scalb(x, e);
                a = bits(xs);
                b = op == 3 ? nudge(r, bits(Math.scalb(x, e + 1075))) : nudge(r, bits(Math.scalb(1 / x, -1075 - e)));
                if (r.nextBoolean()) {
                    b = bits(Math.scalb(1.0, op == 3 ? e + 1075 : -1075 - e));
                    a = bits(Math.scalb(1.0, e));
                }
            }
            case 2 -> { // an exact zero sum, a cancellation or a tiny sum
                a = bits(Math.scalb(x, r.nextInt(-1074, 1024)));
                b = r.nextBoolean() ? a : nudge(r, a);
                b = op == 0 ? b ^ Long.MIN_VALUE : b;
                if (r.nextInt(4) == 0) {
                    a = r.nextLong() >>> 12 >>> r.nextInt(50); // subnormals
                    b = r.nextLong() >>> 12 >>> r.nextInt(50) | (r.nextBoolean() ? Long.MIN_VALUE : 0);
                }
            }
            case 3 -> { // products near the mul path's bound 2^-966, dividends near the div path's 2^-965
                int e = r.nextInt(-1000, -940);
                a = bits(Math.scalb(sig(r, 52), e));
                int f = r.nextInt(-30, 30);
                b = bits(Math.scalb(sig(r, 52), f));
                if (op == 2) {
                    a = bits(Math.scalb(sig(r, 52), e - f));
                } else if (op == 3 && r.nextBoolean()) {
                    // a = q b rounded, with q and b just above a power of two: the remainder of a / b
                    // is about 2^-104 a, below the smallest subnormal unless the remainder is scaled.
                    double y = Math.scalb(1 + r.nextInt(1, 3) * 0x1p-52, f);
                    b = bits(y);
                    a = bits(Math.scalb(1 + r.nextInt(1, 3) * 0x1p-52, e - f) * y);
                }
            }
            case 4 -> { // mulAdd near ties: z + (a small product of about half an ulp of z)
                double z = Math.scalb(sig(r, 52), r.nextInt(-900, 900));
                double h = 0.5 * Math.ulp(z) * (r.nextInt(4) == 0 ? 0.5 : 1);
                double u = sig(r, r.nextInt(4));
                a = bits(u * (r.nextBoolean() ? 1 : 1 + 0x1p-52));
                b = bits(h / u);
                c = bits(z);
                if (r.nextBoolean()) { // a long product whose low half cancels against z's last bits
                    double p = Math.scalb(sig(r, 26), r.nextInt(-400, 400));
                    double q = sig(r, 26);
                    a = bits(p);
                    b = bits(q);
                    double ph = p * q;
                    c = bits(-ph + Math.scalb((double) r.nextLong(-4, 5), Math.getExponent(ph) - 53));
                }
            }
            case 7 -> { // remainders by divisors below 2^-1020, ties among them
                b = r.nextBoolean() ? r.nextLong() >>> 12 >>> r.nextInt(52)
                        : bits(Math.scalb(sig(r, 52), -1022 + r.nextInt(2)));
                b &= ~1L; // b / 2 a double: (n + 1/2) b exact for small n
                double half = r.nextLong(1L << r.nextInt(1, 20)) + 0.5;
                long tie = bits(half * Double.longBitsToDouble(b));
                a = switch (r.nextInt(3)) {
                    case 0 -> tie;
                    case 1 -> nudge(r, tie);
                    default -> bits(Math.scalb(x, r.nextInt(-1074, 1024)));
                };
            }
            case 5 -> { // sums at and above 2^1022
                a = bits(Math.scalb(x, r.nextInt(1015, 1024)));
                b = bits(Math.scalb(sig(r, 52), r.nextInt(960, 1024)));
            }
            case 6 -> { // zeros, infinities, NaNs, subnormals with anything
                long[] special = {0, 0x7FF0000000000000L, 0x7FF8000000000000L, 0x7FF0000000000001L,
                    r.nextLong() >>> 12, 1, 0x000FFFFFFFFFFFFFL};
                a = special[r.nextInt(special.length)];
                b = bits(Math.scalb(x, r.nextInt(-1074, 1024)));
                if (r.nextBoolean()) {
                    long t = a;
                    a = b;
                    b = t;
                }
                c = r.nextBoolean() ? special[r.nextInt(special.length)] : bits(sig(r, 52));
            }
            default -> { // anything finite
                a = bits(Math.scalb(x, r.nextInt(-1074, 1024)));
                b = bits(Math.scalb(sig(r, 52), r.nextInt(-1074, 1024)));
                c = bits(Math.scalb(sig(r, 52), r.nextInt(-1074, 1024)));
            }
        }
        return new long[] {flip(r, a), flip(r, b), flip(r, c)};
    }
}

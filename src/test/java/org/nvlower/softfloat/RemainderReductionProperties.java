package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * binary64, binary32 and bfloat16 rem (through {@link RemainderPath}'s reduction by a reciprocal
 * and its one-step correction of a quotient rounded to the wrong integer) against the general
 * path ({@link Narrow}: binary128), value and flags, both specializations, every ftz/daz setting.
 * Operands: quotients from 2^52 to 2^2098 (every reduction length, the divisor down to 2^-1022
 * and below, the dividend up to MAX), exact multiples of the divisor (zero remainders, whose sign
 * is the dividend's however the reduction ended), and quotients within a few ulps of n + 1/2 for
 * n up to 2^53 (where rint of the rounded quotient is one off); binary64 divisors include
 * subnormals (reduced through |y| 2^110).
 */
class RemainderReductionProperties {

    static final int TRIES = 60;
    static final int CASES = 1000;
    static long reductions;
    static long byTinyDivisors;
    static long zeros;
    static long offByOne;
    static long cases;

    @Property(tries = TRIES)
    void reductionAndStepEqualTheGeneralPath(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < CASES; i++) {
            Env fast = new Env(r.nextBoolean() ? Specialization.X86 : Specialization.NVPTX);
            fast.ftz = r.nextInt(5) == 0;
            fast.daz = r.nextInt(5) == 0;
            Env slow = Envs.sameSettings(fast);
            int format = r.nextInt(4); // 0, 1: binary64; 2: binary32; 3: bfloat16
            double[] xy = operands(r, format);
            long a;
            long b;
            long got;
            long want;
            FloatFormat f;
            if (format < 2) {
                f = FloatFormat.BINARY64;
                a = Double.doubleToRawLongBits(xy[0]);
                b = Double.doubleToRawLongBits(xy[1]);
                got = F64.rem(a, b, fast);
            } else if (format == 2) {
                f = FloatFormat.BINARY32;
                a = Float.floatToRawIntBits((float) xy[0]) & 0xFFFFFFFFL;
                b = Float.floatToRawIntBits((float) xy[1]) & 0xFFFFFFFFL;
                got = F32.rem((int) a, (int) b, fast) & 0xFFFFFFFFL;
            } else {
                f = FloatFormat.BFLOAT16;
                a = (Float.floatToRawIntBits((float) xy[0]) >>> 16) & 0xFFFFL; // truncated: still a wide quotient
                b = (Float.floatToRawIntBits((float) xy[1]) >>> 16) & 0xFFFFL;
                got = BF16.rem((short) a, (short) b, fast) & 0xFFFFL;
            }
            want = Narrow.remainder(f, a, b, true, slow);
            String what = f + " " + Long.toHexString(a) + " " + Long.toHexString(b) + " ftz=" + fast.ftz + " daz="
                    + fast.daz;
            assertEquals(Long.toHexString(want), Long.toHexString(got), what);
            assertEquals(slow.flags, fast.flags, what + " flags");
            count(f, a, b, want);
        }
    }

    /** Tallies the hard cases met (computed on the operands, not by the code under test). */
    private static void count(FloatFormat f, long a, long b, long want) {
        cases++;
        double x = f == FloatFormat.BINARY64 ? Double.longBitsToDouble(a)
                : f == FloatFormat.BINARY32 ? Float.intBitsToFloat((int) a) : Float.intBitsToFloat((int) a << 16);
        double y = f == FloatFormat.BINARY64 ? Double.longBitsToDouble(b)
                : f == FloatFormat.BINARY32 ? Float.intBitsToFloat((int) b) : Float.intBitsToFloat((int) b << 16);
        if (!Double.isFinite(x) || !Double.isFinite(y) || y == 0) {
            return;
        }
        if (Math.abs(x) >= 0x1p52 * Math.abs(y)) {
            reductions++;
            byTinyDivisors += f == FloatFormat.BINARY64 && Math.abs(y) < 0x1p-1022 ? 1 : 0;
        } else if (2 * Math.abs(Math.fma(-Math.rint(x / y), y, x)) > Math.abs(y)) {
            offByOne++;
        }
        zeros += (want & ~f.signBit) == 0 && x != 0 ? 1 : 0;
    }

    /** A dividend and a divisor (as doubles; binary32 and bfloat16 round or cut them). */
    static double[] operands(SplittableRandom r, int format) {
        int maxExp = format < 2 ? 1023 : 127;
        int minExp = format < 2 ? -1074 : -149;
        double y = Math.scalb(1 + r.nextDouble(), r.nextInt(minExp, maxExp + 1));
        if (r.nextInt(4) == 0) { // few significant bits: exact multiples and remainders
            y = Math.scalb((double) r.nextInt(1, 64), r.nextInt(minExp, maxExp - 5));
        }
        double x;
        switch (r.nextInt(4)) {
            case 0 -> { // a quotient of 2^52 up to the format's range
                int ey = Math.getExponent(y);
                int lo = Math.min(maxExp, ey + 52);
                x = Math.scalb(1 + r.nextDouble(), r.nextInt(lo, maxExp + 1));
            }
            case 1 -> { // an exact multiple m 2^k y (with m odd or even): a zero remainder
                x = y * r.nextInt(1, 1 << 20) * Math.scalb(1.0, r.nextInt(0, 1100));
            }
            case 2 -> { // within a few ulps of (n + 1/2) y, n up to 2^53: rint(x / y) one off
                double n = Math.floor(Math.scalb(r.nextDouble(), r.nextInt(20, 54)));
                x = (n + 0.5) * y;
                int k = r.nextInt(-3, 4);
                for (int s = 0; s < Math.abs(k); s++) {
                    x = k > 0 ? Math.nextUp(x) : Math.nextDown(x);
                }
            }
            default -> x = r.nextBoolean() ? Double.MAX_VALUE : Math.scalb(1 + r.nextDouble(), maxExp);
        }
        if (format >= 2) { // keep the float's quotient wide: a float dividend near its range
            x = Math.min(x, Float.MAX_VALUE);
        }
        return new double[] {r.nextBoolean() ? -x : x, r.nextBoolean() ? -y : y};
    }

    @AfterContainer
    static void theHardCasesOccurred() {
        assertTrue(reductions > cases / 5, "reductions: " + reductions + " of " + cases);
        assertTrue(byTinyDivisors > cases / 500, "reductions by subnormal binary64 divisors: " + byTinyDivisors);
        assertTrue(zeros > cases / 50, "zero remainders: " + zeros + " of " + cases);
        assertTrue(offByOne > cases / 200, "quotients rounded to the wrong integer: " + offByOne + " of " + cases);
    }
}

package org.nvlower.softfloat;

import static org.nvlower.softfloat.QuadWords.q;
import static org.nvlower.softfloat.QuadWords.d;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * F128Libm against facts that do not come from it: known values, double precision's cbrt and
 * hypot, and for random operands an exact check that the result is the binary128 nearest the
 * true value: the true value lies strictly between the midpoints to its neighbours (the cube or
 * square of each midpoint compared with the operand's exactly, on integers scaled by 2^16600).
 */
class F128LibmTest {

    private static final int S = 16600;

    /** |x| * 2^S as an integer (finite x; the infinity's bits read as 2^16384). */
    private static BigInteger scaled(long hi, long lo) {
        int field = (int) (hi >>> 48) & 0x7FFF;
        BigInteger frac = new BigInteger(Long.toUnsignedString(hi & 0xFFFFFFFFFFFFL)).shiftLeft(64)
                .or(new BigInteger(Long.toUnsignedString(lo)));
        return field == 0 ? frac.shiftLeft(S - 16494) : frac.setBit(112).shiftLeft(field - 16495 + S);
    }

    private static BigInteger scaled(long[] x) {
        return scaled(x[0], x[1]);
    }

    /** 2 * the midpoints below and above positive finite r, times 2^S. */
    private static BigInteger[] midpoints(long[] r) {
        long hi = r[0] & Long.MAX_VALUE;
        long lo = r[1];
        BigInteger v = scaled(hi, lo);
        BigInteger below = scaled(lo == 0 ? hi - 1 : hi, lo - 1);
        BigInteger above = scaled(lo == -1 ? hi + 1 : hi, lo + 1);
        return new BigInteger[] {v.add(below), v.add(above)};
    }

    /** Whether {@code power}-th powers of the doubled midpoints around r enclose 2^power * target (target scaled by 2^(power S)). */
    private static boolean nearest(long[] r, BigInteger target, int power) {
        BigInteger[] m = midpoints(r);
        BigInteger t = target.shiftLeft(power);
        int lo = m[0].pow(power).compareTo(t);
        int hi = t.compareTo(m[1].pow(power));
        boolean even = (r[1] & 1) == 0;
        return (lo < 0 || lo == 0 && even) && (hi < 0 || hi == 0 && even);
    }

    private static long[] random(SplittableRandom rnd) {
        int field = switch (rnd.nextInt(6)) {
            case 0 -> 0;
            case 1 -> 1 + rnd.nextInt(0x7FFE);
            case 2 -> rnd.nextBoolean() ? 1 + rnd.nextInt(3) : 0x7FFE - rnd.nextInt(3);
            default -> 0x3FFF + rnd.nextInt(-200, 200);
        };
        long hi = rnd.nextLong() & 0xFFFFFFFFFFFFL;
        long lo = rnd.nextInt(4) == 0 ? 0 : rnd.nextLong();
        if (field == 0 && hi == 0 && lo == 0) {
            lo = 1;
        }
        return new long[] {(rnd.nextBoolean() ? Long.MIN_VALUE : 0) | (long) field << 48 | hi, lo};
    }

    @Test
    void cbrtKnownValues() {
        assertArrayEquals(q(3), F128Libm.cbrt(q(27)[0], q(27)[1]));
        assertArrayEquals(q(-2), F128Libm.cbrt(q(-8)[0], q(-8)[1]));
        assertArrayEquals(q(0.5), F128Libm.cbrt(q(0.125)[0], q(0.125)[1]));
        for (double x : new double[] {2, 3, 10, 1e-300, 7e300, -0.3, Double.MIN_VALUE}) {
            double got = d(F128Libm.cbrt(q(x)[0], q(x)[1]));
            assertTrue(Math.abs(got - StrictMath.cbrt(x)) <= Math.ulp(got), x + ": " + got);
        }
        // the smallest subnormal, 2^-16494: its cube root is 2^-5498 exactly
        assertArrayEquals(new long[] {(long) (16383 - 5498) << 48, 0}, F128Libm.cbrt(0, 1));
        assertArrayEquals(new long[] {0x7FFF000000000000L, 0}, F128Libm.cbrt(0x7FFF000000000000L, 0));
        assertArrayEquals(new long[] {Long.MIN_VALUE, 0}, F128Libm.cbrt(Long.MIN_VALUE, 0));
    }

    @Test
    void hypotKnownValues() {
        assertArrayEquals(q(5), F128Libm.hypot(q(3)[0], q(3)[1], q(-4)[0], q(-4)[1]));
        for (double[] xy : new double[][] {{1, 1}, {1e300, 1e300}, {1e-310, 3e-310}, {1, 1e-20}, {2.5, 7.25}}) {
            long[] x = q(xy[0]);
            long[] y = q(xy[1]);
            double got = d(F128Libm.hypot(x[0], x[1], y[0], y[1]));
            assertTrue(Math.abs(got - StrictMath.hypot(xy[0], xy[1])) <= Math.ulp(got), xy[0] + "," + xy[1] + ": " + got);
        }
        long[] max = {0x7FFEFFFFFFFFFFFFL, -1L};
        assertArrayEquals(new long[] {0x7FFF000000000000L, 0}, F128Libm.hypot(max[0], max[1], max[0], max[1]));
        long[] nan = {0x7FFF800000000000L, 0};
        assertArrayEquals(new long[] {0x7FFF000000000000L, 0},
                F128Libm.hypot(nan[0], nan[1], 0xFFFF000000000000L, 0), "infinity beats NaN");
        assertArrayEquals(new long[] {0, 2}, F128Libm.hypot(0, 2, 0, 0));
    }

    @Test
    void cbrtIsTheNearestOnRandomOperands() {
        SplittableRandom rnd = new SplittableRandom(23);
        for (int i = 0; i < 3000; i++) {
            long[] x = random(rnd);
            long[] r = F128Libm.cbrt(x[0], x[1]);
            assertEquals(x[0] < 0, r[0] < 0);
            // r^3 scaled by 2^(3S): x scaled by 2^(3S)
            BigInteger target = scaled(x).shiftLeft(2 * S);
            assertTrue(nearest(r, target, 3), () -> Long.toHexString(x[0]) + " " + Long.toHexString(x[1]));
        }
    }

    @Test
    void hypotIsTheNearestOnRandomOperands() {
        SplittableRandom rnd = new SplittableRandom(24);
        for (int i = 0; i < 3000; i++) {
            long[] x = random(rnd);
            long[] y = rnd.nextInt(3) == 0 ? new long[] {x[0] ^ (long) rnd.nextInt(64) << 48, rnd.nextLong()} : random(rnd);
            y[0] &= ~0x7FFF000000000000L | (y[0] & 0x7FFE000000000000L); // keep y finite
            long[] r = F128Libm.hypot(x[0], x[1], y[0], y[1]);
            BigInteger sx = scaled(x);
            BigInteger sy = scaled(y);
            BigInteger target = sx.multiply(sx).add(sy.multiply(sy));
            if ((r[0] & 0x7FFF000000000000L) == 0x7FFF000000000000L) { // overflow: at least the midpoint above the largest
                BigInteger above = scaled(0x7FFEFFFFFFFFFFFFL, -1L).add(scaled(0x7FFF000000000000L, 0));
                assertTrue(above.pow(2).compareTo(target.shiftLeft(2)) <= 0);
                continue;
            }
            assertTrue(nearest(r, target, 2), () -> Long.toHexString(x[0]) + " " + Long.toHexString(y[0]));
        }
    }

    @Test
    void modfAndRemquoQuotient() {
        long[] x = q(-7.75);
        assertArrayEquals(q(-0.75), F128Libm.modf(x[0], x[1]));
        assertArrayEquals(new long[] {Long.MIN_VALUE, 0}, F128Libm.modf(q(-3)[0], q(-3)[1]));
        assertArrayEquals(new long[] {0, 0}, F128Libm.modf(0x7FFF000000000000L, 0));
        // 29 / 3 = 9.67 -> 10, 10 mod 8 = 2; 7.5 / 1 -> 8 (tie to even) -> 0; -10.5 / 3 = -3.5 -> -4
        assertEquals(2, F128Libm.remquoQuotient(q(29)[0], q(29)[1], q(3)[0], q(3)[1]));
        assertEquals(0, F128Libm.remquoQuotient(q(7.5)[0], q(7.5)[1], q(1)[0], q(1)[1]));
        assertEquals(-4, F128Libm.remquoQuotient(q(-10.5)[0], q(-10.5)[1], q(3)[0], q(3)[1]));
        assertEquals(-5, F128Libm.remquoQuotient(q(13)[0], q(13)[1], q(-1)[0], q(-1)[1]));
        // 2^100 / 3: 2^100 mod 24 = 16, so floor(2^100/3) = 5 mod 8 and the rest 1/3 rounds down
        assertEquals(5, F128Libm.remquoQuotient((16383L + 100) << 48, 0, q(3)[0], q(3)[1]));
    }
}

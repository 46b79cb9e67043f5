package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * binary16 remainder, which {@link RemainderPath#rem16} answers call-free: the special operands
 * (NaNs under both NaN policies, an infinite dividend, a zero divisor, an infinite divisor) as
 * {@link Narrow#remainder} answers them, and finite operands with n = rint(x / y) and no
 * correction step. F16.rem and rem16 against the general path (value and flags) on an edge grid,
 * both specializations, ftz and daz on and off (the remainder takes no rounding mode: nearest even
 * is its definition), and every finite dividend against exact integer arithmetic.
 */
class Binary16RemainderTest {

    static final FloatFormat F = FloatFormat.BINARY16;

    /**
     * Magnitudes: zero, subnormals (the smallest, the largest, sparse), the ends of the normal
     * range, values next to 1/2, 1, 3/2, 2 and 3 (ties: 3 rem 2, 5 rem 2, 1.5 rem 1), large
     * significands (exponent gaps up to 29), infinity, signaling NaNs (quiet bit 0x0200 clear)
     * and quiet NaNs.
     */
    static final int[] MAGNITUDES = {
        0, 1, 2, 3, 0x0155, 0x0200, 0x03FF, 0x0400, 0x0401, 0x07FF, 0x0800, 0x37FF, 0x3800, 0x3801,
        0x3BFF, 0x3C00, 0x3C01, 0x3E00, 0x3FFF, 0x4000, 0x4001, 0x4200, 0x4500, 0x5A00, 0x6400, 0x77FF,
        0x7800, 0x7BFE, 0x7BFF, 0x7C00,
        0x7C01, 0x7D00, 0x7DFF, // signaling NaNs
        0x7E00, 0x7E01, 0x7FFF, // quiet NaNs
    };

    /** Each binary16 magnitude, then its negative. */
    static short[] withBothSigns(int[] magnitudes) {
        short[] ops = new short[magnitudes.length * 2];
        for (int i = 0; i < magnitudes.length; i++) {
            ops[2 * i] = (short) magnitudes[i];
            ops[2 * i + 1] = (short) (magnitudes[i] | 0x8000);
        }
        return ops;
    }

    /** Every pair of the grid, both specializations, ftz and daz each on and off. */
    @Example
    void everyPairOfTheGridAsTheGeneralPath() {
        short[] ops = withBothSigns(MAGNITUDES);
        int[] answered = new int[3]; // NaN operand, invalid, x rem infinity
        for (Specialization spec : new Specialization[] {Specialization.X86, Specialization.NVPTX}) {
            for (int flush = 0; flush < 4; flush++) {
                for (short a : ops) {
                    for (short b : ops) {
                        check(a, b, spec, (flush & 1) != 0, (flush & 2) != 0, answered);
                    }
                }
            }
        }
        // rem16 answered every pair with a NaN operand without daz (not the general path)
        int nans = 2 * 6;
        int pairs = 2 * MAGNITUDES.length;
        assertEquals(2 * 2 * (pairs * pairs - (pairs - nans) * (pairs - nans)), answered[0]);
        assertTrue(answered[1] > 100 && answered[2] > 100, java.util.Arrays.toString(answered));
    }

    /**
     * Every finite dividend (both signs) over the grid's finite nonzero divisors and 64 random
     * ones, against exact integer arithmetic (no ftz or daz: rem16 answers them all).
     */
    @Example
    void everyFiniteDividendAsExactArithmetic() {
        SplittableRandom r = new SplittableRandom(0x16E3L);
        short[] divisors = new short[2 * MAGNITUDES.length + 64];
        int n = 0;
        for (short b : withBothSigns(MAGNITUDES)) {
            if ((b & 0x7FFF) != 0 && (b & 0x7FFF) < 0x7C00) {
                divisors[n++] = b;
            }
        }
        for (int i = 0; i < 64; i++) {
            divisors[n++] = (short) (r.nextInt(1, 0x7C00) | (r.nextBoolean() ? 0x8000 : 0));
        }
        int ties = 0;
        for (int a = 0; a < 0x10000; a++) {
            if ((a & 0x7FFF) >= 0x7C00) {
                continue;
            }
            for (int i = 0; i < n; i++) {
                short b = divisors[i];
                Env env = Envs.of(Specialization.X86, false, false);
                long want = exact((short) a, b);
                String what = Integer.toHexString(a) + " rem " + Integer.toHexString(b & 0xFFFF);
                assertEquals(Long.toHexString(want), Long.toHexString(RemainderPath.rem16((short) a, b, env)), what);
                assertEquals(Long.toHexString(want), Long.toHexString(F16.rem((short) a, b, env) & 0xFFFFL), what);
                assertEquals(0, env.flags, what + ": exact, no flag");
                ties += isTie((short) a, b) ? 1 : 0;
            }
        }
        assertTrue(ties > 1000, "ties: " + ties);
    }

    /** Random pairs biased to ties (a = (n + 1/2) b), wide exponent gaps and special operands. */
    @Property(tries = 200)
    void randomPairsAsExactArithmeticAndTheGeneralPath(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < 300; i++) {
            short b = operand(r);
            short a = operand(r);
            if (r.nextInt(3) == 0) { // a tie: (2k + 1) b / 2, where binary16 holds it
                float t = (2 * r.nextInt(0, 64) + 1) * Float.float16ToFloat(b) / 2;
                short h = Float.floatToFloat16(t);
                if (Float.float16ToFloat(h) == t) {
                    a = h;
                }
            }
            Specialization spec = r.nextBoolean() ? Specialization.X86 : Specialization.NVPTX;
            check(a, b, spec, r.nextInt(4) == 0, r.nextInt(4) == 0, new int[3]);
            boolean finite = (a & 0x7FFF) < 0x7C00 && (b & 0x7FFF) < 0x7C00 && (b & 0x7FFF) != 0;
            if (finite) {
                Env env = Envs.of(spec, false, false);
                assertEquals(Long.toHexString(exact(a, b)), Long.toHexString(F16.rem(a, b, env) & 0xFFFFL),
                        Integer.toHexString(a & 0xFFFF) + " rem " + Integer.toHexString(b & 0xFFFF));
            }
        }
    }

    private static short operand(SplittableRandom r) {
        int sign = r.nextBoolean() ? 0x8000 : 0;
        int frac = r.nextInt(0x400);
        int exp = switch (r.nextInt(6)) {
            case 0 -> 0x1F; // infinity or NaN
            case 1 -> 0; // zero or subnormal
            case 2 -> r.nextInt(1, 4); // small divisors: wide exponent gaps
            case 3 -> r.nextInt(27, 31); // large dividends
            default -> r.nextInt(1, 31);
        };
        if (r.nextInt(4) == 0) {
            frac &= -1 << r.nextInt(11); // few significant bits: exact quotients and ties
        }
        return (short) (sign | exp << 10 | frac);
    }

    /** Compares F16.rem and RemainderPath.rem16 with Narrow.remainder, and counts what rem16 answered. */
    private static void check(short a, short b, Specialization spec, boolean ftz, boolean daz, int[] answered) {
        Env slow = Envs.of(spec, ftz, daz);
        long want = Narrow.remainder(F, a & 0xFFFFL, b & 0xFFFFL, true, slow);
        String what = Integer.toHexString(a & 0xFFFF) + " rem " + Integer.toHexString(b & 0xFFFF) + " " + spec + " ftz="
                + ftz + " daz=" + daz;
        Env viaF16 = Envs.of(spec, ftz, daz);
        assertEquals(Long.toHexString(want), Long.toHexString(F16.rem(a, b, viaF16) & 0xFFFFL), what);
        assertEquals(slow.flags, viaF16.flags, what + " flags");
        Env fast = Envs.of(spec, ftz, daz);
        long got = RemainderPath.rem16(a, b, fast);
        boolean subnormalOperand = (a & 0x7C00) == 0 && (a & 0x7FFF) != 0 || (b & 0x7C00) == 0 && (b & 0x7FFF) != 0;
        if (got == HardwarePath.NONE) {
            assertEquals(0, fast.flags, what + ": declined, no flag");
            assertTrue(daz && ((a & 0x7C00) == 0 || (b & 0x7C00) == 0) || ftz && (slow.flags & ExceptionFlags.UNDERFLOW) != 0,
                    what + ": declined only for daz's subnormal operands and ftz's flushed results");
            return;
        }
        assertTrue(!daz || !subnormalOperand, what + ": daz's subnormal operands declined");
        assertEquals(Long.toHexString(want), Long.toHexString(got), what + " rem16");
        assertEquals(slow.flags, fast.flags, what + " rem16 flags");
        int ma = a & 0x7FFF;
        int mb = b & 0x7FFF;
        if (daz) {
            return; // counted without daz only
        }
        if (ma > 0x7C00 || mb > 0x7C00) {
            assertNotEquals(0, got & 0x7C00, what);
            answered[0]++;
        } else if (ma == 0x7C00 || mb == 0) {
            answered[1]++;
        } else if (mb == 0x7C00) {
            answered[2]++;
        }
    }

    /** a and b as integer multiples of 2^-24 (binary16's smallest subnormal), with a's sign. */
    private static long units(short h) {
        int m = h & 0x7FFF;
        int e = m >> 10;
        long u = e == 0 ? m : (long) ((m & 0x3FF) | 0x400) << (e - 1);
        return (h & 0x8000) != 0 ? -u : u;
    }

    /** The IEEE remainder of finite a by finite nonzero b in exact integer arithmetic: x - n y, n the nearest-even integer to x / y. */
    static long exact(short a, short b) {
        long x = Math.abs(units(a));
        long y = Math.abs(units(b));
        long n = x / y;
        long r = x - n * y; // 0 <= r < y
        if (2 * r > y || 2 * r == y && (n & 1) == 1) {
            r -= y;
        }
        if (r == 0) {
            return a & 0x8000; // a zero remainder has x's sign
        }
        double v = r * 0x1p-24 * (units(a) < 0 ? -1 : 1); // the remainder of -x is minus x's
        return Float.floatToFloat16((float) v) & 0xFFFFL; // exact: a binary16 value
    }

    private static boolean isTie(short a, short b) {
        long x = Math.abs(units(a));
        long y = Math.abs(units(b));
        return 2 * (x % y) == y;
    }
}

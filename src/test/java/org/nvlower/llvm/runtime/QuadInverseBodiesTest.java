package org.nvlower.llvm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.nvlower.verify.runtime.RuntimeChecker;

/**
 * The inverse functions' bodies (QuadInverseBodies), run in the interpreter, equal the
 * arbitrary-precision reference (softfloat's QuadInverseReference, correctly rounded) bit for bit
 * on random operands over each function's domain (tiny, every binade that matters, next to 1,
 * huge; atan2 over ratios near and far from 1, either sign) and on the thresholds where a body
 * changes formula, with both neighbours. RuntimeBodiesTest adds the edges; the 10^6-case run is
 * bench/quad-math/run (docs/quad-math.md).
 */
class QuadInverseBodiesTest {

    static RuntimeChecker checker;

    static final List<RuntimeFunction> ROWS = List.of(RuntimeFunction.ATANH_FP128, RuntimeFunction.ASINH_FP128,
            RuntimeFunction.ACOSH_FP128, RuntimeFunction.ATAN_FP128, RuntimeFunction.ASIN_FP128, RuntimeFunction.ACOS_FP128,
            RuntimeFunction.ATAN2_FP128);

    @BeforeAll
    static void build() {
        checker = new RuntimeChecker(RuntimeLibrary.build(ROWS, true, null, null));
    }

    /** A random binary128 with exponent field {@code field} (113 random significand bits), negative when asked. */
    private static long[] random(SplittableRandom r, int field, boolean negative) {
        return new long[] {(negative ? Long.MIN_VALUE : 0) | (long) field << 48 | r.nextLong() >>> 16, r.nextLong()};
    }

    /** Just below 1 by 2^-113 .. 2^-65 (fraction all ones but for a random tail), negative when asked. */
    private static long[] belowOne(SplittableRandom r, boolean negative) {
        return new long[] {(negative ? Long.MIN_VALUE : 0) | 0x3FFEFFFFFFFFFFFFL, -1L - (r.nextLong() >>> r.nextInt(64))};
    }

    /** Operands for {@code f}, {@code n} of them (atan2: y then x). */
    static List<long[]> operands(RuntimeFunction f, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<long[]> list = new ArrayList<>();
        int one = 0x3FFF;
        for (int i = 0; i < n; i++) {
            boolean negative = r.nextBoolean();
            long[] x = switch (f) {
                // |x| < 1: tiny to 1/2, [1/2, 1), and 1 - 2^-113 .. 1 - 2^-65
                case ATANH_FP128, ASIN_FP128, ACOS_FP128 -> i % 4 == 3 ? belowOne(r, negative)
                        : random(r, i % 4 == 2 ? one - 1 - r.nextInt(3) : one - 120 + r.nextInt(120), negative);
                // any size: tiny to 2^130 mostly, every binade sometimes
                case ASINH_FP128, ATAN_FP128 -> random(r, i % 8 == 7 ? 1 + r.nextInt(0x7FFD) : one - 120 + r.nextInt(250), negative);
                // x >= 1: 1 + 2^-112 .. 1 + 2^-64, [1, 2^200), every binade
                case ACOSH_FP128 -> i % 4 == 3 ? new long[] {0x3FFF000000000000L | r.nextLong() >>> (16 + r.nextInt(48)), r.nextLong() | 1}
                        : random(r, i % 8 == 6 ? one + r.nextInt(0x7FFE - one) : one + r.nextInt(i % 2 == 0 ? 6 : 200), false);
                default -> null;
            };
            if (f == RuntimeFunction.ATAN2_FP128) {
                int ey = one - 60 + r.nextInt(120);
                int spread = i % 8 == 7 ? 300 : i % 8 == 6 ? 2 : 130;
                int ex = Math.max(1, Math.min(0x7FFE, ey - spread / 2 + r.nextInt(spread + 1)));
                long[] y = random(r, ey, negative);
                long[] xx = random(r, ex, r.nextBoolean());
                x = new long[] {y[0], y[1], xx[0], xx[1]};
            }
            list.add(x);
        }
        return list;
    }

    /** 2^k and both neighbours, either sign, for the thresholds of the bodies (and 1 +- 1/32 for acosh). */
    static List<long[]> thresholds(RuntimeFunction f) {
        List<long[]> list = new ArrayList<>();
        for (int k : new int[] {-121, -120, -119, -4, -3, -2, -1, 0, 1, 99, 100, 101, 127, 128, 129, 16383}) {
            long hi = (long) (0x3FFF + k) << 48;
            for (long[] x : new long[][] {{hi, 0}, {hi, 1}, {hi - 1, -1L}, {0x3FFF080000000000L, 0}, {0x3FFF080000000000L, 1},
                {0x3FFF07FFFFFFFFFFL, -1L}}) {
                for (long sign : new long[] {0, Long.MIN_VALUE}) {
                    if (f == RuntimeFunction.ATAN2_FP128) {
                        // ratio 2^k around the 2^+-120 thresholds, x of either sign
                        list.add(new long[] {x[0], x[1], 0x3FFF000000000000L | sign, 0});
                        list.add(new long[] {0x3FFF000000000000L | sign, 1, x[0], x[1]});
                    } else {
                        list.add(new long[] {x[0] | sign, x[1]});
                    }
                }
            }
        }
        return list;
    }

    /**
     * atan2 with subnormal results: y / x exactly a rounding midpoint of the subnormal grid (y odd
     * over a power of two) must round down (atan t < t), y / x exact or near one of either.
     */
    @org.junit.jupiter.api.Test
    void atan2OfSubnormalQuotients() {
        SplittableRandom r = new SplittableRandom(5);
        List<long[]> cases = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            long[] y = {(r.nextBoolean() ? Long.MIN_VALUE : 0) | (i % 2 == 0 ? r.nextLong() >>> 16 : 0x3F00000000000000L | r.nextLong() >>> 16), r.nextLong() | 1};
            int k = i % 2 == 0 ? 1 + r.nextInt(4) : 0x3FFF + 16383 - 0x3F00 + r.nextInt(3) - 120 + r.nextInt(20);
            long[] x = i % 4 < 2 ? new long[] {(long) Math.min(0x7FFE, 0x3FFF + k) << 48, 0}
                    : new long[] {(long) Math.min(0x7FFE, 0x3FFF + k) << 48 | r.nextLong() >>> 16, r.nextLong()};
            cases.add(new long[] {y[0], y[1], x[0], x[1]});
        }
        cases.add(new long[] {0x3F90800000000000L, 0, 0x7FFE000000000000L, 0}); // 1.5 2^-16494: a tie between 1 and 2 quanta
        assertEqualsReference(RuntimeFunction.ATAN2_FP128, cases);
    }

    private static void assertEqualsReference(RuntimeFunction f, List<long[]> cases) {
        BodyAssertions.assertAgree(checker, f, cases);
    }

    @ParameterizedTest
    @EnumSource(names = {"ATANH_FP128", "ASINH_FP128", "ACOSH_FP128", "ATAN_FP128", "ASIN_FP128", "ACOS_FP128", "ATAN2_FP128"})
    void bodyEqualsTheReference(RuntimeFunction f) {
        // 500 each (./check's time): bench/quad-math/run takes 10^6
        List<long[]> cases = operands(f, 500, 23);
        assertEquals(500, cases.size());
        assertEqualsReference(f, cases);
    }

    @ParameterizedTest
    @EnumSource(names = {"ATANH_FP128", "ASINH_FP128", "ACOSH_FP128", "ATAN_FP128", "ASIN_FP128", "ACOS_FP128", "ATAN2_FP128"})
    void bodyEqualsTheReferenceAtItsThresholds(RuntimeFunction f) {
        List<long[]> cases = thresholds(f);
        assertEquals(f == RuntimeFunction.ATAN2_FP128 ? 16 * 6 * 2 * 2 : 16 * 6 * 2, cases.size());
        assertEqualsReference(f, cases);
    }
}

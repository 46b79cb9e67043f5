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
 * erf's and erfc's bodies (QuadErfBodies), run in the interpreter, equal the arbitrary-precision
 * reference (softfloat's QuadErfReference, correctly rounded) bit for bit on random operands
 * (tiny and subnormal, every binade to 2^7, [1/2, 12) densely, erfc's subnormal results near 106.9,
 * either sign) and on the thresholds where a body changes formula or table interval, with both
 * neighbours. The 10^5-case run is bench/quad-math/run (docs/quad-math.md).
 */
class QuadErfBodiesTest {

    static RuntimeChecker checker;

    @BeforeAll
    static void build() {
        checker = new RuntimeChecker(RuntimeLibrary.build(List.of(RuntimeFunction.ERF_FP128, RuntimeFunction.ERFC_FP128), true, null, null));
    }

    private static long[] random(SplittableRandom r, int field, boolean negative) {
        return new long[] {(negative ? Long.MIN_VALUE : 0) | (long) field << 48 | r.nextLong() >>> 16, r.nextLong()};
    }

    static List<long[]> operands(RuntimeFunction f, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<long[]> list = new ArrayList<>();
        int one = 0x3FFF;
        for (int i = 0; i < n; i++) {
            boolean negative = r.nextBoolean();
            long[] x = switch (i % 8) {
                case 0 -> random(r, 1 + r.nextInt(one - 1), negative); // any binade below 1
                case 1 -> new long[] {negative ? Long.MIN_VALUE : 0, r.nextLong() >>> r.nextInt(64)}; // subnormal
                case 2 -> random(r, one - 120 + r.nextInt(120), negative);
                case 7 -> f == RuntimeFunction.ERFC_FP128 // 106.5 .. 107.5: subnormal results, the underflow threshold
                        ? new long[] {0x4005AA0000000000L + (r.nextLong() >>> 25), r.nextLong()}
                        : random(r, one + r.nextInt(7), negative);
                default -> random(r, one - 1 + r.nextInt(5), negative); // [1/2, 16)
            };
            list.add(x);
        }
        return list;
    }

    /** 2^k, the formula and interval edges (k/16 steps in [1/2, 128)), 10, 107, with both neighbours, either sign. */
    static List<long[]> thresholds() {
        List<long[]> list = new ArrayList<>();
        List<long[]> points = new ArrayList<>();
        for (int k : new int[] {-16494, -8000, -117, -116, -115, -61, -60, -59, -2, -1, 0, 1, 2, 3, 6, 7}) {
            points.add(k == -16494 ? new long[] {0, 1} : new long[] {(long) (0x3FFF + k) << 48, 0});
        }
        for (int j = 0; j < 128; j += 5) { // interval starts
            points.add(new long[] {(long) (0x3FFE + j / 16) << 48 | (long) (j % 16) << 44, 0});
        }
        points.add(new long[] {0x4002400000000000L, 0}); // 10
        points.add(new long[] {0x4005AC0000000000L, 0}); // 107
        points.add(new long[] {0x4005AB8000000000L, 0}); // 106.875
        for (long[] p : points) {
            for (long[] x : new long[][] {p, {p[0], p[1] + 1}, {p[1] == 0 ? p[0] - 1 : p[0], p[1] - 1}}) {
                for (long sign : new long[] {0, Long.MIN_VALUE}) {
                    list.add(new long[] {x[0] | sign, x[1]});
                }
            }
        }
        return list;
    }

    private static void assertEqualsReference(RuntimeFunction f, List<long[]> cases) {
        BodyAssertions.assertAgree(checker, f, cases);
    }

    @ParameterizedTest
    @EnumSource(names = {"ERF_FP128", "ERFC_FP128"})
    void bodyEqualsTheReference(RuntimeFunction f) {
        assertEqualsReference(f, operands(f, Integer.getInteger("erf.cases", 250), 23));
    }

    @ParameterizedTest
    @EnumSource(names = {"ERF_FP128", "ERFC_FP128"})
    void bodyEqualsTheReferenceAtItsThresholds(RuntimeFunction f) {
        assertEqualsReference(f, thresholds());
    }
}

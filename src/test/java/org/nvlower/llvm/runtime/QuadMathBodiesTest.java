package org.nvlower.llvm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.nvlower.softfloat.Float128;
import org.nvlower.verify.runtime.RuntimeChecker;

/**
 * The quad math library's bodies, run in the interpreter, equal the arbitrary-precision reference
 * (softfloat's QuadReference, correctly rounded) bit for bit on 10,300 random operands in the
 * function's useful range (subnormal results and overflow thresholds included for exp and exp2;
 * every binade, subnormals and 1 +- tiny for the logs); RuntimeBodiesTest adds edges and 1,000
 * random shapes. The
 * 10^6-case run is bench/quad-math/run (docs/quad-math.md).
 */
class QuadMathBodiesTest {

    static RuntimeChecker checker;

    @BeforeAll
    static void build() {
        checker = new RuntimeChecker(RuntimeLibrary.build(List.of(RuntimeFunction.EXP_FP128, RuntimeFunction.LOG_FP128,
                RuntimeFunction.EXP2_FP128, RuntimeFunction.LOG2_FP128, RuntimeFunction.LOG10_FP128), true, null, null));
    }

    /** Operands where the function neither overflows nor underflows nor is 1: |x| up to 2^14 with exponents spread evenly. */
    static List<long[]> inRange(RuntimeFunction f, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<long[]> list = new ArrayList<>();
        if (f != RuntimeFunction.EXP_FP128 && f != RuntimeFunction.EXP2_FP128) {
            // positive: any exponent (subnormals too), binades around 1, and 1 + tiny / 1 - tiny
            for (int i = 0; i < n + 300; i++) {
                long frac = r.nextLong() >>> 16;
                long lo = r.nextLong();
                long hi = switch (i % 4) {
                    case 0 -> (long) r.nextInt(0x7FFF) << 48 | frac;
                    case 1 -> (long) (0x3FFE + r.nextInt(2)) << 48 | frac;
                    case 2 -> 0x3FFF000000000000L | frac >>> r.nextInt(48);
                    default -> 0x3FFEFFFFFFFFFFFFL - (frac >>> r.nextInt(48));
                };
                list.add(new long[] {hi, lo});
            }
            return list;
        }
        for (int i = 0; i < n; i++) {
            int field = 0x3FFF - 120 + r.nextInt(134);
            list.add(new long[] {(r.nextBoolean() ? Long.MIN_VALUE : 0) | (long) field << 48 | r.nextLong() >>> 16,
                r.nextLong()});
        }
        // subnormal results and the overflow threshold: exp: x in -11441 .. -11345 and 11354 .. 11358,
        // exp2: -16500 .. -16380 and 16382 .. 16384
        boolean two = f == RuntimeFunction.EXP2_FP128;
        for (int i = 0; i < 300; i++) {
            double x = two ? (i < 250 ? -16380 - 120 * r.nextDouble() : 16382 + 2 * r.nextDouble())
                    : (i < 250 ? -11345 - 96 * r.nextDouble() : 11354 + 4 * r.nextDouble());
            Float128 q = Float128.of(x).add(Float128.of(r.nextDouble() * 0x1p-40));
            list.add(new long[] {q.hi(), q.lo()});
        }
        return list;
    }

    @ParameterizedTest
    @EnumSource(names = {"EXP_FP128", "LOG_FP128", "EXP2_FP128", "LOG2_FP128", "LOG10_FP128"})
    void bodyEqualsTheReference(RuntimeFunction f) {
        long mismatches = 0;
        RuntimeChecker.Mismatch first = null;
        List<long[]> cases = inRange(f, 10_000, 23);
        assertEquals(10_300, cases.size());
        for (long[] ops : cases) {
            RuntimeChecker.Mismatch m = checker.check(f, ops);
            if (m != null) {
                mismatches++;
                first = first == null ? m : first;
            }
        }
        RuntimeChecker.Mismatch shown = first;
        assertEquals(0, mismatches, () -> "in range: " + shown);
    }
}

package org.nvlower.llvm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.nvlower.softfloat.F128Libm;
import org.nvlower.softfloat.QuadTrigReference;
import org.nvlower.verify.runtime.RuntimeChecker;

/**
 * sin, cos and tan's bodies, run in the interpreter, equal the arbitrary-precision reference
 * (softfloat's QuadTrigReference, correctly rounded) bit for bit: random operands in every binade
 * from 2^-70 to 2^16383 (the reduction's table read at every offset), the neighbours of k pi/2
 * (k up to 2^110: results near zero or near +-1 that keep their relative precision), tiny
 * operands and the specials. The 10^6-case run is bench/quad-math/run (docs/quad-math.md).
 */
class QuadTrigBodiesTest {

    static RuntimeChecker checker;

    @BeforeAll
    static void build() {
        checker = new RuntimeChecker(RuntimeLibrary.build(List.of(RuntimeFunction.SIN_FP128, RuntimeFunction.COS_FP128,
                RuntimeFunction.TAN_FP128), true, null, null));
    }

    private static long[] random(SplittableRandom r, int field, boolean negative) {
        return new long[] {(negative ? Long.MIN_VALUE : 0) | (long) field << 48 | r.nextLong() >>> 16, r.nextLong()};
    }

    /** k pi/2 rounded to binary128 (k >= 1), moved by d ulps. */
    static long[] nearMultiple(BigInteger k, int d) {
        int w = 400 + k.bitLength();
        long[] x = F128Libm.round(false, QuadTrigReference.halfPi(w).multiply(k), -w, false);
        BigInteger v = BigInteger.valueOf(x[0]).shiftLeft(64).or(new BigInteger(Long.toUnsignedString(x[1]))).add(BigInteger.valueOf(d));
        return new long[] {v.shiftRight(64).longValue(), v.longValue()};
    }

    /** n random operands: half in 2^[-70, 8), a quarter in any binade up to 2^16383, a quarter next to k pi/2. */
    static List<long[]> operands(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<long[]> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            boolean negative = r.nextBoolean();
            long[] x = switch (i % 4) {
                case 0, 1 -> random(r, 0x3FFF - 70 + r.nextInt(78), negative);
                case 2 -> random(r, 0x3FFF + r.nextInt(0x7FFE - 0x3FFF + 1), negative);
                default -> nearMultiple(BigInteger.ONE.shiftLeft(r.nextInt(111)).add(BigInteger.valueOf(r.nextInt(1000))).max(BigInteger.ONE),
                        r.nextInt(-2, 3));
            };
            if (i % 4 == 3 && negative) {
                x[0] |= Long.MIN_VALUE;
            }
            list.add(x);
        }
        return list;
    }

    private static void check(RuntimeFunction f, List<long[]> cases) {
        BodyAssertions.assertAgree(checker, f, cases);
    }

    @ParameterizedTest
    @EnumSource(names = {"SIN_FP128", "COS_FP128", "TAN_FP128"})
    void bodyEqualsTheReference(RuntimeFunction f) {
        List<long[]> cases = operands(Integer.getInteger("nvlower.trigCases", 800), 23 + f.ordinal());
        check(f, cases);
    }

    /**
     * The binary128 closest to a multiple of pi/2 (bench/quad-math/TrigWorstCase.java: x =
     * 8794873135033829349702184924722639 2^1852, |x 2/pi - k| = 2^-123.9, cos x = 7.88e-38) and
     * its neighbours up to 8 ulps away, either sign: the reduction's fraction has its most leading
     * zeros there.
     */
    @ParameterizedTest
    @EnumSource(names = {"SIN_FP128", "COS_FP128", "TAN_FP128"})
    void theClosestOperandToAMultipleOfHalfPi(RuntimeFunction f) {
        long[] x = F128Libm.round(false, new BigInteger("8794873135033829349702184924722639"), 1852, false);
        assertEquals(0x47ABB19EE7C329D7L, x[0]);
        List<long[]> cases = new ArrayList<>();
        for (int d = -8; d <= 8; d++) {
            for (long sign : new long[] {0, Long.MIN_VALUE}) {
                cases.add(new long[] {x[0] | sign, x[1] + d});
            }
        }
        check(f, cases);
        if (f == RuntimeFunction.COS_FP128) { // 2^-124 (1.0044...): the result keeps its full precision
            assertEquals(0x3F83AD1A2037CD78L, checker.run(f, x)[0]);
        }
    }

    /** The specials and the edges: zeros, subnormals, 2^-60 and its neighbours, 3/4 and its neighbours, the largest binary128, infinities, NaN. */
    @ParameterizedTest
    @EnumSource(names = {"SIN_FP128", "COS_FP128", "TAN_FP128"})
    void edges(RuntimeFunction f) {
        List<long[]> cases = new ArrayList<>();
        long[][] base = {{0, 0}, {0, 1}, {0x0000FFFFFFFFFFFFL, -1L}, {0x0001000000000000L, 0}, {0x3FC3000000000000L, 0},
            {0x3FC2FFFFFFFFFFFFL, -1L}, {0x3FC3000000000000L, 1}, {0x3FFE800000000000L, 0}, {0x3FFE7FFFFFFFFFFFL, -1L},
            {0x3FFE800000000000L, 1}, {0x3FFF000000000000L, 0}, {0x7FFEFFFFFFFFFFFFL, -1L}, {0x7FFF000000000000L, 0},
            {0x7FFF800000000000L, 0}, {0x4000000000000000L, 0}, {0x4070000000000000L, 0}, {0x7FFE000000000000L, 0}};
        for (long[] x : base) {
            cases.add(x.clone());
            cases.add(new long[] {x[0] | Long.MIN_VALUE, x[1]});
        }
        check(f, cases);
    }
}

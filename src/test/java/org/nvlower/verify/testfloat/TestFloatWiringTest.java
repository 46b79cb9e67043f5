package org.nvlower.verify.testfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.ExceptionFlags;
import org.nvlower.softfloat.RoundingMode;
import org.nvlower.softfloat.Specialization;

/**
 * Every row of the TestFloat table computes the operation its name says on the formats its name
 * says, including the ~50 functions no vector file covers (f16/bf16 arithmetic, f32 sub, ...):
 * small exact cases whose bit patterns are encoded here from the formats' field widths.
 */
class TestFloatWiringTest {

    /** Exponent and fraction widths. */
    static final Map<TestFloatType, int[]> FIELDS = Map.of(
            TestFloatType.F16, new int[] {5, 10}, TestFloatType.BF16, new int[] {8, 7},
            TestFloatType.F32, new int[] {8, 23}, TestFloatType.F64, new int[] {11, 52},
            TestFloatType.F128, new int[] {15, 112});

    /** The value num / 2^k (small, exact) as words of type t; integers as two's complement. */
    static long[] v(TestFloatType t, long num, int k) {
        if (!t.isFloatingPoint()) {
            assertEquals(0, k);
            return new long[] {num & t.mask()};
        }
        int eb = FIELDS.get(t)[0];
        int fb = FIELDS.get(t)[1];
        BigInteger bits = BigInteger.ZERO;
        long m = Math.abs(num);
        if (m != 0) {
            int p = 63 - Long.numberOfLeadingZeros(m);
            long biased = p - k + (1L << (eb - 1)) - 1;
            bits = BigInteger.valueOf(biased).shiftLeft(fb).or(BigInteger.valueOf(m).clearBit(p).shiftLeft(fb - p));
        }
        if (num < 0) {
            bits = bits.setBit(eb + fb);
        }
        return t == TestFloatType.F128 ? new long[] {bits.shiftRight(64).longValue(), bits.longValue()}
                : new long[] {bits.longValue()};
    }

    /** A quiet NaN of type t. */
    static long[] qnan(TestFloatType t) {
        int eb = FIELDS.get(t)[0];
        int fb = FIELDS.get(t)[1];
        BigInteger bits = BigInteger.ONE.shiftLeft(eb).subtract(BigInteger.ONE).shiftLeft(fb).setBit(fb - 1);
        return t == TestFloatType.F128 ? new long[] {bits.shiftRight(64).longValue(), bits.longValue()}
                : new long[] {bits.longValue()};
    }

    static long[] concat(long[]... parts) {
        return Arrays.stream(parts).flatMapToLong(Arrays::stream).toArray();
    }

    static void expect(TestFloatFunction f, RoundingMode rm, long[] operands, long[] expected, int flags) {
        Env env = new Env(Specialization.X86);
        long[] z = f.apply(operands, rm, false, env);
        assertEquals(Arrays.toString(expected), Arrays.toString(z), f.name() + " " + Arrays.toString(operands));
        assertEquals(flags, env.flags, f.name() + " flags");
    }

    @TestFactory
    Stream<DynamicTest> everyRow() {
        return TestFloatFunction.all().stream().map(f -> DynamicTest.dynamicTest(f.name(), () -> check(f)));
    }

    static void check(TestFloatFunction f) {
        RoundingMode ne = RoundingMode.NEAR_EVEN;
        TestFloatType a = f.operandTypes().get(0);
        TestFloatType z = f.resultType();
        String op = f.name().substring(f.name().indexOf('_') + 1);
        long[] t = {1};
        long[] no = {0};
        if (op.startsWith("to_")) {
            if (!a.isFloatingPoint()) {                                      // int -> float
                expect(f, ne, v(a, 3, 0), v(z, 3, 0), 0);
                if (a == TestFloatType.I32 || a == TestFloatType.I64) {
                    expect(f, ne, v(a, -2, 0), v(z, -2, 0), 0);
                }
            } else if (z.isFloatingPoint()) {                                // float -> float
                expect(f, ne, v(a, 3, 0), v(z, 3, 0), 0);
                expect(f, ne, v(a, -5, 1), v(z, -5, 1), 0);
            } else {                                                         // float -> int
                boolean signed = z == TestFloatType.I32 || z == TestFloatType.I64;
                boolean minMag = op.endsWith("_r_minMag");
                expect(f, ne, v(a, 3, 0), v(z, 3, 0), 0);
                expect(f, RoundingMode.MAX, v(a, 5, 1), v(z, minMag ? 2 : 3, 0), 0);
                expect(f, ne, v(a, 7, 1), v(z, minMag ? 3 : 4, 0), 0);
                if (signed) {
                    expect(f, RoundingMode.MIN, v(a, -5, 1), v(z, minMag ? -2 : -3, 0), 0);
                }
            }
            return;
        }
        switch (op) {
            case "add" -> expect(f, ne, concat(v(a, 3, 0), v(a, 1, 0)), v(z, 4, 0), 0);
            case "sub" -> expect(f, ne, concat(v(a, 3, 0), v(a, 1, 0)), v(z, 2, 0), 0);
            case "mul" -> expect(f, ne, concat(v(a, 3, 0), v(a, -5, 1)), v(z, -15, 1), 0);
            case "div" -> expect(f, ne, concat(v(a, 6, 0), v(a, 4, 0)), v(z, 3, 1), 0);
            case "rem" -> expect(f, ne, concat(v(a, 7, 0), v(a, 2, 0)), v(z, -1, 0), 0); // IEEE: 7 - 2*4
            case "mulAdd" -> expect(f, ne, concat(v(a, 2, 0), v(a, 3, 0), v(a, 1, 0)), v(z, 7, 0), 0);
            case "sqrt" -> expect(f, ne, v(a, 9, 0), v(z, 3, 0), 0);
            case "roundToInt" -> {
                expect(f, ne, v(a, 5, 1), v(z, 2, 0), 0);
                expect(f, RoundingMode.MAX, v(a, 5, 1), v(z, 3, 0), 0);
                expect(f, RoundingMode.MIN_MAG, v(a, -7, 1), v(z, -3, 0), 0);
            }
            case "eq", "eq_signaling", "le", "le_quiet", "lt", "lt_quiet" -> {
                boolean eq = op.startsWith("eq");
                boolean le = op.startsWith("le");
                expect(f, ne, concat(v(a, 1, 0), v(a, 2, 0)), eq ? no : t, 0);
                expect(f, ne, concat(v(a, 2, 0), v(a, 2, 0)), eq || le ? t : no, 0);
                expect(f, ne, concat(v(a, 3, 0), v(a, 2, 0)), no, 0);
                // a quiet NaN raises invalid only in the signaling comparisons (eq_signaling, le, lt)
                boolean signaling = op.equals("eq_signaling") || op.equals("le") || op.equals("lt");
                expect(f, ne, concat(qnan(a), v(a, 2, 0)), no, signaling ? ExceptionFlags.INVALID : 0);
            }
            default -> throw new AssertionError("no wiring check for " + f.name());
        }
    }

    @TestFactory
    Stream<DynamicTest> encoderSanity() {
        // the encoder against constants known by heart
        return Stream.of(
                DynamicTest.dynamicTest("f32 1.0", () -> assertEquals(0x3F800000L, v(TestFloatType.F32, 1, 0)[0])),
                DynamicTest.dynamicTest("f64 -2.5", () -> assertEquals(0xC004000000000000L, v(TestFloatType.F64, -5, 1)[0])),
                DynamicTest.dynamicTest("f16 3", () -> assertEquals(0x4200L, v(TestFloatType.F16, 3, 0)[0])),
                DynamicTest.dynamicTest("bf16 1", () -> assertEquals(0x3F80L, v(TestFloatType.BF16, 1, 0)[0])),
                DynamicTest.dynamicTest("f128 1", () -> assertTrue(
                        Arrays.equals(new long[] {0x3FFF000000000000L, 0}, v(TestFloatType.F128, 1, 0)))),
                DynamicTest.dynamicTest("f32 qNaN", () -> assertEquals(0x7FC00000L, qnan(TestFloatType.F32)[0])));
    }
}

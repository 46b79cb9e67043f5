package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import org.junit.jupiter.api.Test;

/**
 * binary16/bfloat16/binary32/binary64 through their public classes; the JVM's own IEEE double
 * and float arithmetic (and Math.fma) serve as a second, independent oracle in NEAR_EVEN.
 */
class NarrowFormatsTest {

    private static Env env() {
        return new Env(Specialization.X86);
    }

    private static boolean sameOrBothNaN(double expected, long actualBits) {
        double actual = Double.longBitsToDouble(actualBits);
        return Double.isNaN(expected) ? Double.isNaN(actual) : Double.doubleToRawLongBits(expected) == actualBits;
    }

    @Property(tries = 3000)
    void f64MatchesTheJvm(@ForAll double a, @ForAll double b, @ForAll double c) {
        long x = Double.doubleToRawLongBits(a);
        long y = Double.doubleToRawLongBits(b);
        long z = Double.doubleToRawLongBits(c);
        assertTrue(sameOrBothNaN(a + b, F64.add(x, y, RoundingMode.NEAR_EVEN, env())), "add");
        assertTrue(sameOrBothNaN(a - b, F64.sub(x, y, RoundingMode.NEAR_EVEN, env())), "sub");
        assertTrue(sameOrBothNaN(a * b, F64.mul(x, y, RoundingMode.NEAR_EVEN, env())), "mul");
        assertTrue(sameOrBothNaN(a / b, F64.div(x, y, RoundingMode.NEAR_EVEN, env())), "div");
        assertTrue(sameOrBothNaN(Math.sqrt(a), F64.sqrt(x, RoundingMode.NEAR_EVEN, env())), "sqrt");
        assertTrue(sameOrBothNaN(Math.fma(a, b, c), F64.mulAdd(x, y, z, RoundingMode.NEAR_EVEN, env())), "fma");
        assertTrue(sameOrBothNaN(a % b, F64.fmod(x, y, env())), "fmod");
        assertTrue(sameOrBothNaN(Math.IEEEremainder(a, b), F64.rem(x, y, env())), "rem");
        assertTrue(sameOrBothNaN(Math.rint(a), F64.roundToInt(x, RoundingMode.NEAR_EVEN, false, env())), "rint");
        assertTrue(sameF((float) a, F32.fromF64(x, RoundingMode.NEAR_EVEN, env())), "to f32");
        assertEquals(a < b, F64.lt(x, y, env()));
        assertEquals(a == b, F64.eq(x, y, env()));
        assertEquals(a <= b, F64.le(x, y, env()));
    }

    @Property(tries = 3000)
    void f32MatchesTheJvm(@ForAll float a, @ForAll float b, @ForAll long i) {
        int x = Float.floatToRawIntBits(a);
        int y = Float.floatToRawIntBits(b);
        assertTrue(sameF(a + b, F32.add(x, y, RoundingMode.NEAR_EVEN, env())), "add");
        assertTrue(sameF(a * b, F32.mul(x, y, RoundingMode.NEAR_EVEN, env())), "mul");
        assertTrue(sameF(a / b, F32.div(x, y, RoundingMode.NEAR_EVEN, env())), "div");
        assertTrue(sameF((float) Math.sqrt(a), F32.sqrt(x, RoundingMode.NEAR_EVEN, env())), "sqrt");
        assertTrue(sameF(Math.fma(a, b, a), F32.mulAdd(x, y, x, RoundingMode.NEAR_EVEN, env())), "fma");
        assertTrue(sameF(a % b, F32.fmod(x, y, env())), "fmod");
        assertTrue(sameF((float) i, F32.fromI64(i, RoundingMode.NEAR_EVEN, env())), "from i64");
        assertEquals(Double.doubleToRawLongBits(a), F32.toF64(x, env()));
    }

    private static boolean sameF(float expected, int actualBits) {
        return Float.isNaN(expected) ? Float.isNaN(Float.intBitsToFloat(actualBits))
                : Float.floatToRawIntBits(expected) == actualBits;
    }

    @Test
    void doubleRoundingTrapIsAvoidedByRoundToOdd() {
        // a*b + c = 1 + 2^-52 + 2^-53 - 2^-133: just below the midpoint of 1 + 2^-52 and
        // 1 + 2^-51, so the correct binary64 result is 1 + 2^-52. Rounding first to binary128
        // to nearest loses 2^-133, lands exactly on the midpoint, and ties to even: 1 + 2^-51.
        long a = Double.doubleToRawLongBits(1 + 0x1p-40);
        long b = Double.doubleToRawLongBits(0x1p-53 - 0x1p-93);
        long c = Double.doubleToRawLongBits(1 + 0x1p-52);
        Env env = env();
        assertEquals(0x3FF0000000000001L, F64.mulAdd(a, b, c, RoundingMode.NEAR_EVEN, env));
        assertEquals(ExceptionFlags.INEXACT, env.flags);
        assertEquals(Double.doubleToRawLongBits(Math.fma(1 + 0x1p-40, 0x1p-53 - 0x1p-93, 1 + 0x1p-52)), 0x3FF0000000000001L);
        // The naive two-step rounding gets it wrong:
        Env naive = env();
        F64.toF128(a, naive);
        long aHi = naive.zHi, aLo = naive.zLo;
        F64.toF128(b, naive);
        long bHi = naive.zHi, bLo = naive.zLo;
        F64.toF128(c, naive);
        F128.mulAdd(aHi, aLo, bHi, bLo, naive.zHi, naive.zLo, RoundingMode.NEAR_EVEN, naive);
        assertEquals(0x3FF0000000000002L, F128.toF64(naive.zHi, naive.zLo, RoundingMode.NEAR_EVEN, naive));
    }

    @Test
    void halfAndBfloatRounding() {
        // f32 65520 is the midpoint of f16's max 65504 and 65536: ties to even -> overflow.
        Env env = env();
        assertEquals((short) 0x7C00, F32.toF16(Float.floatToRawIntBits(65520f), RoundingMode.NEAR_EVEN, env));
        assertEquals(ExceptionFlags.OVERFLOW | ExceptionFlags.INEXACT, env.flags);
        env = env();
        assertEquals((short) 0x7BFF, F32.toF16(Float.floatToRawIntBits(65519f), RoundingMode.NEAR_EVEN, env)); // below the midpoint
        // bfloat16 keeps f32's top 16 bits: 3F808000 is a tie -> 3F80 (even); 3F818000 -> 3F82.
        assertEquals((short) 0x3F80, F32.toBF16(0x3F808000, RoundingMode.NEAR_EVEN, env()));
        assertEquals((short) 0x3F82, F32.toBF16(0x3F818000, RoundingMode.NEAR_EVEN, env()));
        // the smallest f16 subnormal 2^-24, and half of it ties to 0 with underflow.
        env = env();
        assertEquals(Float.floatToRawIntBits(0x1p-24f), F16.toF32((short) 0x0001, env));
        assertEquals(0, env.flags);
        env = env();
        assertEquals((short) 0, F32.toF16(Float.floatToRawIntBits(0x1p-25f), RoundingMode.NEAR_EVEN, env));
        assertEquals(ExceptionFlags.UNDERFLOW | ExceptionFlags.INEXACT, env.flags);
        // binary16 arithmetic: 1 + 2^-11 ties to 1; 1 + 3 * 2^-11 ties up to 1 + 2^-9.
        short one = 0x3C00;
        assertEquals(one, F16.add(one, (short) 0x1000, RoundingMode.NEAR_EVEN, env()));
        assertEquals((short) 0x3C02, F16.add(one, (short) 0x1600, RoundingMode.NEAR_EVEN, env()));
    }

    @Test
    void nanResultsPerSpecialization() {
        Env x86 = env();
        assertEquals(0xFFC00000, F32.sub(0x7F800000, 0x7F800000, RoundingMode.NEAR_EVEN, x86)); // inf - inf: x86 default NaN
        assertEquals(ExceptionFlags.INVALID, x86.flags);
        Env gpu = new Env(Specialization.NVPTX);
        assertEquals(0x7FFFFFFF, F32.sub(0x7F800000, 0x7F800000, RoundingMode.NEAR_EVEN, gpu));
        assertEquals(0x7FFFFFFFFFFFFFFFL, F64.sqrt(0xBFF0000000000000L, RoundingMode.NEAR_EVEN, gpu));
        assertEquals((short) 0x7E00, F16.mul((short) 0x7C00, (short) 0, RoundingMode.NEAR_EVEN, gpu));
        assertEquals((short) 0x7FC0, BF16.div((short) 0, (short) 0, RoundingMode.NEAR_EVEN, gpu));
        // x86 keeps the payload and quietens: f32 sNaN 7F800001 -> f64 7FF8000020000000.
        x86 = env();
        assertEquals(0x7FF8000020000000L, F32.toF64(0x7F800001, x86));
        assertEquals(ExceptionFlags.INVALID, x86.flags);
        assertEquals(0x7FC00001, F32.add(0x7F800001, 0x3F800000, RoundingMode.NEAR_EVEN, env()));
        // conversions to integers: x86 integer indefinite, PTX cvt: NaN -> 0, saturation
        assertEquals(Integer.MIN_VALUE, F32.toI32(0x7FC00000, RoundingMode.MIN_MAG, false, env()));
        assertEquals(0, F32.toI32(0x7FC00000, RoundingMode.MIN_MAG, false, gpu));
        assertEquals(Long.MAX_VALUE, F64.toI64(0x7FF0000000000000L, RoundingMode.MIN_MAG, false, gpu));
        assertEquals(0xFF, F16.toUI8((short) 0x5C00, RoundingMode.MIN_MAG, false, gpu)); // 256 -> 255
        assertEquals(0, F16.toUI8((short) 0xBC00, RoundingMode.MIN_MAG, false, gpu)); // -1 -> 0
    }

    @Test
    void minMaxAndFcmpOnNarrowFormats() {
        Env env = env();
        assertEquals(0x3F800000, F32.minNum(0x7FC00000, 0x3F800000, env));
        assertEquals(0x80000000, F32.minNum(0x00000000, 0x80000000, env));
        assertEquals(0x00000000, F32.maxNum(0x80000000, 0x00000000, env));
        assertTrue(F64.fcmp(FcmpPredicate.UNO, 0x7FF8000000000000L, 0, env));
        assertTrue(F16.fcmp(FcmpPredicate.OLT, (short) 0xBC00, (short) 0x3C00, env));
        assertEquals(0, env.flags);
        assertEquals(FloatClass.NEGATIVE_SUBNORMAL, BF16.classify((short) 0x8001));
        assertEquals(FloatClass.SIGNALING_NAN, F64.classify(0x7FF0000000000001L));
    }
}

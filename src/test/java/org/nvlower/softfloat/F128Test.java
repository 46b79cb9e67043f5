package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nvlower.softfloat.ExceptionFlags.INEXACT;
import static org.nvlower.softfloat.ExceptionFlags.INFINITE;
import static org.nvlower.softfloat.ExceptionFlags.INVALID;
import static org.nvlower.softfloat.ExceptionFlags.OVERFLOW;
import static org.nvlower.softfloat.ExceptionFlags.UNDERFLOW;

import java.math.BigInteger;

import org.junit.jupiter.api.Test;

/**
 * binary128 edge cases with hand-derived bit patterns: 3FFF0000... is 1.0 (biased exponent
 * 0x3FFF), 0x0001000... the smallest normal 2^-16382, 0000...0001 the smallest subnormal
 * 2^-16494, 7FFEFFFF...F the largest finite value, FFFF8000... SoftFloat's x86 default NaN.
 */
class F128Test {

    static final long ONE = 0x3FFF000000000000L;
    static final long TWO = 0x4000000000000000L;
    static final long INF = 0x7FFF000000000000L;
    static final long MAX_HI = 0x7FFEFFFFFFFFFFFFL;
    static final long MIN_NORMAL_HI = 0x0001000000000000L;
    static final long SIGN = Long.MIN_VALUE;
    static final long QNAN_HI = 0x7FFF800000000000L;
    static final long SNAN_HI = 0x7FFF000000000000L; // with a nonzero low word

    private static Env env(RoundingMode rm, Specialization s) {
        return new Env(s);
    }

    private static Env env() {
        return env(RoundingMode.NEAR_EVEN, Specialization.X86);
    }

    private static void assertZ(long hi, long lo, int flags, Env env) {
        assertEquals(String.format("%016X%016X %02X", hi, lo, flags),
                String.format("%016X%016X %02X", env.zHi, env.zLo, env.flags));
    }

    @Test
    void addExactAndCancellation() {
        Env e = env();
        F128.add(ONE, 0, ONE, 0, RoundingMode.NEAR_EVEN, e);
        assertZ(TWO, 0, 0, e);
        e = env();
        F128.add(ONE, 0, ONE | SIGN, 0, RoundingMode.NEAR_EVEN, e);
        assertZ(0, 0, 0, e); // x + -x = +0 ...
        e = env(RoundingMode.MIN, Specialization.X86);
        F128.sub(ONE, 0, ONE, 0, RoundingMode.MIN, e);
        assertZ(SIGN, 0, 0, e); // ... but -0 when rounding down
        e = env();
        F128.add(SIGN, 0, SIGN, 0, RoundingMode.NEAR_EVEN, e);
        assertZ(SIGN, 0, 0, e); // -0 + -0 = -0
    }

    @Test
    void addOverflowDependsOnMode() {
        Env e = env();
        F128.add(MAX_HI, -1L, MAX_HI, -1L, RoundingMode.NEAR_EVEN, e);
        assertZ(INF, 0, OVERFLOW | INEXACT, e);
        e = env(RoundingMode.MIN_MAG, Specialization.X86);
        F128.add(MAX_HI, -1L, MAX_HI, -1L, RoundingMode.MIN_MAG, e);
        assertZ(MAX_HI, -1L, OVERFLOW | INEXACT, e);
        e = env(RoundingMode.ODD, Specialization.X86);
        F128.add(MAX_HI, -1L, MAX_HI, -1L, RoundingMode.ODD, e);
        assertZ(MAX_HI, -1L, OVERFLOW | INEXACT, e); // odd never rounds to infinity
    }

    @Test
    void subnormalsAndTininessAfterRounding() {
        // MIN_NORMAL - MIN_VALUE: the largest subnormal, exact.
        Env e = env();
        F128.sub(MIN_NORMAL_HI, 0, 0, 1, RoundingMode.NEAR_EVEN, e);
        assertZ(0x0000FFFFFFFFFFFFL, -1L, 0, e);
        // MIN_VALUE / 2 is a tie between 0 (even) and MIN_VALUE.
        e = env();
        F128.div(0, 1, TWO, 0, RoundingMode.NEAR_EVEN, e);
        assertZ(0, 0, UNDERFLOW | INEXACT, e);
        e = env(RoundingMode.MAX, Specialization.X86);
        F128.div(0, 1, TWO, 0, RoundingMode.MAX, e);
        assertZ(0, 1, UNDERFLOW | INEXACT, e);
        // MIN_NORMAL * (1 - 2^-113) = 2^-16382 - 2^-16495: exactly representable with 113 bits
        // and an unbounded exponent, so tiny even after rounding; in the subnormal grid it is a
        // tie that rounds (to even) up to MIN_NORMAL. Result MIN_NORMAL, yet UNDERFLOW.
        e = env();
        F128.mul(MIN_NORMAL_HI, 0, 0x3FFEFFFFFFFFFFFFL, -1L, RoundingMode.NEAR_EVEN, e);
        assertZ(MIN_NORMAL_HI, 0, UNDERFLOW | INEXACT, e);
    }

    @Test
    void divisionSpecialCases() {
        Env e = env();
        F128.div(ONE, 0, 0, 0, RoundingMode.NEAR_EVEN, e);
        assertZ(INF, 0, INFINITE, e);
        e = env();
        F128.div(ONE | SIGN, 0, 0, 0, RoundingMode.NEAR_EVEN, e);
        assertZ(INF | SIGN, 0, INFINITE, e);
        e = env();
        F128.div(0, 0, 0, 0, RoundingMode.NEAR_EVEN, e);
        assertZ(0xFFFF800000000000L, 0, INVALID, e); // x86 default NaN
        e = env(RoundingMode.NEAR_EVEN, Specialization.NVPTX);
        F128.div(0, 0, 0, 0, RoundingMode.NEAR_EVEN, e);
        assertZ(0x7FFFFFFFFFFFFFFFL, -1L, INVALID, e); // canonical GPU NaN
        // 1/3 = 0.010101...b: exponent -2, fraction 0101... = 5555..., the next bit 0: round down.
        e = env();
        F128.div(ONE, 0, 0x4000800000000000L, 0, RoundingMode.NEAR_EVEN, e);
        assertZ(0x3FFD555555555555L, 0x5555555555555555L, INEXACT, e);
        // ... and in MAX the last digit goes up.
        e = env(RoundingMode.MAX, Specialization.X86);
        F128.div(ONE, 0, 0x4000800000000000L, 0, RoundingMode.MAX, e);
        assertZ(0x3FFD555555555555L, 0x5555555555555556L, INEXACT, e);
    }

    @Test
    void sqrtOfTwoAndSpecials() {
        // sqrt(2) = 1.6A09E667F3BCC908B2FB1366EA957D3E...h: 112 fraction bits, next digit 7 < 8.
        Env e = env();
        F128.sqrt(TWO, 0, RoundingMode.NEAR_EVEN, e);
        assertZ(0x3FFF6A09E667F3BCL, 0xC908B2FB1366EA95L, INEXACT, e);
        e = env();
        F128.sqrt(0x4001000000000000L, 0, RoundingMode.NEAR_EVEN, e); // sqrt(4) = 2 exactly
        assertZ(TWO, 0, 0, e);
        e = env();
        F128.sqrt(SIGN, 0, RoundingMode.NEAR_EVEN, e);
        assertZ(SIGN, 0, 0, e); // sqrt(-0) = -0
        e = env();
        F128.sqrt(ONE | SIGN, 0, RoundingMode.NEAR_EVEN, e);
        assertZ(0xFFFF800000000000L, 0, INVALID, e);
        e = env();
        F128.sqrt(INF, 0, RoundingMode.NEAR_EVEN, e);
        assertZ(INF, 0, 0, e);
    }

    @Test
    void nanPropagationPerSpecialization() {
        // x86 (8086-SSE): a signaling NaN raises INVALID; the first NaN operand wins, quietened.
        Env e = env();
        F128.add(QNAN_HI | 5, 0, SNAN_HI, 7, RoundingMode.NEAR_EVEN, e);
        assertZ(QNAN_HI | 5, 0, INVALID, e);
        e = env();
        F128.mul(SNAN_HI, 7, QNAN_HI | 5, 0, RoundingMode.NEAR_EVEN, e);
        assertZ(QNAN_HI, 7, INVALID, e);
        e = env();
        F128.add(ONE, 0, QNAN_HI | SIGN | 9, 0, RoundingMode.NEAR_EVEN, e);
        assertZ(QNAN_HI | SIGN | 9, 0, 0, e);
        e = env(RoundingMode.NEAR_EVEN, Specialization.NVPTX);
        F128.add(ONE, 0, QNAN_HI | SIGN | 9, 0, RoundingMode.NEAR_EVEN, e);
        assertZ(0x7FFFFFFFFFFFFFFFL, -1L, 0, e);
        // inf * 0 + qNaN is invalid (as SoftFloat's mulAdd).
        e = env();
        F128.mulAdd(INF, 0, 0, 0, QNAN_HI, 0, RoundingMode.NEAR_EVEN, e);
        assertTrue(F128.isNaN(e.zHi, e.zLo));
        assertEquals(INVALID, e.flags);
    }

    @Test
    void fmodAndRemainder() {
        long fiveAndHalf = 0x4001600000000000L; // 5.5 = 1.011b * 2^2
        long five = 0x4001400000000000L;
        long seven = 0x4001C00000000000L;
        Env e = env();
        F128.fmod(fiveAndHalf, 0, TWO, 0, e);
        assertZ(0x3FFF800000000000L, 0, 0, e); // 1.5
        e = env();
        F128.fmod(fiveAndHalf | SIGN, 0, TWO, 0, e);
        assertZ(0xBFFF800000000000L, 0, 0, e); // -1.5: the dividend's sign
        e = env();
        F128.rem(fiveAndHalf, 0, TWO, 0, e);
        assertZ(0xBFFE000000000000L, 0, 0, e); // 5.5 - 3*2 = -0.5
        e = env();
        F128.rem(five, 0, TWO, 0, e);
        assertZ(ONE, 0, 0, e); // 5/2 = 2.5 -> 2 (even): 5 - 4 = 1
        e = env();
        F128.rem(seven, 0, TWO, 0, e);
        assertZ(ONE | SIGN, 0, 0, e); // 7/2 = 3.5 -> 4 (even): 7 - 8 = -1
        e = env();
        F128.fmod(ONE, 0, 0, 0, e);
        assertEquals(INVALID, e.flags);
    }

    @Test
    void fmodAcrossTheWholeExponentRange() {
        // MAX = (2^113 - 1) * 2^16271; MAX mod 3 computed with BigInteger.
        BigInteger max = BigInteger.ONE.shiftLeft(113).subtract(BigInteger.ONE).shiftLeft(16271);
        int r = max.mod(BigInteger.valueOf(3)).intValue();
        Env e = env();
        F128.fmod(MAX_HI, -1L, 0x4000800000000000L, 0, e); // 3.0
        long expected = r == 0 ? 0 : r == 1 ? ONE : TWO;
        assertZ(expected, 0, 0, e);
        e = env();
        F128.fmod(MAX_HI, -1L, 0, 1, e); // every finite value is a multiple of MIN_VALUE
        assertZ(0, 0, 0, e);
    }

    @Test
    void roundToIntInEveryMode() {
        long twoAndHalf = 0x4000400000000000L;
        long three = 0x4000800000000000L;
        long pointThree = 0x3FFD333333333333L;
        Env e = env();
        F128.roundToInt(twoAndHalf, 0, RoundingMode.NEAR_EVEN, true, e);
        assertZ(TWO, 0, INEXACT, e);
        e = env();
        F128.roundToInt(twoAndHalf, 0, RoundingMode.NEAR_MAX_MAG, false, e);
        assertZ(three, 0, 0, e); // exact = false: no INEXACT
        e = env();
        F128.roundToInt(twoAndHalf | SIGN, 0, RoundingMode.MIN, false, e);
        assertZ(three | SIGN, 0, 0, e);
        e = env();
        F128.roundToInt(twoAndHalf, 0, RoundingMode.ODD, false, e);
        assertZ(three, 0, 0, e);
        e = env();
        F128.roundToInt(pointThree, 0x3333333333333333L, RoundingMode.ODD, false, e);
        assertZ(ONE, 0, 0, e);
        e = env();
        F128.roundToInt(pointThree | SIGN, 0x3333333333333333L, RoundingMode.NEAR_EVEN, false, e);
        assertZ(SIGN, 0, 0, e); // -0.3 -> -0
    }

    @Test
    void integerConversionsPerSpecialization() {
        long twoTo31 = 0x401E000000000000L;
        Env e = env();
        assertEquals(Integer.MIN_VALUE, F128.toI32(twoTo31, 0, RoundingMode.MIN_MAG, false, e));
        assertEquals(INVALID, e.flags);
        e = env(RoundingMode.NEAR_EVEN, Specialization.NVPTX);
        assertEquals(Integer.MAX_VALUE, F128.toI32(twoTo31, 0, RoundingMode.MIN_MAG, false, e));
        assertEquals(INVALID, e.flags);
        e = env(RoundingMode.NEAR_EVEN, Specialization.NVPTX);
        assertEquals(0, F128.toI64(QNAN_HI, 0, RoundingMode.MIN_MAG, false, e));
        assertEquals(INVALID, e.flags);
        e = env();
        assertEquals(-1, F128.toUI32(ONE | SIGN, 0, RoundingMode.MIN_MAG, false, e)); // x86: all ones
        assertEquals(INVALID, e.flags);
        e = env(RoundingMode.NEAR_EVEN, Specialization.NVPTX);
        assertEquals(0, F128.toUI32(ONE | SIGN, 0, RoundingMode.MIN_MAG, false, e)); // saturates to 0
        assertEquals(INVALID, e.flags);
        e = env();
        assertEquals(0, F128.toUI32(0xBFFD333333333333L, 0, RoundingMode.NEAR_EVEN, true, e)); // -0.3
        assertEquals(INEXACT, e.flags);
        e = env();
        F128.fromI64(Long.MIN_VALUE, e);
        assertZ(0xC03E000000000000L, 0, 0, e); // -2^63
        e = env();
        F128.fromUI128(-1L, -1L, RoundingMode.NEAR_EVEN, e); // 2^128 - 1 rounds to 2^128
        assertZ(0x407F000000000000L, 0, INEXACT, e);
        e = env();
        F128.toUI128(0x407EFFFFFFFFFFFFL, -1L, RoundingMode.NEAR_EVEN, false, e); // (2^113-1) * 2^15
        assertZ(-1L, 0xFFFFFFFFFFFF8000L, 0, e);
    }

    @Test
    void comparisonsAndFcmp() {
        Env e = env();
        assertTrue(F128.eq(0, 0, SIGN, 0, e)); // +0 == -0
        assertFalse(F128.eq(QNAN_HI, 0, QNAN_HI, 0, e));
        assertEquals(0, e.flags); // quiet
        assertFalse(F128.lt(QNAN_HI, 0, ONE, 0, e));
        assertEquals(INVALID, e.flags); // signaling
        e = env();
        assertTrue(F128.fcmp(FcmpPredicate.UNO, QNAN_HI, 0, ONE, 0, e));
        assertTrue(F128.fcmp(FcmpPredicate.UNE, QNAN_HI, 0, ONE, 0, e));
        assertFalse(F128.fcmp(FcmpPredicate.ONE, QNAN_HI, 0, ONE, 0, e));
        assertFalse(F128.fcmp(FcmpPredicate.OEQ, QNAN_HI, 0, QNAN_HI, 0, e));
        assertEquals(0, e.flags);
        assertTrue(F128.fcmp(FcmpPredicate.OLT, ONE | SIGN, 0, 0, 0, e));
        assertTrue(F128.fcmp(FcmpPredicate.OGE, ONE, 0, ONE, 0, e));
        assertTrue(F128.fcmp(FcmpPredicate.TRUE, QNAN_HI, 0, QNAN_HI, 0, e));
        assertFalse(F128.fcmp(FcmpPredicate.FALSE, ONE, 0, ONE, 0, e));
        assertTrue(F128.fcmp(FcmpPredicate.ORD, ONE, 0, TWO, 0, e));
        assertFalse(F128.fcmp(FcmpPredicate.OEQ, SNAN_HI, 1, ONE, 0, e));
        assertEquals(INVALID, e.flags); // quiet predicates still flag signaling NaNs
        assertEquals("ueq", FcmpPredicate.UEQ.llvmName());
        assertEquals(FcmpPredicate.OLE, FcmpPredicate.fromLlvmName("ole"));
    }

    @Test
    void minNumMaxNum() {
        Env e = env();
        F128.minNum(QNAN_HI, 0, ONE, 0, e);
        assertZ(ONE, 0, 0, e); // a quiet NaN is ignored
        e = env();
        F128.minNum(0, 0, SIGN, 0, e);
        assertZ(SIGN, 0, 0, e);
        e = env();
        F128.maxNum(SIGN, 0, 0, 0, e);
        assertZ(0, 0, 0, e);
        e = env();
        F128.maxNum(SNAN_HI, 1, ONE, 0, e);
        assertTrue(F128.isNaN(e.zHi, e.zLo));
        assertEquals(INVALID, e.flags);
        e = env();
        F128.maxNum(ONE | SIGN, 0, TWO | SIGN, 0, e);
        assertZ(ONE | SIGN, 0, 0, e);
    }

    @Test
    void classifyAllTenClasses() {
        assertEquals(FloatClass.SIGNALING_NAN, F128.classify(SNAN_HI, 1));
        assertEquals(FloatClass.QUIET_NAN, F128.classify(QNAN_HI, 0));
        assertEquals(FloatClass.NEGATIVE_INFINITY, F128.classify(INF | SIGN, 0));
        assertEquals(FloatClass.NEGATIVE_NORMAL, F128.classify(ONE | SIGN, 0));
        assertEquals(FloatClass.NEGATIVE_SUBNORMAL, F128.classify(SIGN, 1));
        assertEquals(FloatClass.NEGATIVE_ZERO, F128.classify(SIGN, 0));
        assertEquals(FloatClass.POSITIVE_ZERO, F128.classify(0, 0));
        assertEquals(FloatClass.POSITIVE_SUBNORMAL, F128.classify(0, 1));
        assertEquals(FloatClass.POSITIVE_NORMAL, F128.classify(MIN_NORMAL_HI, 0));
        assertEquals(FloatClass.POSITIVE_INFINITY, F128.classify(INF, 0));
    }
}

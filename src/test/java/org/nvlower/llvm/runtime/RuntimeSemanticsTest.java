package org.nvlower.llvm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.nvlower.softfloat.FcmpPredicate;

/**
 * The 55 runtime functions on edge cases. Every expected value was derived by hand from the
 * IEEE 754 binary128 layout (sign, 15-bit exponent biased by 16383, 112 fraction bits; high word
 * first) and the PTX rules, not computed by nvlower; the comment on each row says how.
 */
class RuntimeSemanticsTest {

    // binary128 constants, (hi lo) as 32 hex digits
    static final String ONE = "3FFF0000000000000000000000000000";
    static final String M_ONE = "BFFF0000000000000000000000000000";
    static final String TWO = "40000000000000000000000000000000";
    static final String THREE = "40008000000000000000000000000000";
    static final String HALF = "3FFE0000000000000000000000000000";
    static final String ZERO = "00000000000000000000000000000000";
    static final String M_ZERO = "80000000000000000000000000000000";
    static final String INF = "7FFF0000000000000000000000000000";
    static final String M_INF = "FFFF0000000000000000000000000000";
    static final String MAX = "7FFEFFFFFFFFFFFFFFFFFFFFFFFFFFFF";
    static final String MIN_SUB = "00000000000000000000000000000001";
    static final String QNAN = "7FFF8000000000000000000000000000";
    static final String SNAN = "7FFF0000000000000000000000000001";
    static final String NEG_NAN = "FFFF8000000000000000000000000000";
    /** NVPTX's canonical fp128 NaN: positive, every payload bit set. */
    static final String GPU_NAN = "7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF";
    static final String P2_127 = "407E0000000000000000000000000000";
    static final String M2_127 = "C07E0000000000000000000000000000";
    static final String P2_128 = "407F0000000000000000000000000000";
    // i128 constants
    static final String I_MIN = "80000000000000000000000000000000";
    static final String I_MAX = "7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF";
    static final String ALL_ONES = "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF";

    record Case(RuntimeFunction f, String operands, String expected, String why) {}

    static final List<Case> CASES = new ArrayList<>();

    static void c(RuntimeFunction f, String operands, String expected, String why) {
        CASES.add(new Case(f, operands, expected, why));
    }

    static {
        // fp128 arithmetic, nearest even
        c(RuntimeFunction.ADD_FP128, ONE + " " + ONE, TWO, "1 + 1 = 2");
        c(RuntimeFunction.ADD_FP128, ONE + " " + M_ONE, ZERO, "x - x is +0 in nearest even");
        c(RuntimeFunction.ADD_FP128, M_ZERO + " " + M_ZERO, M_ZERO, "-0 + -0 = -0");
        c(RuntimeFunction.ADD_FP128, INF + " " + M_INF, GPU_NAN, "inf - inf is invalid: canonical NaN");
        c(RuntimeFunction.ADD_FP128, MAX + " " + MAX, INF, "overflow rounds to inf");
        c(RuntimeFunction.ADD_FP128, MIN_SUB + " " + MIN_SUB, "00000000000000000000000000000002", "subnormals add exactly");
        c(RuntimeFunction.ADD_FP128, SNAN + " " + ONE, GPU_NAN, "a signaling NaN operand gives the canonical NaN");
        c(RuntimeFunction.ADD_FP128, NEG_NAN + " " + ONE, GPU_NAN, "so does a negative quiet NaN");
        c(RuntimeFunction.ADD_FP128, "3FFF0000000000000000000000000001 3F8E0000000000000000000000000000",
                "3FFF0000000000000000000000000002", "(1 + 2^-112) + 2^-113 is a tie: to the even 1 + 2^-111");
        c(RuntimeFunction.ADD_FP128, ONE + " 3F8E0000000000000000000000000000", ONE, "1 + 2^-113 is a tie: to the even 1");
        c(RuntimeFunction.SUB_FP128, ONE + " " + ONE, ZERO, "1 - 1 = +0");
        c(RuntimeFunction.SUB_FP128, M_ZERO + " " + ZERO, M_ZERO, "-0 - +0 = -0");
        c(RuntimeFunction.SUB_FP128, INF + " " + INF, GPU_NAN, "inf - inf");
        c(RuntimeFunction.MUL_FP128, P2_127 + " " + TWO, P2_128, "2^127 * 2 = 2^128");
        c(RuntimeFunction.MUL_FP128, MAX + " " + TWO, INF, "overflow");
        c(RuntimeFunction.MUL_FP128, MIN_SUB + " " + HALF, ZERO, "2^-16494 / 2 is a tie between 0 and 2^-16494: even is 0");
        c(RuntimeFunction.MUL_FP128, MIN_SUB + " 3FFF8000000000000000000000000000",
                "00000000000000000000000000000002", "1.5 * min subnormal: tie between 1 and 2 units, even is 2");
        c(RuntimeFunction.MUL_FP128, ZERO + " " + INF, GPU_NAN, "0 * inf is invalid");
        c(RuntimeFunction.MUL_FP128, M_ONE + " " + ZERO, M_ZERO, "-1 * 0 = -0");
        c(RuntimeFunction.DIV_FP128, ONE + " " + ZERO, INF, "1 / 0 = inf");
        c(RuntimeFunction.DIV_FP128, M_ONE + " " + ZERO, M_INF, "-1 / 0 = -inf");
        c(RuntimeFunction.DIV_FP128, ZERO + " " + ZERO, GPU_NAN, "0 / 0");
        c(RuntimeFunction.DIV_FP128, ONE + " " + THREE,
                "3FFD5555555555555555555555555555", "1 / 3: 0.0101...b, the bits after the 112th are 0101...: round down");
        // frem = C fmod: exact, sign of the dividend
        c(RuntimeFunction.REM_FP128, "40016000000000000000000000000000 " + TWO, "3FFF8000000000000000000000000000",
                "fmod(5.5, 2) = 1.5");
        c(RuntimeFunction.REM_FP128, "C0016000000000000000000000000000 " + TWO, "BFFF8000000000000000000000000000",
                "fmod(-5.5, 2) = -1.5: the sign of the dividend");
        c(RuntimeFunction.REM_FP128, "40016000000000000000000000000000 " + THREE,
                "40004000000000000000000000000000", "fmod(5.5, 3) = 2.5 (the IEEE remainder would be -0.5)");
        c(RuntimeFunction.REM_FP128, ONE + " " + ZERO, GPU_NAN, "fmod(x, 0) is invalid");
        c(RuntimeFunction.REM_FP128, INF + " " + ONE, GPU_NAN, "fmod(inf, y) is invalid");
        c(RuntimeFunction.REM_FP128, ONE + " " + INF, ONE, "fmod(x, inf) = x");
        c(RuntimeFunction.REM_FP128, M_ZERO + " " + ONE, M_ZERO, "fmod(-0, y) = -0");

        // i128 division (PTX: x / 0 = all ones, x % 0 = x; signed: see I128)
        c(RuntimeFunction.UDIV128, ALL_ONES + " 00000000000000000000000000000001", ALL_ONES, "(2^128-1) / 1");
        c(RuntimeFunction.UDIV128, ALL_ONES + " 00000000000000010000000000000001", "0000000000000000FFFFFFFFFFFFFFFF",
                "(2^128-1) / (2^64+1) = 2^64-1");
        c(RuntimeFunction.UDIV128, "00000000000000000000000000000007 " + ZERO, ALL_ONES, "x / 0 = all ones");
        c(RuntimeFunction.UREM128, "00000000000000000000000000000007 " + ZERO, "00000000000000000000000000000007", "x % 0 = x");
        c(RuntimeFunction.UREM128, ALL_ONES + " " + I_MIN, I_MAX, "(2^128-1) % 2^127 = 2^127-1");
        c(RuntimeFunction.IDIV128, I_MIN + " " + ALL_ONES, I_MIN, "MIN / -1 wraps to MIN");
        c(RuntimeFunction.IREM128, I_MIN + " " + ALL_ONES, ZERO, "MIN % -1 = 0");
        c(RuntimeFunction.IDIV128, "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF9 00000000000000000000000000000002",
                "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFD", "-7 / 2 = -3 (toward zero)");
        c(RuntimeFunction.IREM128, "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF9 00000000000000000000000000000002", ALL_ONES,
                "-7 % 2 = -1 (sign of the dividend)");
        c(RuntimeFunction.IDIV128, "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF9 " + ZERO, ALL_ONES, "signed x / 0 = -1");
        c(RuntimeFunction.IREM128, "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF9 " + ZERO, "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF9", "signed x % 0 = x");

        // fp128 -> integer: truncate, NaN -> 0, saturate
        c(RuntimeFunction.FP128_TO_UINT8, "4006FF00000000000000000000000000", "FF", "255.5 -> 255");
        c(RuntimeFunction.FP128_TO_UINT8, "40070000000000000000000000000000", "FF", "256 saturates to 255");
        c(RuntimeFunction.FP128_TO_UINT8, M_ONE, "00", "-1 saturates to 0");
        c(RuntimeFunction.FP128_TO_UINT8, "BFFE0000000000000000000000000000", "00", "-0.5 truncates to 0");
        c(RuntimeFunction.FP128_TO_UINT8, QNAN, "00", "NaN -> 0");
        c(RuntimeFunction.FP128_TO_INT8, "4005FE00000000000000000000000000", "7F", "127.5 -> 127");
        c(RuntimeFunction.FP128_TO_INT8, "40060000000000000000000000000000", "7F", "128 saturates to 127");
        c(RuntimeFunction.FP128_TO_INT8, "C0060100000000000000000000000000", "80", "-128.5 -> -128");
        c(RuntimeFunction.FP128_TO_INT8, "C0060200000000000000000000000000", "80", "-129 saturates to -128");
        c(RuntimeFunction.FP128_TO_INT8, SNAN, "00", "NaN -> 0");
        c(RuntimeFunction.FP128_TO_UINT16, "400F0000000000000000000000000000", "FFFF", "65536 saturates");
        c(RuntimeFunction.FP128_TO_INT16, "C00E0000000000000000000000000000", "8000", "-32768 exact");
        c(RuntimeFunction.FP128_TO_INT16, M_INF, "8000", "-inf saturates to MIN");
        c(RuntimeFunction.FP128_TO_INT32, "401E0000000000000000000000000000", "7FFFFFFF", "2^31 saturates");
        c(RuntimeFunction.FP128_TO_INT32, "C01E0000000000000000000000000000", "80000000", "-2^31 exact");
        c(RuntimeFunction.FP128_TO_INT32, INF, "7FFFFFFF", "inf saturates");
        c(RuntimeFunction.FP128_TO_UINT32, "401EFFFFFFFE00000000000000000000", "FFFFFFFF", "2^32-1 exact");
        c(RuntimeFunction.FP128_TO_UINT64, "403EFFFFFFFFFFFFFFFE000000000000", "FFFFFFFFFFFFFFFF", "2^64-1 exact");
        c(RuntimeFunction.FP128_TO_UINT64, "403F0000000000000000000000000000", "FFFFFFFFFFFFFFFF", "2^64 saturates");
        c(RuntimeFunction.FP128_TO_INT64, "C03E0000000000000000000000000000", "8000000000000000", "-2^63 exact");
        c(RuntimeFunction.FP128_TO_INT64, MIN_SUB, "0000000000000000", "a subnormal truncates to 0");
        c(RuntimeFunction.FP128_TO_INT128, P2_127, I_MAX, "2^127 saturates");
        c(RuntimeFunction.FP128_TO_INT128, M2_127, I_MIN, "-2^127 exact");
        c(RuntimeFunction.FP128_TO_INT128, "407D0000000000000000000000000000", "40000000000000000000000000000000", "2^126");
        c(RuntimeFunction.FP128_TO_INT128, GPU_NAN, ZERO, "NaN -> 0");
        c(RuntimeFunction.FP128_TO_UINT128, P2_128, ALL_ONES, "2^128 saturates");
        c(RuntimeFunction.FP128_TO_UINT128, P2_127, I_MIN, "2^127 exact");
        c(RuntimeFunction.FP128_TO_UINT128, M_ONE, ZERO, "-1 saturates to 0");
        c(RuntimeFunction.FP128_TO_UINT128, "3FFF8000000000000000000000000000", "00000000000000000000000000000001", "1.5 -> 1");

        // integer -> fp128
        c(RuntimeFunction.UINT8_TO_FP128, "FF", "4006FE00000000000000000000000000", "255");
        c(RuntimeFunction.INT8_TO_FP128, "80", "C0060000000000000000000000000000", "-128");
        c(RuntimeFunction.INT8_TO_FP128, "FF", M_ONE, "-1");
        c(RuntimeFunction.UINT16_TO_FP128, "FFFF", "400EFFFE000000000000000000000000", "65535");
        c(RuntimeFunction.INT16_TO_FP128, "8000", "C00E0000000000000000000000000000", "-32768");
        c(RuntimeFunction.UINT32_TO_FP128, "FFFFFFFF", "401EFFFFFFFE00000000000000000000", "2^32-1");
        c(RuntimeFunction.INT32_TO_FP128, "80000000", "C01E0000000000000000000000000000", "-2^31");
        c(RuntimeFunction.INT32_TO_FP128, "00000000", ZERO, "0 is +0");
        c(RuntimeFunction.UINT64_TO_FP128, "FFFFFFFFFFFFFFFF", "403EFFFFFFFFFFFFFFFE000000000000", "2^64-1 exact");
        c(RuntimeFunction.INT64_TO_FP128, "8000000000000000", "C03E0000000000000000000000000000", "-2^63");
        c(RuntimeFunction.UINT128_TO_FP128, ALL_ONES, P2_128, "2^128-1 rounds up to 2^128");
        c(RuntimeFunction.UINT128_TO_FP128, "00020000000000000000000000000001", "40700000000000000000000000000000",
                "2^113+1 is a tie: to the even 2^113");
        c(RuntimeFunction.UINT128_TO_FP128, "00020000000000000000000000000003", "40700000000000000000000000000002",
                "2^113+3 is a tie: to the even 2^113+4");
        c(RuntimeFunction.UINT128_TO_FP128, I_MIN, P2_127, "2^127");
        c(RuntimeFunction.INT128_TO_FP128, I_MIN, M2_127, "-2^127");
        c(RuntimeFunction.INT128_TO_FP128, ALL_ONES, M_ONE, "-1");
        c(RuntimeFunction.INT128_TO_FP128, I_MAX, P2_127, "2^127-1 rounds to 2^127");

        // fp128 <-> float, double
        c(RuntimeFunction.FP128_TO_FLOAT, ONE, "3F800000", "1");
        c(RuntimeFunction.FP128_TO_FLOAT, MAX, "7F800000", "overflow to inf");
        c(RuntimeFunction.FP128_TO_FLOAT, SNAN, "7FFFFFFF", "NaN -> canonical float NaN");
        c(RuntimeFunction.FP128_TO_FLOAT, "3FFF0000010000000000000000000000", "3F800000", "1 + 2^-24 is a tie: to the even 1");
        c(RuntimeFunction.FP128_TO_FLOAT, "3FFF0000010000000000000000000001", "3F800001", "just above the tie: up");
        c(RuntimeFunction.FP128_TO_FLOAT, "80000000000000000000000000000001", "80000000", "-min subnormal -> -0");
        c(RuntimeFunction.FP128_TO_DOUBLE, ONE, "3FF0000000000000", "1");
        c(RuntimeFunction.FP128_TO_DOUBLE, "43FF0000000000000000000000000000", "7FF0000000000000", "2^1024 overflows");
        c(RuntimeFunction.FP128_TO_DOUBLE, "3FFF0000000000000800000000000000", "3FF0000000000000", "1 + 2^-53: tie to even");
        c(RuntimeFunction.FP128_TO_DOUBLE, "3FFF0000000000000800000000000001", "3FF0000000000001", "above the tie: up");
        c(RuntimeFunction.FP128_TO_DOUBLE, NEG_NAN, "7FFFFFFFFFFFFFFF", "NaN -> canonical double NaN");
        c(RuntimeFunction.FLOAT_TO_FP128, "3F800000", ONE, "1");
        c(RuntimeFunction.FLOAT_TO_FP128, "7F800000", INF, "inf");
        c(RuntimeFunction.FLOAT_TO_FP128, "80000000", M_ZERO, "-0");
        c(RuntimeFunction.FLOAT_TO_FP128, "00000001", "3F6A0000000000000000000000000000", "2^-149 is normal in fp128");
        c(RuntimeFunction.FLOAT_TO_FP128, "7FC00000", GPU_NAN, "NaN -> canonical fp128 NaN");
        c(RuntimeFunction.DOUBLE_TO_FP128, "0000000000000001", "3BCD0000000000000000000000000000", "2^-1074");
        c(RuntimeFunction.DOUBLE_TO_FP128, "7FEFFFFFFFFFFFFF", "43FEFFFFFFFFFFFFF000000000000000", "max double");
        c(RuntimeFunction.DOUBLE_TO_FP128, "FFF0000000000000", M_INF, "-inf");

        // float, double <-> i128
        c(RuntimeFunction.CVT_F32_U128_RZ, "7F000000", I_MIN, "2^127");
        c(RuntimeFunction.CVT_F32_U128_RZ, "7F7FFFFF", "FFFFFF00000000000000000000000000", "max float = (2^24-1) 2^104");
        c(RuntimeFunction.CVT_F32_U128_RZ, "7F800000", ALL_ONES, "inf saturates");
        c(RuntimeFunction.CVT_F32_U128_RZ, "BF800000", ZERO, "-1 saturates to 0");
        c(RuntimeFunction.CVT_F32_U128_RZ, "7FC00000", ZERO, "NaN -> 0");
        c(RuntimeFunction.CVT_F32_U128_RZ, "3FC00000", "00000000000000000000000000000001", "1.5 -> 1");
        c(RuntimeFunction.CVT_F32_I128_RZ, "7F000000", I_MAX, "2^127 saturates");
        c(RuntimeFunction.CVT_F32_I128_RZ, "FF000000", I_MIN, "-2^127 exact");
        c(RuntimeFunction.CVT_F32_I128_RZ, "BFC00000", ALL_ONES, "-1.5 -> -1");
        c(RuntimeFunction.CVT_F32_I128_RZ, "FF800000", I_MIN, "-inf saturates");
        c(RuntimeFunction.CVT_F64_U128_RZ, "47F0000000000000", ALL_ONES, "2^128 saturates");
        c(RuntimeFunction.CVT_F64_U128_RZ, "47EFFFFFFFFFFFFF", "FFFFFFFFFFFFF8000000000000000000", "(2^53-1) 2^75");
        c(RuntimeFunction.CVT_F64_U128_RZ, "8000000000000000", ZERO, "-0 -> 0");
        c(RuntimeFunction.CVT_F64_I128_RZ, "C7E0000000000000", I_MIN, "-2^127");
        c(RuntimeFunction.CVT_F64_I128_RZ, "47E0000000000000", I_MAX, "2^127 saturates");
        c(RuntimeFunction.CVT_F64_I128_RZ, "C004000000000000", "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFE", "-2.5 -> -2");
        c(RuntimeFunction.CVT_F64_I128_RZ, "7FF8000000000000", ZERO, "NaN -> 0");
        c(RuntimeFunction.CVT_U128_F32_RN, ALL_ONES, "7F800000", "2^128-1 rounds to 2^128: beyond max float, inf");
        c(RuntimeFunction.CVT_U128_F32_RN, I_MIN, "7F000000", "2^127");
        c(RuntimeFunction.CVT_U128_F32_RN, "00000000000000000000000001000001", "4B800000", "2^24+1: tie to even 2^24");
        c(RuntimeFunction.CVT_U128_F32_RN, "00000000000000000000000001000003", "4B800002", "2^24+3: tie to even 2^24+4");
        c(RuntimeFunction.CVT_I128_F32_RN, I_MIN, "FF000000", "-2^127");
        c(RuntimeFunction.CVT_I128_F32_RN, ALL_ONES, "BF800000", "-1");
        c(RuntimeFunction.CVT_I128_F32_RN, I_MAX, "7F000000", "2^127-1 rounds to 2^127");
        c(RuntimeFunction.CVT_U128_F64_RN, ALL_ONES, "47F0000000000000", "2^128");
        c(RuntimeFunction.CVT_U128_F64_RN, "00000000000000000020000000000001", "4340000000000000", "2^53+1: tie to 2^53");
        c(RuntimeFunction.CVT_I128_F64_RN, I_MIN, "C7E0000000000000", "-2^127");
        c(RuntimeFunction.CVT_I128_F64_RN, "FFFFFFFFFFFFFFFFFFDFFFFFFFFFFFFF", "C340000000000000", "-(2^53+1): tie to -2^53");
        c(RuntimeFunction.CVT_I128_F64_RN, ZERO, "0000000000000000", "0 is +0");

        // nvlower's extensions (issue 23)
        String onePlusU = "3FFF0000000000000000000000000001"; // 1 + 2^-112
        String oneMinusU = "3FFEFFFFFFFFFFFFFFFFFFFFFFFFFFFE"; // 1 - 2^-112
        String mMax = "FFFEFFFFFFFFFFFFFFFFFFFFFFFFFFFF";
        String four = "40010000000000000000000000000000";
        String twoAndHalf = "40004000000000000000000000000000";
        String mTwoAndHalf = "C0004000000000000000000000000000";
        String oneAndHalf = "3FFF8000000000000000000000000000";
        String mHalf = "BFFE0000000000000000000000000000";
        String five = "40014000000000000000000000000000";
        String seven = "4001C000000000000000000000000000";
        c(RuntimeFunction.FMA_FP128, ONE + " " + TWO + " " + ONE, THREE, "1 * 2 + 1");
        c(RuntimeFunction.FMA_FP128, onePlusU + " " + oneMinusU + " " + M_ONE, "BF1F0000000000000000000000000000",
                "(1+u)(1-u) - 1 = -u^2 = -2^-224 exactly: one rounding (two would give 0)");
        c(RuntimeFunction.FMA_FP128, MAX + " " + TWO + " " + mMax, MAX, "max*2 - max: the product does not overflow");
        c(RuntimeFunction.FMA_FP128, INF + " " + ZERO + " " + ONE, GPU_NAN, "inf * 0 is invalid");
        c(RuntimeFunction.FMA_FP128, INF + " " + ONE + " " + M_INF, GPU_NAN, "inf - inf is invalid");
        c(RuntimeFunction.FMA_FP128, ZERO + " " + M_ONE + " " + ZERO, ZERO, "-0 + +0 = +0");
        c(RuntimeFunction.SQRT_FP128, four, TWO, "sqrt 4");
        c(RuntimeFunction.SQRT_FP128, "3FFD0000000000000000000000000000", HALF, "sqrt 0.25");
        c(RuntimeFunction.SQRT_FP128, M_ZERO, M_ZERO, "sqrt -0 = -0");
        c(RuntimeFunction.SQRT_FP128, M_ONE, GPU_NAN, "sqrt of a negative");
        c(RuntimeFunction.SQRT_FP128, INF, INF, "sqrt inf");
        c(RuntimeFunction.FLOOR_FP128, mTwoAndHalf, "C0008000000000000000000000000000", "floor -2.5 = -3");
        c(RuntimeFunction.FLOOR_FP128, mHalf, M_ONE, "floor -0.5 = -1");
        c(RuntimeFunction.FLOOR_FP128, M_ZERO, M_ZERO, "floor -0 = -0");
        c(RuntimeFunction.CEIL_FP128, mHalf, M_ZERO, "ceil -0.5 = -0");
        c(RuntimeFunction.CEIL_FP128, twoAndHalf, THREE, "ceil 2.5 = 3");
        c(RuntimeFunction.TRUNC_FP128, mTwoAndHalf, "C0000000000000000000000000000000", "trunc -2.5 = -2");
        c(RuntimeFunction.ROUND_FP128, twoAndHalf, THREE, "round 2.5 = 3 (ties away)");
        c(RuntimeFunction.ROUND_FP128, mHalf, M_ONE, "round -0.5 = -1");
        c(RuntimeFunction.ROUNDEVEN_FP128, twoAndHalf, TWO, "roundeven 2.5 = 2");
        c(RuntimeFunction.ROUNDEVEN_FP128, HALF, ZERO, "roundeven 0.5 = 0");
        c(RuntimeFunction.ROUNDEVEN_FP128, oneAndHalf, TWO, "roundeven 1.5 = 2");
        c(RuntimeFunction.RINT_FP128, "4000C000000000000000000000000000", four, "rint 3.5 = 4");
        c(RuntimeFunction.RINT_FP128, QNAN, GPU_NAN, "NaN");
        c(RuntimeFunction.MINNUM_FP128, QNAN + " " + ONE, ONE, "a NaN operand is ignored");
        c(RuntimeFunction.MINNUM_FP128, SNAN + " " + TWO, TWO, "a signaling one too (PTX min)");
        c(RuntimeFunction.MINNUM_FP128, ZERO + " " + M_ZERO, M_ZERO, "-0 < +0");
        c(RuntimeFunction.MAXNUM_FP128, ZERO + " " + M_ZERO, ZERO, "+0 > -0");
        c(RuntimeFunction.MAXNUM_FP128, QNAN + " " + NEG_NAN, GPU_NAN, "both NaN");
        c(RuntimeFunction.MAXNUM_FP128, ONE + " " + TWO, TWO, "max");
        c(RuntimeFunction.MINIMUM_FP128, QNAN + " " + ONE, GPU_NAN, "a NaN operand gives NaN");
        c(RuntimeFunction.MINIMUM_FP128, M_ZERO + " " + ZERO, M_ZERO, "-0 < +0");
        c(RuntimeFunction.MAXIMUM_FP128, ONE + " " + QNAN, GPU_NAN, "a NaN operand gives NaN");
        c(RuntimeFunction.MAXIMUM_FP128, M_ZERO + " " + ZERO, ZERO, "+0 > -0");
        c(RuntimeFunction.FPCLASS_FP128, SNAN, "00000001", "bit 0 signaling NaN");
        c(RuntimeFunction.FPCLASS_FP128, QNAN, "00000002", "bit 1 quiet NaN");
        c(RuntimeFunction.FPCLASS_FP128, M_INF, "00000004", "bit 2 -inf");
        c(RuntimeFunction.FPCLASS_FP128, M_ONE, "00000008", "bit 3 -normal");
        c(RuntimeFunction.FPCLASS_FP128, "80000000000000000000000000000001", "00000010", "bit 4 -subnormal");
        c(RuntimeFunction.FPCLASS_FP128, M_ZERO, "00000020", "bit 5 -0");
        c(RuntimeFunction.FPCLASS_FP128, ZERO, "00000040", "bit 6 +0");
        c(RuntimeFunction.FPCLASS_FP128, MIN_SUB, "00000080", "bit 7 +subnormal");
        c(RuntimeFunction.FPCLASS_FP128, ONE, "00000100", "bit 8 +normal");
        c(RuntimeFunction.FPCLASS_FP128, INF, "00000200", "bit 9 +inf");
        c(RuntimeFunction.POWI_FP128, TWO + " 0000000A", "40090000000000000000000000000000", "2^10");
        c(RuntimeFunction.POWI_FP128, TWO + " FFFFFFFD", "3FFC0000000000000000000000000000", "2^-3 = 1/2^3");
        c(RuntimeFunction.POWI_FP128, THREE + " 00000000", ONE, "x^0 = 1");
        c(RuntimeFunction.POWI_FP128, ZERO + " FFFFFFFF", INF, "0^-1 = 1/0");
        c(RuntimeFunction.LDEXP_FP128, ONE + " 00000003", "40020000000000000000000000000000", "1 * 2^3");
        c(RuntimeFunction.LDEXP_FP128, ONE + " FFFFC002", "00010000000000000000000000000000", "2^-16382: smallest normal");
        c(RuntimeFunction.LDEXP_FP128, ONE + " FFFFBF92", MIN_SUB, "2^-16494: smallest subnormal");
        c(RuntimeFunction.LDEXP_FP128, ONE + " FFFFBF91", ZERO, "2^-16495: half the smallest, ties to even 0");
        c(RuntimeFunction.LDEXP_FP128, THREE + " FFFFBF91", "00000000000000000000000000000002",
                "1.5 * 2^-16494: ties to even 2 * 2^-16494");
        c(RuntimeFunction.LDEXP_FP128, ONE + " 00004000", INF, "2^16384 overflows");
        c(RuntimeFunction.FREXP_FP128, THREE, "3FFE8000000000000000000000000000", "3 = 0.75 * 2^2");
        c(RuntimeFunction.FREXP_FP128, MIN_SUB, HALF, "2^-16494 = 0.5 * 2^-16493");
        c(RuntimeFunction.FREXP_FP128, M_ZERO, M_ZERO, "zero unchanged");
        c(RuntimeFunction.FREXP_FP128, INF, INF, "infinity unchanged");
        c(RuntimeFunction.FREXP_EXP_FP128, THREE, "00000002", "3 = 0.75 * 2^2");
        c(RuntimeFunction.FREXP_EXP_FP128, MIN_SUB, "FFFFBF93", "-16493");
        c(RuntimeFunction.FREXP_EXP_FP128, ONE, "00000001", "1 = 0.5 * 2^1");
        c(RuntimeFunction.FREXP_EXP_FP128, ZERO, "00000000", "zero: 0");
        c(RuntimeFunction.REMAINDER_FP128, five + " " + TWO, ONE, "5 - 2*2");
        c(RuntimeFunction.REMAINDER_FP128, THREE + " " + TWO, M_ONE, "3/2 = 1.5 ties to 2: 3 - 4");
        c(RuntimeFunction.REMAINDER_FP128, seven + " " + TWO, M_ONE, "7/2 = 3.5 ties to 4: 7 - 8");
        c(RuntimeFunction.REMAINDER_FP128, "C0010000000000000000000000000000 " + TWO, M_ZERO, "-4 rem 2 = -0");
        c(RuntimeFunction.REMAINDER_FP128, INF + " " + ONE, GPU_NAN, "inf rem 1 is invalid");
        c(RuntimeFunction.REMAINDER_FP128, ONE + " " + INF, ONE, "1 rem inf = 1");
        c(RuntimeFunction.FDIM_FP128, THREE + " " + ONE, TWO, "3 - 1");
        c(RuntimeFunction.FDIM_FP128, ONE + " " + THREE, ZERO, "not greater: +0");
        c(RuntimeFunction.FDIM_FP128, QNAN + " " + ONE, GPU_NAN, "NaN");
        c(RuntimeFunction.NEXTAFTER_FP128, ONE + " " + TWO, "3FFF0000000000000000000000000001", "1 up");
        c(RuntimeFunction.NEXTAFTER_FP128, ONE + " " + ZERO, "3FFEFFFFFFFFFFFFFFFFFFFFFFFFFFFF", "1 down");
        c(RuntimeFunction.NEXTAFTER_FP128, ZERO + " " + M_ONE, "80000000000000000000000000000001", "0 toward -1");
        c(RuntimeFunction.NEXTAFTER_FP128, MAX + " " + INF, INF, "max up is inf");
        c(RuntimeFunction.NEXTAFTER_FP128, M_ZERO + " " + ZERO, ZERO, "equal: b");
        c(RuntimeFunction.NEXTAFTER_FP128, MIN_SUB + " " + ZERO, ZERO, "the smallest subnormal down is 0");
        String eight = "40020000000000000000000000000000";
        c(RuntimeFunction.CBRT_FP128, eight, TWO, "cbrt(8) = 2");
        c(RuntimeFunction.CBRT_FP128, M_ZERO, M_ZERO, "cbrt(-0) = -0");
        c(RuntimeFunction.CBRT_FP128, INF, INF, "cbrt(inf) = inf");
        c(RuntimeFunction.HYPOT_FP128, THREE + " C0010000000000000000000000000000", "40014000000000000000000000000000", "hypot(3, -4) = 5");
        c(RuntimeFunction.HYPOT_FP128, QNAN + " " + INF, INF, "an infinity beats a NaN");
        c(RuntimeFunction.MODF_FP128, "C001F000000000000000000000000000", "BFFE8000000000000000000000000000", "modf(-7.75) = -0.75");
        c(RuntimeFunction.MODF_FP128, INF, ZERO, "modf(inf) = +0");
        c(RuntimeFunction.REMQUO_QUOTIENT_FP128, "4003D000000000000000000000000000 " + THREE, "00000002", "29/3 -> 10, 10 mod 8");
        c(RuntimeFunction.REMQUO_QUOTIENT_FP128, "4001E000000000000000000000000000 " + M_ONE, "00000000", "7.5/-1 -> -8 (ties even): 0");
        // logb and ilogb: glibc 2.36's logbq/ilogbq (x86-64) but for NaN results (the runtime's one NaN)
        c(RuntimeFunction.LOGB_FP128, MAX, "400CFFF8000000000000000000000000", "logb(MAX) = 16383");
        c(RuntimeFunction.LOGB_FP128, "0000FFFFFFFFFFFFFFFFFFFFFFFFFFFF", "C00CFFF8000000000000000000000000", "largest subnormal: -16383");
        c(RuntimeFunction.LOGB_FP128, "00000000000000010000000000000000", "C00D00B8000000000000000000000000", "2^-16430");
        c(RuntimeFunction.LOGB_FP128, MIN_SUB, "C00D01B8000000000000000000000000", "logb(2^-16494) = -16494");
        c(RuntimeFunction.LOGB_FP128, ONE, ZERO, "logb(1) = +0");
        c(RuntimeFunction.LOGB_FP128, M_ZERO, M_INF, "logb(-0) = -inf");
        c(RuntimeFunction.LOGB_FP128, M_INF, INF, "logb(-inf) = +inf");
        c(RuntimeFunction.LOGB_FP128, SNAN, GPU_NAN, "logb(NaN): the runtime's NaN");
        c(RuntimeFunction.ILOGB_FP128, MAX, "00003FFF", "ilogb(MAX) = 16383");
        c(RuntimeFunction.ILOGB_FP128, "00010000000000000000000000000000", "FFFFC002", "smallest normal: -16382");
        c(RuntimeFunction.ILOGB_FP128, MIN_SUB, "FFFFBF92", "ilogb(2^-16494) = -16494");
        c(RuntimeFunction.ILOGB_FP128, M_ZERO, "80000000", "FP_ILOGB0 = INT_MIN");
        c(RuntimeFunction.ILOGB_FP128, QNAN, "80000000", "FP_ILOGBNAN = INT_MIN");
        c(RuntimeFunction.ILOGB_FP128, M_INF, "7FFFFFFF", "ilogb(-inf) = INT_MAX");
        c(RuntimeFunction.EXP_FP128, ZERO, ONE, "exp(0) = 1");
        c(RuntimeFunction.EXP_FP128, "FFFF0000000000000000000000000000", ZERO, "exp(-inf) = +0");
        c(RuntimeFunction.EXP_FP128, QNAN, GPU_NAN, "NaN");
        c(RuntimeFunction.LOG_FP128, ONE, ZERO, "log(1) = +0");
        c(RuntimeFunction.LOG_FP128, M_ZERO, "FFFF0000000000000000000000000000", "log(-0) = -inf");
        c(RuntimeFunction.LOG_FP128, M_ONE, GPU_NAN, "log(-1) is NaN");
        c(RuntimeFunction.EXP2_FP128, TWO, "40010000000000000000000000000000", "2^2 = 4");
        c(RuntimeFunction.EXP2_FP128, M_ONE, "3FFE0000000000000000000000000000", "2^-1 = 0.5");
        c(RuntimeFunction.LOG2_FP128, eight, THREE, "log2(8) = 3");
        c(RuntimeFunction.LOG2_FP128, "3FFE0000000000000000000000000000", M_ONE, "log2(0.5) = -1");
        c(RuntimeFunction.LOG10_FP128, "40059000000000000000000000000000", TWO, "log10(100) = 2");
        c(RuntimeFunction.LOG10_FP128, ONE, ZERO, "log10(1) = +0");
        c(RuntimeFunction.EXPM1_FP128, M_ZERO, M_ZERO, "expm1(-0) = -0");
        c(RuntimeFunction.EXPM1_FP128, M_INF, M_ONE, "expm1(-inf) = -1");
        c(RuntimeFunction.EXPM1_FP128, INF, INF, "expm1(inf) = inf");
        c(RuntimeFunction.LOG1P_FP128, M_ONE, M_INF, "log1p(-1) = -inf");
        c(RuntimeFunction.LOG1P_FP128, M_ZERO, M_ZERO, "log1p(-0) = -0");
        c(RuntimeFunction.LOG1P_FP128, "C0000000000000000000000000000000", GPU_NAN, "log1p(-2) is NaN");
        c(RuntimeFunction.EXP10_FP128, TWO, "40059000000000000000000000000000", "10^2 = 100");
        c(RuntimeFunction.EXP10_FP128, M_ZERO, ONE, "10^-0 = 1");
        c(RuntimeFunction.EXP10_FP128, M_INF, ZERO, "10^-inf = +0");
        String minusTwo = "C0000000000000000000000000000000";
        c(RuntimeFunction.POW_FP128, QNAN + " " + ZERO, ONE, "pow(NaN, 0) = 1");
        c(RuntimeFunction.POW_FP128, ONE + " " + QNAN, ONE, "pow(1, NaN) = 1");
        c(RuntimeFunction.POW_FP128, M_ZERO + " C0008000000000000000000000000000", M_INF, "pow(-0, -3) = -inf");
        c(RuntimeFunction.POW_FP128, THREE + " " + TWO, "40022000000000000000000000000000", "3^2 = 9");
        c(RuntimeFunction.POW_FP128, minusTwo + " " + THREE, "C0020000000000000000000000000000", "(-2)^3 = -8");
        c(RuntimeFunction.POW_FP128, M_ONE + " " + INF, ONE, "pow(-1, inf) = 1");
        c(RuntimeFunction.POW_FP128, minusTwo + " " + HALF, GPU_NAN, "pow(-2, 0.5) is NaN");
        c(RuntimeFunction.SINH_FP128, M_ZERO, M_ZERO, "sinh(-0) = -0");
        c(RuntimeFunction.SINH_FP128, M_INF, M_INF, "sinh(-inf) = -inf");
        c(RuntimeFunction.COSH_FP128, M_ZERO, ONE, "cosh(-0) = 1");
        c(RuntimeFunction.COSH_FP128, M_INF, INF, "cosh(-inf) = inf");
        c(RuntimeFunction.TANH_FP128, M_INF, M_ONE, "tanh(-inf) = -1");
        c(RuntimeFunction.TANH_FP128, M_ZERO, M_ZERO, "tanh(-0) = -0");
        String pi = "4000921FB54442D18469898CC51701B8"; // mpmath's pi rounded to binary128
        String piHalf = "3FFF921FB54442D18469898CC51701B8";
        c(RuntimeFunction.ATANH_FP128, M_ONE, M_INF, "atanh(-1) = -inf");
        c(RuntimeFunction.ATANH_FP128, M_ZERO, M_ZERO, "atanh(-0) = -0");
        c(RuntimeFunction.ATANH_FP128, TWO, GPU_NAN, "atanh(2) is NaN");
        c(RuntimeFunction.ASINH_FP128, M_INF, M_INF, "asinh(-inf) = -inf");
        c(RuntimeFunction.ASINH_FP128, M_ZERO, M_ZERO, "asinh(-0) = -0");
        c(RuntimeFunction.ACOSH_FP128, ONE, ZERO, "acosh(1) = +0");
        c(RuntimeFunction.ACOSH_FP128, INF, INF, "acosh(inf) = inf");
        c(RuntimeFunction.ACOSH_FP128, HALF, GPU_NAN, "acosh(0.5) is NaN");
        c(RuntimeFunction.ATAN_FP128, M_ZERO, M_ZERO, "atan(-0) = -0");
        c(RuntimeFunction.ATAN_FP128, INF, piHalf, "atan(inf) = pi/2");
        c(RuntimeFunction.ASIN_FP128, M_ONE, "BFFF921FB54442D18469898CC51701B8", "asin(-1) = -pi/2");
        c(RuntimeFunction.ASIN_FP128, TWO, GPU_NAN, "asin(2) is NaN");
        c(RuntimeFunction.ACOS_FP128, ONE, ZERO, "acos(1) = +0");
        c(RuntimeFunction.ACOS_FP128, M_ONE, pi, "acos(-1) = pi");
        c(RuntimeFunction.ATAN2_FP128, ZERO + " " + M_ZERO, pi, "atan2(+0, -0) = pi");
        c(RuntimeFunction.ATAN2_FP128, M_ZERO + " " + ZERO, M_ZERO, "atan2(-0, +0) = -0");
        c(RuntimeFunction.ATAN2_FP128, ONE + " " + M_ZERO, piHalf, "atan2(1, -0) = pi/2");
        c(RuntimeFunction.ATAN2_FP128, INF + " " + M_INF, "40002D97C7F3321D234F272993D1414A", "atan2(inf, -inf) = 3pi/4");
        c(RuntimeFunction.ATAN2_FP128, M_ONE + " " + INF, M_ZERO, "atan2(-1, inf) = -0");
        c(RuntimeFunction.ATAN2_FP128, QNAN + " " + ONE, GPU_NAN, "NaN");
        c(RuntimeFunction.SIN_FP128, M_ZERO, M_ZERO, "sin(-0) = -0");
        c(RuntimeFunction.SIN_FP128, INF, GPU_NAN, "sin(inf) is NaN");
        c(RuntimeFunction.SIN_FP128, M_INF, GPU_NAN, "sin(-inf) is NaN");
        c(RuntimeFunction.COS_FP128, M_ZERO, ONE, "cos(-0) = 1");
        c(RuntimeFunction.COS_FP128, M_INF, GPU_NAN, "cos(-inf) is NaN");
        c(RuntimeFunction.TAN_FP128, M_ZERO, M_ZERO, "tan(-0) = -0");
        c(RuntimeFunction.TAN_FP128, INF, GPU_NAN, "tan(inf) is NaN");
        c(RuntimeFunction.SIN_FP128, QNAN, GPU_NAN, "sin(NaN) is NaN");
        c(RuntimeFunction.SIN_FP128, "00000000000000000000000000000001", "00000000000000000000000000000001", "sin(tiny) = tiny");
        c(RuntimeFunction.ERF_FP128, M_ZERO, M_ZERO, "erf(-0) = -0");
        c(RuntimeFunction.ERF_FP128, M_INF, M_ONE, "erf(-inf) = -1");
        c(RuntimeFunction.ERF_FP128, QNAN, GPU_NAN, "erf(NaN) is NaN");
        c(RuntimeFunction.ERF_FP128, "00000000000000000000000000000001", "00000000000000000000000000000001", "erf(least subnormal): 1.128 quanta round to 1");
        c(RuntimeFunction.ERFC_FP128, M_INF, TWO, "erfc(-inf) = 2");
        c(RuntimeFunction.ERFC_FP128, INF, ZERO, "erfc(inf) = +0");
        c(RuntimeFunction.ERFC_FP128, M_ZERO, ONE, "erfc(-0) = 1");
        c(RuntimeFunction.ERFC_FP128, "4005AC00000000000000000000000000", ZERO, "erfc(107) underflows to +0");
        c(RuntimeFunction.TGAMMA_FP128, M_ZERO, M_INF, "tgamma(-0) = -inf");
        c(RuntimeFunction.TGAMMA_FP128, ZERO, INF, "tgamma(+0) = +inf");
        c(RuntimeFunction.TGAMMA_FP128, M_ONE, GPU_NAN, "tgamma(-1) is NaN");
        c(RuntimeFunction.TGAMMA_FP128, M_INF, GPU_NAN, "tgamma(-inf) is NaN");
        c(RuntimeFunction.TGAMMA_FP128, INF, INF, "tgamma(inf) = inf");
        c(RuntimeFunction.TGAMMA_FP128, THREE, TWO, "tgamma(3) = 2");
        c(RuntimeFunction.LGAMMA_FP128, ONE, ZERO, "lgamma(1) = +0");
        c(RuntimeFunction.LGAMMA_FP128, TWO, ZERO, "lgamma(2) = +0");
        c(RuntimeFunction.LGAMMA_FP128, M_ZERO, INF, "lgamma(-0) = inf");
        c(RuntimeFunction.LGAMMA_FP128, M_ONE, INF, "lgamma(-1) = inf");
        c(RuntimeFunction.LGAMMA_FP128, M_INF, INF, "lgamma(-inf) = inf");
    }

    @TestFactory
    Stream<DynamicTest> edgeCases() {
        return CASES.stream().map(k -> DynamicTest.dynamicTest(k.f.symbol() + "(" + k.operands + ") " + k.why, () -> {
            long[] result = k.f.evaluate(words(k.f, k.operands));
            assertEquals(k.expected, hex(k.f.returnType(), result), k.why);
        }));
    }

    @Test
    void everyRowHasEdgeCases() {
        Set<RuntimeFunction> covered = EnumSet.noneOf(RuntimeFunction.class);
        CASES.forEach(k -> covered.add(k.f));
        for (RuntimeFunction f : RuntimeFunction.values()) {
            if (f.opcode() != org.nvlower.llvm.ir.Opcode.FCMP) {
                org.junit.jupiter.api.Assertions.assertTrue(covered.contains(f), f.symbol() + " has no edge case");
            }
        }
    }

    /** The 14 fcmp rows against LLVM's definitions, written as a truth table over the four relations. */
    @Test
    void fcmpRowsAreLlvmFcmp() {
        String[][] pairs = { // a, b, relation: L (a<b), E, G, U (unordered)
            {ONE, TWO, "L"}, {TWO, ONE, "G"}, {ONE, ONE, "E"}, {ZERO, M_ZERO, "E"}, {M_INF, MAX, "L"},
            {INF, INF, "E"}, {QNAN, ONE, "U"}, {ONE, SNAN, "U"}, {GPU_NAN, GPU_NAN, "U"}, {MIN_SUB, ZERO, "G"}};
        for (RuntimeFunction f : RuntimeFunction.values()) {
            if (f.opcode() != org.nvlower.llvm.ir.Opcode.FCMP) {
                continue;
            }
            FcmpPredicate p = f.predicate().orElseThrow();
            for (String[] pair : pairs) {
                String rel = pair[2];
                long expected = truth(p.llvmName(), rel) ? 1 : 0;
                long[] r = f.evaluate(words(f, pair[0] + " " + pair[1]));
                assertEquals(expected, r[0], f.symbol() + "(" + pair[0] + ", " + pair[1] + ") relation " + rel);
            }
        }
    }

    /** LLVM LangRef: "o" predicates are false when unordered, "u" ones true; the rest by the relation. */
    static boolean truth(String predicate, String rel) {
        if (predicate.equals("ord")) {
            return !rel.equals("U");
        }
        if (predicate.equals("uno")) {
            return rel.equals("U");
        }
        if (rel.equals("U")) {
            return predicate.charAt(0) == 'u';
        }
        return switch (predicate.substring(1)) {
            case "eq" -> rel.equals("E");
            case "ne" -> !rel.equals("E");
            case "gt" -> rel.equals("G");
            case "ge" -> !rel.equals("L");
            case "lt" -> rel.equals("L");
            case "le" -> !rel.equals("G");
            default -> throw new AssertionError(predicate);
        };
    }

    static long[] words(RuntimeFunction f, String operands) {
        String[] fields = operands.trim().split(" +");
        assertEquals(f.parameterTypes().size(), fields.length, "test row operand count");
        long[] w = new long[f.operandWords()];
        int i = 0;
        for (int k = 0; k < fields.length; k++) {
            ValueType t = f.parameterTypes().get(k);
            String s = fields[k];
            assertEquals(t.hexDigits(), s.length(), "test row operand width: " + s);
            if (t.words() == 2) {
                w[i++] = Long.parseUnsignedLong(s.substring(0, 16), 16);
                w[i++] = Long.parseUnsignedLong(s.substring(16), 16);
            } else {
                w[i++] = Long.parseUnsignedLong(s, 16);
            }
        }
        return w;
    }

    static String hex(ValueType t, long[] r) {
        if (t.words() == 2) {
            return String.format(Locale.ROOT, "%016X%016X", r[0], r[1]);
        }
        return String.format(Locale.ROOT, "%0" + t.hexDigits() + "X", r[0]);
    }
}

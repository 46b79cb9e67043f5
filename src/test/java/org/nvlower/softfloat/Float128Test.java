package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;

import org.junit.jupiter.api.Test;

/** The value API: parsing (correctly rounded), exact and shortest printing, constants. */
class Float128Test {

    @Test
    void parsesDecimalsCorrectlyRounded() {
        assertEquals(Float128.ONE, Float128.parse("1"));
        // 0.1 = 1.1001100...b * 2^-4: fraction 999...9 then 1001..., rounded up to ...9A.
        assertEquals("0x3FFB999999999999999999999999999A", Float128.parse("0.1").toHexString());
        assertEquals("0xBFFB999999999999999999999999999A", Float128.parse("-1e-1").toHexString());
        assertEquals(Float128.POSITIVE_INFINITY, Float128.parse("inf"));
        assertTrue(Float128.parse("NaN").isNaN());
        assertEquals(Float128.NEGATIVE_ZERO, Float128.parse("-0.000"));
        assertEquals(Float128.parse("0x3FFF0000000000000000000000000000"), Float128.ONE);
    }

    @Test
    void parsesHalfwayDecimalsInEachMode() {
        // 1 + 2^-113 is exactly halfway between 1 and 1 + 2^-112 (EPSILON).
        BigDecimal half = BigDecimal.ONE.add(new BigDecimal(BigInteger.valueOf(5).pow(113), 113));
        String text = half.toPlainString();
        Float128 up = Float128.ONE.add(Float128.EPSILON);
        assertEquals(Float128.ONE, Float128.parse(text));
        assertEquals(Float128.ONE, Float128.parse(text, RoundingMode.MIN_MAG, new Env(Specialization.NVPTX)));
        assertEquals(up, Float128.parse(text, RoundingMode.NEAR_MAX_MAG, new Env(Specialization.NVPTX)));
        assertEquals(up, Float128.parse(text, RoundingMode.ODD, new Env(Specialization.NVPTX)));
        Env env = new Env(Specialization.NVPTX);
        assertEquals(up, Float128.parse(text, RoundingMode.MAX, env));
        assertEquals(ExceptionFlags.INEXACT, env.flags);
    }

    @Test
    void parseOverflowAndUnderflow() {
        Env env = new Env();
        assertEquals(Float128.POSITIVE_INFINITY, Float128.parse("1e5000", RoundingMode.NEAR_EVEN, env));
        assertEquals(ExceptionFlags.OVERFLOW | ExceptionFlags.INEXACT, env.flags);
        env = new Env();
        assertEquals(Float128.ZERO, Float128.parse("1e-5000", RoundingMode.NEAR_EVEN, env));
        assertEquals(ExceptionFlags.UNDERFLOW | ExceptionFlags.INEXACT, env.flags);
        assertEquals(Float128.MIN_VALUE, Float128.parse("6.5e-4966")); // 2^-16494 = 6.475...e-4966
        assertEquals(Float128.MAX_VALUE, Float128.parse(Float128.MAX_VALUE.toString()));
    }

    @Test
    void rejectsBadInput() {
        for (String bad : new String[] {"", "abc", "1.2.3", "0x123", "--1", "1e", "0xZZ000000000000000000000000000000"}) {
            assertThrows(NumberFormatException.class, () -> Float128.parse(bad), bad);
        }
    }

    @Test
    void exactDecimalValues() {
        assertEquals(new BigDecimal("0.5"), Float128.parse("0.5").toBigDecimal());
        BigDecimal minValue = new BigDecimal(BigInteger.valueOf(5).pow(16494), 16494); // 2^-16494
        assertEquals(0, minValue.compareTo(Float128.MIN_VALUE.toBigDecimal()));
        assertEquals(new BigDecimal(BigInteger.ONE.shiftLeft(113).subtract(BigInteger.ONE).shiftLeft(16271)),
                Float128.MAX_VALUE.toBigDecimal());
        assertThrows(ArithmeticException.class, () -> Float128.NaN.toBigDecimal());
    }

    @Test
    void printsOneThirdAndSqrtTwo() {
        Float128 third = Float128.ONE.div(Float128.of(3));
        assertEquals("0.3333333333333333333333333333333333", third.toDecimalString(34));
        // toString: the shortest decimal that reads back; 34 digits do, 33 do not.
        assertEquals("0.3333333333333333333333333333333333", third.toString());
        assertEquals(third, Float128.parse(third.toString()));
        assertTrue(!third.equals(Float128.parse("0.333333333333333333333333333333333")));
        Float128 sqrt2 = Float128.TWO.sqrt();
        assertEquals("1.414213562373095048801688724209698", sqrt2.toDecimalString(34));
        assertEquals("0x3FFF6A09E667F3BCC908B2FB1366EA95", sqrt2.toHexString());
        assertEquals(sqrt2, Float128.parse(sqrt2.toString()));
    }

    @Test
    void toStringIsShortestRoundTrip() {
        assertEquals("1.0", Float128.ONE.toString());
        assertEquals("0.1", Float128.parse("0.1").toString());
        assertEquals("-2.5", Float128.parse("-2.5").toString());
        assertEquals("1e+100", Float128.parse("1e100").toString());
        assertEquals("1.5e-10", Float128.parse("0.00000000015").toString());
        assertEquals("Infinity", Float128.POSITIVE_INFINITY.toString());
        assertEquals("-0.0", Float128.NEGATIVE_ZERO.toString());
        assertEquals("NaN", Float128.NaN.toString());
        assertEquals(0.1, Float128.parse("0.1").toDouble());
    }
}

package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;

import org.junit.jupiter.api.Test;

/** Hand-checked edge cases of the value types and of I128's division-by-zero choices. */
class Int128Test {

    @Test
    void divisionByZeroFollowsPtx() {
        UInt128 seven = UInt128.ofUnsigned(7);
        assertEquals(UInt128.MAX_VALUE, seven.divide(UInt128.ZERO));
        assertEquals(seven, seven.remainder(UInt128.ZERO));
        Int128 minusSeven = Int128.of(-7);
        assertEquals(Int128.MINUS_ONE, minusSeven.divide(Int128.ZERO));
        assertEquals(Int128.MINUS_ONE, Int128.of(7).divide(Int128.ZERO));
        assertEquals(minusSeven, minusSeven.remainder(Int128.ZERO));
    }

    @Test
    void minDividedByMinusOneWraps() {
        assertEquals(Int128.MIN_VALUE, Int128.MIN_VALUE.divide(Int128.MINUS_ONE));
        assertEquals(Int128.ZERO, Int128.MIN_VALUE.remainder(Int128.MINUS_ONE));
    }

    @Test
    void negateAndShiftsWrapAsTwosComplement() {
        assertEquals(Int128.of(-5), Int128.of(5).negate());
        assertEquals(Int128.ZERO, Int128.ZERO.negate());
        assertEquals(Int128.MIN_VALUE, Int128.MIN_VALUE.negate(), "-MIN wraps to MIN");
        assertEquals(new Int128(1, 0), Int128.ONE.shiftLeft(64));
        assertEquals(Int128.MINUS_ONE, Int128.MIN_VALUE.shiftRight(127), "arithmetic shift fills with the sign");
        assertEquals(UInt128.ofUnsigned(1), Int128.MIN_VALUE.toUnsigned().shiftRight(127), "logical shift fills with 0");
    }

    @Test
    void signedDivisionTruncatesTowardZero() {
        assertEquals(Int128.of(-2), Int128.of(-7).divide(Int128.of(3)));
        assertEquals(Int128.of(-1), Int128.of(-7).remainder(Int128.of(3)));
        assertEquals(Int128.of(-2), Int128.of(7).divide(Int128.of(-3)));
        assertEquals(Int128.of(1), Int128.of(7).remainder(Int128.of(-3)));
    }

    @Test
    void knownQuotientNeedingTheCorrectionStep() {
        // (2^128 - 1) / (2^64 + 1) = 2^64 - 1 exactly; / (2^127 + 1) = 1 rem 2^127 - 2.
        UInt128 max = UInt128.MAX_VALUE;
        assertEquals(new UInt128(0, -1), max.divide(new UInt128(1, 1)));
        assertEquals(UInt128.ZERO, max.remainder(new UInt128(1, 1)));
        assertEquals(UInt128.ONE, max.divide(new UInt128(Long.MIN_VALUE, 1)));
        assertEquals(new UInt128(Long.MAX_VALUE, -2), max.remainder(new UInt128(Long.MIN_VALUE, 1)));
    }

    @Test
    void bigIntegerRangeIsChecked() {
        assertThrows(ArithmeticException.class, () -> Int128.of(BigInteger.ONE.shiftLeft(127)));
        assertThrows(ArithmeticException.class, () -> UInt128.of(BigInteger.ONE.negate()));
        assertThrows(ArithmeticException.class, () -> UInt128.of(BigInteger.ONE.shiftLeft(128)));
        assertEquals(Int128.MIN_VALUE, Int128.of(BigInteger.ONE.shiftLeft(127).negate()));
        assertEquals("-170141183460469231731687303715884105728", Int128.MIN_VALUE.toString());
        assertEquals("340282366920938463463374607431768211455", UInt128.MAX_VALUE.toString());
    }

    @Test
    void hexParsing() {
        assertEquals(new UInt128(1, 0), UInt128.parseHex("10000000000000000"));
        assertEquals("0000000000000001000000000000000F", new UInt128(1, 15).toHex());
        assertThrows(NumberFormatException.class, () -> UInt128.parseHex("1" + "0".repeat(32)));
        assertThrows(NumberFormatException.class, () -> UInt128.parseHex("12G"));
        assertThrows(NumberFormatException.class, () -> UInt128.parseHex(""));
        assertThrows(NumberFormatException.class, () -> UInt128.parseHex("0x"));
    }

    @Test
    void bitCountsOfZero() {
        assertEquals(128, I128.clz(0, 0));
        assertEquals(128, I128.ctz(0, 0));
        assertEquals(0, I128.clz(Long.MIN_VALUE, 0));
        assertEquals(127, I128.ctz(Long.MIN_VALUE, 0));
        assertEquals(128, I128.popcount(-1, -1));
    }
}

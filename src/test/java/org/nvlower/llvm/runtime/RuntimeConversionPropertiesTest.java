package org.nvlower.llvm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.BigInteger;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * The conversion rows on random operands against independent references: exact BigDecimal /
 * BigInteger arithmetic with a binary128 decoder written here, and the JDK's correctly rounded
 * {@code BigInteger.floatValue/doubleValue}.
 */
class RuntimeConversionPropertiesTest {

    static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    /** fp128 bit patterns {hi, lo}: mostly magnitudes around the integer ranges, some of anything. */
    @Provide
    Arbitrary<long[]> fp128() {
        Arbitrary<Long> sign = Arbitraries.of(0L, 1L);
        Arbitrary<Long> nearIntegers = Arbitraries.longs().between(16383 - 3, 16383 + 130);
        Arbitrary<Long> anyExp = Arbitraries.longs().between(0, 0x7FFF);
        Arbitrary<Long> frac = Arbitraries.longs();
        Arbitrary<Long> sparseFrac = Arbitraries.of(0L, -1L, 1L, Long.MIN_VALUE, 0x8000_0000_0000L);
        return Arbitraries.frequencyOf(
                Tuple.of(6, Combinators.combine(sign, nearIntegers, frac, frac).as(RuntimeConversionPropertiesTest::pack)),
                Tuple.of(2, Combinators.combine(sign, nearIntegers, sparseFrac, sparseFrac).as(RuntimeConversionPropertiesTest::pack)),
                Tuple.of(2, Combinators.combine(sign, anyExp, frac, frac).as(RuntimeConversionPropertiesTest::pack)));
    }

    static long[] pack(long sign, long exp, long fracHi, long lo) {
        return new long[] {(sign << 63) | (exp << 48) | (fracHi & 0xFFFF_FFFF_FFFFL), lo};
    }

    /** 128-bit integers {hi, lo} of every bit length, and the extremes. */
    @Provide
    Arbitrary<long[]> i128() {
        Arbitrary<long[]> random = Combinators.combine(Arbitraries.longs(), Arbitraries.longs(),
                Arbitraries.integers().between(0, 127)).as((h, l, s) -> {
                    BigInteger v = unsigned(h, l).shiftRight(s);
                    return new long[] {v.shiftRight(64).longValue(), v.longValue()};
                });
        return Arbitraries.frequencyOf(Tuple.of(9, random), Tuple.of(1, Arbitraries.of(
                new long[] {-1, -1}, new long[] {Long.MIN_VALUE, 0}, new long[] {Long.MAX_VALUE, -1},
                new long[] {0, 0}, new long[] {0, 1}, new long[] {1L << 49, 1}, new long[] {-1, 0})));
    }

    static BigInteger unsigned(long hi, long lo) {
        return new BigInteger(Long.toUnsignedString(hi)).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(lo)));
    }

    static BigInteger signed(long hi, long lo) {
        return BigInteger.valueOf(hi).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(lo)));
    }

    static boolean isNaN(long[] a) {
        return ((a[0] >>> 48) & 0x7FFF) == 0x7FFF && ((a[0] & 0xFFFF_FFFF_FFFFL) | a[1]) != 0;
    }

    static boolean isInf(long[] a) {
        return ((a[0] >>> 48) & 0x7FFF) == 0x7FFF && ((a[0] & 0xFFFF_FFFF_FFFFL) | a[1]) == 0;
    }

    /** The exact value of a finite binary128. */
    static BigDecimal decode(long hi, long lo) {
        int exp = (int) (hi >>> 48) & 0x7FFF;
        BigInteger sig = unsigned(hi & 0xFFFF_FFFF_FFFFL, lo);
        int e;
        if (exp == 0) {
            e = 1 - 16383 - 112;
        } else {
            sig = sig.setBit(112);
            e = exp - 16383 - 112;
        }
        BigDecimal v = e >= 0 ? new BigDecimal(sig.shiftLeft(e))
                : new BigDecimal(sig.multiply(BigInteger.valueOf(5).pow(-e)), -e);
        return hi < 0 ? v.negate() : v;
    }

    /** Truncate toward zero, NaN -> 0, saturate: PTX cvt.rzi. */
    static BigInteger ptxToInteger(long[] a, BigInteger min, BigInteger max) {
        if (isNaN(a)) {
            return BigInteger.ZERO;
        }
        if (isInf(a)) {
            return a[0] < 0 ? min : max;
        }
        BigInteger t = decode(a[0], a[1]).toBigInteger();
        return t.max(min).min(max);
    }

    static final RuntimeFunction[] TO_INT = {
        RuntimeFunction.FP128_TO_UINT8, RuntimeFunction.FP128_TO_UINT16, RuntimeFunction.FP128_TO_UINT32,
        RuntimeFunction.FP128_TO_UINT64, RuntimeFunction.FP128_TO_UINT128,
        RuntimeFunction.FP128_TO_INT8, RuntimeFunction.FP128_TO_INT16, RuntimeFunction.FP128_TO_INT32,
        RuntimeFunction.FP128_TO_INT64, RuntimeFunction.FP128_TO_INT128};

    @Property(tries = 1500)
    void fp128ToIntegerTruncatesAndSaturates(@ForAll("fp128") long[] a) {
        for (RuntimeFunction f : TO_INT) {
            int bits = f.returnType().bits();
            boolean signed = f.opcode() == org.nvlower.llvm.ir.Opcode.FPTOSI;
            BigInteger min = signed ? BigInteger.ONE.shiftLeft(bits - 1).negate() : BigInteger.ZERO;
            BigInteger max = (signed ? BigInteger.ONE.shiftLeft(bits - 1) : BigInteger.ONE.shiftLeft(bits))
                    .subtract(BigInteger.ONE);
            BigInteger expected = ptxToInteger(a, min, max);
            long[] r = f.evaluate(a[0], a[1]);
            BigInteger actual = r.length == 2 ? (signed ? signed(r[0], r[1]) : unsigned(r[0], r[1]))
                    : signed ? BigInteger.valueOf(r[0] << (64 - bits) >> (64 - bits)) : unsigned(0, r[0]);
            assertEquals(expected, actual, () -> f.symbol() + String.format("(%016X%016X)", a[0], a[1]));
        }
    }

    @Property(tries = 2000)
    void narrowIntegersConvertExactly(@ForAll long x) {
        check(RuntimeFunction.UINT8_TO_FP128, x & 0xFF, BigInteger.valueOf(x & 0xFF));
        check(RuntimeFunction.INT8_TO_FP128, x & 0xFF, BigInteger.valueOf((byte) x));
        check(RuntimeFunction.UINT16_TO_FP128, x & 0xFFFF, BigInteger.valueOf(x & 0xFFFF));
        check(RuntimeFunction.INT16_TO_FP128, x & 0xFFFF, BigInteger.valueOf((short) x));
        check(RuntimeFunction.UINT32_TO_FP128, x & 0xFFFF_FFFFL, BigInteger.valueOf(x & 0xFFFF_FFFFL));
        check(RuntimeFunction.INT32_TO_FP128, x & 0xFFFF_FFFFL, BigInteger.valueOf((int) x));
        check(RuntimeFunction.UINT64_TO_FP128, x, unsigned(0, x));
        check(RuntimeFunction.INT64_TO_FP128, x, BigInteger.valueOf(x));
    }

    private static void check(RuntimeFunction f, long operand, BigInteger value) {
        long[] r = f.evaluate(operand);
        assertEquals(new BigDecimal(value), decode(r[0], r[1]).stripTrailingZeros().setScale(0),
                () -> f.symbol() + "(" + Long.toHexString(operand) + ")");
        if (value.signum() == 0) {
            assertEquals(0L, r[0] | r[1], "integer 0 converts to +0");
        }
    }

    @Property(tries = 1500)
    void i128ToFp128RoundsToNearestEven(@ForAll("i128") long[] a) {
        assertEquals(roundTo113Bits(unsigned(a[0], a[1])), decodeInteger(RuntimeFunction.UINT128_TO_FP128.evaluate(a)));
        assertEquals(roundTo113Bits(signed(a[0], a[1])), decodeInteger(RuntimeFunction.INT128_TO_FP128.evaluate(a)));
    }

    static BigInteger decodeInteger(long[] r) {
        return decode(r[0], r[1]).toBigIntegerExact();
    }

    /** v rounded to 113 significant bits, ties to even. */
    static BigInteger roundTo113Bits(BigInteger v) {
        BigInteger m = v.abs();
        int shift = m.bitLength() - 113;
        if (shift <= 0) {
            return v;
        }
        BigInteger q = m.shiftRight(shift);
        BigInteger rest = m.subtract(q.shiftLeft(shift));
        int c = rest.compareTo(BigInteger.ONE.shiftLeft(shift - 1));
        if (c > 0 || (c == 0 && q.testBit(0))) {
            q = q.add(BigInteger.ONE);
        }
        BigInteger r = q.shiftLeft(shift);
        return v.signum() < 0 ? r.negate() : r;
    }

    @Property(tries = 1500)
    void i128ToFloatAndDoubleMatchTheJdk(@ForAll("i128") long[] a) {
        // BigInteger.floatValue/doubleValue round to nearest even (and to infinity beyond the range)
        BigInteger u = unsigned(a[0], a[1]);
        BigInteger s = signed(a[0], a[1]);
        assertEquals(Float.floatToRawIntBits(u.floatValue()), (int) RuntimeFunction.CVT_U128_F32_RN.evaluate(a)[0]);
        assertEquals(Float.floatToRawIntBits(s.floatValue()), (int) RuntimeFunction.CVT_I128_F32_RN.evaluate(a)[0]);
        assertEquals(Double.doubleToRawLongBits(u.doubleValue()), RuntimeFunction.CVT_U128_F64_RN.evaluate(a)[0]);
        assertEquals(Double.doubleToRawLongBits(s.doubleValue()), RuntimeFunction.CVT_I128_F64_RN.evaluate(a)[0]);
    }

    @Provide
    Arbitrary<Long> doubleBits() {
        return Arbitraries.frequencyOf(
                Tuple.of(6, Combinators.combine(Arbitraries.of(0L, 1L), Arbitraries.longs().between(1023 - 3, 1023 + 130),
                        Arbitraries.longs()).as((s, e, f) -> (s << 63) | (e << 52) | (f & 0xF_FFFF_FFFF_FFFFL))),
                Tuple.of(3, Arbitraries.longs()),
                Tuple.of(1, Arbitraries.of(0x7FF0000000000000L, 0xFFF0000000000000L, 0x7FF8000000000000L,
                        0x7FF0000000000001L, 0x8000000000000000L, 0L, 1L)));
    }

    @Property(tries = 1500)
    void floatAndDoubleToI128TruncateAndSaturate(@ForAll("doubleBits") long d) {
        BigInteger uMax = BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE);
        BigInteger sMin = BigInteger.ONE.shiftLeft(127).negate();
        BigInteger sMax = BigInteger.ONE.shiftLeft(127).subtract(BigInteger.ONE);
        long[] asF128 = RuntimeFunction.DOUBLE_TO_FP128.evaluate(d);
        long[] r = RuntimeFunction.CVT_F64_U128_RZ.evaluate(d);
        assertEquals(reference(Double.longBitsToDouble(d), BigInteger.ZERO, uMax), unsigned(r[0], r[1]));
        r = RuntimeFunction.CVT_F64_I128_RZ.evaluate(d);
        assertEquals(reference(Double.longBitsToDouble(d), sMin, sMax), signed(r[0], r[1]));
        // fpext is exact and fptrunc undoes it
        if (!Double.isNaN(Double.longBitsToDouble(d))) {
            assertEquals(d, RuntimeFunction.FP128_TO_DOUBLE.evaluate(asF128)[0]);
            if (!Double.isInfinite(Double.longBitsToDouble(d))) {
                assertEquals(new BigDecimal(Double.longBitsToDouble(d)).compareTo(decode(asF128[0], asF128[1])), 0);
            }
        }
        int f = (int) (d >>> 32);
        float x = Float.intBitsToFloat(f);
        r = RuntimeFunction.CVT_F32_U128_RZ.evaluate(f & 0xFFFF_FFFFL);
        assertEquals(reference(x, BigInteger.ZERO, uMax), unsigned(r[0], r[1]));
        r = RuntimeFunction.CVT_F32_I128_RZ.evaluate(f & 0xFFFF_FFFFL);
        assertEquals(reference(x, sMin, sMax), signed(r[0], r[1]));
        if (!Float.isNaN(x)) {
            long[] wide = RuntimeFunction.FLOAT_TO_FP128.evaluate(f & 0xFFFF_FFFFL);
            assertEquals(f & 0xFFFF_FFFFL, RuntimeFunction.FP128_TO_FLOAT.evaluate(wide)[0]);
        }
    }

    static BigInteger reference(double x, BigInteger min, BigInteger max) {
        if (Double.isNaN(x)) {
            return BigInteger.ZERO;
        }
        if (Double.isInfinite(x)) {
            return x < 0 ? min : max;
        }
        return new BigDecimal(x).toBigInteger().max(min).min(max);
    }
}

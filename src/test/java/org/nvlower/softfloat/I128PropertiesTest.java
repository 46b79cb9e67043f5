package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Combinators;

/** I128 against BigInteger, the independent reference, on values biased toward the hard cases. */
class I128PropertiesTest {

    static final BigInteger TWO_128 = BigInteger.ONE.shiftLeft(128);
    static final BigInteger MASK = TWO_128.subtract(BigInteger.ONE);

    /** 128-bit patterns: random, hi == 0, small, powers of two (+-1), MIN, MAX, -1, 0. */
    @Provide
    Arbitrary<UInt128> u128() {
        Arbitrary<Long> any = Arbitraries.longs();
        Arbitrary<Long> small = Arbitraries.longs().between(0, 1000);
        Arbitrary<Integer> bit = Arbitraries.integers().between(0, 127);
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, Combinators.combine(any, any).as(UInt128::new)),
                net.jqwik.api.Tuple.of(2, any.map(l -> new UInt128(0, l))),
                net.jqwik.api.Tuple.of(1, small.map(l -> new UInt128(0, l))),
                net.jqwik.api.Tuple.of(1, small.map(l -> new UInt128(-1, -l))),
                net.jqwik.api.Tuple.of(2, Combinators.combine(bit, Arbitraries.integers().between(-1, 1))
                        .as((b, d) -> UInt128.of(BigInteger.ONE.shiftLeft(b).add(BigInteger.valueOf(d)).and(MASK)))),
                net.jqwik.api.Tuple.of(1, Combinators.combine(any, Arbitraries.integers().between(0, 127))
                        .as((l, s) -> new UInt128(l >> 32, l).shiftLeft(s))),
                net.jqwik.api.Tuple.of(1, Arbitraries.of(UInt128.ZERO, UInt128.ONE, UInt128.MAX_VALUE,
                        Int128.MIN_VALUE.toUnsigned(), Int128.MAX_VALUE.toUnsigned(), Int128.MINUS_ONE.toUnsigned(),
                        new UInt128(1, 0), new UInt128(0, -1), new UInt128(Long.MIN_VALUE, 1))));
    }

    static BigInteger u(UInt128 x) {
        return x.toBigInteger();
    }

    static BigInteger s(UInt128 x) {
        return x.toSigned().toBigInteger();
    }

    static UInt128 wrap(BigInteger v) {
        return UInt128.of(v.and(MASK));
    }

    @Property(tries = 3000)
    void addSubMulWrap(@ForAll("u128") UInt128 a, @ForAll("u128") UInt128 b) {
        assertEquals(wrap(u(a).add(u(b))), a.add(b));
        assertEquals(wrap(u(a).subtract(u(b))), a.subtract(b));
        assertEquals(wrap(u(a).multiply(u(b))), a.multiply(b));
        assertEquals(wrap(s(a).multiply(s(b))), a.multiply(b), "signed product has the same low bits");
    }

    @Property(tries = 5000)
    void unsignedDivisionMatchesBigInteger(@ForAll("u128") UInt128 a, @ForAll("u128") UInt128 b) {
        if (b.equals(UInt128.ZERO)) {
            assertEquals(UInt128.MAX_VALUE, a.divide(b));
            assertEquals(a, a.remainder(b));
            return;
        }
        BigInteger[] qr = u(a).divideAndRemainder(u(b));
        assertEquals(UInt128.of(qr[0]), a.divide(b), () -> a.toHex() + " / " + b.toHex());
        assertEquals(UInt128.of(qr[1]), a.remainder(b), () -> a.toHex() + " % " + b.toHex());
    }

    @Property(tries = 5000)
    void signedDivisionMatchesBigInteger(@ForAll("u128") UInt128 ua, @ForAll("u128") UInt128 ub) {
        Int128 a = ua.toSigned();
        Int128 b = ub.toSigned();
        if (b.equals(Int128.ZERO)) {
            assertEquals(Int128.MINUS_ONE, a.divide(b));
            assertEquals(a, a.remainder(b));
            return;
        }
        // BigInteger truncates toward zero, as sdiv/srem; only MIN / -1 leaves the range, and wraps.
        BigInteger[] qr = a.toBigInteger().divideAndRemainder(b.toBigInteger());
        assertEquals(wrap(qr[0]).toSigned(), a.divide(b), () -> a.toHex() + " sdiv " + b.toHex());
        assertEquals(Int128.of(qr[1]), a.remainder(b), () -> a.toHex() + " srem " + b.toHex());
    }

    @Property(tries = 2000)
    void dividendSmallerThanDivisor(@ForAll("u128") UInt128 x, @ForAll("u128") UInt128 y) {
        UInt128 a = x.compareTo(y) <= 0 ? x : y;
        UInt128 b = x.compareTo(y) <= 0 ? y : x;
        if (a.equals(b) || b.equals(UInt128.ZERO)) {
            return;
        }
        assertEquals(UInt128.ZERO, a.divide(b));
        assertEquals(a, a.remainder(b));
    }

    @Property(tries = 2000)
    void shiftsMatchBigInteger(@ForAll("u128") UInt128 a, @ForAll("shift") int n) {
        boolean out = n < 0 || n >= 128;
        assertEquals(out ? UInt128.ZERO : wrap(u(a).shiftLeft(n)), a.shiftLeft(n));
        assertEquals(out ? UInt128.ZERO : wrap(u(a).shiftRight(n)), a.shiftRight(n));
        BigInteger sign = s(a).signum() < 0 ? BigInteger.ONE.negate() : BigInteger.ZERO;
        assertEquals(out ? wrap(sign).toSigned() : wrap(s(a).shiftRight(n)).toSigned(), a.toSigned().shiftRight(n));
    }

    @Provide
    Arbitrary<Integer> shift() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(10, Arbitraries.integers().between(0, 127)),
                net.jqwik.api.Tuple.of(1, Arbitraries.of(0, 1, 63, 64, 65, 127, 128, 129, 1000, -1, Integer.MIN_VALUE)));
    }

    @Property(tries = 2000)
    void bitCountsAndOrder(@ForAll("u128") UInt128 a, @ForAll("u128") UInt128 b) {
        BigInteger x = u(a);
        assertEquals(128 - x.bitLength(), I128.clz(a.hi(), a.lo()));
        assertEquals(x.signum() == 0 ? 128 : x.getLowestSetBit(), I128.ctz(a.hi(), a.lo()));
        assertEquals(x.bitCount(), I128.popcount(a.hi(), a.lo()));
        assertEquals(Integer.signum(u(a).compareTo(u(b))), Integer.signum(a.compareTo(b)));
        assertEquals(Integer.signum(s(a).compareTo(s(b))), Integer.signum(a.toSigned().compareTo(b.toSigned())));
    }

    @Property(tries = 2000)
    void mulWide64MatchesBigInteger(@ForAll long a, @ForAll long b) {
        Env env = new Env();
        I128.mulWide64(a, b, true, env);
        assertEquals(Int128.of(BigInteger.valueOf(a).multiply(BigInteger.valueOf(b))), new Int128(env.zHi, env.zLo));
        I128.mulWide64(a, b, false, env);
        assertEquals(UInt128.of(u(new UInt128(0, a)).multiply(u(new UInt128(0, b)))), new UInt128(env.zHi, env.zLo));
    }

    @Property(tries = 1000)
    void bigIntegerAndHexRoundTrip(@ForAll("u128") UInt128 a) {
        assertEquals(a, UInt128.of(a.toBigInteger()));
        assertEquals(a.toSigned(), Int128.of(a.toSigned().toBigInteger()));
        assertEquals(a, UInt128.parseHex(a.toHex()));
        assertEquals(a.toSigned(), Int128.parseHex("0x" + a.toHex().toLowerCase()));
        assertEquals(a.toBigInteger(), new BigInteger(a.toHex(), 16));
    }
}

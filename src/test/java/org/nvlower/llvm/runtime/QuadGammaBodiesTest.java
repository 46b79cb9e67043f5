package org.nvlower.llvm.runtime;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.nvlower.softfloat.F128Libm;
import org.nvlower.verify.runtime.RuntimeChecker;

/**
 * lgamma's and tgamma's bodies (QuadGammaBodies), run in the interpreter, against the
 * arbitrary-precision reference (softfloat's QuadGammaReference, correctly rounded): bit for bit
 * on random operands of either sign (tiny, [2^-110, 2^11), next to 1 and 2, huge for lgamma), on
 * the thresholds where a body changes formula with both neighbours, and on the integers; next to
 * lgamma's negative zeros (the local expansions of {@link LgammaZeros}) likewise. The 10^5-case
 * run is bench/quad-math/run.
 */
class QuadGammaBodiesTest {

    static RuntimeChecker checker;

    @BeforeAll
    static void build() {
        checker = new RuntimeChecker(RuntimeLibrary.build(List.of(RuntimeFunction.TGAMMA_FP128, RuntimeFunction.LGAMMA_FP128),
                true, null, null));
    }

    private static long[] random(SplittableRandom r, int field, boolean negative) {
        return new long[] {(negative ? Long.MIN_VALUE : 0) | (long) field << 48 | r.nextLong() >>> 16, r.nextLong()};
    }

    private static long[] bits(BigInteger v) {
        return new long[] {v.shiftRight(64).longValue(), v.longValue()};
    }

    private static BigInteger value(long[] x) {
        return BigInteger.valueOf(x[0]).shiftLeft(64).or(new BigInteger(Long.toUnsignedString(x[1])));
    }

    /** The binary128 of p / 2^s moved by d units of the encoding (same sign). */
    static long[] near(long p, int s, long d) {
        long[] x = F128Libm.round(p < 0, BigInteger.valueOf(Math.abs(p)), -s, false);
        return bits(value(x).add(BigInteger.valueOf(d)));
    }

    /** n operands: a fifth each positive [2^-110, 2^11), negative (-2^11, -2^-110), next to 1 or 2, tiny either sign, huge (lgamma) or (1, 2^11). */
    static List<long[]> operands(RuntimeFunction f, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<long[]> list = new ArrayList<>();
        int one = 0x3FFF;
        for (int i = 0; i < n; i++) {
            long[] x = switch (i % 5) {
                case 0 -> random(r, one - 110 + r.nextInt(121), false);
                case 1 -> random(r, one - 110 + r.nextInt(121), true);
                case 2 -> near(r.nextBoolean() ? 1 : 2, 0, (r.nextBoolean() ? 1 : -1) * (1 + (r.nextLong() >>> r.nextInt(1, 64))));
                case 3 -> random(r, r.nextInt(1, one - 110), r.nextBoolean());
                default -> f == RuntimeFunction.LGAMMA_FP128 ? random(r, one + 11 + r.nextInt(0x7FFE - one - 10), false)
                        : random(r, one + r.nextInt(11), false);
            };
            list.add(x);
        }
        return list;
    }

    private static void check(RuntimeFunction f, List<long[]> cases) {
        BodyAssertions.assertAgree(checker, f, cases);
    }

    @ParameterizedTest
    @EnumSource(names = {"TGAMMA_FP128", "LGAMMA_FP128"})
    void bodyEqualsTheReference(RuntimeFunction f) {
        check(f, operands(f, Integer.getInteger("nvlower.gammaCases", 200), 23 + f.ordinal()));
    }

    /** Each threshold p / 2^s where a body changes formula, with both neighbours, either sign. */
    @ParameterizedTest
    @EnumSource(names = {"TGAMMA_FP128", "LGAMMA_FP128"})
    void thresholds(RuntimeFunction f) {
        long[][] points = {{1, 110}, {15, 4}, {17, 4}, {31, 4}, {33, 4}, {1, 2}, {1, 1}, {3, 1}, {48, 0}, {47, 0}, {1800, 0},
            {1755, 0}, {1756, 0}, {3511, 1}, {1799, 0}, {1801, 0}, {3601, 1}, {3599, 1}, {1, 0}, {2, 0}, {3, 0}};
        List<long[]> cases = new ArrayList<>();
        for (long[] p : points) {
            for (long d = -1; d <= 1; d++) {
                cases.add(near(p[0], (int) p[1], d));
                cases.add(near(-p[0], (int) p[1], d));
            }
        }
        long[][] words = {{0, 0}, {0, 1}, {0, 1L << 62}, {0x0000400000000000L, 0}, {0x0000400000000000L, 1}, {0x00003FFFFFFFFFFFL, -1L},
            {0x7FFEFFFFFFFFFFFFL, -1L}, {0x7FFF000000000000L, 0}, {0x7FFF800000000000L, 0}, {0x7FE7000000000000L, 0},
            {0x7FE6FFFFFFFFFFFFL, -1L}, {0x7FF1000000000000L, 0}, {0x406F000000000000L, 0}, {0x406EFFFFFFFFFFFFL, -1L}};
        for (long[] w : words) {
            cases.add(w.clone());
            cases.add(new long[] {w[0] | Long.MIN_VALUE, w[1]});
        }
        check(f, cases);
    }

    /** The integers 1 .. 45 (factorials: 38! is a rounding midpoint) and -1 .. -45 (poles), and the half-integers +-1/2 .. +-89/2. */
    @ParameterizedTest
    @EnumSource(names = {"TGAMMA_FP128", "LGAMMA_FP128"})
    void integersAndHalfIntegers(RuntimeFunction f) {
        List<long[]> cases = new ArrayList<>();
        for (int n = 1; n <= 45; n++) {
            cases.add(near(n, 0, 0));
            cases.add(near(-n, 0, 0));
            cases.add(near(2 * n - 1, 1, 0));
            cases.add(near(-(2 * n - 1), 1, 0));
        }
        check(f, cases);
    }

    /** lgamma's 22 negative zeros in (-13, -2), mpmath at 50 digits (-2.457, -2.747, -3.144, -3.955, ... -12.99999999984). */
    static final String[] ZEROS = {
        "-2.4570247382208006230394541476511795432366", "-2.74768264672741260139148848269149969586164",
        "-3.14358088834998005869435878182022789956667", "-3.95529428485859792853279728324720842355948",
        "-4.03936183974053687423457709637535461968953", "-4.99154464056004772234526012280646572166743",
        "-5.0082181683225935215523681373913697095639", "-5.99860748008087562944240791137191973893887",
        "-6.00138529445315509726198165374177207978897", "-6.99980150789063769789209741186807985054104",
        "-7.00019833340732475160698104644417237833048", "-7.99997519709582066415433614716680737246306",
        "-8.0000248002706819596977101037947886773707", "-8.99999724425097746819435742391477975598566",
        "-9.00000275571482265034636076739217567647969", "-9.99999972442662916646835214442079334581903",
        "-10.0000002755730136466002498674120977624782", "-10.9999999749478900815237750057557417786828",
        "-11.0000000250521068524075443525067731281005", "-11.9999999979123242902039190406645111036916",
        "-12.0000000020876756877775390398839976040957", "-12.9999999998394095615646564473575372941177"};

    /**
     * lgamma next to its negative zeros, where the reflection's terms cancel and the body uses the
     * local expansion of {@link LgammaZeros}: bit for bit on the 5 binary128 nearest each of the
     * table's 78 zeros in (-41, -2) (those in (-13, -2) checked against the independent 50-digit
     * values above), and for every 3rd zero ({@code -Dnvlower.lgammaZeroStride=1}: all) on both ends
     * of its expansion's interval with their neighbours (either formula) and 4 random operands
     * ({@code -Dnvlower.lgammaZeroRandom=N}: N) within 64 R of it (R the interval's half width).
     */
    @org.junit.jupiter.api.Test
    void lgammaNextToItsNegativeZerosIsCorrectlyRounded() {
        SplittableRandom r = new SplittableRandom(2323);
        int stride = Integer.getInteger("nvlower.lgammaZeroStride", 3);
        int randoms = Integer.getInteger("nvlower.lgammaZeroRandom", 4);
        List<long[]> cases = new ArrayList<>();
        for (int j = 0; j < LgammaZeros.count(); j++) {
            BigInteger x0 = LgammaZeros.element(j, LgammaZeros.X0);
            if (j < ZEROS.length) {
                java.math.BigDecimal v = new java.math.BigDecimal(ZEROS[j]);
                long[] x = F128Libm.round(true, v.abs().multiply(java.math.BigDecimal.valueOf(2).pow(112)).toBigInteger(), -112, false);
                assertTrue(value(x).add(BigInteger.ONE.shiftLeft(128)).subtract(x0).abs().compareTo(BigInteger.ONE) <= 0, "zero " + ZEROS[j] + " in the table");
            }
            for (int d = -2; d <= 2; d++) {
                cases.add(bits(x0.add(BigInteger.valueOf(d))));
            }
            if (j % stride != 0) {
                continue;
            }
            BigInteger sign = BigInteger.ONE.shiftLeft(127);
            for (int end = 0; end < 2; end++) {
                for (int d = -1; d <= 1; d++) {
                    cases.add(bits(LgammaZeros.element(j, end).add(BigInteger.valueOf(d)).or(sign)));
                }
            }
            // R in units of the encoding, at least 1 (from about -29 on the interval holds no binary128)
            BigInteger halfWidth = LgammaZeros.element(j, 1).subtract(LgammaZeros.element(j, 0)).shiftRight(1).max(BigInteger.ONE);
            BigInteger range = halfWidth.shiftLeft(7).add(BigInteger.ONE);
            java.util.Random random = new java.util.Random(r.nextLong());
            for (int k = 0; k < randoms; k++) {
                BigInteger off = new BigInteger(range.bitLength() + 16, random).mod(range).subtract(halfWidth.shiftLeft(6));
                cases.add(bits(x0.add(off)));
            }
        }
        check(RuntimeFunction.LGAMMA_FP128, cases);
    }
}

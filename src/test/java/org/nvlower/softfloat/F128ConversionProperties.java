package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.SplittableRandom;

import net.jqwik.api.Example;

import org.nvlower.softfloat.ExactReference.Exact;
import org.nvlower.softfloat.ExactReference.Fmt;
import org.nvlower.softfloat.ExactReference.IntResult;

/**
 * F128's conversions to binary16/32/64 and to i32/i64 against {@link ExactReference}, on operands
 * at the edges of their inline paths (F128.toNarrow, F128.toSigned): results in the top two
 * binades below overflow and at overflow, around a quarter of the smallest subnormal, |a| near 1,
 * 2^31 and 2^63; significands that are ties, just off ties, all ones (a carry into the exponent)
 * or exact; every rounding mode.
 */
class F128ConversionProperties {

    private static final Fmt[] NARROW = {Fmt.B16, Fmt.B32, Fmt.B64};

    /** A binary128 operand with unbiased exponent e and a significand chosen to stress rounding at bit p. */
    private static long[] operand(SplittableRandom r, int e, int p) {
        long hi = r.nextLong() & F128.FRAC_HI;
        long lo = r.nextLong();
        int cut = 112 - (p - 1); // fraction bits below the last kept bit
        BigInteger frac = BigInteger.valueOf(hi).shiftLeft(64).or(new BigInteger(1, longBytes(lo)));
        BigInteger low = BigInteger.ONE.shiftLeft(cut).subtract(BigInteger.ONE);
        switch (r.nextInt(5)) {
            case 0 -> frac = frac.andNot(low).setBit(cut - 1); // a tie
            case 1 -> frac = frac.andNot(low).setBit(cut - 1).setBit(r.nextInt(cut - 1)); // just above
            case 2 -> frac = frac.andNot(low).or(low.shiftRight(1)); // just below a tie
            case 3 -> frac = BigInteger.ONE.shiftLeft(112).subtract(BigInteger.ONE).subtract(BigInteger.valueOf(r.nextInt(3)));
            default -> frac = frac.andNot(low); // exact
        }
        long exp = e + F128.BIAS;
        long h = (r.nextBoolean() ? F128.SIGN : 0) | (exp << 48) | frac.shiftRight(64).longValue();
        return new long[] {h, frac.longValue()};
    }

    private static byte[] longBytes(long v) {
        return java.nio.ByteBuffer.allocate(8).putLong(v).array();
    }

    @Example
    void narrowingAtTheEdgesOfTheInlinePath() {
        SplittableRandom r = new SplittableRandom(0x128C0);
        for (Fmt f : NARROW) {
            int emax = f.emax;
            int eminSub = f.emin - f.fracBits; // exponent of the smallest subnormal
            int[] edges = {emax - 1, emax, emax + 1, emax + 2, eminSub - 3, eminSub - 2, eminSub - 1, eminSub,
                1 - emax, -emax, 0};
            for (int edge : edges) {
                for (int i = 0; i < 40; i++) {
                    long[] a = operand(r, edge, f.p);
                    for (RoundingMode rm : RoundingMode.values()) {
                        Env env = new Env(Specialization.X86);
                        long z = switch (f) {
                            case B16 -> F128.toF16(a[0], a[1], rm, env) & 0xFFFFL;
                            case B32 -> F128.toF32(a[0], a[1], rm, env) & 0xFFFFFFFFL;
                            default -> F128.toF64(a[0], a[1], rm, env);
                        };
                        BigInteger bits = ExactReference.bits(a[0], a[1]);
                        Exact x = ExactReference.decode(Fmt.B128, bits);
                        FloatProperties.check(f, FloatProperties.describe(f, "from binary128", rm, bits),
                                ExactReference.round(f, x, rm), ExactReference.bits(z), env.flags);
                    }
                }
            }
        }
    }

    @Example
    void toIntegersAtTheEdgesOfTheInlinePath() {
        SplittableRandom r = new SplittableRandom(0x128C1);
        int[] edges = {-3, -2, -1, 0, 1, 29, 30, 31, 32, 61, 62, 63, 64};
        for (int edge : edges) {
            for (int i = 0; i < 60; i++) {
                long[] a = operand(r, edge, Math.max(1, Math.min(113, edge + 1)));
                for (RoundingMode rm : RoundingMode.values()) {
                    for (int bits : new int[] {32, 64}) {
                        Env env = new Env(Specialization.X86);
                        long z = bits == 32 ? F128.toI32(a[0], a[1], rm, true, env) : F128.toI64(a[0], a[1], rm, true, env);
                        BigInteger operandBits = ExactReference.bits(a[0], a[1]);
                        IntResult want = ExactReference.toInteger(ExactReference.decode(Fmt.B128, operandBits), rm);
                        boolean fits = want.value().bitLength() < bits;
                        long expected = fits ? want.value().longValue() : bits == 32 ? Integer.MIN_VALUE : Long.MIN_VALUE;
                        int flags = fits ? (want.inexact() ? ExceptionFlags.INEXACT : 0) : ExceptionFlags.INVALID;
                        String what = "binary128 " + operandBits.toString(16) + " to i" + bits + " " + rm;
                        assertEquals(expected, z, what);
                        assertEquals(flags, env.flags, what + " flags");
                    }
                }
            }
        }
    }

    /**
     * F128.fromF16/fromF32/fromF64 (F128.fromNarrow, its NaNs inline) against the general path
     * Narrow.toF128, value and flags: every binary16 pattern; binary32 and binary64 NaNs (quiet
     * and signaling, payloads from one bit to all ones), infinities, zeros, subnormals and normals
     * of both signs; both specializations, with and without daz.
     */
    @Example
    void wideningsToBinary128AgreeWithTheGeneralPath() {
        SplittableRandom r = new SplittableRandom(0x128C3);
        for (int k = 0; k < 0x10000 + 4 * 4096; k++) {
            for (int e = 0; e < 4; e++) {
                Env fast = new Env((e & 1) != 0 ? Specialization.NVPTX : Specialization.X86);
                fast.daz = (e & 2) != 0;
                Env slow = new Env(fast.specialization);
                slow.daz = fast.daz;
                FloatFormat f;
                long a;
                if (k < 0x10000) {
                    f = FloatFormat.BINARY16;
                    a = k;
                    F128.fromF16((short) a, fast);
                } else {
                    boolean wide = (k & 1) != 0;
                    f = wide ? FloatFormat.BINARY64 : FloatFormat.BINARY32;
                    long frac = r.nextLong() >>> r.nextInt(64) & f.fracMask;
                    long exp = switch (k >>> 1 & 3) {
                        case 0 -> f.expMax; // NaN (or infinity)
                        case 1 -> 0; // zero or subnormal
                        default -> r.nextLong(1, f.expMax);
                    };
                    a = (r.nextBoolean() ? f.signBit : 0) | exp << f.fracBits | frac;
                    if (wide) {
                        F128.fromF64(a, fast);
                    } else {
                        F128.fromF32((int) a, fast);
                    }
                }
                Narrow.toF128(f, a, slow);
                String what = f + " " + Long.toHexString(a) + " to binary128 env " + e;
                assertEquals(Long.toHexString(slow.zHi), Long.toHexString(fast.zHi), what + " hi");
                assertEquals(Long.toHexString(slow.zLo), Long.toHexString(fast.zLo), what + " lo");
                assertEquals(slow.flags, fast.flags, what + " flags");
            }
        }
    }

    /**
     * F128.toSigned (inline: the mode's increment, the range check, the invalid results) against
     * the general path F128.toInt, value and flags: every exponent from 1/2 to 2^66, 2^16383 and
     * the infinities/NaNs; significands exact, all ones (a carry into 2^64 from [2^64 - 1, 2^64)),
     * ties, just above and below a tie at the integer's last place, one sticky bit at the bottom,
     * random; both signs, every mode, both specializations, INEXACT asked for or not. Among them
     * -2^63 and -2^63 - x for x in (0, 1) (which fit i64 unless the mode rounds away), 2^e + x
     * (k >= 16: the integer part a power of two) and NaNs.
     */
    @Example
    void toIntegersAgreeWithTheGeneralPath() {
        SplittableRandom r = new SplittableRandom(0x128C2);
        for (int exp = F128.BIAS - 1; exp <= F128.EXP_MAX; exp = exp == F128.BIAS + 66 ? F128.EXP_MAX - 1 : exp + 1) {
            int e = exp - F128.BIAS; // the integer's last place is bit 112 - e of the significand
            int cut = Math.max(0, Math.min(112, 112 - e)); // fraction bits below the integer's last place
            for (int k = 0; k < 24; k++) {
                BigInteger low = BigInteger.ONE.shiftLeft(cut).subtract(BigInteger.ONE);
                BigInteger frac = new BigInteger(112, new java.util.Random(r.nextLong()));
                if (k >= 16) {
                    frac = frac.and(low); // the integer part 2^e itself (2^63 + x among them)
                }
                frac = switch (k % 8) {
                    case 0 -> BigInteger.ZERO; // a power of two
                    case 1 -> BigInteger.ONE.shiftLeft(112).subtract(BigInteger.ONE); // all ones
                    case 2 -> cut == 0 ? frac : frac.andNot(low).setBit(cut - 1); // a tie
                    case 3 -> cut == 0 ? frac : frac.andNot(low).setBit(cut - 1).setBit(0); // just above
                    case 4 -> frac.andNot(low).or(low.shiftRight(1)); // just below a tie
                    case 5 -> frac.andNot(low); // exact
                    case 6 -> frac.andNot(low).setBit(0); // one sticky bit
                    default -> frac;
                };
                for (long sign : new long[] {0, F128.SIGN}) {
                    long hi = sign | ((long) exp << 48) | frac.shiftRight(64).longValue();
                    long lo = frac.longValue();
                    for (RoundingMode rm : RoundingMode.values()) {
                        for (Specialization sp : new Specialization[] {Specialization.X86, Specialization.NVPTX}) {
                            for (boolean exact : new boolean[] {true, false}) {
                                for (IntFormat t : new IntFormat[] {IntFormat.I32, IntFormat.I64}) {
                                    Env fast = new Env(sp);
                                    Env slow = new Env(sp);
                                    long got = t == IntFormat.I32 ? F128.toI32(hi, lo, rm, exact, fast)
                                            : F128.toI64(hi, lo, rm, exact, fast);
                                    long want = F128.toInt(hi, lo, t, rm, exact, slow);
                                    if (t == IntFormat.I32) {
                                        want = (int) want;
                                    }
                                    String what = String.format("binary128 %016x %016x to %s %s %s exact %s", hi, lo, t,
                                            rm, sp, exact);
                                    assertEquals(want, got, what);
                                    assertEquals(slow.flags, fast.flags, what + " flags");
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /**
     * |a| < 1 to i32/i64 (F128.belowOne: 0 or +-1 by the mode and the sign, selected by
     * arithmetic): +-0, subnormals, tiny values, +-1/2 (a tie) and its neighbours, values just
     * below 1; exact and inexact-silent forms, every mode.
     */
    @Example
    void toIntegersBelowOne() {
        long[][] mags = {
            {0, 0}, {0, 1}, {0x0000FFFFFFFFFFFFL, -1L}, {0x0001000000000000L, 0}, {0x3F00123456789ABCL, 7},
            {0x3FFD000000000000L, 0}, {0x3FFDFFFFFFFFFFFFL, -1L}, {0x3FFE000000000000L, 0}, {0x3FFE000000000000L, 1},
            {0x3FFE800000000000L, 0}, {0x3FFEFFFFFFFFFFFFL, -1L},
        };
        for (long[] m : mags) {
            for (long sign : new long[] {0, F128.SIGN}) {
                long hi = m[0] | sign;
                BigInteger operandBits = ExactReference.bits(hi, m[1]);
                for (RoundingMode rm : RoundingMode.values()) {
                    IntResult want = ExactReference.toInteger(ExactReference.decode(Fmt.B128, operandBits), rm);
                    for (boolean exact : new boolean[] {true, false}) {
                        Env env = new Env(Specialization.X86);
                        long z32 = F128.toI32(hi, m[1], rm, exact, env);
                        long z64 = F128.toI64(hi, m[1], rm, exact, env);
                        String what = "binary128 " + operandBits.toString(16) + " to i32/i64 " + rm + " exact " + exact;
                        assertEquals(want.value().longValue(), z32, what);
                        assertEquals(want.value().longValue(), z64, what);
                        assertEquals(want.inexact() && exact ? ExceptionFlags.INEXACT : 0, env.flags, what + " flags");
                    }
                }
            }
        }
    }
}

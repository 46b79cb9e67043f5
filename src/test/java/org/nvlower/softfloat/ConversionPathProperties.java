package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Example;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * The conversions' public entry points (which try {@link ConversionPath} first) against the
 * general path ({@link Narrow}) called directly: value and flags, all six modes, both
 * specializations, every ftz/daz setting. Sources are biased to the targets' range ends (the
 * smallest normal, the largest finite, ties and near-ties at the target precision, subnormals,
 * values next to 2^31 and 2^63 and halfway between integers) as well as zeros, infinities, NaNs.
 */
class ConversionPathProperties {

    static final int TRIES = 100;
    static final int CASES = 1000;
    static final FloatFormat[] NARROW = {FloatFormat.BINARY16, FloatFormat.BFLOAT16, FloatFormat.BINARY32,
        FloatFormat.BINARY64};
    static long checked, inexact, tiny, overflow, invalid;

    /**
     * Long -> binary32 at the edges of its fast path: exact values (whose ulp is below one, so a
     * tie test 2|t| == ulp would read 0 == 0) raise nothing in any mode, and the residual's side
     * and the sign pick the neighbour (2^24 + 1 and 2^24 + 3 are ties, 2^25 + 1 is not).
     */
    @Example
    void longToBinary32ExactTiesAndNeighbours() {
        long[] sources = {-8158, 8158, 1, -1, (1L << 24) + 1, -(1L << 24) - 1, (1L << 24) + 3, -(1L << 24) - 3,
            (1L << 25) + 1, -(1L << 25) - 1, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1};
        for (long n : sources) {
            assertLongToBinary32AsTheGeneralPath(n);
        }
    }

    /** F32.fromI64 of n against Narrow's general path in every mode, value and flags. */
    private static void assertLongToBinary32AsTheGeneralPath(long n) {
        for (RoundingMode rm : RoundingMode.values()) {
            Env fast = new Env();
            Env slow = new Env();
            long want = Narrow.fromInt64(FloatFormat.BINARY32, n, true, rm, slow);
            long got = F32.fromI64(n, rm, fast) & 0xFFFFFFFFL;
            assertEquals(Long.toHexString(want), Long.toHexString(got), n + " " + rm);
            assertEquals(slow.flags, fast.flags, n + " " + rm + " flags");
        }
    }

    /**
     * Long -> binary32 (ConversionPath.i64To32, on the long's bits) against the general path at
     * every leading-one position p: 2^p and its neighbours, the ties 2^p + 2^(p-24) (+- 1 and
     * with a low sticky bit), the last place's carries (2^(p+1) - 1, - 2^(p-24), the largest
     * below the tie to 2^(p+1)), random low bits; both signs, Long.MIN_VALUE, every mode.
     */
    @Example
    void longToBinary32AtEveryLeadingBit() {
        SplittableRandom r = new SplittableRandom(0x164F32);
        java.util.List<Long> sources = new java.util.ArrayList<>(java.util.List.of(Long.MIN_VALUE, Long.MIN_VALUE + 1, 0L));
        for (int p = 0; p < 63; p++) {
            long top = 1L << p;
            long half = p >= 24 ? 1L << (p - 24) : 0; // half the last place of a float at 2^p
            long[] around = {top, top + 1, top + 2, top + 3, top - 1, top + half, top + half + 1, top + half - 1,
                top + 3 * half, top + 3 * half - 1, (top << 1) - 1, (top << 1) - half, (top << 1) - half - 1,
                (top << 1) - 2 * half, top | (r.nextLong() & (top - 1)), top | (r.nextLong() & (top - 1)) | 1};
            for (long n : around) {
                if (n > 0) {
                    sources.add(n);
                    sources.add(-n);
                }
            }
        }
        for (long n : sources) {
            assertLongToBinary32AsTheGeneralPath(n);
        }
    }

    /**
     * The narrowing conversions' normal-range exits (DoubleRounding.normal16/
     * normalBF16/normal32) at every boundary: for every 16-bit pattern p, binary32 sources at
     * p's binary16 and bfloat16 values and at the midpoints above them, each exact and one
     * binary32 ulp either side, and binary64 sources likewise around binary32 values and
     * midpoints, in one mode per pattern (all six over the patterns), as the general path converts them (value and flags).
     */
    @Example
    void narrowingsAtEveryBoundary() {
        int[] offsets = {0, 1, -1};
        for (int p = 0; p < 0x10000; p++) {
            int half = Float.floatToRawIntBits(Float.float16ToFloat((short) p));
            RoundingMode rm = RoundingMode.values()[p % 6]; // one mode per pattern, rotating
            for (int mid = 0; mid < 2; mid++) {
                for (int d : offsets) {
                    int x16 = half + (mid << 12) + d; // binary16's dropped 13 bits: midpoint at 2^12
                    int xbf = (p << 16) + (mid << 15) + d; // bfloat16's 16: midpoint at 2^15
                    long x32 = ((long) (p * 0x9E3779B9) << 29) + ((long) mid << 28) + d; // binary32's 29
                    checkNarrowing(FloatFormat.BINARY32, x16 & 0xFFFFFFFFL, FloatFormat.BINARY16, rm);
                    checkNarrowing(FloatFormat.BINARY32, xbf & 0xFFFFFFFFL, FloatFormat.BFLOAT16, rm);
                    checkNarrowing(FloatFormat.BINARY64, x32, FloatFormat.BINARY32, rm);
                    checkNarrowing(FloatFormat.BINARY64, Double.doubleToRawLongBits(Float.intBitsToFloat(x16)),
                            FloatFormat.BINARY16, rm);
                }
            }
        }
    }

    private static void checkNarrowing(FloatFormat f, long a, FloatFormat g, RoundingMode rm) {
        Env fast = new Env(Specialization.X86);
        Env slow = new Env(Specialization.X86);
        long got = convert(f, a, g, rm, fast);
        long want = Narrow.convert(f, a, g, rm, slow);
        String what = f + "->" + g + " " + rm + " " + Long.toHexString(a);
        assertEquals(Long.toHexString(want), Long.toHexString(got), what);
        assertEquals(slow.flags, fast.flags, what + " flags");
    }

    /**
     * The conversions to i32/i64 (ConversionPath.integral and the inline INVALID results) and the
     * narrowings' far exits (DoubleRounding.overflow/underflow, ConversionPath.far) on their
     * boundaries, against the general path: every binary16 pattern in every mode, and binary32/binary64 sources
     * at and one ulp around the integers' range ends (2^31, 2^63, -2^31 - 1/2 ...), ties at 1/2,
     * 3/2, 5/2, the largest double below 1/2, the smallest subnormal, 2^52 + 1, and the targets'
     * overflow and far-underflow thresholds (2^16, 2^128, 2^-25, 2^-134, 2^-150); every mode,
     * both specializations, with and without daz and ftz, INEXACT asked for or not.
     */
    @Example
    void integerAndFarBoundaries() {
        double[] points = {0x1p31, 0x1p63, 0x1p31 - 0.5, 0x1p31 + 0.5, 0x1p31 - 1, 0x1p31 + 1, 0x1p63 - 1024,
            0x1p63 + 2048, 0.5, 1.5, 2.5, 3.5, 0x1.fffffffffffffp-2, Double.MIN_VALUE, 0x1p52 + 1, 0x1p53 - 1,
            0x1p52 - 0.5, 0x1p-1022, 0x1p-1023, 0.0, 1.0, 2.0, 3.0, 0x1p16, 65504, 65520, 0x1p128, 0x1.fffffep127,
            0x1.ffffffp127, 0x1p-25, 0x1p-24, 0x1p-14, 0x1p-134, 0x1p-133, 0x1p-150, 0x1p-149, 0x1p-126,
            0x1.ffp-15, 0x1.ffcp-15, 3.0 * 0x1p-26, Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NaN};
        for (double p : points) {
            for (double v : new double[] {p, -p, Math.nextUp(p), -Math.nextUp(p), Math.nextDown(p), -Math.nextDown(p)}) {
                long d = Double.doubleToRawLongBits(v);
                float f = (float) v;
                long s = Float.floatToRawIntBits(f) & 0xFFFFFFFFL;
                long sUp = (Float.floatToRawIntBits(Math.nextUp(f)) & 0xFFFFFFFFL);
                for (RoundingMode rm : RoundingMode.values()) {
                    for (int e : new int[] {0, 1, 2 + (int) ((d ^ rm.ordinal()) & 5)}) { // both specializations, a flush
                        checkAll(FloatFormat.BINARY64, d, rm, e);
                        checkAll(FloatFormat.BINARY32, s, rm, e);
                        checkAll(FloatFormat.BINARY32, sUp, rm, e);
                    }
                }
            }
        }
        checkAll(FloatFormat.BINARY64, 0x7FF0000000000001L, RoundingMode.MIN, 0); // signaling NaNs
        checkAll(FloatFormat.BINARY32, 0x7F800001L, RoundingMode.MAX, 1);
        for (int p = 0; p < 0x10000; p++) { // every binary16 pattern in every mode, one env each
            for (RoundingMode rm : RoundingMode.values()) {
                checkAll(FloatFormat.BINARY16, p, rm, ((p >>> 13) + rm.ordinal()) & 3);
            }
        }
        for (int p = 0; p < 0x10000; p += 5) { // a fifth of the bfloat16 patterns
            checkAll(FloatFormat.BFLOAT16, p, RoundingMode.values()[(p >>> 3) % 6], p & 7);
        }
    }

    /** Source a of f to i32, i64 and (where narrower) every other format: env bits e = specialization, daz, ftz. */
    private static void checkAll(FloatFormat f, long a, RoundingMode rm, int e) {
        for (int k = 0; k < 4 + NARROW.length; k++) {
            Env fast = new Env((e & 1) != 0 ? Specialization.NVPTX : Specialization.X86);
            fast.daz = (e & 2) != 0;
            fast.ftz = (e & 4) != 0;
            Env slow = new Env(fast.specialization);
            slow.daz = fast.daz;
            slow.ftz = fast.ftz;
            long got;
            long want;
            String what;
            if (k < 4) {
                boolean exact = (k & 1) != 0;
                IntFormat t = k < 2 ? IntFormat.I32 : IntFormat.I64;
                got = toInt(f, a, t == IntFormat.I64, rm, exact, fast);
                want = Narrow.toInt(f, a, t, rm, exact, slow);
                if (t == IntFormat.I32) {
                    got = (int) got;
                    want = (int) want;
                }
                what = f + "->" + t + " exact=" + exact;
            } else {
                FloatFormat g = NARROW[k - 4];
                if (g == f) {
                    continue;
                }
                got = convert(f, a, g, rm, fast);
                want = Narrow.convert(f, a, g, widens(f, g) ? RoundingMode.NEAR_EVEN : rm, slow);
                what = f + "->" + g;
            }
            what += " " + rm + " " + Long.toHexString(a) + " env " + e;
            assertEquals(Long.toHexString(want), Long.toHexString(got), what);
            assertEquals(slow.flags, fast.flags, what + " flags");
        }
    }

    /**
     * binary16 to i32 and i64 (F16.toI32/toI64: round to odd on the pattern's bits, the other
     * modes through the double): every one of the 65,536 patterns, every mode, exact or not, both
     * specializations, every ftz/daz setting, against the general path ({@link Narrow#toInt}); and
     * the finite patterns' values and INEXACT, daz off, against {@link ExactReference}'s integer
     * rounding (BigInteger arithmetic).
     */
    @Example
    void binary16ToIntegersOfEveryPattern() {
        int exactChecked = 0;
        for (RoundingMode rm : RoundingMode.values()) {
            for (int bits = 0; bits < 0x10000; bits++) {
                short a = (short) bits;
                for (int setting = 0; setting < 16; setting++) {
                    Specialization spec = (setting & 1) == 0 ? Specialization.X86 : Specialization.NVPTX;
                    boolean exact = (setting & 2) != 0;
                    for (int wide = 0; wide < 2; wide++) {
                        Env fast = Envs.of(spec, (setting & 4) != 0, (setting & 8) != 0);
                        Env slow = Envs.sameSettings(fast);
                        long got = wide == 1 ? F16.toI64(a, rm, exact, fast) : F16.toI32(a, rm, exact, fast);
                        long want = Narrow.toInt(FloatFormat.BINARY16, bits, wide == 1 ? IntFormat.I64 : IntFormat.I32, rm,
                                exact, slow);
                        if (got != want || fast.flags != slow.flags) { // the message only for a failure: 12.6 M cases
                            String what = "f16 " + Integer.toHexString(bits) + (wide == 1 ? "->i64 " : "->i32 ") + rm
                                    + " exact=" + exact + " " + spec + " ftz=" + fast.ftz + " daz=" + fast.daz;
                            assertEquals(Long.toHexString(want), Long.toHexString(got), what);
                            assertEquals(slow.flags, fast.flags, what + " flags");
                        }
                    }
                }
                java.math.BigInteger b = java.math.BigInteger.valueOf(bits);
                if (ExactReference.isFinite(ExactReference.Fmt.B16, b)) {
                    ExactReference.IntResult ir = ExactReference.toInteger(ExactReference.decode(ExactReference.Fmt.B16, b), rm);
                    Env env = new Env(Specialization.X86);
                    String what = "f16 " + Integer.toHexString(bits) + " " + rm;
                    assertEquals(ir.value().longValueExact(), F16.toI64(a, rm, true, env), what + " ->i64");
                    assertEquals(ir.inexact() ? ExceptionFlags.INEXACT : 0, env.flags, what + " ->i64 flags");
                    env = new Env(Specialization.X86);
                    assertEquals(ir.value().intValueExact(), F16.toI32(a, rm, true, env), what + " ->i32");
                    assertEquals(ir.inexact() ? ExceptionFlags.INEXACT : 0, env.flags, what + " ->i32 flags");
                    exactChecked++;
                }
            }
        }
        assertTrue(exactChecked == 6 * (0x10000 - 2 * 0x400), "checked " + exactChecked);
    }

    /**
     * Long -> binary32 (F32.fromI64) against exact BigInteger arithmetic, every mode: |n| cut to
     * its leading 24 bits, the remainder against half the last place picks the increment, INEXACT
     * when the remainder is not zero. Sources: random longs of every length, and ties, their
     * neighbours and last-place carries at a random leading bit, both signs.
     */
    @Property(tries = TRIES)
    void longToBinary32AsExactArithmetic(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < CASES; i++) {
            long n = r.nextLong() >> r.nextInt(64);
            if (r.nextInt(4) == 0) { // a tie 2^p + 2^(p-24) (times an odd count), one off it, or 2^(p+1) - a little
                int p = r.nextInt(24, 63);
                long top = 1L << p;
                long low = (1L << (p - 24)) * (2 * r.nextInt(1 << 10) + 1) + r.nextInt(-1, 2);
                n = (r.nextBoolean() ? top + (low & (top - 1)) : (top << 1) - r.nextInt(1, 4)) * (r.nextBoolean() ? 1 : -1);
            }
            RoundingMode rm = RoundingMode.values()[r.nextInt(6)];
            Env env = new Env();
            long got = F32.fromI64(n, rm, env) & 0xFFFFFFFFL;
            java.math.BigInteger mag = java.math.BigInteger.valueOf(n).abs();
            boolean negative = n < 0;
            int shift = Math.max(0, mag.bitLength() - 24);
            java.math.BigInteger q = mag.shiftRight(shift);
            java.math.BigInteger rest = mag.subtract(q.shiftLeft(shift));
            int toHalf = shift == 0 ? -1 : rest.shiftLeft(1).compareTo(java.math.BigInteger.ONE.shiftLeft(shift));
            boolean inexact = rest.signum() != 0;
            boolean up = switch (rm) {
                case NEAR_EVEN -> toHalf > 0 || (toHalf == 0 && q.testBit(0));
                case NEAR_MAX_MAG -> toHalf >= 0;
                case MIN_MAG, ODD -> false;
                case MIN -> inexact && negative;
                case MAX -> inexact && !negative;
            };
            if (up) {
                q = q.add(java.math.BigInteger.ONE);
            } else if (rm == RoundingMode.ODD && inexact) {
                q = q.setBit(0);
            }
            float magnitude = q.shiftLeft(shift).floatValue(); // exact: at most 25 significant bits, the 25th a carry
            long want = (Float.floatToRawIntBits(magnitude) | (negative ? 0x80000000 : 0)) & 0xFFFFFFFFL;
            assertEquals(Long.toHexString(want), Long.toHexString(got), n + " " + rm);
            assertEquals(inexact ? ExceptionFlags.INEXACT : 0, env.flags, n + " " + rm + " flags");
        }
    }

    @Property(tries = TRIES)
    void conversionsEqualTheGeneralPath(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < CASES; i++) {
            RoundingMode rm = RoundingMode.values()[r.nextInt(6)];
            Env fast = env(r);
            Env slow = Envs.sameSettings(fast);
            FloatFormat f = NARROW[r.nextInt(4)];
            FloatFormat g = NARROW[r.nextInt(4)];
            long a = source(r, f, g);
            long got;
            long want;
            String what;
            switch (r.nextInt(4)) {
                case 0 -> { // format to format
                    if (f == g) {
                        continue;
                    }
                    got = convert(f, a, g, rm, fast);
                    want = Narrow.convert(f, a, g, widens(f, g) ? RoundingMode.NEAR_EVEN : rm, slow);
                    what = f + "->" + g;
                }
                case 1 -> { // to i32
                    boolean exact = r.nextBoolean();
                    got = toInt(f, a, false, rm, exact, fast);
                    want = Narrow.toInt(f, a, IntFormat.I32, rm, exact, slow);
                    what = f + "->i32 exact=" + exact;
                }
                case 2 -> { // to i64
                    boolean exact = r.nextBoolean();
                    got = toInt(f, a, true, rm, exact, fast);
                    want = Narrow.toInt(f, a, IntFormat.I64, rm, exact, slow);
                    what = f + "->i64 exact=" + exact;
                }
                default -> { // from i32 / i64
                    boolean wide = r.nextBoolean();
                    long n = integer(r, wide);
                    a = n;
                    got = fromInt(g, n, wide, rm, fast);
                    want = Narrow.fromInt64(g, n, true, rm, slow);
                    what = (wide ? "i64" : "i32") + "->" + g;
                }
            }
            what += " " + rm + " " + Long.toHexString(a) + " ftz=" + fast.ftz + " daz=" + fast.daz;
            assertEquals(Long.toHexString(want), Long.toHexString(got), what);
            assertEquals(slow.flags, fast.flags, what + " flags");
            checked++;
            inexact += slow.flags & ExceptionFlags.INEXACT;
            tiny += (slow.flags & ExceptionFlags.UNDERFLOW) != 0 ? 1 : 0;
            overflow += (slow.flags & ExceptionFlags.OVERFLOW) != 0 ? 1 : 0;
            invalid += (slow.flags & ExceptionFlags.INVALID) != 0 ? 1 : 0;
        }
    }

    @AfterContainer
    static void theHardCasesOccurred() {
        assertTrue(inexact > checked / 10, "inexact: " + inexact + " of " + checked);
        assertTrue(tiny > checked / 200, "tiny: " + tiny);
        assertTrue(overflow > checked / 200, "overflow: " + overflow);
        assertTrue(invalid > checked / 200, "invalid: " + invalid);
    }

    static boolean widens(FloatFormat f, FloatFormat g) {
        return g.fracBits >= f.fracBits && g.expBits >= f.expBits;
    }

    /** f's value a converted to g through the public API (mode ignored where exact). */
    static long convert(FloatFormat f, long a, FloatFormat g, RoundingMode rm, Env env) {
        return switch (f) {
            case BINARY16 -> switch (g) {
                case BFLOAT16 -> F16.toBF16((short) a, rm, env) & 0xFFFFL;
                case BINARY32 -> F16.toF32((short) a, env) & 0xFFFFFFFFL;
                default -> F16.toF64((short) a, env);
            };
            case BFLOAT16 -> switch (g) {
                case BINARY16 -> BF16.toF16((short) a, rm, env) & 0xFFFFL;
                case BINARY32 -> BF16.toF32((short) a, env) & 0xFFFFFFFFL;
                default -> BF16.toF64((short) a, env);
            };
            case BINARY32 -> switch (g) {
                case BINARY16 -> F32.toF16((int) a, rm, env) & 0xFFFFL;
                case BFLOAT16 -> F32.toBF16((int) a, rm, env) & 0xFFFFL;
                default -> F32.toF64((int) a, env);
            };
            default -> switch (g) {
                case BINARY16 -> F64.toF16(a, rm, env) & 0xFFFFL;
                case BFLOAT16 -> F64.toBF16(a, rm, env) & 0xFFFFL;
                default -> F64.toF32(a, rm, env) & 0xFFFFFFFFL;
            };
        };
    }

    static long toInt(FloatFormat f, long a, boolean i64, RoundingMode rm, boolean exact, Env env) {
        return switch (f) {
            case BINARY16 -> i64 ? F16.toI64((short) a, rm, exact, env) : F16.toI32((short) a, rm, exact, env);
            case BFLOAT16 -> i64 ? BF16.toI64((short) a, rm, exact, env) : BF16.toI32((short) a, rm, exact, env);
            case BINARY32 -> i64 ? F32.toI64((int) a, rm, exact, env) : F32.toI32((int) a, rm, exact, env);
            default -> i64 ? F64.toI64(a, rm, exact, env) : F64.toI32(a, rm, exact, env);
        };
    }

    static long fromInt(FloatFormat g, long n, boolean i64, RoundingMode rm, Env env) {
        return switch (g) {
            case BINARY16 -> (i64 ? F16.fromI64(n, rm, env) : F16.fromI32((int) n, rm, env)) & 0xFFFFL;
            case BFLOAT16 -> (i64 ? BF16.fromI64(n, rm, env) : BF16.fromI32((int) n, rm, env)) & 0xFFFFL;
            case BINARY32 -> (i64 ? F32.fromI64(n, rm, env) : F32.fromI32((int) n, rm, env)) & 0xFFFFFFFFL;
            default -> i64 ? F64.fromI64(n, rm, env) : F64.fromI32((int) n, env);
        };
    }

    private static long pack(FloatFormat f, boolean negative, long exp, long frac) {
        exp = Math.max(0, Math.min(f.expMax, exp));
        return (negative ? f.signBit : 0) | (exp << f.fracBits) | (frac & f.fracMask);
    }

    /** A value of f placed near where g's rounding or range changes, or an integer boundary, or anywhere. */
    static long source(SplittableRandom r, FloatFormat f, FloatFormat g) {
        boolean neg = r.nextBoolean();
        int shift = f.fracBits - Math.min(f.fracBits, g.fracBits); // bits below g's precision
        return switch (r.nextInt(10)) {
            case 0, 1 -> HardwarePathProperties.operand(r, f); // zeros, subnormals, infinities, NaNs, anything
            case 2 -> { // g's smallest normal and below, in f
                long e = f.bias - g.bias + 1 - r.nextInt(-2, g.fracBits + 3);
                yield pack(f, neg, e, r.nextLong());
            }
            case 3 -> pack(f, neg, f.bias + g.bias - r.nextInt(-1, 3), r.nextLong()); // g's largest
            case 4 -> { // a tie or near-tie at g's precision
                long frac = r.nextLong() & ~((1L << shift) - 1);
                if (shift > 0) {
                    frac |= (1L << (shift - 1)) + r.nextLong(-1, 2);
                }
                yield pack(f, neg, f.bias + r.nextInt(-10, 11), frac);
            }
            case 5 -> { // near 2^31 or 2^63
                int p = r.nextBoolean() ? 31 : 63;
                yield pack(f, neg, f.bias + p - r.nextInt(-1, 2), r.nextBoolean() ? 0 : r.nextLong() >>> r.nextInt(64));
            }
            case 6 -> { // a small number: halfway between integers, or near one
                long e = f.bias + r.nextInt(-2, 12);
                long frac = r.nextLong() >>> r.nextInt(f.fracBits);
                yield pack(f, neg, e, frac);
            }
            default -> pack(f, neg, f.bias + r.nextInt(-30, 31), r.nextLong());
        };
    }

    static long integer(SplittableRandom r, boolean wide) {
        long n = switch (r.nextInt(4)) {
            case 0 -> r.nextLong() >> r.nextInt(64);
            case 1 -> (1L << r.nextInt(1, 63)) + r.nextLong(-3, 4); // powers of two and their neighbours
            case 2 -> { // ties at 11, 8, 24 or 53 bits
                int p = new int[] {8, 11, 24, 53}[r.nextInt(4)];
                int lead = r.nextInt(p, 63);
                long m = (1L << lead) | (r.nextLong() >>> (64 - lead));
                yield (m & -(1L << (lead - p))) | (1L << (lead - p)) + r.nextLong(-1, 2);
            }
            default -> r.nextBoolean() ? Long.MIN_VALUE + r.nextInt(4) : Long.MAX_VALUE - r.nextInt(4);
        };
        n = r.nextBoolean() ? -n : n;
        return wide ? n : (int) n;
    }

    private static Env env(SplittableRandom r) {
        Env e = new Env(r.nextBoolean() ? Specialization.X86 : Specialization.NVPTX);
        e.ftz = r.nextInt(4) == 0;
        e.daz = r.nextInt(4) == 0;
        return e;
    }
}

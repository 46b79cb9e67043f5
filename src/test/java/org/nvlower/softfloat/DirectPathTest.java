package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.nvlower.softfloat.ExactReference.Exact;
import org.nvlower.softfloat.ExactReference.Fmt;
import org.nvlower.softfloat.ExactReference.Rounded;

/**
 * The direct paths of {@link Narrow} against the binary128 route ({@link Via128}), bit for bit
 * and flag for flag, on biased random operands of all four narrow formats, in all six rounding
 * modes and both specializations; and env's ftz/daz against {@link ExactReference} with the
 * flush applied to its result (tininess after rounding).
 */
class DirectPathTest {

    static final int CASES = 60_000;
    private static final FloatFormat[] FORMATS = {
        FloatFormat.BINARY16, FloatFormat.BFLOAT16, FloatFormat.BINARY32, FloatFormat.BINARY64};

    /** Operand bits of format f: every class, biased to exponent extremes and near {@code near}. */
    static long operand(SplittableRandom r, FloatFormat f, long near) {
        long frac = switch (r.nextInt(5)) {
            case 0 -> 0;
            case 1 -> f.fracMask;
            case 2 -> 1L << r.nextInt(f.fracBits);
            case 3 -> f.fracMask ^ (1L << r.nextInt(f.fracBits));
            default -> r.nextLong() & f.fracMask;
        };
        int exp = switch (r.nextInt(12)) {
            case 0 -> 0;
            case 1 -> f.expMax;
            case 2 -> r.nextInt(1, 4);
            case 3 -> f.expMax - r.nextInt(1, 4);
            case 4, 5, 6 -> near >= 0 ? Math.max(0, Math.min(f.expMax, f.exp(near) + r.nextInt(-f.fracBits - 3, f.fracBits + 4))) : f.bias;
            case 7 -> f.bias + r.nextInt(-3, 4);
            default -> r.nextInt(f.expMax + 1);
        };
        if (exp == f.expMax && frac != 0 && r.nextBoolean()) {
            frac |= f.quietBit;
        }
        long sign = r.nextBoolean() ? f.signBit : 0;
        return sign | ((long) exp << f.fracBits) | frac;
    }


    @Test
    void directPathsEqualTheBinary128Route() {
        SplittableRandom r = new SplittableRandom(0x5EED_D1EC7L);
        long checked = 0;
        for (int i = 0; i < CASES; i++) {
            for (FloatFormat f : FORMATS) {
                long a = operand(r, f, -1);
                long b = operand(r, f, a);
                long c = operand(r, f, r.nextBoolean() ? a : -1);
                RoundingMode rm = RoundingMode.values()[r.nextInt(RoundingMode.values().length)];
                Env e1 = new Env(r.nextBoolean() ? Specialization.X86 : Specialization.NVPTX);
                Env e2 = new Env(e1.specialization);
                int op = r.nextInt(8);
                long direct;
                long via;
                String what;
                switch (op) {
                    case 0, 1 -> {
                        direct = Narrow.add(f, a, b, op == 1, rm, e1);
                        via = Via128.add(f, a, b, op == 1, rm, e2);
                        what = op == 0 ? "add" : "sub";
                    }
                    case 2 -> {
                        direct = Narrow.mul(f, a, b, rm, e1);
                        via = Via128.mul(f, a, b, rm, e2);
                        what = "mul";
                    }
                    case 3 -> {
                        direct = Narrow.div(f, a, b, rm, e1);
                        via = Via128.div(f, a, b, rm, e2);
                        what = "div";
                    }
                    case 4 -> {
                        direct = Narrow.mulAdd(f, a, b, c, rm, e1);
                        via = Via128.mulAdd(f, a, b, c, rm, e2);
                        what = "mulAdd";
                    }
                    case 5 -> {
                        direct = Narrow.sqrt(f, a, rm, e1);
                        via = Via128.sqrt(f, a, rm, e2);
                        what = "sqrt";
                    }
                    case 6 -> {
                        FloatFormat g = FORMATS[r.nextInt(FORMATS.length)];
                        direct = Narrow.convert(f, a, g, rm, e1);
                        via = Via128.convert(f, a, g, rm, e2);
                        what = "convert to " + g;
                    }
                    default -> {
                        IntFormat t = IntFormat.values()[r.nextInt(IntFormat.values().length)];
                        boolean exact = r.nextBoolean();
                        long x = r.nextInt(4) == 0 ? r.nextLong() >> r.nextInt(64) : 0;
                        if (x != 0) {
                            boolean signed = r.nextBoolean();
                            direct = Narrow.fromInt64(f, x, signed, rm, e1);
                            via = Via128.fromInt64(f, x, signed, rm, e2);
                            what = "from " + (signed ? "i64 " : "u64 ") + Long.toHexString(x);
                        } else {
                            direct = Narrow.toInt(f, a, t, rm, exact, e1);
                            via = Via128.toInt(f, a, t, rm, exact, e2);
                            what = "to " + t + (exact ? " exact" : "");
                        }
                    }
                }
                String msg = f + " " + what + " " + rm + " " + e1.specialization + " a=" + Long.toHexString(a)
                        + " b=" + Long.toHexString(b) + " c=" + Long.toHexString(c);
                assertEquals(Long.toHexString(via), Long.toHexString(direct), msg);
                assertEquals(e2.flags, e1.flags, msg + " flags");
                checked++;
            }
        }
        assertEquals(CASES * 4L, checked);
    }

    // ------------------------------------------------------------------ ftz and daz

    private static Fmt fmt(FloatFormat f) {
        return switch (f) {
            case BINARY16 -> Fmt.B16;
            case BFLOAT16 -> Fmt.BF16;
            case BINARY32 -> Fmt.B32;
            case BINARY64 -> Fmt.B64;
        };
    }

    /** The reference result with DAZ inputs and FTZ on the rounded result (tiny: UNDERFLOW, or subnormal bits). */
    private static Rounded flush(Fmt g, FloatFormat f, Rounded x, boolean ftz) {
        long bits = x.bits().longValue();
        boolean subnormal = f.exp(bits) == 0 && !f.isZero(bits);
        boolean tiny = (x.flags() & ExceptionFlags.UNDERFLOW) != 0 || subnormal;
        if (ftz && tiny) {
            return new Rounded(BigInteger.valueOf(bits & f.signBit), x.flags() | ExceptionFlags.UNDERFLOW | ExceptionFlags.INEXACT);
        }
        return x;
    }

    @Test
    void flushToZeroAndDenormalsAreZeroFollowTheReference() {
        SplittableRandom r = new SplittableRandom(0xF72_DA2L);
        int flushed = 0;
        int keptAtMinNormal = 0;
        for (int i = 0; i < CASES; i++) {
            for (FloatFormat f : FORMATS) {
                Fmt g = fmt(f);
                long a = operand(r, f, -1);
                long b = operand(r, f, a);
                if (!f.isNaN(a) && !f.isInf(a) && !f.isNaN(b) && !f.isInf(b)) {
                    // make the quotient or product land near the underflow threshold half of the time
                    if (r.nextBoolean()) {
                        int target = r.nextInt(-3, 3) + 1; // biased exponent of the result
                        long eb = f.exp(b);
                        long ea = Math.max(1, Math.min(f.expMax - 1, target + eb - f.bias));
                        a = (a & ~((long) f.expMax << f.fracBits)) | (ea << f.fracBits);
                    }
                }
                RoundingMode rm = RoundingMode.values()[r.nextInt(5)];
                Env env = new Env(Specialization.NVPTX);
                env.ftz = r.nextBoolean();
                env.daz = r.nextBoolean();
                long ad = Narrow.daz(f, a, env);
                long bd = Narrow.daz(f, b, env);
                boolean finite = !f.isNaN(ad) && !f.isInf(ad) && !f.isNaN(bd) && !f.isInf(bd);
                if (!finite) {
                    continue;
                }
                Exact x = ExactReference.decode(g, BigInteger.valueOf(ad));
                Exact y = ExactReference.decode(g, BigInteger.valueOf(bd));
                int op = r.nextInt(4);
                Rounded expected;
                long got;
                if (op == 0) {
                    expected = ExactReference.round(g, ExactReference.mul(x, y), rm);
                    got = Narrow.mul(f, a, b, rm, env);
                } else if (op == 1 && !y.isZero()) {
                    expected = ExactReference.div(g, x, y, rm);
                    got = Narrow.div(f, a, b, rm, env);
                } else if (op == 2) {
                    expected = ExactReference.round(g, ExactReference.add(x, ExactReference.negate(y), rm),
                            rm);
                    got = Narrow.add(f, a, b, true, rm, env);
                } else {
                    if (x.isZero() || x.negative()) {
                        continue;
                    }
                    expected = ExactReference.sqrt(g, x, rm);
                    got = Narrow.sqrt(f, a, rm, env);
                }
                if (x.isZero() && y.isZero() && op != 3) {
                    continue; // zero results: sign rules, covered elsewhere
                }
                Rounded want = flush(g, f, expected, env.ftz);
                if (want != expected) {
                    flushed++;
                }
                long wantBits = want.bits().longValue();
                if (env.ftz && f.exp(wantBits) == 1 && (wantBits & f.fracMask) == 0
                        && (expected.flags() & ExceptionFlags.INEXACT) != 0) {
                    keptAtMinNormal++;
                }
                String msg = f + " op" + op + " " + rm + " ftz=" + env.ftz + " daz=" + env.daz
                        + " a=" + Long.toHexString(a) + " b=" + Long.toHexString(b);
                assertEquals(Long.toHexString(wantBits), Long.toHexString(got), msg);
                assertEquals(want.flags(), env.flags, msg + " flags");
            }
        }
        assertTrue(flushed > 1000, "flushed cases exercised: " + flushed);
        assertTrue(keptAtMinNormal > 10, "results rounded up to the smallest normal and kept: " + keptAtMinNormal);
    }

    /** The rule the GPU follows (docs/softfloat.md): a result that rounds up to 2^-126 is kept, one that stays below is flushed. */
    @Test
    void ftzDecidesTininessAfterRounding() {
        Env env = Env.ptx(true);
        // (1 - 2^-23) * 2^-126 (1 + 2^-23) = 2^-126 (1 - 2^-46): below 2^-126 before rounding, but
        // 24-bit rounding gives 2^-126 exactly, so it is not tiny: kept, INEXACT only.
        assertEquals(0x00800000, F32.mul(0x3F7FFFFE, 0x00800001, RoundingMode.NEAR_EVEN, env));
        assertEquals(ExceptionFlags.INEXACT, env.flags);
        // (1 - 2^-24) * 2^-126 = 2^-126 - 2^-150: representable with 24 bits below 2^-126, so tiny: flushed.
        env.flags = 0;
        assertEquals(0x80000000, F32.mul(0xBF7FFFFF, 0x00800000, RoundingMode.NEAR_EVEN, env));
        assertEquals(ExceptionFlags.UNDERFLOW | ExceptionFlags.INEXACT, env.flags);
        // Without ftz the same product rounds (nearest) to the subnormal 2^-126 - 2^-149... or up to 2^-126.
        Env plain = Env.ptx(false);
        assertEquals(0x00800000, F32.mul(0x3F7FFFFF, 0x00800000, RoundingMode.NEAR_EVEN, plain));
        assertEquals(ExceptionFlags.UNDERFLOW | ExceptionFlags.INEXACT, plain.flags);
        // DAZ: a subnormal operand is a zero, without a flag.
        Env daz = Env.ptx(true);
        assertEquals(0, F32.add(0x00000001, 0x00000001, RoundingMode.NEAR_EVEN, daz));
        assertEquals(0, daz.flags);
    }
}

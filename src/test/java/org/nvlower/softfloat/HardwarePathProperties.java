package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * {@link HardwarePath} against the general path ({@link Narrow}): wherever a fast path answers,
 * its result and flags must be the general path's, in all six modes, both specializations and
 * every ftz/daz setting. Operands are biased to where the fast paths could go wrong: results next
 * to the ends of their range (the bounds the paths check), ties and near-ties in every mode
 * (products of short significands, sums half an ulp apart), exact results, and mulAdd's
 * cancellation and double-rounding midpoints.
 */
class HardwarePathProperties {

    static final int TRIES = 100;
    static final int CASES = 300;
    static final FloatFormat F32 = FloatFormat.BINARY32;
    static final FloatFormat F64 = FloatFormat.BINARY64;

    /** Cases each path answered; ties, exact results and mulAdd midpoints among them (the test is empty without them). */
    static final long[] TAKEN = new long[12];
    static long ties;
    static long midpoints;
    static long exact;

    @Property(tries = TRIES)
    void binary32FastPathsEqualTheGeneralPath(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < CASES; i++) {
            int op = r.nextInt(6);
            RoundingMode rm = RoundingMode.values()[r.nextInt(6)];
            int a = (int) operand(r, F32);
            int b = (int) second(r, F32, a, op);
            int c = (int) third(r, F32, a, b);
            if (op == 5 && r.nextInt(4) == 0) {
                // a b = +-2^(e-24) (1 - 2^-46) and c = X, a float of exponent e: the double sum
                // rounds to a midpoint of two floats, the exact value lies just off it.
                int e = r.nextInt(-20, 21);
                float sa = r.nextBoolean() ? 1 + 0x1p-23f : -(1 + 0x1p-23f);
                a = Float.floatToRawIntBits(Math.scalb(sa, e - 24));
                b = 0x3F7FFFFE ^ (r.nextBoolean() ? 0x80000000 : 0); // 1 - 2^-23
                c = (int) pack(F32, r.nextBoolean(), 127 + e, r.nextLong());
                midpoints++;
            }
            Env fast = env(r);
            Env slow = Envs.sameSettings(fast);
            long want;
            long got = switch (op) {
                case 0 -> HardwarePath.add32(a, b, rm, fast);
                case 1 -> HardwarePath.add32(a, b ^ 0x80000000, rm, fast);
                case 2 -> HardwarePath.mul32(a, b, rm, fast);
                case 3 -> HardwarePath.div32(a, b, rm, fast);
                case 4 -> HardwarePath.sqrt32(a, rm, fast);
                default -> HardwarePath.mulAdd32(a, b, c, rm, fast);
            };
            if (got == HardwarePath.NONE) {
                assertEquals(0, fast.flags, "a path that declines sets no flag");
                continue;
            }
            long ua = a & 0xFFFFFFFFL;
            long ub = b & 0xFFFFFFFFL;
            want = switch (op) {
                case 0 -> Narrow.add(F32, ua, ub, false, rm, slow);
                case 1 -> Narrow.add(F32, ua, ub, true, rm, slow);
                case 2 -> Narrow.mul(F32, ua, ub, rm, slow);
                case 3 -> Narrow.div(F32, ua, ub, rm, slow);
                case 4 -> Narrow.sqrt(F32, ua, rm, slow);
                default -> Narrow.mulAdd(F32, ua, ub, c & 0xFFFFFFFFL, rm, slow);
            };
            String what = "f32 op" + op + " " + rm + " " + Integer.toHexString(a) + " " + Integer.toHexString(b)
                    + " " + Integer.toHexString(c) + " ftz=" + fast.ftz + " daz=" + fast.daz;
            assertEquals(Long.toHexString(want), Long.toHexString(got), what);
            assertEquals(slow.flags, fast.flags, what + " flags");
            count(op, slow.flags, rm, want, a, b, c, F32);
        }
    }

    @Property(tries = TRIES)
    void binary64FastPathsEqualTheGeneralPath(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < CASES; i++) {
            int op = r.nextInt(6);
            RoundingMode rm = RoundingMode.values()[r.nextInt(6)];
            long a = operand(r, F64);
            long b = second(r, F64, a, op);
            long c = third(r, F64, a, b);
            Env fast = env(r);
            Env slow = Envs.sameSettings(fast);
            long got = switch (op) {
                case 0 -> HardwarePath.add64(a, b, rm, fast);
                case 1 -> HardwarePath.add64(a, b ^ Long.MIN_VALUE, rm, fast);
                case 2 -> HardwarePath.mul64(a, b, rm, fast);
                case 3 -> HardwarePath.div64(a, b, rm, fast);
                case 4 -> HardwarePath.sqrt64(a, rm, fast);
                default -> HardwarePath.mulAdd64(a, b, c, rm, fast);
            };
            if (got == HardwarePath.NONE) {
                assertEquals(0, fast.flags, "a path that declines sets no flag");
                continue;
            }
            long want = switch (op) {
                case 0 -> Narrow.add(F64, a, b, false, rm, slow);
                case 1 -> Narrow.add(F64, a, b, true, rm, slow);
                case 2 -> Narrow.mul(F64, a, b, rm, slow);
                case 3 -> Narrow.div(F64, a, b, rm, slow);
                case 4 -> Narrow.sqrt(F64, a, rm, slow);
                default -> Narrow.mulAdd(F64, a, b, c, rm, slow);
            };
            String what = "f64 op" + op + " " + rm + " " + Long.toHexString(a) + " " + Long.toHexString(b) + " "
                    + Long.toHexString(c) + " ftz=" + fast.ftz + " daz=" + fast.daz;
            assertEquals(Long.toHexString(want), Long.toHexString(got), what);
            assertEquals(slow.flags, fast.flags, what + " flags");
            count(op + 6, slow.flags, rm, want, a, b, c, F64);
        }
    }

    @AfterContainer
    static void everyPathWasExercised() {
        for (int k = 0; k < TAKEN.length; k++) {
            assertTrue(TAKEN[k] > TRIES * CASES / 60, "fast path " + k + " answered only " + TAKEN[k] + " times");
        }
        assertTrue(ties > TRIES * CASES / 200, "ties seen: " + ties);
        assertTrue(exact > TRIES * CASES / 200, "exact results seen: " + exact);
        assertTrue(midpoints > TRIES * CASES / 100, "binary32 mulAdd midpoints: " + midpoints);
    }

    private static void count(int k, int flags, RoundingMode rm, long result, long a, long b, long c, FloatFormat f) {
        TAKEN[k]++;
        if ((flags & ExceptionFlags.INEXACT) == 0) {
            exact++;
        } else if (rm == RoundingMode.NEAR_MAX_MAG || rm == RoundingMode.NEAR_EVEN) {
            // A tie: the other nearest mode gives a different result.
            Env e = new Env();
            RoundingMode other = rm == RoundingMode.NEAR_EVEN ? RoundingMode.NEAR_MAX_MAG : RoundingMode.NEAR_EVEN;
            long alt = switch (k % 6) {
                case 0 -> Narrow.add(f, a, b, false, other, e);
                case 1 -> Narrow.add(f, a, b, true, other, e);
                case 2 -> Narrow.mul(f, a, b, other, e);
                case 5 -> Narrow.mulAdd(f, a, b, c, other, e);
                default -> result;
            };
            if (alt != result) {
                ties++;
            }
        }
    }

    private static Env env(SplittableRandom r) {
        Env e = new Env(r.nextBoolean() ? Specialization.X86 : Specialization.NVPTX);
        e.ftz = r.nextInt(4) == 0;
        e.daz = r.nextInt(4) == 0;
        return e;
    }

    // ------------------------------------------------------------------ operands

    private static long pack(FloatFormat f, boolean negative, long exp, long frac) {
        exp = Math.max(0, Math.min(f.expMax, exp));
        return (negative ? f.signBit : 0) | (exp << f.fracBits) | (frac & f.fracMask);
    }

    /** A first operand: usually normal near 1 or anywhere, sometimes a zero, subnormal, infinity or NaN. */
    static long operand(SplittableRandom r, FloatFormat f) {
        boolean neg = r.nextBoolean();
        return switch (r.nextInt(16)) {
            case 0 -> pack(f, neg, 0, r.nextInt(3) == 0 ? 0 : r.nextLong()); // zero or subnormal
            case 1 -> pack(f, neg, f.expMax, r.nextBoolean() ? 0 : r.nextLong()); // infinity or NaN
            case 2, 3 -> pack(f, neg, 1 + r.nextInt(f.expMax - 1), r.nextLong());
            case 4 -> pack(f, neg, f.bias, (r.nextLong() >>> r.nextInt(64)) << r.nextInt(8)); // short significands
            default -> pack(f, neg, f.bias + r.nextInt(-8, 9), r.nextLong());
        };
    }

    /** A second operand placed to put the result of op near the range's ends, or a tie, or an exact result. */
    static long second(SplittableRandom r, FloatFormat f, long a, int op) {
        int expA = (int) f.exp(a);
        boolean neg = r.nextBoolean();
        int p = f.fracBits + 1;
        switch (r.nextInt(8)) {
            case 0 -> { // the result near 2^emin (margin and tininess): b scales a down
                int target = 1 + r.nextInt(-3, 5);
                long e = op == 3 ? expA - target + f.bias : target - expA + f.bias;
                return pack(f, neg, e, r.nextLong());
            }
            case 1 -> { // the result near 2^emax
                int target = f.expMax - 1 - r.nextInt(4);
                long e = op == 3 ? expA - target + f.bias : target - expA + f.bias;
                return pack(f, neg, e, r.nextLong());
            }
            case 2 -> { // a + b a tie or near one: b half an ulp of a (times an odd number), or a quarter
                int shift = r.nextInt(p - 2, p + 3);
                long frac = r.nextBoolean() ? 0 : r.nextLong() & ((1L << r.nextInt(1, 4)) - 1) << (f.fracBits - 3);
                return pack(f, neg, expA - shift, frac);
            }
            case 3 -> { // a short significand: products of two are ties or exact
                long frac = (r.nextLong() >>> (64 - p / 2 - 1)) << (f.fracBits - p / 2 - 1);
                return pack(f, neg, f.bias + r.nextInt(-4, 5), frac);
            }
            case 4 -> { // cancellation: b within a few ulps of -a or a
                long d = r.nextLong(-4, 5);
                return (a ^ (r.nextBoolean() ? f.signBit : 0)) + d;
            }
            default -> {
                return operand(r, f);
            }
        }
    }

    /** mulAdd's addend: often minus the rounded product, give or take a few ulps, or just below its last bit. */
    static long third(SplittableRandom r, FloatFormat f, long a, long b) {
        Env e = new Env();
        long p = Narrow.mul(f, a, b, RoundingMode.values()[r.nextInt(6)], e);
        return switch (r.nextInt(6)) {
            case 0 -> p ^ f.signBit;
            case 1 -> (p ^ f.signBit) + r.nextLong(-3, 4);
            case 2 -> pack(f, r.nextBoolean(), f.exp(p) - f.fracBits - 1 - r.nextInt(3),
                    r.nextLong() << r.nextInt(f.fracBits));
            case 3 -> pack(f, r.nextBoolean(), f.exp(p) + r.nextInt(-3, 4), r.nextLong());
            default -> operand(r, f);
        };
    }
}

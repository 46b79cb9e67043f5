package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AfterContainer;
import org.junit.jupiter.api.Test;

/**
 * {@link HalfPath} against the general path ({@link Narrow}): wherever a binary16 or bfloat16
 * fast path answers, its result and flags must be the general path's, in all six modes, both
 * specializations and every ftz/daz setting. Operands as {@link HardwarePathProperties} places
 * them (results at the range ends, ties, cancellation, mulAdd's addend near minus the product);
 * sqrt on every pattern of both formats.
 */
class HalfPathProperties {

    static final int TRIES = 100;
    static final int CASES = 1000;
    static final FloatFormat[] FORMATS = {FloatFormat.BINARY16, FloatFormat.BFLOAT16};

    static final long[] TAKEN = new long[2 * 6];
    static long inexact, tiny, overflow;

    @Property(tries = TRIES)
    void halfFastPathsEqualTheGeneralPath(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < CASES; i++) {
            FloatFormat f = FORMATS[r.nextInt(2)];
            int op = r.nextInt(6);
            RoundingMode rm = RoundingMode.values()[r.nextInt(6)];
            long a = HardwarePathProperties.operand(r, f);
            long b = HardwarePathProperties.second(r, f, a, op == 4 ? 2 : op) & 0xFFFF;
            long c = HardwarePathProperties.third(r, f, a, b) & 0xFFFF;
            Env fast = env(r);
            Env slow = Envs.sameSettings(fast);
            long got = fast(f, op, (short) a, (short) b, (short) c, rm, fast);
            if (got == HardwarePath.NONE) {
                assertEquals(0, fast.flags, "a path that declines sets no flag");
                continue;
            }
            long want = slow(f, op, a, b, c, rm, slow);
            String what = f + " op" + op + " " + rm + " " + Long.toHexString(a) + " " + Long.toHexString(b) + " "
                    + Long.toHexString(c) + " ftz=" + fast.ftz + " daz=" + fast.daz;
            assertEquals(Long.toHexString(want), Long.toHexString(got & 0xFFFF), what);
            assertEquals(slow.flags, fast.flags, what + " flags");
            TAKEN[(f == FloatFormat.BINARY16 ? 0 : 6) + op]++;
            inexact += slow.flags & ExceptionFlags.INEXACT;
            tiny += (slow.flags & ExceptionFlags.UNDERFLOW) != 0 ? 1 : 0;
            overflow += (slow.flags & ExceptionFlags.OVERFLOW) != 0 ? 1 : 0;
        }
    }

    @Test
    void sqrtOnEveryPattern() {
        for (FloatFormat f : FORMATS) {
            for (RoundingMode rm : RoundingMode.values()) {
                for (int flush = 0; flush < 8; flush++) { // ftz, daz, and both specializations (the default NaN of a negative root)
                    Specialization spec = flush < 4 ? Specialization.X86 : Specialization.NVPTX;
                    for (int a = 0; a < 0x10000; a++) {
                        Env fast = Envs.of(spec, (flush & 1) != 0, (flush & 2) != 0);
                        long got = fast(f, 4, (short) a, (short) 0, (short) 0, rm, fast);
                        if (got == HardwarePath.NONE) {
                            assertEquals(0, fast.flags);
                            continue;
                        }
                        Env slow = Envs.sameSettings(fast);
                        long want = Narrow.sqrt(f, a, rm, slow);
                        String what = f + " sqrt " + rm + " " + Integer.toHexString(a) + " flush=" + flush;
                        assertEquals(want, got & 0xFFFF, what);
                        assertEquals(slow.flags, fast.flags, what + " flags");
                    }
                }
            }
        }
    }

    /**
     * Binary16 division through float (HalfPath.div16): every dividend over divisors whose
     * quotients are non-dyadic (3, -5, 1/3), extreme (the largest value, the smallest
     * subnormal: overflow, subnormal and tiny results) or exact, in every mode, with and without ftz.
     */
    @Test
    void binary16DivisionOfEveryDividend() {
        short[] divisors = {0x4200, (short) 0xC500, 0x3555, 0x7BFF, 0x0001};
        for (short b : divisors) {
            for (RoundingMode rm : RoundingMode.values()) {
                for (int ftz = 0; ftz < 2; ftz++) {
                    for (int a = 0; a < 0x10000; a++) {
                        Env fast = new Env(Specialization.X86);
                        fast.ftz = ftz != 0;
                        long got = HalfPath.div16((short) a, b, rm, fast);
                        if (got == HardwarePath.NONE) {
                            assertEquals(0, fast.flags);
                            continue;
                        }
                        Env slow = new Env(Specialization.X86);
                        slow.ftz = fast.ftz;
                        long want = Narrow.div(FloatFormat.BINARY16, a, b & 0xFFFF, rm, slow);
                        String what = "f16 div " + rm + " " + Integer.toHexString(a) + " / " + Integer.toHexString(b & 0xFFFF)
                                + " ftz=" + fast.ftz;
                        assertEquals(want, got & 0xFFFF, what);
                        assertEquals(slow.flags, fast.flags, what + " flags");
                    }
                }
            }
        }
    }

    /**
     * Binary16 division through float (HalfPath.div16), the other way round: every divisor under
     * dividends of both signs (one, the largest value, the smallest normal and subnormal,
     * non-dyadic significands, a subnormal with low bits, zeros, infinities, quiet and signaling
     * NaNs), in every mode, both specializations, every ftz/daz setting: the directed modes'
     * increment by the quotient's sign, every binade of the quotient (overflow, tiny and subnormal
     * results included) and the NaN, infinite and zero-divisor operands answered in line, value
     * and flags as the general path's.
     */
    @Test
    void binary16DivisionByEveryDivisor() {
        short[] dividends = {0x3C00, (short) 0xBC00, 0x7BFF, (short) 0xFBFF, 0x0400, (short) 0x8001, 0x4248,
            (short) 0xC9AB, 0x3555, 0x03FF, 0x5A3F, (short) 0xB7FD, 0x0000, (short) 0x8000, 0x7C00, (short) 0xFC00,
            0x7E01, 0x7C01, (short) 0xFD55};
        long answered = 0;
        for (short a : dividends) {
            for (RoundingMode rm : RoundingMode.values()) {
                for (int setting = 0; setting < 8; setting++) {
                    Specialization spec = (setting & 1) == 0 ? Specialization.X86 : Specialization.NVPTX;
                    for (int b = 0; b < 0x10000; b++) {
                        Env fast = Envs.of(spec, (setting & 2) != 0, (setting & 4) != 0);
                        long got = HalfPath.div16(a, (short) b, rm, fast);
                        if (got == HardwarePath.NONE) {
                            assertEquals(0, fast.flags);
                            continue;
                        }
                        Env slow = Envs.sameSettings(fast);
                        long want = Narrow.div(FloatFormat.BINARY16, a & 0xFFFF, b, rm, slow);
                        if (want != (got & 0xFFFF) || slow.flags != fast.flags) { // the message only for a failure: 60 M cases
                            String what = "f16 div " + rm + " " + Integer.toHexString(a & 0xFFFF) + " / "
                                    + Integer.toHexString(b) + " " + spec + " ftz=" + fast.ftz + " daz=" + fast.daz;
                            assertEquals(want, got & 0xFFFF, what);
                            assertEquals(slow.flags, fast.flags, what + " flags");
                        }
                        answered++;
                    }
                }
            }
        }
        assertTrue(answered > 19L * 6 * 4 * 60000, "answered " + answered); // without daz nearly all
    }

    /**
     * binary16 add, sub, mul and mulAdd (HalfPath's hardware and {@link DoubleRounding#normal16}
     * exits): every first operand over second operands of every kind (one, just below one, a
     * non-dyadic 1/3 and 0.1, a negative, 2^-10 for sums across binades, the smallest normal and
     * subnormal, the largest value; one of them per first operand and mode, rotating), in every mode, with
     * and without ftz; mulAdd adds -1, 2^-24
     * and 3 to the product (cancellation, sticky residuals). Results and flags as the general path's.
     */
    @Test
    void binary16SumsAndProductsOfEveryOperand() {
        short[] seconds = {0x3C00, 0x3BFF, 0x3555, 0x2E66, (short) 0xBE00, 0x1400, 0x0400, 0x0001, 0x7BFF};
        short[] addends = {(short) 0xBC00, 0x0001, 0x4200};
        for (RoundingMode rm : RoundingMode.values()) {
            for (int a = 0; a < 0x10000; a++) {
                boolean ftz = ((a >>> 3) & 1) != 0;
                short b = seconds[(a + rm.ordinal()) % seconds.length]; // one per first operand and mode
                for (int op = 0; op < 3; op++) {
                    checkHalf(op, (short) a, b, (short) 0, rm, ftz);
                }
                checkHalf(5, (short) a, b, addends[(a >>> 4) % addends.length], rm, ftz);
                checkHalf(2, (short) a, (short) 0x0001, (short) 0, rm, ftz); // products at 2^-14: tiny or not
            }
        }
    }

    /**
     * binary16 add and sub where the sum is an exact zero, tiny (a subnormal or zero in binary16),
     * or has a NaN or infinite operand ({@link HalfPath#add16}'s exits after the normal range):
     * every pattern against its own negation, its neighbours' (cancellation down to one unit of
     * the last place), both zeros and itself, in every mode, with and without ftz; and every pair
     * of subnormal or zero patterns (the mode and ftz rotating with the pair). Results and flags as
     * the general path's.
     */
    @Test
    void binary16SumsThatCancelOrAreTiny() {
        for (RoundingMode rm : RoundingMode.values()) {
            for (int a = 0; a < 0x10000; a++) {
                int[] seconds = {a, a + 1, a - 1, a + 2, a ^ 0x8000, 0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00};
                for (int ftz = 0; ftz < 2; ftz++) {
                    for (int b : seconds) {
                        // a - b, as sub or as add of -b (the same sum; the general path's two entries alternate)
                        int op = (a ^ b) & 1;
                        checkHalf(op, (short) a, (short) (op == 1 ? b : b ^ 0x8000), (short) 0, rm, ftz == 1);
                    }
                }
            }
        }
        for (int a = 0; a < 0x800; a++) {
            for (int b = 0; b < 0x800; b++) {
                int pa = (a & 0x3FF) | (a & 0x400) << 5; // both signs of every subnormal and zero
                int pb = (b & 0x3FF) | (b & 0x400) << 5;
                RoundingMode rm = RoundingMode.values()[(a + b) % 6];
                checkHalf((a ^ b) & 1, (short) pa, (short) pb, (short) 0, rm, ((a + b) & 8) != 0);
            }
        }
    }

    /**
     * binary16 add and sub ({@link HalfPath#add16}, which answers every operand pair in line
     * without daz): every second operand under first operands of every kind (zeros, the smallest
     * subnormal and normal, one, non-dyadic significands, values near and at the top of the range
     * for sums that overflow or stay just below it, infinities, quiet and signaling NaNs with
     * payloads, both signs), in every mode, both specializations, with and without ftz, daz for
     * one second operand in four; add and sub alternating. Results and flags as the general path's.
     */
    @Test
    void binary16SumsOfEverySecondOperand() {
        short[] firsts = {0x0000, (short) 0x8000, 0x0001, (short) 0x83FF, 0x0400, 0x3C00, (short) 0xBC01, 0x3555,
            0x7BFF, (short) 0xFBFF, 0x7800, (short) 0xF3FF, 0x7C00, (short) 0xFC00, 0x7E01, (short) 0xFD55, 0x7C01};
        long answered = 0;
        for (short a : firsts) {
            for (RoundingMode rm : RoundingMode.values()) {
                for (int setting = 0; setting < 4; setting++) {
                    Specialization spec = (setting & 1) == 0 ? Specialization.X86 : Specialization.NVPTX;
                    for (int b = 0; b < 0x10000; b++) {
                        int op = (b >>> 1 ^ setting) & 1; // add and sub alternate, each b meets both
                        Env fast = Envs.of(spec, (setting & 2) != 0, (b & 3) == 3); // daz for a quarter of them
                        long got = HalfPath.add16(a, (short) b, op == 1 ? 0x8000 : 0, rm, fast);
                        if (got == HardwarePath.NONE) {
                            assertEquals(0, fast.flags);
                            continue;
                        }
                        Env slow = Envs.sameSettings(fast);
                        long want = Narrow.add(FloatFormat.BINARY16, a & 0xFFFF, b, op == 1, rm, slow);
                        if (want != (got & 0xFFFF) || slow.flags != fast.flags) { // the message only for a failure
                            String what = "f16 op" + op + " " + rm + " " + Integer.toHexString(a & 0xFFFF) + " "
                                    + Integer.toHexString(b) + " " + spec + " ftz=" + fast.ftz + " daz=" + fast.daz;
                            assertEquals(want, got & 0xFFFF, what);
                            assertEquals(slow.flags, fast.flags, what + " flags");
                        }
                        answered++;
                    }
                }
            }
        }
        assertTrue(answered > 17L * 6 * 4 * 50000, "answered " + answered); // without daz every pair
    }

    private static void checkHalf(int op, short a, short b, short c, RoundingMode rm, boolean ftz) {
        FloatFormat f = FloatFormat.BINARY16;
        Env fast = new Env(Specialization.X86);
        fast.ftz = ftz;
        long got = fast(f, op, a, b, c, rm, fast);
        if (got == HardwarePath.NONE) {
            assertEquals(0, fast.flags);
            return;
        }
        Env slow = new Env(Specialization.X86);
        slow.ftz = ftz;
        long want = slow(f, op, a & 0xFFFF, b & 0xFFFF, c & 0xFFFF, rm, slow);
        String what = "f16 op" + op + " " + rm + " " + Integer.toHexString(a & 0xFFFF) + " "
                + Integer.toHexString(b & 0xFFFF) + " " + Integer.toHexString(c & 0xFFFF) + " ftz=" + ftz;
        assertEquals(Long.toHexString(want), Long.toHexString(got & 0xFFFF), what);
        assertEquals(slow.flags, fast.flags, what + " flags");
    }

    @AfterContainer
    static void everyPathWasExercised() {
        for (int k = 0; k < TAKEN.length; k++) {
            assertTrue(TAKEN[k] > TRIES * CASES / 40, "fast path " + k + " answered only " + TAKEN[k] + " times");
        }
        assertTrue(inexact > TRIES * CASES / 10, "inexact results: " + inexact);
        assertTrue(tiny > TRIES * CASES / 200, "tiny results: " + tiny);
        assertTrue(overflow > TRIES * CASES / 200, "overflows: " + overflow);
    }

    static long fast(FloatFormat f, int op, short a, short b, short c, RoundingMode rm, Env env) {
        boolean h = f == FloatFormat.BINARY16;
        return switch (op) {
            case 0 -> h ? HalfPath.add16(a, b, 0, rm, env) : HalfPath.addBF16(a, b, rm, env);
            case 1 -> h ? HalfPath.add16(a, b, 0x8000, rm, env)
                    : HalfPath.addBF16(a, (short) (b ^ 0x8000), rm, env);
            case 2 -> h ? HalfPath.mul16(a, b, rm, env) : HalfPath.mulBF16(a, b, rm, env);
            case 3 -> h ? HalfPath.div16(a, b, rm, env) : HalfPath.divBF16(a, b, rm, env);
            case 4 -> h ? HalfPath.sqrt16(a, rm, env) : HalfPath.sqrtBF16(a, rm, env);
            default -> h ? HalfPath.mulAdd16(a, b, c, rm, env) : HalfPath.mulAddBF16(a, b, c, rm, env);
        };
    }

    static long slow(FloatFormat f, int op, long a, long b, long c, RoundingMode rm, Env env) {
        return switch (op) {
            case 0 -> Narrow.add(f, a, b, false, rm, env);
            case 1 -> Narrow.add(f, a, b, true, rm, env);
            case 2 -> Narrow.mul(f, a, b, rm, env);
            case 3 -> Narrow.div(f, a, b, rm, env);
            case 4 -> Narrow.sqrt(f, a, rm, env);
            default -> Narrow.mulAdd(f, a, b, c, rm, env);
        };
    }

    private static Env env(SplittableRandom r) {
        Env e = new Env(r.nextBoolean() ? Specialization.X86 : Specialization.NVPTX);
        e.ftz = r.nextInt(4) == 0;
        e.daz = r.nextInt(4) == 0;
        return e;
    }
}

package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * rem, eq, le and lt of the four narrow formats through the public entry points (which try
 * {@link RemainderPath} and the hardware comparisons first) against the general path
 * ({@link Narrow}), value and flags, both specializations, every ftz/daz setting. Operand pairs
 * are biased to exact ties of the remainder (x = (n + 1/2) y, n even and odd), quotients near
 * 2^62 and near half-integers, subnormal results, equal and nearly equal values, signed zeros
 * and NaNs.
 */
class RemainderComparePathProperties {

    static final int TRIES = 100;
    static final int CASES = 1000;
    static final FloatFormat[] NARROW = {FloatFormat.BINARY16, FloatFormat.BFLOAT16, FloatFormat.BINARY32,
        FloatFormat.BINARY64};
    static long remainders, ties, zeros, unordered;

    @Property(tries = TRIES)
    void remainderAndComparisonsEqualTheGeneralPath(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < CASES; i++) {
            Env fast = env(r);
            Env slow = Envs.sameSettings(fast);
            FloatFormat f = NARROW[r.nextInt(4)];
            long a = HardwarePathProperties.operand(r, f);
            long b = r.nextInt(3) == 0 ? HardwarePathProperties.operand(r, f)
                    : HardwarePathProperties.second(r, f, a, r.nextInt(4)) & f.mask;
            if (r.nextInt(4) == 0) { // a = (n + 1/2) b or near it: a tie of the remainder
                long n = r.nextInt(4) == 0 ? r.nextLong(1L << 20) : r.nextInt(1, 9);
                Env e = new Env();
                long h = Narrow.convert(FloatFormat.BINARY64, Double.doubleToRawLongBits(n + 0.5), f,
                        RoundingMode.NEAR_EVEN, e);
                a = (Narrow.mul(f, h, b, RoundingMode.NEAR_EVEN, e) + r.nextLong(-1, 2)) & f.mask;
            }
            int op = r.nextInt(4);
            long got;
            long want;
            switch (op) {
                case 0 -> {
                    got = rem(f, a, b, fast);
                    want = Narrow.remainder(f, a, b, true, slow);
                    remainders++;
                    zeros += (want & ~f.signBit) == 0 ? 1 : 0;
                    Env e = new Env();
                    long twice = Narrow.add(f, want, want, false, RoundingMode.NEAR_EVEN, e);
                    ties += (twice & ~f.signBit) == (b & ~f.signBit) && e.flags == 0 ? 1 : 0;
                }
                case 1 -> {
                    got = cmp(f, 1, a, b, fast);
                    want = Narrow.eq(f, a, b, false, slow) ? 1 : 0;
                }
                case 2 -> {
                    got = cmp(f, 2, a, b, fast);
                    want = Narrow.le(f, a, b, true, slow) ? 1 : 0;
                }
                default -> {
                    got = cmp(f, 3, a, b, fast);
                    want = Narrow.lt(f, a, b, true, slow) ? 1 : 0;
                }
            }
            unordered += f.isNaN(a) || f.isNaN(b) ? 1 : 0;
            String what = f + " op" + op + " " + Long.toHexString(a) + " " + Long.toHexString(b) + " ftz=" + fast.ftz
                    + " daz=" + fast.daz;
            assertEquals(Long.toHexString(want), Long.toHexString(got), what);
            assertEquals(slow.flags, fast.flags, what + " flags");
        }
    }

    /**
     * binary16 eq on the patterns (F16.eq): every pattern against itself, its negation, and zeros,
     * infinities, quiet and signaling NaNs, subnormals and normals of both signs, both ways round,
     * both specializations, every ftz/daz setting, value and flags as the general path's.
     */
    @org.junit.jupiter.api.Test
    void binary16EqOfEveryPattern() {
        int[] others = {0, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0xFE00, 0x7D00, 0xFD00, 0x7FFF, 0x0001, 0x8001, 0x03FF,
            0x83FF, 0x0400, 0x3C00, 0xBC00, 0x7BFF};
        for (int flush = 0; flush < 8; flush++) {
            Specialization spec = flush < 4 ? Specialization.X86 : Specialization.NVPTX;
            for (int a = 0; a < 0x10000; a++) {
                for (int k = 0; k < others.length + 2; k++) {
                    int b = k < others.length ? others[k] : k == others.length ? a : a ^ 0x8000;
                    for (int swap = 0; swap < 2; swap++) {
                        int x = swap == 0 ? a : b;
                        int y = swap == 0 ? b : a;
                        Env fast = Envs.of(spec, (flush & 1) != 0, (flush & 2) != 0);
                        Env slow = Envs.sameSettings(fast);
                        String what = "f16 eq " + Integer.toHexString(x) + " " + Integer.toHexString(y) + " flush=" + flush;
                        assertEquals(Narrow.eq(FloatFormat.BINARY16, x, y, false, slow), F16.eq((short) x, (short) y, fast), what);
                        assertEquals(slow.flags, fast.flags, what + " flags");
                    }
                }
            }
        }
    }

    @AfterContainer
    static void theHardCasesOccurred() {
        assertTrue(ties > remainders / 100, "remainder ties: " + ties + " of " + remainders);
        assertTrue(zeros > remainders / 100, "zero remainders: " + zeros);
        assertTrue(unordered > TRIES * CASES / 200, "NaN operands: " + unordered);
    }

    static long rem(FloatFormat f, long a, long b, Env env) {
        return switch (f) {
            case BINARY16 -> F16.rem((short) a, (short) b, env) & 0xFFFFL;
            case BFLOAT16 -> BF16.rem((short) a, (short) b, env) & 0xFFFFL;
            case BINARY32 -> F32.rem((int) a, (int) b, env) & 0xFFFFFFFFL;
            default -> F64.rem(a, b, env);
        };
    }

    static long cmp(FloatFormat f, int op, long a, long b, Env env) {
        boolean v = switch (f) {
            case BINARY16 -> op == 1 ? F16.eq((short) a, (short) b, env)
                    : op == 2 ? F16.le((short) a, (short) b, env) : F16.lt((short) a, (short) b, env);
            case BFLOAT16 -> op == 1 ? BF16.eq((short) a, (short) b, env)
                    : op == 2 ? BF16.le((short) a, (short) b, env) : BF16.lt((short) a, (short) b, env);
            case BINARY32 -> op == 1 ? F32.eq((int) a, (int) b, env)
                    : op == 2 ? F32.le((int) a, (int) b, env) : F32.lt((int) a, (int) b, env);
            default -> op == 1 ? F64.eq(a, b, env) : op == 2 ? F64.le(a, b, env) : F64.lt(a, b, env);
        };
        return v ? 1 : 0;
    }

    private static Env env(SplittableRandom r) {
        Env e = new Env(r.nextBoolean() ? Specialization.X86 : Specialization.NVPTX);
        e.ftz = r.nextInt(4) == 0;
        e.daz = r.nextInt(4) == 0;
        return e;
    }
}

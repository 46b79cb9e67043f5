package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * binary32 add, sub, mul, div, mulAdd and rem ({@link F32}, fast paths included) against the general
 * path ({@link Narrow}) on every pair of a fixed set of edge operands: zeros, subnormals, the
 * ends of the normal range, infinities, NaNs and values whose sums, products and quotients fall
 * on ties, on 2^emin from either side and on MAX from either side, in all six modes without ftz and daz
 * (X86 NaNs), and in two with both (NVPTX NaNs).
 */
class Binary32EdgeCasesTest {

    static final FloatFormat F = FloatFormat.BINARY32;

    static final float[] VALUES = {
        0f, Float.MIN_VALUE, 3 * Float.MIN_VALUE, 0x1p-127f, 0x1.fffffcp-127f, Float.MIN_NORMAL,
        0x1.000002p-126f, 0x1.8p-126f, 0x1p-125f, 0x1p-100f, 0x1p-63f, 0x1.800002p-24f, 0x1p-24f, 0.5f, 1f,
        1.5f, 0x1.000002p0f, 0x1.fffffep0f, 3f, 0x1.5p3f, 0x1p24f, 0x1p63f, 0x1p100f, 0x1p126f, 0x1p127f,
        0x1.fffffcp127f, Float.MAX_VALUE, Float.POSITIVE_INFINITY, Float.NaN,
    };

    @Test
    void everyPairAgreesWithTheGeneralPath() {
        int[] ops = new int[VALUES.length * 2 + 2];
        int n = 0;
        for (float v : VALUES) {
            ops[n++] = Float.floatToRawIntBits(v);
            ops[n++] = Float.floatToRawIntBits(v) ^ 0x80000000;
        }
        ops[n++] = 0x7F800001; // signaling NaN
        ops[n++] = 0xFFC00001; // negative quiet NaN with a payload
        int[] addends = {0, 0x00800000, 0x3F800000, 0x7F7FFFFF};
        for (int flush = 0; flush < 4; flush += 3) { // neither ftz nor daz (X86 NaNs), or both (NVPTX NaNs)
            Specialization spec = flush == 0 ? Specialization.X86 : Specialization.NVPTX;
            for (RoundingMode rm : RoundingMode.values()) {
                if (flush != 0 && rm != RoundingMode.NEAR_EVEN && rm != RoundingMode.MIN) {
                    continue; // ftz and daz: two modes (rounding toward a flushed zero, and not)
                }
                for (int a : ops) {
                    for (int b : ops) {
                        for (int op = 0; op < 4; op++) {
                            check(op, a, b, 0, rm, spec, flush);
                        }
                        if (rm == RoundingMode.NEAR_EVEN) {
                            check(5, a, b, 0, rm, spec, flush); // rem: no mode
                        }
                        for (int c : addends) {
                            check(4, a, b, c, rm, spec, flush);
                            check(4, a, b, c ^ 0x80000000, rm, spec, flush);
                        }
                    }
                }
            }
        }
    }

    private static void check(int op, int a, int b, int c, RoundingMode rm, Specialization spec, int flush) {
        Env fast = new Env(spec);
        Env slow = new Env(spec);
        fast.ftz = slow.ftz = (flush & 1) != 0;
        fast.daz = slow.daz = (flush & 2) != 0;
        long ua = a & 0xFFFFFFFFL;
        long ub = b & 0xFFFFFFFFL;
        long got = switch (op) {
            case 0 -> F32.add(a, b, rm, fast);
            case 1 -> F32.sub(a, b, rm, fast);
            case 2 -> F32.mul(a, b, rm, fast);
            case 3 -> F32.div(a, b, rm, fast);
            case 5 -> F32.rem(a, b, fast);
            default -> F32.mulAdd(a, b, c, rm, fast);
        } & 0xFFFFFFFFL;
        long want = switch (op) {
            case 0 -> Narrow.add(F, ua, ub, false, rm, slow);
            case 1 -> Narrow.add(F, ua, ub, true, rm, slow);
            case 2 -> Narrow.mul(F, ua, ub, rm, slow);
            case 3 -> Narrow.div(F, ua, ub, rm, slow);
            case 5 -> Narrow.remainder(F, ua, ub, true, slow);
            default -> Narrow.mulAdd(F, ua, ub, c & 0xFFFFFFFFL, rm, slow);
        };
        if (want != got || slow.flags != fast.flags) {
            String what = "op" + op + " " + rm + " " + Integer.toHexString(a) + " " + Integer.toHexString(b) + " "
                    + Integer.toHexString(c) + " " + spec + " ftz=" + fast.ftz + " daz=" + fast.daz;
            assertEquals(Long.toHexString(want), Long.toHexString(got), what);
            assertEquals(slow.flags, fast.flags, what + " flags");
        }
    }
}

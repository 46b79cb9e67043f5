package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * F32.eq and F64.eq (decided on the bits, NaNs answered inline) against the general path
 * ({@link Narrow#eq}), value and flags, on every pair of a grid of edge encodings: both zeros,
 * the smallest and largest subnormals and normals, ones and their neighbours, MAX, infinities,
 * quiet NaNs and signaling NaNs with the smallest and largest payloads (the boundaries of the
 * inline NaN and signaling tests), all with both signs, in both specializations and all four
 * ftz/daz settings.
 */
class EqualityEdgeTest {

    @Test
    void binary32EqualityEqualsTheGeneralPathOnEveryEdgePair() {
        int[] magnitudes = {0, 1, 2, 0x007FFFFF, 0x00800000, 0x00800001, 0x3F7FFFFF, 0x3F800000, 0x3F800001,
            0x7F7FFFFF, 0x7F800000, 0x7F800001, 0x7F800002, 0x7FBFFFFF, 0x7FC00000, 0x7FC00001, 0x7FFFFFFF};
        List<Long> grid = new ArrayList<>();
        for (int m : magnitudes) {
            grid.add(m & 0xFFFFFFFFL);
            grid.add((m | 0x80000000) & 0xFFFFFFFFL);
        }
        int pairs = 0;
        for (long a : grid) {
            for (long b : grid) {
                for (Env fast : envs()) {
                    Env slow = Envs.sameSettings(fast);
                    boolean want = Narrow.eq(FloatFormat.BINARY32, a, b, false, slow);
                    boolean got = F32.eq((int) a, (int) b, fast);
                    String what = Long.toHexString(a) + " " + Long.toHexString(b) + " daz=" + fast.daz;
                    assertEquals(want, got, what);
                    assertEquals(slow.flags, fast.flags, what + " flags");
                    pairs++;
                }
            }
        }
        assertEquals(34 * 34 * 8, pairs);
    }

    @Test
    void binary64EqualityEqualsTheGeneralPathOnEveryEdgePair() {
        long[] magnitudes = {0, 1, 2, 0x000FFFFFFFFFFFFFL, 0x0010000000000000L, 0x0010000000000001L,
            0x3FEFFFFFFFFFFFFFL, 0x3FF0000000000000L, 0x3FF0000000000001L, 0x7FEFFFFFFFFFFFFFL, 0x7FF0000000000000L,
            0x7FF0000000000001L, 0x7FF0000000000002L, 0x7FF7FFFFFFFFFFFFL, 0x7FF8000000000000L, 0x7FF8000000000001L,
            0x7FFFFFFFFFFFFFFFL};
        List<Long> grid = new ArrayList<>();
        for (long m : magnitudes) {
            grid.add(m);
            grid.add(m | Long.MIN_VALUE);
        }
        int pairs = 0;
        for (long a : grid) {
            for (long b : grid) {
                for (Env fast : envs()) {
                    Env slow = Envs.sameSettings(fast);
                    boolean want = Narrow.eq(FloatFormat.BINARY64, a, b, false, slow);
                    boolean got = F64.eq(a, b, fast);
                    String what = Long.toHexString(a) + " " + Long.toHexString(b) + " daz=" + fast.daz;
                    assertEquals(want, got, what);
                    assertEquals(slow.flags, fast.flags, what + " flags");
                    pairs++;
                }
            }
        }
        assertEquals(34 * 34 * 8, pairs);
    }

    private static List<Env> envs() {
        List<Env> envs = new ArrayList<>();
        for (Specialization s : new Specialization[] {Specialization.X86, Specialization.NVPTX}) {
            for (int k = 0; k < 4; k++) {
                Env e = new Env(s);
                e.ftz = (k & 1) != 0;
                e.daz = (k & 2) != 0;
                envs.add(e);
            }
        }
        return envs;
    }
}

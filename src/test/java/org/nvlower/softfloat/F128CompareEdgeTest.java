package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.nvlower.softfloat.ExactReference.Fmt;

/**
 * F128.eq, le and lt (branch-free on ordered operands: 128-bit ordering keys, docs/softfloat.md)
 * on every ordered pair of edge encodings and on random pairs whose words are close, against
 * exact values ({@link ComparisonProperties#compare}) and the NaN rules restated here: le and lt
 * raise INVALID for any NaN, eq only for a signaling one; all three are false with a NaN.
 */
class F128CompareEdgeTest {

    private static final Fmt F = Fmt.B128;
    private static final long SIGN = F128.SIGN;

    private static void check(long aHi, long aLo, long bHi, long bLo) {
        BigInteger a = ExactReference.bits(aHi, aLo);
        BigInteger b = ExactReference.bits(bHi, bLo);
        boolean unordered = ExactReference.isNaN(F, a) || ExactReference.isNaN(F, b);
        boolean signaling = ComparisonProperties.signalingNaN(F, a) || ComparisonProperties.signalingNaN(F, b);
        int c = unordered ? 0 : ComparisonProperties.compare(F, a, b);
        String what = a.toString(16) + " vs " + b.toString(16);
        Env env = new Env(Specialization.X86);
        assertEquals(!unordered && c <= 0, F128.le(aHi, aLo, bHi, bLo, env), "le " + what);
        assertEquals(unordered ? ExceptionFlags.INVALID : 0, env.flags, "le flags " + what);
        env = new Env(Specialization.X86);
        assertEquals(!unordered && c < 0, F128.lt(aHi, aLo, bHi, bLo, env), "lt " + what);
        assertEquals(unordered ? ExceptionFlags.INVALID : 0, env.flags, "lt flags " + what);
        env = new Env(Specialization.X86);
        assertEquals(!unordered && c == 0, F128.eq(aHi, aLo, bHi, bLo, env), "eq " + what);
        assertEquals(signaling ? ExceptionFlags.INVALID : 0, env.flags, "eq flags " + what);
    }

    /** Magnitudes (sign clear) around the places where keys, borrows and NaN tests change. */
    private static final long[][] MAGNITUDES = {
        {0, 0}, {0, 1}, {0, 2}, {0, -1L}, {1, 0}, {1, 1}, {0x0000FFFFFFFFFFFFL, -1L}, // zeros, subnormals
        {0x0001000000000000L, 0}, {0x0001000000000000L, 1}, {0x3FFF000000000000L, 0}, // normals
        {0x3FFF000000000000L, -1L}, {0x3FFF000000000001L, 0}, {0x3FFF000000000001L, -1L},
        {0x3FFEFFFFFFFFFFFFL, -1L}, {0x3FFF000000000000L, Long.MIN_VALUE}, {0x3FFF000000000000L, Long.MAX_VALUE},
        {0x7FFEFFFFFFFFFFFFL, -1L}, {0x7FFEFFFFFFFFFFFFL, -2L}, // the largest finite values
        // finite pairs whose exponent fields or to all ones (0x4000 | 0x3FFF, 0x7F00 | 0x00FF, 0x7FFE |
        // 1): le/lt's first NaN screen (orExpMax) lets them through to the exact test
        {0x4000000000000000L, 0}, {0x4000FFFFFFFFFFFFL, -1L}, {0x7F00000000000000L, 5}, {0x00FF000000000000L, 0},
        {0x7FFF000000000000L, 0}, // infinity
        {0x7FFF000000000000L, 1}, {0x7FFF000000000001L, 0}, {0x7FFF7FFFFFFFFFFFL, -1L}, // signaling NaNs
        {0x7FFF800000000000L, 0}, {0x7FFF800000000000L, 1}, {0x7FFFFFFFFFFFFFFFL, -1L}, // quiet NaNs
    };

    @Test
    void everyPairOfEdges() {
        List<long[]> all = new ArrayList<>();
        for (long[] m : MAGNITUDES) {
            all.add(m);
            all.add(new long[] {m[0] | SIGN, m[1]});
        }
        for (long[] a : all) {
            for (long[] b : all) {
                check(a[0], a[1], b[0], b[1]);
            }
        }
    }

    /** Random pairs: independent, equal high words, high words one apart, negated, and equal. */
    @Test
    void randomClosePairs() {
        SplittableRandom r = new SplittableRandom(0xC0FFEE128L);
        for (int i = 0; i < 40_000; i++) {
            long aHi = r.nextLong();
            long aLo = r.nextInt(8) == 0 ? r.nextLong(-2, 3) : r.nextLong();
            if (r.nextInt(4) == 0) {
                aHi &= SIGN | 0x7FFFFFFFFFFFL; // zeros and subnormals
            }
            long bHi;
            long bLo;
            switch (r.nextInt(6)) {
                case 0 -> { bHi = aHi; bLo = aLo + r.nextLong(-2, 3); }
                case 1 -> { bHi = aHi + r.nextLong(-1, 2); bLo = r.nextBoolean() ? aLo : ~aLo; }
                case 2 -> { bHi = aHi ^ SIGN; bLo = aLo; }
                case 3 -> { bHi = aHi; bLo = aLo; }
                default -> { bHi = r.nextLong(); bLo = r.nextLong(); }
            }
            check(aHi, aLo, bHi, bLo);
            check(bHi, bLo, aHi, aLo);
        }
    }
}

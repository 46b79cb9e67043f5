package org.nvlower.softfloat;

import java.math.BigInteger;

/** binary128 operands as the quad tests write them: {hi, lo} words from a double or from hex. */
final class QuadWords {

    private QuadWords() {}

    /** The binary128 equal to {@code d} (exact: every double is a binary128). */
    static long[] q(double d) {
        Env e = new Env(Specialization.NVPTX);
        F128.fromF64(Double.doubleToRawLongBits(d), e);
        return new long[] {e.zHi, e.zLo};
    }

    /** {@code x} rounded to the nearest double. */
    static double d(long[] x) {
        return Double.longBitsToDouble(F128.toF64(x[0], x[1], RoundingMode.NEAR_EVEN, new Env(Specialization.NVPTX)));
    }

    /** The words of 32 hex digits (the encoding, high word first). */
    static long[] bits(String hex) {
        BigInteger v = new BigInteger(hex, 16);
        return new long[] {v.shiftRight(64).longValue(), v.longValue()};
    }
}

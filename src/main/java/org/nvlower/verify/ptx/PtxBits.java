package org.nvlower.verify.ptx;

/**
 * PTX's {@code bfe} (bit field extract, sign-extended for the signed types) as the PTX ISA defines
 * it, on values {@code bits} wide held in the low bits of a long. (lop3 is SASS's LOP3 table,
 * {@link org.nvlower.sass.Emulator#lut}.)
 */
final class PtxBits {

    private PtxBits() {}

    /**
     * bfe.type d, a, pos, len: pos and len are taken mod 256; bit i of d is bit pos + i of a
     * for i < len while pos + i is inside a, else the sign bit: a's bit min(pos + len - 1, msb)
     * for .s32/.s64 (0 when len is 0), 0 for .u32/.u64.
     */
    static long bfe(long a, long pos, long len, int bits, boolean signed) {
        int msb = bits - 1;
        int p = (int) (pos & 0xFF);
        int n = (int) (len & 0xFF);
        long sbit = signed && n != 0 ? a >>> Math.min(p + n - 1, msb) & 1 : 0;
        long d = 0;
        for (int i = 0; i <= msb; i++) {
            long bit = i < n && p + i <= msb ? a >>> (p + i) & 1 : sbit;
            d |= bit << i;
        }
        return d;
    }
}

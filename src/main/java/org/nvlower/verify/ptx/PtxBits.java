package org.nvlower.verify.ptx;

/**
 * The bit-manipulation instructions as the PTX ISA defines them, on values {@code bits} wide held
 * in the low bits of a long: {@code lop3} (any function of three inputs by its truth table) and
 * {@code bfe} (bit field extract, sign-extended for the signed types).
 */
final class PtxBits {

    private PtxBits() {}

    /**
     * lop3.b32 d, a, b, c, immLut: immLut is F(0xF0, 0xCC, 0xAA), so bit i of immLut is F at
     * (a, b, c) = (bit 2, bit 1, bit 0 of i); d is the OR of the minterms the table selects.
     */
    static long lop3(long a, long b, long c, int lut) {
        long d = 0;
        for (int i = 0; i < 8; i++) {
            if ((lut >>> i & 1) != 0) {
                d |= ((i & 4) != 0 ? a : ~a) & ((i & 2) != 0 ? b : ~b) & ((i & 1) != 0 ? c : ~c);
            }
        }
        return d;
    }

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

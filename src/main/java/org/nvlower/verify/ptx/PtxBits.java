package org.nvlower.verify.ptx;

/**
 * PTX's {@code bfe} (bit field extract, sign-extended for the signed types), {@code shf} (funnel
 * shift) and {@code bmsk} (bit field mask) as the PTX ISA defines them, on values {@code bits} wide held in the low bits of a long. (lop3 is SASS's LOP3 table,
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

    /**
     * shf.l/shf.r.mode.b32 d, a, b, c: the 64 bits {b, a} (b high) shifted left (d = the high 32
     * bits) or right (d = the low 32) by n = c mod 32 (.wrap) or min(c, 32) (.clamp).
     */
    static long funnelShift(boolean left, boolean clamp, long a, long b, long c) {
        long n = clamp ? Math.min(c & 0xFFFFFFFFL, 32) : c & 31;
        long pair = b << 32 | a & 0xFFFFFFFFL;
        return (left ? (pair << n) >>> 32 : pair >>> n) & 0xFFFFFFFFL;
    }

    /**
     * bmsk.mode.b32 d, a, b: the bits [a, a + b) set. .wrap takes a and b mod 32; .clamp gives 0
     * for a >= 32 and runs the field to bit 31 for b >= 32; either way a field past bit 31 ends there.
     */
    static long bitMask(boolean clamp, long a, long b) {
        long position = clamp ? Math.min(a & 0xFFFFFFFFL, 32) : a & 31;
        long width = clamp ? Math.min(b & 0xFFFFFFFFL, 32) : b & 31;
        long end = Math.min(position + width, 32);
        return ((1L << end) - 1) & ~((1L << position) - 1) & 0xFFFFFFFFL;
    }

    /**
     * cvt.sat between integer types: v (read with the source's signedness; {@code hugeU64} when
     * the source is a .u64 above Long.MAX_VALUE, read as negative) clamped to the destination's range.
     */
    static long saturate(long v, boolean hugeU64, boolean signedTo, int toBits) {
        if (!signedTo && toBits == 64) {
            return !hugeU64 && v < 0 ? 0 : v;
        }
        long max = signedTo ? (toBits == 64 ? Long.MAX_VALUE : (1L << (toBits - 1)) - 1) : (1L << toBits) - 1;
        long min = signedTo ? ~max : 0;
        return hugeU64 || v > max ? max : Math.max(v, min);
    }
}

package org.nvlower.softfloat;

/**
 * The interchange formats narrower than binary128, as data: field widths and the two NaN
 * policies' default NaNs. Bit patterns are held right-aligned in a {@code long}.
 */
enum FloatFormat {
    //          exp frac  x86 default NaN        NVPTX canonical NaN
    BINARY16(5, 10, 0xFE00L, 0x7E00L),
    BFLOAT16(8, 7, 0xFFC0L, 0x7FC0L),
    BINARY32(8, 23, 0xFFC00000L, 0x7FFFFFFFL),
    BINARY64(11, 52, 0xFFF8000000000000L, 0x7FFFFFFFFFFFFFFFL);

    final int expBits, fracBits, width, bias, expMax;
    final long signBit, fracMask, quietBit, mask;
    final long x86DefaultNaN, nvptxNaN;
    /** Bits below the rounding position when the significand's leading one is at bit 62. */
    final int roundBits;

    FloatFormat(int expBits, int fracBits, long x86DefaultNaN, long nvptxNaN) {
        this.expBits = expBits;
        this.fracBits = fracBits;
        this.width = 1 + expBits + fracBits;
        this.bias = (1 << (expBits - 1)) - 1;
        this.expMax = (1 << expBits) - 1;
        this.signBit = 1L << (width - 1);
        this.fracMask = (1L << fracBits) - 1;
        this.quietBit = 1L << (fracBits - 1);
        this.mask = width == 64 ? -1L : (1L << width) - 1;
        this.x86DefaultNaN = x86DefaultNaN;
        this.nvptxNaN = nvptxNaN;
        this.roundBits = 62 - fracBits;
    }

    int exp(long a) {
        return (int) (a >>> fracBits) & expMax;
    }

    boolean isNaN(long a) {
        return exp(a) == expMax && (a & fracMask) != 0;
    }

    boolean isSignalingNaN(long a) {
        return isNaN(a) && (a & quietBit) == 0;
    }

    boolean isInf(long a) {
        return exp(a) == expMax && (a & fracMask) == 0;
    }

    boolean isZero(long a) {
        return (a & ~signBit & mask) == 0;
    }

    boolean sign(long a) {
        return (a & signBit) != 0;
    }

    long defaultNaN(Specialization s) {
        return s.defaultNaN(this);
    }
}

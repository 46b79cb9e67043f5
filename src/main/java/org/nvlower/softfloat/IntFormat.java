package org.nvlower.softfloat;

/**
 * Integer destinations of float-to-integer conversions up to 64 bits, with the results of an
 * invalid conversion. X86 columns are SoftFloat 3e's 8086-SSE {@code specialize.h}
 * ({@code i32_fromNaN} ...); NVPTX follows PTX {@code cvt}: NaN gives 0, out-of-range values
 * saturate to the destination's range.
 */
enum IntFormat {
    //        bits signed  x86: NaN           positive overflow    negative overflow
    I8(8, true, 0x7FL, 0x7FL, -0x80L),
    I16(16, true, 0x7FFFL, 0x7FFFL, -0x8000L),
    I32(32, true, Integer.MIN_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE),
    I64(64, true, Long.MIN_VALUE, Long.MIN_VALUE, Long.MIN_VALUE),
    UI8(8, false, 0xFFL, 0xFFL, 0L),
    UI16(16, false, 0xFFFFL, 0xFFFFL, 0L),
    UI32(32, false, 0xFFFFFFFFL, 0xFFFFFFFFL, 0xFFFFFFFFL),
    UI64(64, false, -1L, -1L, -1L);

    final int bits;
    final boolean signed;
    final long x86NaN, x86PosOverflow, x86NegOverflow;
    /** Largest magnitude allowed for a positive and for a negative result (unsigned compare). */
    final long maxPositive, maxNegative;

    IntFormat(int bits, boolean signed, long x86NaN, long x86PosOverflow, long x86NegOverflow) {
        this.bits = bits;
        this.signed = signed;
        this.x86NaN = x86NaN;
        this.x86PosOverflow = x86PosOverflow;
        this.x86NegOverflow = x86NegOverflow;
        long allOnes = bits == 64 ? -1L : (1L << bits) - 1;
        this.maxPositive = signed ? allOnes >>> 1 : allOnes;
        this.maxNegative = signed ? (allOnes >>> 1) + 1 : 0;
    }

    /** The result of an invalid conversion (NaN, or out of range on the {@code negative} side). */
    long invalidResult(boolean nan, boolean negative, Specialization s) {
        return s.invalidResult(this, nan, negative);
    }
}

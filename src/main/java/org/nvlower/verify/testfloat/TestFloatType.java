package org.nvlower.verify.testfloat;

/**
 * The operand and result types of TestFloat's functions, with the number of hex digits TestFloat
 * writes for each (a comparison result is one digit, 0 or 1). A value travels as its bit
 * pattern: one long, zero-extended, or two (high, low) for f128.
 */
public enum TestFloatType {
    F16(4, true), BF16(4, true), F32(8, true), F64(16, true), F128(32, true),
    I32(8, false), UI32(8, false), I64(16, false), UI64(16, false),
    BOOL(1, false);

    private final int hexDigits;
    private final boolean floatingPoint;

    TestFloatType(int hexDigits, boolean floatingPoint) {
        this.hexDigits = hexDigits;
        this.floatingPoint = floatingPoint;
    }

    public int hexDigits() {
        return hexDigits;
    }

    public boolean isFloatingPoint() {
        return floatingPoint;
    }

    public boolean isInteger() {
        return !floatingPoint && this != BOOL;
    }

    /** Longs per value: 2 for f128, else 1. */
    public int words() {
        return this == F128 ? 2 : 1;
    }

    /** The bits a one-word value may use. */
    long mask() {
        return this == BOOL ? 1 : hexDigits >= 16 ? -1L : (1L << (4 * hexDigits)) - 1;
    }

    /** TestFloat's lowercase name ("f32", "ui64", "bool"). */
    public String testFloatName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Is {@code words} (at {@code offset}) a NaN of this floating type? */
    boolean isNaN(long[] words, int offset) {
        long w = words[offset];
        return switch (this) {
            case F16 -> (w & 0x7C00) == 0x7C00 && (w & 0x03FF) != 0;
            case BF16 -> (w & 0x7F80) == 0x7F80 && (w & 0x007F) != 0;
            case F32 -> (w & 0x7F80_0000L) == 0x7F80_0000L && (w & 0x007F_FFFFL) != 0;
            case F64 -> (w & 0x7FF0_0000_0000_0000L) == 0x7FF0_0000_0000_0000L && (w & 0x000F_FFFF_FFFF_FFFFL) != 0;
            case F128 -> (w & 0x7FFF_0000_0000_0000L) == 0x7FFF_0000_0000_0000L
                    && ((w & 0x0000_FFFF_FFFF_FFFFL) | words[offset + 1]) != 0;
            default -> false;
        };
    }

    /** Appends the value at {@code offset} as TestFloat writes it: fixed-width uppercase hex. */
    void appendHex(StringBuilder sb, long[] words, int offset) {
        if (this == F128) {
            appendDigits(sb, words[offset], 16);
            appendDigits(sb, words[offset + 1], 16);
        } else {
            appendDigits(sb, words[offset] & mask(), hexDigits);
        }
    }

    private static void appendDigits(StringBuilder sb, long v, int digits) {
        for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4) {
            sb.append(Character.toUpperCase(Character.forDigit((int) (v >>> shift) & 0xF, 16)));
        }
    }

    /**
     * Parses one field of exactly {@link #hexDigits()} hex digits into {@code words} at
     * {@code offset}; returns null on success, else what is wrong with it.
     */
    String parseHex(String field, long[] words, int offset) {
        if (field.length() != hexDigits) {
            return "expected " + hexDigits + " hex digits for " + testFloatName() + ", got '" + field + "'";
        }
        long hi = 0;
        long lo = 0;
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            int d = c < 128 ? Character.digit(c, 16) : -1; // ASCII only
            if (d < 0) {
                return "'" + field + "' is not hex";
            }
            hi = (hi << 4) | (lo >>> 60);
            lo = (lo << 4) | d;
        }
        if (this == F128) {
            words[offset] = hi;
            words[offset + 1] = lo;
        } else {
            words[offset] = lo;
        }
        return null;
    }
}

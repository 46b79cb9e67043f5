package org.nvlower.softfloat;

/** Parsing and printing of 128-bit patterns as hex, shared by {@link Int128} and {@link UInt128}. */
final class Hex128 {

    private Hex128() {}

    /**
     * Parses 1 to 32 hex digits (an optional {@code 0x} prefix and {@code _} separators allowed)
     * into {hi, lo}; throws NumberFormatException for anything else.
     */
    static long[] parse(String text) {
        String s = text.startsWith("0x") || text.startsWith("0X") ? text.substring(2) : text;
        s = s.replace("_", "");
        if (s.isEmpty() || s.length() > 32) {
            throw new NumberFormatException("expected 1 to 32 hex digits: '" + text + "'");
        }
        long hi = 0;
        long lo = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            int d = c < 128 ? Character.digit(c, 16) : -1; // ASCII only
            if (d < 0) {
                throw new NumberFormatException("not a hex digit '" + s.charAt(i) + "' in '" + text + "'");
            }
            hi = (hi << 4) | (lo >>> 60);
            lo = (lo << 4) | d;
        }
        return new long[] {hi, lo};
    }

    /** 32 uppercase hex digits, high word first. */
    static String format(long hi, long lo) {
        return String.format("%016X%016X", hi, lo);
    }
}

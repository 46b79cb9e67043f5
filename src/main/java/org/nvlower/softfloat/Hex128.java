package org.nvlower.softfloat;

/**
 * Parsing and printing of bit patterns of up to 128 bits as hex: the one digit loop behind
 * {@link Int128}/{@link UInt128} and the hex operands of {@code nvlower eval} and {@code testfloat}.
 */
public final class Hex128 {

    private Hex128() {}

    /**
     * Parses 1 to 32 hex digits (an optional {@code 0x} prefix and {@code _} separators allowed)
     * into {hi, lo}; throws NumberFormatException for anything else.
     */
    static long[] parse(String text) {
        String s = text.startsWith("0x") || text.startsWith("0X") ? text.substring(2) : text;
        s = s.replace("_", "");
        if (s.isEmpty() || s.length() > 32) {
            throw new NumberFormatException("expected 1 to 32 hex digits: " + quote(text));
        }
        long[] w = digits(s);
        if (w == null) {
            throw new NumberFormatException("not hex: " + quote(text));
        }
        return w;
    }

    /**
     * Parses exactly {@code width} hex digits (a bit pattern as TestFloat writes it: no prefix,
     * no separators) into {hi, lo}; throws NumberFormatException saying what is wrong.
     */
    public static long[] parseExact(String field, int width) {
        if (field.length() != width) {
            throw new NumberFormatException("expected " + width + " hex digit" + (width == 1 ? "" : "s")
                    + ", got " + quote(field));
        }
        long[] w = digits(field);
        if (w == null) {
            throw new NumberFormatException(quote(field) + " is not hex");
        }
        return w;
    }

    /** {hi, lo} of at most 32 ASCII hex digits (no fullwidth or other Unicode digits), or null. */
    private static long[] digits(String s) {
        long hi = 0;
        long lo = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            int d = c < 128 ? Character.digit(c, 16) : -1;
            if (d < 0) {
                return null;
            }
            hi = (hi << 4) | (lo >>> 60);
            lo = (lo << 4) | d;
        }
        return new long[] {hi, lo};
    }

    /** {@code text} in quotes for a message; a long one is cut, with its length, so errors stay one line. */
    public static String quote(String text) {
        return text.length() <= 40 ? "'" + text + "'"
                : "'" + text.substring(0, 32) + "...' (" + text.length() + " characters)";
    }

    /** 32 uppercase hex digits, high word first. */
    static String format(long hi, long lo) {
        return String.format("%016X%016X", hi, lo);
    }
}

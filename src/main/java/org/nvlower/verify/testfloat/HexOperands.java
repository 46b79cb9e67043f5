package org.nvlower.verify.testfloat;

import java.util.List;

import org.nvlower.diag.InputException;
import org.nvlower.diag.SourcePosition;
import org.nvlower.softfloat.Hex128;

/**
 * The hex operands of one call, read from a line as TestFloat writes them: whitespace-separated
 * fields of exactly the type's width, no prefix. Shared by {@code nvlower testfloat} and
 * {@code nvlower eval}, so both word their errors alike and point at the offending field.
 */
public final class HexOperands {

    /** One operand: its type's name for messages, its width in hex digits and in longs. */
    public record Slot(String type, int hexDigits, int words) {}

    /** The longest input line an error message repeats whole. */
    private static final int SHOWN = 200;

    private HexOperands() {}

    /**
     * Parses {@code slots} from {@code line} starting at index {@code from} into words (two per
     * 128-bit value, high first). With {@code moreAllowed} further fields are ignored (TestFloat's
     * expected results), else they are an error. Errors carry {@code source:lineNumber:column};
     * a null {@code source} (command-line arguments) gives an error without a position.
     */
    public static long[] parse(String function, List<Slot> slots, String line, int from, boolean moreAllowed,
            String source, int lineNumber) {
        int words = 0;
        for (Slot s : slots) {
            words += s.words();
        }
        long[] result = new long[words];
        int pos = from;
        int w = 0;
        for (int i = 0; i < slots.size(); i++) {
            pos = skipSpace(line, pos);
            int end = fieldEnd(line, pos);
            if (end == pos) {
                throw error(source, lineNumber, line, pos, takes(function, slots.size()) + ", got " + i);
            }
            Slot slot = slots.get(i);
            long[] value;
            try {
                value = Hex128.parseExact(line.substring(pos, end), slot.hexDigits());
            } catch (NumberFormatException e) {
                throw error(source, lineNumber, line, pos,
                        function + " operand " + (i + 1) + " (" + slot.type() + "): " + e.getMessage());
            }
            if (slot.words() == 2) {
                result[w++] = value[0];
            }
            result[w++] = value[1];
            pos = end;
        }
        int extra = skipSpace(line, pos);
        if (!moreAllowed && extra < line.length()) {
            int got = slots.size();
            for (int p = extra; p < line.length(); p = skipSpace(line, fieldEnd(line, p))) {
                got++;
            }
            throw error(source, lineNumber, line, extra, takes(function, slots.size()) + ", got " + got);
        }
        return result;
    }

    /** "f32_sqrt takes 1 operand". */
    public static String takes(String function, int operands) {
        return function + " takes " + operands + " operand" + (operands == 1 ? "" : "s");
    }

    /** The index of the next non-whitespace character at or after {@code pos}. */
    public static int skipSpace(String line, int pos) {
        while (pos < line.length() && Character.isWhitespace(line.charAt(pos))) {
            pos++;
        }
        return pos;
    }

    /** The index just past the field starting at {@code pos}. */
    public static int fieldEnd(String line, int pos) {
        while (pos < line.length() && !Character.isWhitespace(line.charAt(pos))) {
            pos++;
        }
        return pos;
    }

    /**
     * An error at {@code index} of {@code line}, or without a position when {@code source} is null.
     * A long line is shown cut after the caret, or not at all when the caret lies far in.
     */
    public static InputException error(String source, int lineNumber, String line, int index, String message) {
        if (source == null) {
            return new InputException(message);
        }
        String shown = line.length() <= SHOWN ? line
                : index < SHOWN - 40 ? line.substring(0, index + 40) + " ..."
                : null;
        return new InputException(new SourcePosition(source, lineNumber, index + 1, shown), message);
    }
}

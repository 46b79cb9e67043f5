package org.nvlower.diag;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The source line of a diagnostic as a person should see it, with the caret line under it: at
 * most {@link #WIDTH} characters around the caret (as clang cuts long lines), control characters
 * spelled {@code \XX} so the message stays on its lines, and text that was read one char per
 * byte (as the CLI reads IR) shown decoded when those bytes are UTF-8, so the terminal gets
 * characters, not mojibake.
 */
record SourceExcerpt(String line, String caret) {

    /** Characters of the source line shown at most, "..." included. */
    static final int WIDTH = 120;

    private static final String CUT = "...";

    /** The excerpt of {@code text} with the caret under the character at {@code index} (0-based, may be at the end). */
    static SourceExcerpt of(String text, int index) {
        index = Math.max(0, Math.min(index, text.length()));
        String decoded = utf8(text);
        if (decoded != null) {
            index = utf8(text.substring(0, index), true).length();
            text = decoded;
        }
        int start = 0;
        int end = text.length();
        if (end > WIDTH) {
            start = Math.max(0, index - WIDTH / 2);
            end = Math.min(text.length(), start + WIDTH - 2 * CUT.length());
            start = Math.max(0, end - (WIDTH - 2 * CUT.length()));
            if (start > 0 && Character.isLowSurrogate(text.charAt(start))) {
                start++;
            }
            if (end < text.length() && Character.isLowSurrogate(text.charAt(end))) {
                end--;
            }
        }
        StringBuilder line = new StringBuilder(start > 0 ? CUT : "");
        StringBuilder caret = new StringBuilder(start > 0 ? "   " : "");
        for (int i = start; i < end; i++) {
            char c = text.charAt(i);
            String shown = c == '\t' ? "\t" : c < 0x20 || c == 0x7f ? String.format("\\%02X", (int) c) : String.valueOf(c);
            line.append(shown);
            if (i < index && !Character.isLowSurrogate(c)) {
                caret.append(c == '\t' ? "\t" : " ".repeat(shown.length()));
            }
        }
        if (end < text.length()) {
            line.append(CUT);
        }
        return new SourceExcerpt(line.toString(), caret.append('^').toString());
    }

    /**
     * {@code text} decoded as UTF-8 when it is a string of bytes (every char below 256) that is
     * valid UTF-8 and not plain ASCII; null otherwise (the text is shown as it is).
     */
    private static String utf8(String text) {
        boolean nonAscii = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c > 0xff) {
                return null;
            }
            nonAscii |= c > 0x7f;
        }
        return nonAscii ? utf8(text, false) : null;
    }

    /** Decodes bytes held one per char; lenient replaces what is not UTF-8, strict returns null for it. */
    private static String utf8(String bytes, boolean lenient) {
        CodingErrorAction action = lenient ? CodingErrorAction.REPLACE : CodingErrorAction.REPORT;
        try {
            CharBuffer chars = StandardCharsets.UTF_8.newDecoder().onMalformedInput(action)
                    .onUnmappableCharacter(action)
                    .decode(ByteBuffer.wrap(bytes.getBytes(StandardCharsets.ISO_8859_1)));
            return chars.toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}

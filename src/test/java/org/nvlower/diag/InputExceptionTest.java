package org.nvlower.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** {@link InputException#render}: short whatever the input, readable whatever the bytes. */
class InputExceptionTest {

    /** Renders an error at {@code column} of {@code line}; returns its three lines. */
    private static String[] render(String line, int column, String message) {
        String r = new InputException(new SourcePosition("f.ll", 1, column, line), message).render();
        String[] lines = r.split("\n", -1);
        assertEquals(3, lines.length, r);
        return lines;
    }

    /** The character the caret points at. */
    private static char atCaret(String[] r) {
        return r[1].charAt(r[2].length() - 1);
    }

    @Test
    void aShortLineIsShownWhole() {
        String[] r = render("  %x = frobnicate i32 1", 8, "expected instruction opcode");
        assertEquals("f.ll:1:8: error: expected instruction opcode", r[0]);
        assertEquals("  %x = frobnicate i32 1", r[1]);
        assertEquals("       ^", r[2]);
    }

    @Test
    void aMegabyteLineIsCutToAWindowAroundTheCaret() {
        String garbage = "x".repeat(500_000) + "#" + "y".repeat(500_000);
        String[] r = render(garbage, 500_001, "expected top-level entity");
        assertEquals(SourceExcerpt.WIDTH, r[1].length(), r[1]);
        assertTrue(r[1].startsWith("...x") && r[1].endsWith("y..."), r[1]);
        assertEquals('#', atCaret(r));
        // at either end of the line
        r = render(garbage, 1, "m");
        assertTrue(r[1].startsWith("xxx") && r[1].endsWith("..."), r[1]);
        assertEquals("^", r[2]);
        r = render(garbage, garbage.length() + 1, "m");
        assertTrue(r[1].startsWith("...") && r[1].endsWith("yyy"), r[1]);
        assertEquals(r[1].length() + 1, r[2].length(), "the caret after the last character");
    }

    @Test
    void aMegabyteMessageIsCut() {
        String name = "%" + "n".repeat(1_000_000);
        String r = new InputException(new SourcePosition("f.ll", 1, 1, name), "use of undefined value '" + name + "'")
                .render();
        assertTrue(r.length() < 1000, r.length() + " characters");
        assertTrue(r.lines().findFirst().orElseThrow().endsWith("... (1000026 characters)"), r);
        assertTrue(new InputException("x".repeat(1_000_000)).render().length() < 400);
    }

    @Test
    void utf8ReadAsBytesIsShownAsCharacters() {
        // the CLI reads files one char per byte: "é" is the two chars C3 A9 here
        String bytes = new String("  @\"caf\u00e9\u20ac\" = frobnicate".getBytes(StandardCharsets.UTF_8),
                StandardCharsets.ISO_8859_1);
        int column = bytes.indexOf("frob") + 1;
        String[] r = render(bytes, column, "expected top-level entity");
        assertEquals("  @\"caf\u00e9\u20ac\" = frobnicate", r[1]);
        assertEquals('f', atCaret(r));
        assertEquals("f.ll:1:" + column + ": error: expected top-level entity", r[0], "the column counts bytes, as llvm-as");
        // Latin-1 text that is not UTF-8 is shown as it is
        r = render("; caf\u00e9 x", 8, "m");
        assertEquals("; caf\u00e9 x", r[1]);
        assertEquals('x', atCaret(r));
    }

    @Test
    void controlCharactersAreSpelledOut() {
        String[] r = render("a\0b\u001bc\td", 7, "m");
        assertEquals("a\\00b\\1Bc\td", r[1]);
        assertEquals("         \t^", r[2]);
        assertEquals('d', atCaret(r));
    }
}

package org.nvlower.llvm.corpus;

import static org.junit.jupiter.api.Assertions.fail;

import org.nvlower.diag.InputException;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;

/** The lossless invariant: print(parse(text)) is text, byte for byte. */
final class RoundTrip {

    private RoundTrip() {}

    /** Parses and prints {@code text}; fails with the first differing line when they differ. */
    static Module check(String name, String text) {
        Module m;
        try {
            m = IrParser.parse(name, text);
        } catch (InputException e) {
            fail("the parser rejects valid IR " + name + ":\n" + e.render());
            throw e;
        }
        String printed = IrPrinter.print(m);
        if (!printed.equals(text)) {
            fail(name + ": printed text differs from the input (" + printed.length() + " vs " + text.length()
                    + " characters)\n" + firstDifference(text, printed));
        }
        return m;
    }

    /** "line N: expected ... / printed ..." for the first line where {@code a} and {@code b} differ. */
    static String firstDifference(String a, String b) {
        int i = 0;
        int n = Math.min(a.length(), b.length());
        while (i < n && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        int line = 1;
        for (int k = 0; k < i; k++) {
            if (a.charAt(k) == '\n') {
                line++;
            }
        }
        return "first difference at line " + line + ", character " + i + ":\n  input:   "
                + lineAt(a, i) + "\n  printed: " + lineAt(b, i);
    }

    private static String lineAt(String s, int offset) {
        if (offset >= s.length()) {
            return "<end of text>";
        }
        int start = s.lastIndexOf('\n', Math.max(0, offset - 1)) + 1;
        if (offset > 0 && s.charAt(offset - 1) == '\n') {
            start = offset;
        }
        int end = s.indexOf('\n', offset);
        return escape(s.substring(start, end < 0 ? s.length() : end));
    }

    private static String escape(String s) {
        return s.replace("\r", "\\r").replace("\t", "\\t");
    }
}

package org.nvlower.mlir;

import java.util.Arrays;

import org.nvlower.diag.SourcePosition;

/** A source file's name and text, with a line index built on first use (positions for diagnostics). */
public final class SourceText {

    private final String file;
    private final String text;
    private int[] lineStarts;

    public SourceText(String file, String text) {
        this.file = file;
        this.text = text;
    }

    public String file() {
        return file;
    }

    public String text() {
        return text;
    }

    /** FILE:LINE:COL of {@code offset}, with the text of that line. */
    public SourcePosition position(int offset) {
        offset = Math.max(0, Math.min(offset, text.length()));
        int[] starts = lineStarts();
        int line = Arrays.binarySearch(starts, offset);
        if (line < 0) {
            line = -line - 2;
        }
        int lineStart = starts[line];
        int lineEnd = line + 1 < starts.length ? starts[line + 1] - 1 : text.length();
        String lineText = text.substring(lineStart, lineEnd);
        if (lineText.endsWith("\r")) {
            lineText = lineText.substring(0, lineText.length() - 1);
        }
        return new SourcePosition(file, line + 1, offset - lineStart + 1, lineText);
    }

    private int[] lineStarts() {
        if (lineStarts == null) {
            int count = 1;
            for (int i = 0; i < text.length(); i++) {
                if (text.charAt(i) == '\n') {
                    count++;
                }
            }
            int[] starts = new int[count];
            int k = 1;
            for (int i = 0; i < text.length(); i++) {
                if (text.charAt(i) == '\n') {
                    starts[k++] = i + 1;
                }
            }
            lineStarts = starts;
        }
        return lineStarts;
    }

    /** A place in this text, resolved to a position only when asked. */
    public Location at(int offset) {
        return new Location(this, offset);
    }

    /** An offset into a source text; cheap to keep on every operation. */
    public record Location(SourceText source, int offset) {
        public SourcePosition position() {
            return source.position(offset);
        }
    }
}

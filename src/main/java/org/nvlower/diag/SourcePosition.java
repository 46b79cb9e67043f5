package org.nvlower.diag;

/**
 * A place in an input: file name (or {@code <stdin>}), 1-based line and column, and the text of
 * that line so that a diagnostic can show it with a caret.
 */
public record SourcePosition(String file, int line, int column, String lineText) {

    public SourcePosition {
        if (line < 1 || column < 1) {
            throw new IllegalArgumentException("line and column are 1-based: " + line + ":" + column);
        }
    }

    /** A position in line-oriented input where no column is meaningful. */
    public static SourcePosition ofLine(String file, int line, String lineText) {
        return new SourcePosition(file, line, 1, lineText);
    }

    @Override
    public String toString() {
        return file + ":" + line + ":" + column;
    }
}

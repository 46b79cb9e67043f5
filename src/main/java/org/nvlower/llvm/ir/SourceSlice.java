package org.nvlower.llvm.ir;

/**
 * A range {@code [start, end)} of a module's source text. Slices of consecutive entities touch,
 * so that printing every slice in order gives back the input; an entity's slice begins with the
 * comments and blank lines before it and ends after the newline of its last line.
 */
public record SourceSlice(int start, int end) {

    public SourceSlice {
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("bad slice [" + start + ", " + end + ")");
        }
    }
}

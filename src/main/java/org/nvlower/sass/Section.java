package org.nvlower.sass;

/** A named code section of a program: instructions [start, end) of its code. */
public record Section(String name, int start, int end) {
    public int length() {
        return end - start;
    }
}

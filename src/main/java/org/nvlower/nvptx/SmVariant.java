package org.nvlower.nvptx;

/** The suffix of an SM name: none, {@code a} (accelerated) or {@code f} (forward-compatible). */
public enum SmVariant {
    BASE(""),
    ACCELERATED("a"),
    FORWARD_COMPATIBLE("f");

    private final String suffix;

    SmVariant(String suffix) {
        this.suffix = suffix;
    }

    /** The letter after the SM number in a name like {@code sm_100a}; empty for the base variant. */
    public String suffix() {
        return suffix;
    }
}

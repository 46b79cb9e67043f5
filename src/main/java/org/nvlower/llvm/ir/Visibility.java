package org.nvlower.llvm.ir;

/** Symbol visibility; {@link #DEFAULT} is not printed. */
public enum Visibility {
    DEFAULT("default"), HIDDEN("hidden"), PROTECTED("protected");

    private final String keyword;

    Visibility(String keyword) {
        this.keyword = keyword;
    }

    public String keyword() {
        return keyword;
    }

    public static Visibility byKeyword(String keyword) {
        for (Visibility v : values()) {
            if (v.keyword.equals(keyword)) {
                return v;
            }
        }
        return null;
    }
}

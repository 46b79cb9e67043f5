package org.nvlower.llvm.ir;

/** Whether a global's address is significant: {@code unnamed_addr}, {@code local_unnamed_addr}, or neither. */
public enum UnnamedAddr {
    NONE(""), LOCAL("local_unnamed_addr"), GLOBAL("unnamed_addr");

    private final String keyword;

    UnnamedAddr(String keyword) {
        this.keyword = keyword;
    }

    public String keyword() {
        return keyword;
    }
}

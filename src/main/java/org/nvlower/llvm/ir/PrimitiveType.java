package org.nvlower.llvm.ir;

/** The types without parameters that are neither integers nor floating point. */
public enum PrimitiveType implements Type {
    VOID("void"),
    LABEL("label"),
    METADATA("metadata"),
    TOKEN("token"),
    X86_MMX("x86_mmx"),
    X86_AMX("x86_amx");

    private final String keyword;

    PrimitiveType(String keyword) {
        this.keyword = keyword;
    }

    public String keyword() {
        return keyword;
    }

    @Override
    public String toString() {
        return keyword;
    }
}

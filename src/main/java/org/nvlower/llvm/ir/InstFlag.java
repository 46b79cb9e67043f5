package org.nvlower.llvm.ir;

/**
 * The qualifier words of instructions other than fast-math flags, in the order LLVM prints them:
 * {@code load atomic volatile}, {@code cmpxchg weak volatile}, {@code getelementptr inbounds nuw},
 * {@code add nuw nsw}, {@code udiv exact}, {@code or disjoint}, {@code zext nneg},
 * {@code icmp samesign}, {@code landingpad ... cleanup}.
 */
public enum InstFlag {
    ATOMIC, WEAK, VOLATILE, INALLOCA, SWIFTERROR, INBOUNDS, NUSW, NUW, NSW, EXACT, DISJOINT, NNEG, SAMESIGN, CLEANUP;

    private final String keyword = name().toLowerCase(java.util.Locale.ROOT);

    public String keyword() {
        return keyword;
    }

    int bit() {
        return 1 << ordinal();
    }

    public static InstFlag byKeyword(String keyword) {
        for (InstFlag f : values()) {
            if (f.keyword.equals(keyword)) {
                return f;
            }
        }
        return null;
    }
}

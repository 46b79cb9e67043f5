package org.nvlower.llvm.ir;

/** The {@code icmp} and {@code fcmp} condition codes. */
public enum Predicate implements Instruction.Detail {
    // fcmp
    FALSE(true), OEQ(true), OGT(true), OGE(true), OLT(true), OLE(true), ONE(true), ORD(true),
    UNO(true), UEQ(true), UGT(true), UGE(true), ULT(true), ULE(true), UNE(true), TRUE(true),
    // icmp
    EQ(false), NE(false), IUGT(false, "ugt"), IUGE(false, "uge"), IULT(false, "ult"), IULE(false, "ule"),
    SGT(false), SGE(false), SLT(false), SLE(false);

    private final boolean floating;
    private final String keyword;

    Predicate(boolean floating) {
        this.floating = floating;
        this.keyword = name().toLowerCase(java.util.Locale.ROOT);
    }

    Predicate(boolean floating, String keyword) {
        this.floating = floating;
        this.keyword = keyword;
    }

    /** True for the fcmp predicates. */
    public boolean isFloating() {
        return floating;
    }

    public String keyword() {
        return keyword;
    }

    /** The predicate spelled {@code keyword} for fcmp ({@code floating}) or icmp, or null. */
    public static Predicate of(String keyword, boolean floating) {
        for (Predicate p : values()) {
            if (p.floating == floating && p.keyword.equals(keyword)) {
                return p;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return keyword;
    }
}

package org.nvlower.llvm.ir;

/** Memory orderings of atomic loads, stores, fences, cmpxchg and atomicrmw, weakest first. */
public enum AtomicOrdering {
    UNORDERED, MONOTONIC, ACQUIRE, RELEASE, ACQ_REL, SEQ_CST;

    private final String keyword = name().toLowerCase(java.util.Locale.ROOT);

    public String keyword() {
        return keyword;
    }

    public static AtomicOrdering byKeyword(String keyword) {
        for (AtomicOrdering o : values()) {
            if (o.keyword.equals(keyword)) {
                return o;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return keyword;
    }
}

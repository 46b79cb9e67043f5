package org.nvlower.llvm.ir;

/** LLVM's linkage types, with their keywords; {@link #EXTERNAL} is the default and printed only where LLVM does. */
public enum Linkage {
    EXTERNAL("external"), PRIVATE("private"), INTERNAL("internal"), AVAILABLE_EXTERNALLY("available_externally"),
    LINKONCE("linkonce"), WEAK("weak"), COMMON("common"), APPENDING("appending"), EXTERN_WEAK("extern_weak"),
    LINKONCE_ODR("linkonce_odr"), WEAK_ODR("weak_odr");

    private final String keyword;

    Linkage(String keyword) {
        this.keyword = keyword;
    }

    public String keyword() {
        return keyword;
    }

    /** The linkage spelled {@code keyword}, or null. */
    public static Linkage byKeyword(String keyword) {
        for (Linkage l : values()) {
            if (l.keyword.equals(keyword)) {
                return l;
            }
        }
        return null;
    }

    /** Private and internal symbols are not visible outside their module. */
    public boolean isLocal() {
        return this == PRIVATE || this == INTERNAL;
    }

    /** Linkages a definition may be replaced under (the linker keeps one copy). */
    public boolean isDiscardableIfUnused() {
        return isLocal() || this == LINKONCE || this == LINKONCE_ODR || this == AVAILABLE_EXTERNALLY;
    }

    @Override
    public String toString() {
        return keyword;
    }
}

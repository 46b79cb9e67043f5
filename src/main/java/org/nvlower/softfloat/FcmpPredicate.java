package org.nvlower.softfloat;

/** LLVM {@code fcmp} predicates: O = ordered (false if a NaN is involved), U = unordered (true). */
public enum FcmpPredicate {
    FALSE, OEQ, OGT, OGE, OLT, OLE, ONE, ORD, UNO, UEQ, UGT, UGE, ULT, ULE, UNE, TRUE;

    /** The predicate as LLVM IR spells it: "oeq", ..., "false", "true". */
    public String llvmName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}

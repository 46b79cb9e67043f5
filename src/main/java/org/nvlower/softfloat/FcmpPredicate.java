package org.nvlower.softfloat;

/**
 * The 16 predicates of LLVM's {@code fcmp}. Each row lists the relations (less, equal, greater,
 * unordered) for which it holds; "O" predicates are false on unordered operands, "U" ones true.
 */
public enum FcmpPredicate {
    FALSE(0),
    OEQ(Relation.EQ),
    OGT(Relation.GT),
    OGE(Relation.GT | Relation.EQ),
    OLT(Relation.LT),
    OLE(Relation.LT | Relation.EQ),
    ONE(Relation.LT | Relation.GT),
    ORD(Relation.LT | Relation.EQ | Relation.GT),
    UNO(Relation.UN),
    UEQ(Relation.UN | Relation.EQ),
    UGT(Relation.UN | Relation.GT),
    UGE(Relation.UN | Relation.GT | Relation.EQ),
    ULT(Relation.UN | Relation.LT),
    ULE(Relation.UN | Relation.LT | Relation.EQ),
    UNE(Relation.UN | Relation.LT | Relation.GT),
    TRUE(Relation.UN | Relation.LT | Relation.EQ | Relation.GT);

    /** Relation bits, as returned by the formats' internal {@code relation} functions. */
    static final class Relation {
        static final int LT = 1, EQ = 2, GT = 4, UN = 8;

        private Relation() {}
    }

    private final int holdsFor;

    FcmpPredicate(int holdsFor) {
        this.holdsFor = holdsFor;
    }

    /** LLVM's spelling: "false", "oeq", ..., "true". */
    public String llvmName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The predicate named {@code name} in LLVM IR; throws IllegalArgumentException otherwise. */
    public static FcmpPredicate fromLlvmName(String name) {
        for (FcmpPredicate p : values()) {
            if (p.llvmName().equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown fcmp predicate '" + name + "'");
    }

    /** Whether the predicate holds for one relation bit ({@link Relation}). */
    boolean holds(int relation) {
        return (holdsFor & relation) != 0;
    }
}

package org.nvlower.nvptx;

import java.util.List;
import java.util.Optional;

/** The function attributes the TTI queries by attribute kind number (seed 2, TTI hook table). */
public enum FunctionAttribute {
    OPTNONE(18, "optnone"),
    NOIMPLICITFLOAT(30, "noimplicitfloat"),
    ALWAYSVECTORIZE(47, "alwaysvectorize");

    private final int kind;
    private final String irName;

    FunctionAttribute(int kind, String irName) {
        this.kind = kind;
        this.irName = irName;
    }

    /** The attribute kind number {@code hasAttribute(N)} takes. */
    public int kind() {
        return kind;
    }

    public String irName() {
        return irName;
    }

    public static Optional<FunctionAttribute> byKind(int kind) {
        return List.of(values()).stream().filter(a -> a.kind == kind).findFirst();
    }
}

package org.nvlower.mlir;

/**
 * The MLIR release whose spelling the printer uses. They differ in names ({@code func.func} is
 * {@code builtin.func} in 14, {@code math.absf} is {@code math.abs}, {@code arith.maximumf} is
 * {@code arith.maxf}, {@code cf.br} is {@code br}) and in which operations exist; see
 * docs/mlir.md.
 */
public enum MlirVersion {
    MLIR_14("14"),
    MLIR_19("19");

    private final String label;

    MlirVersion(String label) {
        this.label = label;
    }

    /** {@code 14} or {@code 19}. */
    public String label() {
        return label;
    }

    /** The version labelled {@code label}, or null. */
    public static MlirVersion of(String label) {
        for (MlirVersion v : values()) {
            if (v.label.equals(label)) {
                return v;
            }
        }
        return null;
    }
}

package org.nvlower.mlir;

/** {@code index}: the target's pointer-sized integer. */
public enum IndexType implements MlirType {
    INDEX;

    @Override
    public String toString() {
        return "index";
    }
}

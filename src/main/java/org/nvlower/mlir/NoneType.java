package org.nvlower.mlir;

/** {@code none}. */
public enum NoneType implements MlirType {
    NONE;

    @Override
    public String toString() {
        return "none";
    }
}

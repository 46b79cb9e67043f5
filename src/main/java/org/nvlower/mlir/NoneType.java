package org.nvlower.mlir;

/** {@code none}. */
public enum NoneType implements Type {
    NONE;

    @Override
    public String toString() {
        return "none";
    }
}

package org.nvlower.mlir;

/** {@code unit}: an attribute whose presence is the information. */
public enum UnitAttr implements MlirAttribute {
    UNIT;

    @Override
    public String toString() {
        return "unit";
    }
}

package org.nvlower.mlir;

/** A string; each char is one byte of the source (MLIR strings are bytes). */
public record StringAttr(String value) implements MlirAttribute {
    @Override
    public String toString() {
        return Attributes.quote(value);
    }
}

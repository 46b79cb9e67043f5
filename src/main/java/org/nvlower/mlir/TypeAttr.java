package org.nvlower.mlir;

/** A type used as an attribute ({@code function_type = (f32) -> f32}). */
public record TypeAttr(MlirType type) implements MlirAttribute {
    @Override
    public String toString() {
        return type.toString();
    }
}

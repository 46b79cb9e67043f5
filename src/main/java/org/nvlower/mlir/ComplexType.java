package org.nvlower.mlir;

/** {@code complex<f32>}. */
public record ComplexType(Type element) implements Type {
    @Override
    public String toString() {
        return "complex<" + element + ">";
    }
}

package org.nvlower.mlir;

/** {@code complex<f32>}. */
public record ComplexType(MlirType element) implements MlirType {
    @Override
    public String toString() {
        return "complex<" + element + ">";
    }
}

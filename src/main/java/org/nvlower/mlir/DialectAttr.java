package org.nvlower.mlir;

/**
 * An attribute nvlower keeps as text: a dialect attribute ({@code #arith.fastmath<fast>},
 * {@code #llvm.linkage<internal>}) or a builtin one it does not model ({@code affine_map<...>},
 * {@code strided<...>}, {@code array<i32: 1, 2>}).
 */
public record DialectAttr(String text) implements MlirAttribute {
    @Override
    public String toString() {
        return text;
    }
}

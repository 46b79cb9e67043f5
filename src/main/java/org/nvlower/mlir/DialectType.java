package org.nvlower.mlir;

/**
 * A type of a dialect nvlower does not model ({@code !llvm.ptr}, {@code !llvm.struct<(f32)>}),
 * kept as its text, {@code !} included.
 */
public record DialectType(String text) implements MlirType {
    @Override
    public String toString() {
        return text;
    }
}

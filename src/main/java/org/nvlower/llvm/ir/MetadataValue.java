package org.nvlower.llvm.ir;

/**
 * A metadata operand ({@code metadata !5}, {@code metadata !{...}}, {@code metadata !"x"}),
 * kept as its text. A local value wrapped as metadata ({@code metadata i32 %x}) is not one of
 * these: it is an ordinary operand, so that def-use and replacement see it.
 */
public record MetadataValue(String text) implements Value {

    @Override
    public Type type() {
        return PrimitiveType.METADATA;
    }
}

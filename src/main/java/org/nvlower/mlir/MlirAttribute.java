package org.nvlower.mlir;

/**
 * An MLIR attribute of the subset nvlower reads. Builtin attributes are modelled; dialect
 * attributes ({@code #arith.fastmath<fast>}) and the builtin ones nvlower only passes through
 * ({@code affine_map<...>}, {@code strided<...>}, {@code array<...>}) are kept as text.
 * {@link #toString()} is the attribute's MLIR syntax with its type (see {@link Attributes#print}).
 */
public sealed interface MlirAttribute
        permits IntegerAttr, FloatAttr, StringAttr, TypeAttr, UnitAttr, ArrayAttr, DictionaryAttr,
        SymbolRefAttr, DenseAttr, DialectAttr {
}

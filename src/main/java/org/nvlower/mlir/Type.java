package org.nvlower.mlir;

/**
 * An MLIR type of the subset nvlower reads: builtin scalars, shaped types, functions, and dialect
 * types ({@code !llvm.ptr}) kept as text. {@link #toString()} is the type's MLIR syntax, as
 * mlir-opt prints it.
 */
public sealed interface Type
        permits FloatType, IntegerType, IndexType, NoneType, VectorType, MemRefType, TensorType,
        FunctionType, LlvmFunctionType, ComplexType, TupleType, DialectType {

    /** The element type of a shaped type (vector, memref, tensor), else the type itself. */
    default Type elementType() {
        return this;
    }

    /** True for a float type or a shaped type of floats. */
    default boolean isFloatLike() {
        return elementType() instanceof FloatType && !(this instanceof MemRefType);
    }

    /** True for an integer or index type, or a vector/tensor of them. */
    default boolean isIntegerLike() {
        Type e = elementType();
        return (e instanceof IntegerType || e instanceof IndexType) && !(this instanceof MemRefType);
    }

    /**
     * The same shape with another element type: {@code vector<4xf32>} with i1 is
     * {@code vector<4xi1>}; a scalar gives {@code element}.
     */
    default Type withElementType(Type element) {
        return element;
    }
}

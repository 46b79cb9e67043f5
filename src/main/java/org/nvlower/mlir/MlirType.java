package org.nvlower.mlir;

/**
 * An MLIR type of the subset nvlower reads: builtin scalars, shaped types, functions, and dialect
 * types ({@code !llvm.ptr}) kept as text. {@link #toString()} is the type's MLIR syntax, as
 * mlir-opt prints it.
 */
public sealed interface MlirType
        permits MlirFloatType, MlirIntegerType, IndexType, NoneType, MlirVectorType, MemRefType, TensorType,
        MlirFunctionType, LlvmFunctionType, ComplexType, TupleType, DialectType {

    /** The element type of a shaped type (vector, memref, tensor), else the type itself. */
    default MlirType elementType() {
        return this;
    }

    /** True for a float type or a shaped type of floats. */
    default boolean isFloatLike() {
        return elementType() instanceof MlirFloatType && !(this instanceof MemRefType);
    }

    /** True for an integer or index type, or a vector/tensor of them. */
    default boolean isIntegerLike() {
        MlirType e = elementType();
        return (e instanceof MlirIntegerType || e instanceof IndexType) && !(this instanceof MemRefType);
    }

    /**
     * The same shape with another element type: {@code vector<4xf32>} with i1 is
     * {@code vector<4xi1>}; a scalar gives {@code element}.
     */
    default MlirType withElementType(MlirType element) {
        return element;
    }
}

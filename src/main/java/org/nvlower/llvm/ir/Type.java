package org.nvlower.llvm.ir;

/**
 * An LLVM IR type. Types are immutable values compared with {@code equals}, except
 * {@link NamedStructType}, which is one object per name in a module. {@link #toString()} is the
 * canonical LLVM spelling ({@code i32}, {@code ptr addrspace(1)}, {@code <4 x float>}).
 */
public sealed interface Type
        permits PrimitiveType, FloatType, IntegerType, PointerType, VectorType, ArrayType,
                StructType, NamedStructType, FunctionType, TargetExtType {

    /** True for {@code fp128} (IEEE binary128) only; not for {@code ppc_fp128} or {@code x86_fp80}. */
    default boolean isFp128() {
        return this == FloatType.FP128;
    }

    /** True for the integer type of exactly {@code bits} bits. */
    default boolean isInteger(int bits) {
        return this instanceof IntegerType i && i.bits() == bits;
    }

    default boolean isInteger() {
        return this instanceof IntegerType;
    }

    default boolean isFloatingPoint() {
        return this instanceof FloatType;
    }

    default boolean isVoid() {
        return this == PrimitiveType.VOID;
    }

    default boolean isPointer() {
        return this instanceof PointerType;
    }

    /** The element type of a vector, or this type itself (LLVM's {@code getScalarType}). */
    default Type scalarType() {
        return this instanceof VectorType v ? v.element() : this;
    }

    /** Primitive types of their own: {@code i1}, {@code i32}, {@code i128}. */
    static IntegerType integer(int bits) {
        return IntegerType.of(bits);
    }
}

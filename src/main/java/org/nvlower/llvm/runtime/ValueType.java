package org.nvlower.llvm.runtime;

import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.Type;

/**
 * The LLVM value types that appear in the signatures of the 128-bit runtime functions. A value
 * travels as its bit pattern: one long (zero-extended) for up to 64 bits, two longs (high word
 * first) for the 128-bit types.
 */
public enum ValueType {
    I1("i1", 1, IntegerType.I1),
    I8("i8", 8, IntegerType.I8),
    I16("i16", 16, IntegerType.I16),
    I32("i32", 32, IntegerType.I32),
    I64("i64", 64, IntegerType.I64),
    I128("i128", 128, IntegerType.I128),
    F32("float", 32, FloatType.FLOAT),
    F64("double", 64, FloatType.DOUBLE),
    F128("fp128", 128, FloatType.FP128);

    private final String llvmName;
    private final int bits;
    private final Type irType;

    ValueType(String llvmName, int bits, Type irType) {
        this.llvmName = llvmName;
        this.bits = bits;
        this.irType = irType;
    }

    /** The type in the IR model. */
    public Type irType() {
        return irType;
    }

    /** The type as LLVM IR spells it ("i32", "float", "fp128"). */
    public String llvmName() {
        return llvmName;
    }

    public int bits() {
        return bits;
    }

    /** How many longs carry one value: 2 for the 128-bit types, else 1. */
    public int words() {
        return bits == 128 ? 2 : 1;
    }

    /** The number of hex digits of the full bit pattern (1 for i1). */
    public int hexDigits() {
        return (bits + 3) / 4;
    }

    public boolean isFloatingPoint() {
        return this == F32 || this == F64 || this == F128;
    }

    /** The bits a single-word value may use; 128-bit types: every bit of each word. */
    long wordMask() {
        return bits >= 64 ? -1L : (1L << bits) - 1;
    }
}

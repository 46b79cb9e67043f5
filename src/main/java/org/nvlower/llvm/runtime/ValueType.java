package org.nvlower.llvm.runtime;

/**
 * The LLVM value types that appear in the signatures of the 128-bit runtime functions. A value
 * travels as its bit pattern: one long (zero-extended) for up to 64 bits, two longs (high word
 * first) for the 128-bit types.
 */
public enum ValueType {
    I1("i1", 1),
    I8("i8", 8),
    I16("i16", 16),
    I32("i32", 32),
    I64("i64", 64),
    I128("i128", 128),
    F32("float", 32),
    F64("double", 64),
    F128("fp128", 128);

    private final String llvmName;
    private final int bits;

    ValueType(String llvmName, int bits) {
        this.llvmName = llvmName;
        this.bits = bits;
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

package org.nvlower.llvm.ir;

/**
 * The floating-point types, one row each: keyword, storage width, and the prefix LLVM uses for
 * the hexadecimal spelling of a constant of this type ({@code 0x} for the types LLVM prints as a
 * double, {@code 0xK}, {@code 0xL}, {@code 0xM}, {@code 0xH}, {@code 0xR} for the others).
 */
public enum FloatType implements Type {
    HALF("half", 16, "0xH"),
    BFLOAT("bfloat", 16, "0xR"),
    FLOAT("float", 32, "0x"),
    DOUBLE("double", 64, "0x"),
    X86_FP80("x86_fp80", 80, "0xK"),
    FP128("fp128", 128, "0xL"),
    PPC_FP128("ppc_fp128", 128, "0xM");

    private final String keyword;
    private final int bits;
    private final String hexPrefix;

    FloatType(String keyword, int bits, String hexPrefix) {
        this.keyword = keyword;
        this.bits = bits;
        this.hexPrefix = hexPrefix;
    }

    public String keyword() {
        return keyword;
    }

    /** Width of the encoding in bits (80 for x86_fp80). */
    public int bits() {
        return bits;
    }

    /** The prefix of this type's hexadecimal constants. */
    public String hexPrefix() {
        return hexPrefix;
    }

    @Override
    public String toString() {
        return keyword;
    }
}

package org.nvlower.llvm.ir;

/** {@code iN}, {@code 1 <= N <= 2^23}. */
public record IntegerType(int bits) implements Type {

    public static final int MAX_BITS = (1 << 23) - 1;

    private static final IntegerType[] COMMON = new IntegerType[129];

    static {
        for (int i = 1; i < COMMON.length; i++) {
            COMMON[i] = new IntegerType(i);
        }
    }

    public static final IntegerType I1 = of(1);
    public static final IntegerType I8 = of(8);
    public static final IntegerType I16 = of(16);
    public static final IntegerType I32 = of(32);
    public static final IntegerType I64 = of(64);
    public static final IntegerType I128 = of(128);

    public IntegerType {
        if (bits < 1 || bits > MAX_BITS) {
            throw new IllegalArgumentException("integer width out of range: " + bits);
        }
    }

    /** The shared instance for widths up to 128, a new record above. */
    public static IntegerType of(int bits) {
        return bits > 0 && bits < COMMON.length && COMMON[bits] != null ? COMMON[bits] : new IntegerType(bits);
    }

    @Override
    public String toString() {
        return "i" + bits;
    }
}

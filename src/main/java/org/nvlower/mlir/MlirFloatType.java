package org.nvlower.mlir;

/** The builtin float types of the math subset. */
public enum MlirFloatType implements MlirType {
    F16("f16", 16, 11),
    BF16("bf16", 16, 8),
    F32("f32", 32, 24),
    F64("f64", 64, 53);

    private final String spelling;
    private final int width;
    private final int precision;

    MlirFloatType(String spelling, int width, int precision) {
        this.spelling = spelling;
        this.width = width;
        this.precision = precision;
    }

    /** Storage width in bits. */
    public int width() {
        return width;
    }

    /** Significand bits including the implicit one (IEEE "precision"). */
    public int precision() {
        return precision;
    }

    /** Exponent field width in bits. */
    public int exponentBits() {
        return width - precision;
    }

    /** The type spelled {@code word} ({@code f16 bf16 f32 f64}), or null. */
    public static MlirFloatType of(String word) {
        for (MlirFloatType t : values()) {
            if (t.spelling.equals(word)) {
                return t;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return spelling;
    }
}

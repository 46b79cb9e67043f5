package org.nvlower.mlir;

/** {@code iN} (signless), {@code siN} or {@code uiN}; N from 1 to 2^24-1 as in MLIR. */
public record MlirIntegerType(int width, Signedness signedness) implements MlirType {

    public static final int MAX_WIDTH = (1 << 24) - 1;

    public static final MlirIntegerType I1 = signless(1);
    public static final MlirIntegerType I32 = signless(32);
    public static final MlirIntegerType I64 = signless(64);

    /** MLIR's three integer flavours. */
    public enum Signedness { SIGNLESS, SIGNED, UNSIGNED }

    public MlirIntegerType {
        if (width < 1 || width > MAX_WIDTH) {
            throw new IllegalArgumentException("integer width out of range: " + width);
        }
    }

    public static MlirIntegerType signless(int width) {
        return new MlirIntegerType(width, Signedness.SIGNLESS);
    }

    /** Spellings of the common signless widths, so printing does not build them again. */
    private static final String[] SIGNLESS_NAMES = new String[65];

    static {
        for (int w = 1; w <= 64; w++) {
            SIGNLESS_NAMES[w] = "i" + w;
        }
    }

    @Override
    public String toString() {
        if (signedness == Signedness.SIGNLESS && width <= 64) {
            return SIGNLESS_NAMES[width];
        }
        return switch (signedness) {
            case SIGNLESS -> "i";
            case SIGNED -> "si";
            case UNSIGNED -> "ui";
        } + width;
    }
}

package org.nvlower.nvptx;

/**
 * The PTX instruction cicc emits for an FP32 square root, from the {@code +prec-sqrtf32} level
 * (0 approx, 1 rn; seed 2) and {@code -ftz}. Measured with nvcc 13.0: {@code -prec-sqrt=1} gives
 * {@code sqrt.rn.f32}, {@code -use_fast_math} gives {@code sqrt.approx.ftz.f32}.
 */
public enum PrecSqrtF32 {
    APPROX("sqrt.approx.f32", 0, false),
    APPROX_FTZ("sqrt.approx.ftz.f32", 0, true),
    RN("sqrt.rn.f32", 1, false),
    RN_FTZ("sqrt.rn.ftz.f32", 1, true);

    private final String ptx;
    private final int level;
    private final boolean ftz;

    PrecSqrtF32(String ptx, int level, boolean ftz) {
        this.ptx = ptx;
        this.level = level;
        this.ftz = ftz;
    }

    /** The variant for a {@code +prec-sqrtf32} level (0..1) and the {@code -ftz} setting. */
    public static PrecSqrtF32 select(int precSqrtf32Level, boolean ftz) {
        return switch (precSqrtf32Level) {
            case 0 -> ftz ? APPROX_FTZ : APPROX;
            case 1 -> ftz ? RN_FTZ : RN;
            default -> throw new IllegalArgumentException("prec-sqrtf32 level out of 0..1: " + precSqrtf32Level);
        };
    }

    public String ptx() {
        return ptx;
    }

    public int level() {
        return level;
    }

    public boolean ftz() {
        return ftz;
    }
}

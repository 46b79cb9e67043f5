package org.nvlower.nvptx;

/**
 * Which FP32 division template runs (seed 5 and FACTS.md, "ptxas math expansions"): the PTX
 * instruction cicc emits for {@code fdiv float}, chosen by the {@code +prec-divf32} level and
 * {@code -ftz}. Levels (seed 2, "NVIDIA-Specific Target Features"): 0 approx, 1 full, 2 IEEE with
 * ftz, 3 IEEE compliant. Levels 0 and 1 take flush-to-zero from {@code -ftz}; 2 and 3 fix it.
 */
public enum PrecDivF32 {
    APPROX("div.approx.f32", 0, false),
    APPROX_FTZ("div.approx.ftz.f32", 0, true),
    FULL("div.full.f32", 1, false),
    FULL_FTZ("div.full.ftz.f32", 1, true),
    RN_FTZ("div.rn.ftz.f32", 2, true),
    RN("div.rn.f32", 3, false);

    private final String ptx;
    private final int level;
    private final boolean ftz;

    PrecDivF32(String ptx, int level, boolean ftz) {
        this.ptx = ptx;
        this.level = level;
        this.ftz = ftz;
    }

    /** The variant for a {@code +prec-divf32} level (0..3) and the {@code -ftz} setting. */
    public static PrecDivF32 select(int precDivf32Level, boolean ftz) {
        return switch (precDivf32Level) {
            case 0 -> ftz ? APPROX_FTZ : APPROX;
            case 1 -> ftz ? FULL_FTZ : FULL;
            case 2 -> RN_FTZ;
            case 3 -> RN;
            default -> throw new IllegalArgumentException("prec-divf32 level out of 0..3: " + precDivf32Level);
        };
    }

    /**
     * The {@code +prec-divf32} level cicc derives from its options, as measured with nvcc 13.0:
     * {@code -prec-div=1} is IEEE (2 with {@code -ftz=1}, else 3); {@code -prec-div=0} is full,
     * or approx under {@code -fast-math} (what {@code nvcc -use_fast_math} passes).
     */
    public static int levelFor(int precDiv, boolean ftz, boolean fastMath) {
        if (precDiv == 1) {
            return ftz ? 2 : 3;
        }
        return fastMath ? 0 : 1;
    }

    /** The PTX instruction: {@code div.rn.ftz.f32}. */
    public String ptx() {
        return ptx;
    }

    /** The {@code +prec-divf32} level of this variant. */
    public int level() {
        return level;
    }

    public boolean ftz() {
        return ftz;
    }

    /** True for the correctly rounded (IEEE round-to-nearest-even) variants. */
    public boolean ieee() {
        return level >= 2;
    }
}

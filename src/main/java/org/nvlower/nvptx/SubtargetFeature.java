package org.nvlower.nvptx;

import java.util.function.Predicate;

/**
 * The subtarget's feature table as named features. cicc initialises its 224-byte table to all
 * ones and then clears what a target lacks (seed 2, "Initialization Flow"); nvlower keeps that
 * shape: every feature starts present and {@link #keptFor} says whether the target keeps it.
 */
public enum SubtargetFeature {
    MUFU_RCP64H("mufu-rcp64h", tm -> tm.sm().hasMufuRcp64h(), "MUFU.RCP64H FP64 reciprocal seed: sm_80+"),
    MUFU_RSQ64H("mufu-rsq64h", tm -> tm.sm().hasMufuRsq64h(), "MUFU.RSQ64H FP64 rsqrt seed: sm_80+"),
    MUFU_SQRT("mufu-sqrt", tm -> tm.sm().hasMufuSqrt(), "MUFU.SQRT: sm_89+"),
    DRSQRT_HW_FLAG("drsqrt-hw-flag", tm -> tm.sm().drsqrtHardwareFlag(), "DRSQRT reduced coordinator: with MUFU.RSQ64H"),
    F16_ARITHMETIC("f16-arithmetic", tm -> tm.sm().hasF16Arithmetic(), "f16/v2f16 registers and arithmetic: sm_53+"),
    BF16("bf16", tm -> tm.sm().hasBf16(), "bf16/v2bf16 registers: sm_80+"),
    PACKED_I16("packed-i16", tm -> tm.sm().hasPackedI16(), "v2i16 registers: sm_90+"),
    FLOAT128("float128", tm -> tm.sm().acceptsFloat128(), "__float128 in device code: sm_100+"),
    ARCH_ACCELERATED("arch-accelerated", tm -> tm.sm().variant() == SmVariant.ACCELERATED, "architecture-specific features: the 'a' variants"),
    FAMILY_SPECIFIC("family-specific", tm -> tm.sm().variant() != SmVariant.BASE, "family-specific features: the 'a' and 'f' variants"),
    SHAREDMEM32BITPTR("sharedmem32bitptr", TargetMachine::sharedMem32BitPointers, "32-bit shared-memory pointers: -nvptx-short-ptr / -nvptx-32-bit-smem in 64-bit mode"),
    INTEGER_TYPE_SUPPORT("integer-type-support", tm -> true, "i64 is legal on every SM: never cleared"),
    BRANCH_DISTANCE("branch-distance", tm -> true, "no target clears it in nvlower"),
    JUMP_TABLES("jump-tables", tm -> tm.sm().number() >= 30, "brx.idx jump tables: sm_30+");

    private final String featureName;
    private final Predicate<TargetMachine> kept;
    private final String rule;

    SubtargetFeature(String featureName, Predicate<TargetMachine> kept, String rule) {
        this.featureName = featureName;
        this.kept = kept;
        this.rule = rule;
    }

    public String featureName() {
        return featureName;
    }

    /** Whether the target keeps this feature (else initialisation clears it). */
    public boolean keptFor(TargetMachine tm) {
        return kept.test(tm);
    }

    /** When the feature is present, in words. */
    public String rule() {
        return rule;
    }
}

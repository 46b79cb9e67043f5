package org.nvlower.nvptx;

/**
 * The three implementations of the inline DDIV (div.rn.f64) template, chosen by the register limit
 * the template may use (seed 3, "Register File Size Dispatch"): above 20,479 the fully unrolled
 * variant, above 16,383 the partially spilled one, otherwise the minimal-register one.
 */
public enum DdivTier {
    /** Maximum ILP, 14+ dedicated scratch registers (register limit above 20,479). */
    FULL_UNROLL,
    /** Trades some registers for spill/fill (register limit above 16,383). */
    PARTIAL_SPILL,
    /** Reuses registers aggressively, more instructions (register limit at most 16,383). */
    MINIMAL_REGISTERS;

    /** Register limits above this select {@link #FULL_UNROLL}. */
    public static final int FULL_UNROLL_ABOVE = 20_479;
    /** Register limits above this (and not above {@link #FULL_UNROLL_ABOVE}) select {@link #PARTIAL_SPILL}. */
    public static final int PARTIAL_SPILL_ABOVE = 16_383;

    /** The tier for a register limit, with the seed's strict "greater than" comparisons. */
    public static DdivTier select(int registerLimit) {
        if (registerLimit > FULL_UNROLL_ABOVE) {
            return FULL_UNROLL;
        }
        if (registerLimit > PARTIAL_SPILL_ABOVE) {
            return PARTIAL_SPILL;
        }
        return MINIMAL_REGISTERS;
    }
}

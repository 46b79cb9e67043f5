package org.nvlower.sass.template;

import org.nvlower.nvptx.SmProcessor;

/**
 * The compilation-context fields the template dispatcher reads (seed 3, "Decision Algorithm" and
 * "SM-Specific Variants"): the compilation strategy (ctx+896; 5 = recompilation after a failed
 * register allocation), the flags byte (ctx+1412; bit 7 = forced inline), the forced-inline-all
 * flag (ctx+1420 bit 0) with the pass id (ctx+900), the optimisation level (ctx+352), the target
 * and the register limit the DDIV tier is chosen by (*(ctx+1584)+372).
 */
public record CompilationContext(int strategy, int flagsByte, boolean forcedInlineAll, int passId, int optLevel,
        SmProcessor sm, int registerLimit) {

    /** Strategy 5: ptxas re-lowers the function after register allocation failed. */
    public static final int RECOMPILE_AFTER_REGALLOC_FAILURE = 5;

    /** A first-pass compilation for sm (strategy 0, no flags, -O3, the whole register file). */
    public static CompilationContext firstPass(SmProcessor sm) {
        return new CompilationContext(0, 0, false, 0, 3, sm, sm.registerFileSize());
    }

    public CompilationContext withStrategy(int s) {
        return new CompilationContext(s, flagsByte, forcedInlineAll, passId, optLevel, sm, registerLimit);
    }

    public CompilationContext withFlagsByte(int f) {
        return new CompilationContext(strategy, f, forcedInlineAll, passId, optLevel, sm, registerLimit);
    }

    public CompilationContext withForcedInlineAll(boolean all, int pass) {
        return new CompilationContext(strategy, flagsByte, all, pass, optLevel, sm, registerLimit);
    }

    /**
     * use_template_call as the master dispatcher's state init computes it: the previous
     * iteration's value, replaced on a recompilation (strategy 5) by the inverted bit 7 of the
     * flags byte ((~flags) >> 7 & 1: 1 when forced inline is clear).
     */
    public boolean stateUseTemplateCall(boolean previous) {
        boolean useCall = previous;
        if (strategy == RECOMPILE_AFTER_REGALLOC_FAILURE) {
            useCall = ((~flagsByte & 0xFF) >> 7) != 0;
        }
        return useCall;
    }

    /**
     * The pre-scheduling pass's gate: template calls are enabled only when the strategy is 5 and
     * either the forced-inline-all flag is clear or the pass id is not 1 or 2 ((pass - 1) as
     * unsigned > 1).
     */
    public boolean templateCallsEnabled() {
        if (!forcedInlineAll || Integer.compareUnsigned(passId - 1, 1) > 0) {
            return strategy == RECOMPILE_AFTER_REGALLOC_FAILURE;
        }
        return false;
    }

    /** Both: the mode a template state is created with (previous iteration's value given). */
    public boolean useTemplateCall(boolean previous) {
        return templateCallsEnabled() && stateUseTemplateCall(previous);
    }

    /** opt_level_nonneg (+9): ctx+352 >= 0. */
    public boolean optLevelNonNeg() {
        return optLevel >= 0;
    }
}

package org.nvlower.nvptx;

/**
 * The TargetOptions both construction paths pass (seed 2, "TargetOptions"): no flags, PIC
 * relocation, code model 8, the optimization level, POSIX thread model.
 */
public record TargetOptions(int flags, int relocationModel, int codeModel, int optLevel, int threadModel) {

    /** Relocation model 1: position-independent code, always. */
    public static final int RELOC_PIC = 1;
    /** Code model 8 (matches PTX's flat addressing). */
    public static final int CODE_MODEL = 8;
    /** Thread model 1: POSIX-style threading. */
    public static final int THREAD_MODEL_POSIX = 1;

    /** The options cicc uses, with the given optimization level. */
    public static TargetOptions nvptx(int optLevel) {
        return new TargetOptions(0, RELOC_PIC, CODE_MODEL, optLevel, THREAD_MODEL_POSIX);
    }
}

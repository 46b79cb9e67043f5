package org.nvlower.verify.gpu;

/** The case-set codes of the check kernel's generator ({@link CheckPtx}). */
public final class GpuCases {

    public static final int EDGE = 0;
    public static final int RANDOM = 1;
    /** Operands made on the host (the hard set) and read from a buffer. */
    public static final int BUFFER = 2;
    public static final int EXHAUSTIVE = 3;
    public static final int BINADES = 4;

    private GpuCases() {}
}

package org.nvlower.softfloat;

/**
 * Mutable context of the softfloat operations, one per thread: the rounding mode and NaN policy
 * they read, the exception flags they OR in, and the two words of a 128-bit result (so that
 * binary128 and 128-bit integer operations need not allocate).
 */
public final class Env {
    public RoundingMode roundingMode = RoundingMode.NEAR_EVEN;
    public Specialization specialization = Specialization.NVPTX;
    /** {@link ExceptionFlags} ORed in by every operation. */
    public int flags;
    /** High and low word of the last 128-bit result. */
    public long zHi, zLo;

    public Env() {}

    public Env(RoundingMode rm, Specialization s) {
        this.roundingMode = rm;
        this.specialization = s;
    }
}

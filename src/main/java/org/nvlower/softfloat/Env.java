package org.nvlower.softfloat;

/**
 * Mutable context of the softfloat operations, one per thread: the NaN rules and subnormal
 * handling they read, the exception flags they OR in, and the two words of a 128-bit
 * result (so that binary128 and 128-bit integer operations need not allocate). The rounding mode
 * is not here: every operation that rounds takes it as a parameter, so it is in one place.
 */
public final class Env {
    public Specialization specialization = Specialization.NVPTX;
    /**
     * Flush to zero (PTX {@code .ftz} on results): a binary16/bfloat16/binary32/binary64 result
     * that is tiny becomes a zero of the same sign, raising UNDERFLOW and INEXACT. Tiny is
     * IEEE 754's default, detected after rounding: the result rounded to p bits with an unbounded
     * exponent lies below the smallest normal (docs/softfloat.md says why this is the GPU's rule).
     * binary128 results are never flushed.
     */
    public boolean ftz;
    /**
     * Denormals are zero (PTX {@code .ftz} on inputs): a subnormal binary16/bfloat16/binary32/
     * binary64 operand is read as a zero of the same sign, without a flag. binary128 operands
     * are read as they are.
     */
    public boolean daz;
    /** {@link ExceptionFlags} ORed in by every operation. */
    public int flags;
    /** High and low word of the last 128-bit result. */
    public long zHi, zLo;

    public Env() {}

    public Env(Specialization s) {
        this.specialization = s;
    }

    /** PTX's environment: NVPTX NaNs, {@code .ftz} when {@code ftz} (both flush settings). */
    public static Env ptx(boolean ftz) {
        Env env = new Env(Specialization.NVPTX);
        env.ftz = ftz;
        env.daz = ftz;
        return env;
    }
}

package org.nvlower.softfloat;

/**
 * The binary64 NaNs NVIDIA GPUs give, op by op, as measured on an H200 (docs/nan.md): an invalid
 * operation gives {@link #INVALID}; a NaN operand comes back quieted (payload and sign kept, bit 51
 * set), and which operand's NaN wins depends on the instruction. Applied after the value: each
 * method returns {@code r} unless it is a NaN, so callers compute with softfloat (whose NVPTX
 * specialization gives one canonical NaN) or the JVM and then ask here which NaN the GPU gives.
 *
 * <p>Not a {@link Specialization}: those choose a NaN from the operands in a fixed order, and the
 * GPU's order differs between instructions (add and mul take the second operand's NaN, fma b
 * then c then a, ptxas's div.rn the first). binary32 arithmetic needs nothing of this: every FP32
 * arithmetic instruction gives the canonical 0x7FFFFFFF, which is NVPTX's NaN; only the
 * conversions between the two formats carry a payload across ({@link #narrow}, {@link #widen}).
 */
public final class GpuNaN {

    /** The result of an invalid operation (0/0, inf - inf, 0 * inf, sqrt(-1)): a negative quiet NaN. */
    public static final long INVALID = 0xFFF8000000000000L;

    private static final long QUIET = 0x0008000000000000L;

    private GpuNaN() {}

    private static boolean isNaN(long x) {
        return (x & Long.MAX_VALUE) > 0x7FF0000000000000L;
    }

    /** x (a NaN) with its quiet bit set. */
    public static long quiet(long x) {
        return x | QUIET;
    }

    /** add, sub, mul (DADD, DMUL): the second operand's NaN if it is one, else the first's. */
    public static long addMul(long r, long a, long b) {
        if (!isNaN(r)) {
            return r;
        }
        return isNaN(b) ? quiet(b) : isNaN(a) ? quiet(a) : INVALID;
    }

    /** fma a * b + c (DFMA): b's NaN, then c's, then a's; fma(0, inf, NaN c) gives c. */
    public static long fma(long r, long a, long b, long c) {
        if (!isNaN(r)) {
            return r;
        }
        return isNaN(b) ? quiet(b) : isNaN(c) ? quiet(c) : isNaN(a) ? quiet(a) : INVALID;
    }

    /** div.rn.f64 (ptxas's sequence): the first operand's NaN if it is one, else the second's. */
    public static long div(long r, long a, long b) {
        if (!isNaN(r)) {
            return r;
        }
        return isNaN(a) ? quiet(a) : isNaN(b) ? quiet(b) : INVALID;
    }

    /** cvt.rn.f32.f64 (any rounding) of the NaN a: its sign and the payload's top bits, quiet bit set. */
    public static int narrow(long a) {
        return (int) (a >>> 63 << 31) | 0x7FC00000 | (int) (a >>> 29 & 0x3FFFFF);
    }

    /** cvt.f64.f32 of the NaN a: its sign and payload (at the top of the fraction), quiet bit set. */
    public static long widen(int a) {
        return (long) (a >>> 31) << 63 | 0x7FF8000000000000L | (long) (a & 0x3FFFFF) << 29;
    }

    /** sqrt.rn, rcp.rn, rsqrt.approx: the operand's NaN. */
    public static long unary(long r, long a) {
        if (!isNaN(r)) {
            return r;
        }
        return isNaN(a) ? quiet(a) : INVALID;
    }
}

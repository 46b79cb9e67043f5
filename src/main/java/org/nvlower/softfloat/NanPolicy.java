package org.nvlower.softfloat;

/**
 * The one place that knows the two {@link Specialization}s' NaN rules: default NaNs, how NaN
 * operands propagate, and how NaNs convert between formats. Every function raises INVALID for
 * a signaling NaN operand. X86 follows SoftFloat 3e's 8086-SSE: a signaling first operand wins,
 * else the first NaN operand; the result is quietened; conversions keep sign and the leading
 * payload bits. NVPTX returns the canonical positive quiet NaN of the result format.
 */
final class NanPolicy {

    static final long F128_QUIET = 0x0000800000000000L;
    static final long F128_X86_DEFAULT_HI = 0xFFFF800000000000L;
    static final long F128_NVPTX_HI = 0x7FFFFFFFFFFFFFFFL, F128_NVPTX_LO = -1L;

    private NanPolicy() {}

    static void defaultNaN128(Env env) {
        if (env.specialization == Specialization.X86) {
            env.zHi = F128_X86_DEFAULT_HI;
            env.zLo = 0;
        } else {
            env.zHi = F128_NVPTX_HI;
            env.zLo = F128_NVPTX_LO;
        }
    }

    /** At least one of a, b is a NaN; the combined NaN result goes to env.zHi/zLo. */
    static void propagate128(long aHi, long aLo, long bHi, long bLo, Env env) {
        boolean signalingA = F128.isSignalingNaN(aHi, aLo);
        if (signalingA || F128.isSignalingNaN(bHi, bLo)) {
            env.flags |= ExceptionFlags.INVALID;
        }
        if (env.specialization == Specialization.NVPTX) {
            env.zHi = F128_NVPTX_HI;
            env.zLo = F128_NVPTX_LO;
        } else if (signalingA || F128.isNaN(aHi, aLo)) {
            env.zHi = aHi | F128_QUIET;
            env.zLo = aLo;
        } else {
            env.zHi = bHi | F128_QUIET;
            env.zLo = bLo;
        }
    }

    /** At least one of a, b is a NaN of format f; returns the combined NaN. */
    static long propagate(FloatFormat f, long a, long b, Env env) {
        boolean signalingA = f.isSignalingNaN(a);
        if (signalingA || f.isSignalingNaN(b)) {
            env.flags |= ExceptionFlags.INVALID;
        }
        if (env.specialization == Specialization.NVPTX) {
            return f.nvptxNaN;
        }
        return (signalingA || f.isNaN(a) ? a : b) | f.quietBit;
    }

    /** NaN a of format f as a binary128 NaN in env.zHi/zLo. */
    static void toF128(FloatFormat f, long a, Env env) {
        if (f.isSignalingNaN(a)) {
            env.flags |= ExceptionFlags.INVALID;
        }
        if (env.specialization == Specialization.NVPTX) {
            env.zHi = F128_NVPTX_HI;
            env.zLo = F128_NVPTX_LO;
            return;
        }
        // The payload, left-aligned under the quiet bit (bit 111 of the 112-bit fraction).
        long payload = (a & f.fracMask) << (64 - f.fracBits); // top-aligned in 64 bits
        env.zHi = (f.sign(a) ? Long.MIN_VALUE : 0) | 0x7FFF000000000000L | F128_QUIET | (payload >>> 16);
        env.zLo = payload << 48;
    }

    /** binary128 NaN (hi, lo) as a NaN of format f. */
    static long fromF128(FloatFormat f, long hi, long lo, Env env) {
        if (F128.isSignalingNaN(hi, lo)) {
            env.flags |= ExceptionFlags.INVALID;
        }
        if (env.specialization == Specialization.NVPTX) {
            return f.nvptxNaN;
        }
        long payload = (hi << 16) | (lo >>> 48); // the fraction's top 64 bits
        long sign = hi < 0 ? f.signBit : 0;
        return sign | ((long) f.expMax << f.fracBits) | f.quietBit | (payload >>> (64 - f.fracBits));
    }

    /** NaN a of format f converted to format g. */
    static long convert(FloatFormat f, long a, FloatFormat g, Env env) {
        toF128(f, a, env);
        return fromF128(g, env.zHi, env.zLo, env);
    }
}

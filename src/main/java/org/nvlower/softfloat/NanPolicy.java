package org.nvlower.softfloat;

/**
 * Entry points for NaN results: every function raises INVALID for a signaling NaN operand and
 * then asks env's {@link Specialization} for the NaN (the only place the two rule sets differ).
 */
final class NanPolicy {

    static final long F128_QUIET = 0x0000800000000000L;

    private NanPolicy() {}

    static void defaultNaN128(Env env) {
        env.specialization.defaultNaN128(env);
    }

    /** At least one of a, b is a NaN; the combined NaN result goes to env.zHi/zLo. */
    static void propagate128(long aHi, long aLo, long bHi, long bLo, Env env) {
        if (F128.isSignalingNaN(aHi, aLo) || F128.isSignalingNaN(bHi, bLo)) {
            env.flags |= ExceptionFlags.INVALID;
        }
        env.specialization.propagate128(aHi, aLo, bHi, bLo, env);
    }

    /** At least one of a, b is a NaN of format f; returns the combined NaN. */
    static long propagate(FloatFormat f, long a, long b, Env env) {
        if (f.isSignalingNaN(a) || f.isSignalingNaN(b)) {
            env.flags |= ExceptionFlags.INVALID;
        }
        return env.specialization.propagate(f, a, b);
    }

    /** NaN a of format f as a binary128 NaN in env.zHi/zLo. */
    static void toF128(FloatFormat f, long a, Env env) {
        if (f.isSignalingNaN(a)) {
            env.flags |= ExceptionFlags.INVALID;
        }
        env.specialization.toF128(f, a, env);
    }

    /** binary128 NaN (hi, lo) as a NaN of format f. */
    static long fromF128(FloatFormat f, long hi, long lo, Env env) {
        if (F128.isSignalingNaN(hi, lo)) {
            env.flags |= ExceptionFlags.INVALID;
        }
        return env.specialization.fromF128(f, hi, lo);
    }

    /** NaN a of format f converted to format g. */
    static long convert(FloatFormat f, long a, FloatFormat g, Env env) {
        if (f.isSignalingNaN(a)) {
            env.flags |= ExceptionFlags.INVALID;
        }
        return env.specialization.convert(f, a, g);
    }
}

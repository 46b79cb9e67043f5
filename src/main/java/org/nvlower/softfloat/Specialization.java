package org.nvlower.softfloat;

import java.util.List;

/**
 * The NaN and invalid-conversion rules, as a sealed strategy with exactly two instances.
 * {@link #X86}: SoftFloat 3e's 8086-SSE (negative default NaN, NaN operands propagate with their
 * payload, "integer indefinite" for invalid conversions). {@link #NVPTX}: PTX semantics (the
 * canonical positive NaN of the result format, conversions to integer give 0 for NaN and
 * saturate out-of-range values). {@link NanPolicy} raises INVALID for signaling NaNs and then
 * asks {@code env.specialization}. A few hot paths answer NaN operands in line, without the call
 * (a call left in a benchmark's or a sweep's loop makes it spill): binary16 add/sub and div
 * ({@code HalfPath}), the narrow and binary128 conversions ({@code ConversionPath}, {@code F128});
 * they test {@code env.specialization == X86} and read the format's NaN fields, with the same
 * results as NanPolicy (their tests run both specializations against the general path).
 */
public abstract sealed class Specialization permits Specialization.X86Rules, Specialization.NvptxRules {

    public static final Specialization X86 = new X86Rules();
    public static final Specialization NVPTX = new NvptxRules();

    private static final List<Specialization> VALUES = List.of(X86, NVPTX);

    private final String name;

    private Specialization(String name) {
        this.name = name;
    }

    /** Both specializations, X86 first. */
    public static List<Specialization> values() {
        return VALUES;
    }

    /** The specialization named {@code name} ("X86" or "NVPTX", case-insensitive). */
    public static Specialization valueOf(String name) {
        for (Specialization s : VALUES) {
            if (s.name.equalsIgnoreCase(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown specialization '" + name + "' (expected X86 or NVPTX)");
    }

    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return name;
    }

    /** The default NaN of format f (the result of an invalid operation). */
    abstract long defaultNaN(FloatFormat f);

    /** The default binary128 NaN, into env.zHi/zLo. */
    abstract void defaultNaN128(Env env);

    /** The NaN result of an operation of format f on a and b, at least one a NaN. */
    abstract long propagate(FloatFormat f, long a, long b);

    /** The binary128 NaN result for operands a, b (at least one a NaN), into env.zHi/zLo. */
    abstract void propagate128(long aHi, long aLo, long bHi, long bLo, Env env);

    /** NaN a of format f converted to format g. */
    abstract long convert(FloatFormat f, long a, FloatFormat g);

    /** NaN a of format f as a binary128 NaN, into env.zHi/zLo. */
    abstract void toF128(FloatFormat f, long a, Env env);

    /** binary128 NaN (hi, lo) as a NaN of format f. */
    abstract long fromF128(FloatFormat f, long hi, long lo);

    /** The integer result of an invalid conversion to t (NaN, or out of range on the {@code negative} side). */
    abstract long invalidResult(IntFormat t, boolean nan, boolean negative);

    /** The 128-bit result of an invalid conversion to a (signed) 128-bit integer, into env.zHi/zLo. */
    abstract void invalidResult128(boolean signed, boolean nan, boolean negative, Env env);

    /** SoftFloat 3e's 8086-SSE rules. */
    static final class X86Rules extends Specialization {
        private static final long F128_DEFAULT_HI = 0xFFFF800000000000L;

        private X86Rules() {
            super("X86");
        }

        @Override
        long defaultNaN(FloatFormat f) {
            return f.x86DefaultNaN;
        }

        @Override
        void defaultNaN128(Env env) {
            env.zHi = F128_DEFAULT_HI;
            env.zLo = 0;
        }

        /** A signaling first operand wins, else the first NaN operand; the result is quietened. */
        @Override
        long propagate(FloatFormat f, long a, long b) {
            return (f.isSignalingNaN(a) || f.isNaN(a) ? a : b) | f.quietBit;
        }

        @Override
        void propagate128(long aHi, long aLo, long bHi, long bLo, Env env) {
            if (F128.isSignalingNaN(aHi, aLo) || F128.isNaN(aHi, aLo)) {
                env.zHi = aHi | NanPolicy.F128_QUIET;
                env.zLo = aLo;
            } else {
                env.zHi = bHi | NanPolicy.F128_QUIET;
                env.zLo = bLo;
            }
        }

        /** Sign and the leading payload bits kept, quiet bit set. */
        @Override
        long convert(FloatFormat f, long a, FloatFormat g) {
            long payload = (a & f.fracMask) << (64 - f.fracBits); // top-aligned in 64 bits
            long sign = f.sign(a) ? g.signBit : 0;
            return sign | ((long) g.expMax << g.fracBits) | g.quietBit | (payload >>> (64 - g.fracBits));
        }

        @Override
        void toF128(FloatFormat f, long a, Env env) {
            // The payload, left-aligned under the quiet bit (bit 111 of the 112-bit fraction).
            long payload = (a & f.fracMask) << (64 - f.fracBits);
            env.zHi = (f.sign(a) ? Long.MIN_VALUE : 0) | 0x7FFF000000000000L | NanPolicy.F128_QUIET | (payload >>> 16);
            env.zLo = payload << 48;
        }

        @Override
        long fromF128(FloatFormat f, long hi, long lo) {
            long payload = (hi << 16) | (lo >>> 48); // the fraction's top 64 bits
            long sign = hi < 0 ? f.signBit : 0;
            return sign | ((long) f.expMax << f.fracBits) | f.quietBit | (payload >>> (64 - f.fracBits));
        }

        @Override
        long invalidResult(IntFormat t, boolean nan, boolean negative) {
            return nan ? t.x86NaN : negative ? t.x86NegOverflow : t.x86PosOverflow;
        }

        /** Extrapolated from SoftFloat's 32/64-bit "integer indefinite": the most negative value, or all ones. */
        @Override
        void invalidResult128(boolean signed, boolean nan, boolean negative, Env env) {
            env.zHi = signed ? Long.MIN_VALUE : -1L;
            env.zLo = signed ? 0 : -1L;
        }
    }

    /** PTX rules: one canonical NaN per format, saturating conversions. */
    static final class NvptxRules extends Specialization {
        private static final long F128_HI = 0x7FFFFFFFFFFFFFFFL, F128_LO = -1L;

        private NvptxRules() {
            super("NVPTX");
        }

        @Override
        long defaultNaN(FloatFormat f) {
            return f.nvptxNaN;
        }

        @Override
        void defaultNaN128(Env env) {
            env.zHi = F128_HI;
            env.zLo = F128_LO;
        }

        @Override
        long propagate(FloatFormat f, long a, long b) {
            return f.nvptxNaN;
        }

        @Override
        void propagate128(long aHi, long aLo, long bHi, long bLo, Env env) {
            defaultNaN128(env);
        }

        @Override
        long convert(FloatFormat f, long a, FloatFormat g) {
            return g.nvptxNaN;
        }

        @Override
        void toF128(FloatFormat f, long a, Env env) {
            defaultNaN128(env);
        }

        @Override
        long fromF128(FloatFormat f, long hi, long lo) {
            return f.nvptxNaN;
        }

        @Override
        long invalidResult(IntFormat t, boolean nan, boolean negative) {
            if (nan) {
                return 0;
            }
            return negative ? -t.maxNegative : t.maxPositive;
        }

        @Override
        void invalidResult128(boolean signed, boolean nan, boolean negative, Env env) {
            if (nan) {
                env.zHi = 0;
                env.zLo = 0;
            } else if (signed) {
                env.zHi = negative ? Long.MIN_VALUE : Long.MAX_VALUE;
                env.zLo = negative ? 0 : -1L;
            } else {
                env.zHi = negative ? 0 : -1L;
                env.zLo = negative ? 0 : -1L;
            }
        }
    }
}

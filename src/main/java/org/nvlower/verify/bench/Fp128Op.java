package org.nvlower.verify.bench;

import java.util.Arrays;
import java.util.stream.Collectors;

import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.RoundingMode;
import org.nvlower.softfloat.F128;

/**
 * The binary128 operations the throughput kernel times, one row each. A pass applies the
 * operation to every pair of the interleaved words {@code aHi, aLo, bHi, bLo} and folds each
 * result into a sink ({@code sink += zHi ^ zLo}), the shape the C harness of bench/fp128-peers
 * copies; sqrt takes |A| so that half the array is not a NaN early exit.
 *
 * <p>Each row spells its loop out: one call site per operation keeps the JIT's view of the loop
 * monomorphic, as the C loop is.
 */
public enum Fp128Op {
    ADD("add") {
        @Override
        long pass(long[] w, Env env) {
            long sink = 0;
            for (int i = 0; i < w.length; i += 4) {
                F128.add(w[i], w[i + 1], w[i + 2], w[i + 3], RoundingMode.NEAR_EVEN, env);
                sink += env.zHi ^ env.zLo;
            }
            return sink;
        }

        @Override
        void apply(long[] w, int i, Env env) {
            F128.add(w[i], w[i + 1], w[i + 2], w[i + 3], RoundingMode.NEAR_EVEN, env);
        }
    },
    MUL("mul") {
        @Override
        long pass(long[] w, Env env) {
            long sink = 0;
            for (int i = 0; i < w.length; i += 4) {
                F128.mul(w[i], w[i + 1], w[i + 2], w[i + 3], RoundingMode.NEAR_EVEN, env);
                sink += env.zHi ^ env.zLo;
            }
            return sink;
        }

        @Override
        void apply(long[] w, int i, Env env) {
            F128.mul(w[i], w[i + 1], w[i + 2], w[i + 3], RoundingMode.NEAR_EVEN, env);
        }
    },
    DIV("div") {
        @Override
        long pass(long[] w, Env env) {
            long sink = 0;
            for (int i = 0; i < w.length; i += 4) {
                F128.div(w[i], w[i + 1], w[i + 2], w[i + 3], RoundingMode.NEAR_EVEN, env);
                sink += env.zHi ^ env.zLo;
            }
            return sink;
        }

        @Override
        void apply(long[] w, int i, Env env) {
            F128.div(w[i], w[i + 1], w[i + 2], w[i + 3], RoundingMode.NEAR_EVEN, env);
        }
    },
    SQRT("sqrt") {
        @Override
        long pass(long[] w, Env env) {
            long sink = 0;
            for (int i = 0; i < w.length; i += 4) {
                F128.sqrt(w[i] & Long.MAX_VALUE, w[i + 1], RoundingMode.NEAR_EVEN, env);
                sink += env.zHi ^ env.zLo;
            }
            return sink;
        }

        @Override
        void apply(long[] w, int i, Env env) {
            F128.sqrt(w[i] & Long.MAX_VALUE, w[i + 1], RoundingMode.NEAR_EVEN, env);
        }
    };

    private final String label;

    Fp128Op(String label) {
        this.label = label;
    }

    /** The name on the command line and in reports: add, mul, div, sqrt. */
    public String label() {
        return label;
    }

    /** The row named {@code label}, or an IllegalArgumentException listing the names. */
    public static Fp128Op fromLabel(String label) {
        for (Fp128Op op : values()) {
            if (op.label.equals(label)) {
                return op;
            }
        }
        throw new IllegalArgumentException("unknown fp128 op '" + label + "' (expected one of " + labels() + ")");
    }

    public static String labels() {
        return Arrays.stream(values()).map(Fp128Op::label).collect(Collectors.joining(", "));
    }

    /** One timed pass over all pairs; returns the folded sink. */
    abstract long pass(long[] w, Env env);

    /** The operation on the pair starting at word {@code i}; the result is in env.zHi/zLo. */
    abstract void apply(long[] w, int i, Env env);

    /**
     * An order-sensitive hash of all results of one pass, with every NaN result counted as
     * 7FFF8000...0 (NaN payloads are a policy choice, see Specialization): equal checksums from
     * nvlower and another implementation mean bit-identical results on these operands. The C
     * harness of bench/fp128-peers computes the same function.
     */
    public long checksum(Fp128Operands operands, Env env) {
        long[] w = operands.words();
        long h = 0;
        for (int i = 0; i < w.length; i += 4) {
            apply(w, i, env);
            long hi = env.zHi;
            long lo = env.zLo;
            if ((hi & 0x7FFF_0000_0000_0000L) == 0x7FFF_0000_0000_0000L && ((hi & 0xFFFF_FFFF_FFFFL) | lo) != 0) {
                hi = 0x7FFF_8000_0000_0000L;
                lo = 0;
            }
            h = mix(h, hi);
            h = mix(h, lo);
        }
        return h;
    }

    /** One step of the checksum: multiply to carry bits up, rotate to bring the high ones down. */
    private static long mix(long h, long word) {
        return Long.rotateLeft((h ^ word) * 0x9E37_79B9_7F4A_7C15L, 31);
    }
}

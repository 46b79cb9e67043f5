package org.nvlower.verify.sass;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The case spaces of {@code nvlower verify}. Case i of a run is a pure function of (op, case
 * set, seed, i) ({@link #operands}), so a run can be cut into ranges, resumed, or spread over
 * machines: every range of indices gives the same cases whichever machine runs it.
 *
 * <ul>
 * <li>{@code edge}: every pair (or single value) of the op's edge values: zeros, subnormal
 *     extremes, the smallest and largest normals, 1 and its neighbours, powers of two, infinities,
 *     NaNs; for integers 0, 1, -1, MIN, MAX, powers of two and their neighbours.
 * <li>{@code random}: seeded uniform bit patterns and, half of the time for floats, operands
 *     whose exponents lie near each other (the fast path).
 * <li>{@code hard}: a fixed list, independent of the seed: quotients, reciprocals and roots
 *     constructed within a tiny distance of a rounding boundary (near-halfway), exact results,
 *     subnormal results, the overflow and underflow thresholds, FCHK's boundary exponents; for
 *     integers quotients next to a boundary (a = q b + r, r in {0, 1, b - 1}).
 * <li>{@code exhaustive}: every input of a unary float op (2^32); for rcp/rsqrt.approx.ftz.f64
 *     every high word (2^32, each with a seeded low word); for integer ops every pair of
 *     16-bit operands (unsigned 0..65535, signed -32768..32767).
 * <li>{@code binades}: for rcp.rn and sqrt.rn, every input of the binades that decide their fast
 *     path (rcp: [1, 2) of both signs; sqrt: [1, 4)): elsewhere the fast path is an exact scaling of
 *     one of these, so with {@code --mufu all} this set proves the fast path for every input and
 *     every MUFU output inside the bound.
 * </ul>
 */
public enum CaseSet {
    EDGE, RANDOM, HARD, EXHAUSTIVE, BINADES;

    /** The hard set's size for each kind of op (enough for proof runs; CI runs a prefix). */
    static final long HARD_SIZE = 1L << 24;

    public String spelling() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static CaseSet parse(String s) {
        for (CaseSet c : values()) {
            if (c.spelling().equals(s)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown case set '" + s + "' (expected edge, random, hard, exhaustive or binades)");
    }

    /** How many cases the set has for op (random: unbounded, so Long.MAX_VALUE). */
    public long size(SassOp op) {
        return switch (this) {
            case EDGE -> {
                long n = edges(op).length;
                yield op.unary() ? n : n * n;
            }
            case RANDOM -> Long.MAX_VALUE;
            case HARD -> HARD_SIZE;
            case EXHAUSTIVE -> {
                if (op.isDouble() && !highWordAlone(op) || op.isFloat() && !op.unary()) {
                    throw new IllegalArgumentException(op + ": no exhaustive case set for a two-operand float op");
                }
                yield 1L << 32;
            }
            case BINADES -> {
                if (op.kind() != SassOp.Kind.RCP_F32 && op.kind() != SassOp.Kind.SQRT_F32) {
                    throw new IllegalArgumentException(op + ": the binades case set is for rcp.rn and sqrt.rn");
                }
                yield 1L << 24;
            }
        };
    }

    /** Writes case i's operands (two 64-bit words; 32-bit ops use the low word) into out. */
    public void operands(SassOp op, long seed, long i, long[] out) {
        switch (this) {
            case EDGE -> {
                long[] e = edges(op);
                if (op.unary()) {
                    out[0] = e[(int) i];
                    out[1] = 0;
                } else {
                    out[0] = e[(int) (i / e.length)];
                    out[1] = e[(int) (i % e.length)];
                }
            }
            case RANDOM -> Generators.random(op, seed, i, out);
            case HARD -> Generators.hard(op, i, out);
            case BINADES -> {
                // rcp: 0x3f800000.. and 0xbf800000..; sqrt: 0x3f800000..0x407fffff
                out[0] = op.kind() == SassOp.Kind.RCP_F32
                        ? (0x3F800000L | (i & 0x7FFFFF) | ((i >>> 23) << 31)) : 0x3F800000L + i;
                out[1] = 0;
            }
            case EXHAUSTIVE -> {
                if (op.isDouble()) { // rcp/rsqrt.approx.ftz.f64: high word i, a low word they must ignore
                    out[0] = i << 32 | (Generators.mix(seed, i, 0) & 0xFFFFFFFFL);
                    out[1] = 0;
                } else if (op.isFloat()) {
                    out[0] = i & 0xFFFFFFFFL;
                    out[1] = 0;
                } else if (op.signed()) {
                    out[0] = (short) (i >>> 16);
                    out[1] = (short) i;
                } else {
                    out[0] = (i >>> 16) & 0xFFFF;
                    out[1] = i & 0xFFFF;
                }
            }
        }
    }

    /**
     * rcp/rsqrt.approx.ftz.f64, whose result depends on the operand's high word alone (the PTX ISA
     * defines them so; ptxas's code loads nothing else): their 2^32 high words are every input.
     */
    static boolean highWordAlone(SassOp op) {
        return op.kind() == SassOp.Kind.RCP_APPROX_FTZ_F64 || op.kind() == SassOp.Kind.RSQRT_APPROX_FTZ_F64;
    }

    private static long[] floatEdges;
    private static long[] intEdges16;
    private static long[] intEdges32;
    private static long[] intEdges64;

    /** The op's edge values (a copy): the table the GPU check's edge set indexes. */
    public static long[] edgeValues(SassOp op) {
        return edges(op).clone();
    }

    /** The op's edge values. */
    static synchronized long[] edges(SassOp op) {
        if (op.isDouble()) {
            return Fp64Cases.edges();
        }
        if (op.isFloat()) {
            if (floatEdges == null) {
                List<Long> v = new ArrayList<>();
                int[] mags = {0, 1, 2, 0x7FFFFF, 0x400000, 0x800000, 0x800001, 0xFFFFFF, 0x1000000, 0x0D000000,
                    0x0CFFFFFF, 0x0C800000, 0x3F7FFFFF, 0x3F800000, 0x3F800001, 0x3FFFFFFF, 0x40000000,
                    0x3F000000, 0x5F800000, 0x1F800000, 0x7E7FFFFF, 0x7E800000, 0x7E800001, 0x7EFFFFFF,
                    0x7F000000, 0x7F7FFFFE, 0x7F7FFFFF, 0x7F800000, 0x7F800001, 0x7FC00000, 0x7FFFFFFF};
                for (int m : mags) {
                    v.add(m & 0xFFFFFFFFL);
                    v.add((m | 0x80000000) & 0xFFFFFFFFL);
                }
                floatEdges = v.stream().mapToLong(Long::longValue).toArray();
            }
            return floatEdges;
        }
        if (op.operands().bits == 16) {
            if (intEdges16 == null) { // every 16-bit edge: 0, 1, -1, powers of two and their neighbours, MIN, MAX
                List<Long> v = new ArrayList<>();
                for (int k = 0; k < 16; k++) {
                    for (long x : new long[] {1L << k, (1L << k) - 1, (1L << k) + 1, -(1L << k)}) {
                        v.add(op.signed() ? (long) (short) x : x & 0xFFFF);
                    }
                }
                intEdges16 = v.stream().mapToLong(Long::longValue).map(x -> x & 0xFFFF).distinct().toArray();
            }
            return intEdges16;
        }
        boolean wide = op.operands().bits == 64;
        if (wide ? intEdges64 == null : intEdges32 == null) {
            List<Long> v = new ArrayList<>();
            int bits = wide ? 64 : 32;
            for (int k = 0; k < bits; k++) {
                long p = 1L << k;
                v.add(p);
                v.add(p - 1);
                v.add(p + 1);
                v.add(-p);
            }
            v.add(0L);
            v.add(-1L);
            v.add(wide ? Long.MAX_VALUE : Integer.MAX_VALUE);
            v.add(wide ? Long.MIN_VALUE : Integer.MIN_VALUE);
            v.add(wide ? Long.MIN_VALUE + 1 : Integer.MIN_VALUE + 1);
            long[] arr = v.stream().mapToLong(x -> wide ? x : (long) (int) (long) x).distinct().toArray();
            if (wide) {
                intEdges64 = arr;
            } else {
                intEdges32 = arr;
            }
        }
        return wide ? intEdges64 : intEdges32;
    }
}

package org.nvlower.verify.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.nvlower.llvm.runtime.ValueType;
import org.nvlower.llvm.runtime.RuntimeFunction;
/**
 * Operands for checking the runtime bodies, as operand words in the table's order (one long per
 * narrow operand, high then low word for 128-bit ones): edge values per type (zeros, subnormal
 * and normal boundaries, ones, integer-conversion boundaries, infinities, NaNs, integer extremes)
 * and random values shaped like TestFloat's (random sign, exponents clustered at the interesting
 * places, significands of random bits or of runs of ones and zeros).
 */
public final class RuntimeCases {

    private RuntimeCases() {
    }

    /**
     * Calls {@code action} with the operand words of each case of {@code f}: its edge values (every
     * pair of {@link #pairEdges} for two operands), then {@code random} random cases from a
     * generator seeded by {@code seed} and the function. The array is reused between calls.
     */
    public static void forEach(RuntimeFunction f, long random, long seed, java.util.function.Consumer<long[]> action) {
        List<ValueType> params = f.parameterTypes();
        if (params.size() == 1) {
            edges(params.get(0)).forEach(action);
        } else {
            List<long[]> second = pairEdges(params.get(1));
            for (long[] a : pairEdges(params.get(0))) {
                for (long[] b : second) {
                    long[] c = java.util.Arrays.copyOf(a, a.length + b.length);
                    System.arraycopy(b, 0, c, a.length, b.length);
                    action.accept(c);
                }
            }
        }
        SplittableRandom r = new SplittableRandom(seed ^ f.ordinal() * 0x9E3779B97F4A7C15L);
        long[] ops = new long[f.operandWords()];
        for (long i = 0; i < random; i++) {
            int at = 0;
            for (ValueType t : params) {
                random(t, r, ops, at);
                at += t.words();
            }
            action.accept(ops);
        }
    }

    /** The edge values of {@code t}, each as its words (one long, or hi and lo). */
    public static List<long[]> edges(ValueType t) {
        List<long[]> list = new ArrayList<>();
        switch (t) {
            case F128 -> {
                int[] exps = {0, 1, 2, 0x3FFE, 0x3FFF, 0x4000, 0x4006, 0x4007, 0x400E, 0x400F, 0x401E, 0x401F,
                    0x403E, 0x403F, 0x407E, 0x407F, 0x4080, 0x3F80, 0x3F81, 0x3F6A, 0x3C00, 0x3C01, 0x3BCD,
                    0x407F + 1, 0x4400, 0x7FFD, 0x7FFE, 0x7FFF};
                long[][] fracs = {{0, 0}, {0, 1}, {0xFFFFFFFFFFFFL, -1L}, {0x800000000000L, 0}, {0x7FFFFFFFFFFFL, -1L},
                    {0, 1L << 63}, {0x123456789ABCL, 0xDEF0123456789ABCL}, {0xFFFFFFFFFFFFL, 0xFFFFFFFFFFFFF000L},
                    {0, 0x1000}, {0x8000, 0}};
                for (int e : exps) {
                    for (long[] f : fracs) {
                        for (long sign : new long[] {0, Long.MIN_VALUE}) {
                            list.add(new long[] {sign | ((long) e << 48) | f[0], f[1]});
                        }
                    }
                }
            }
            case F64 -> {
                long[] exps = {0, 1, 2, 0x3FE, 0x3FF, 0x400, 0x43E, 0x43F, 0x47E, 0x47F, 0x480, 0x7FE, 0x7FF};
                long[] fracs = {0, 1, 0xFFFFFFFFFFFFFL, 0x8000000000000L, 0x7FFFFFFFFFFFFL, 0x123456789ABCDL};
                for (long e : exps) {
                    for (long f : fracs) {
                        list.add(new long[] {(e << 52) | f});
                        list.add(new long[] {Long.MIN_VALUE | (e << 52) | f});
                    }
                }
            }
            case F32 -> {
                long[] exps = {0, 1, 2, 0x7E, 0x7F, 0x80, 0x9E, 0x9F, 0xBE, 0xBF, 0xFE, 0xFF};
                long[] fracs = {0, 1, 0x7FFFFF, 0x400000, 0x3FFFFF, 0x123456};
                for (long e : exps) {
                    for (long f : fracs) {
                        list.add(new long[] {(e << 23) | f});
                        list.add(new long[] {0x80000000L | (e << 23) | f});
                    }
                }
            }
            case I128 -> {
                long[][] values = {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 7}, {0, 10}, {-1, -1}, {-1, -2},
                    {Long.MIN_VALUE, 0}, {Long.MAX_VALUE, -1}, {0, -1}, {1, 0}, {0, Long.MIN_VALUE},
                    {0, 1L << 53}, {0, (1L << 53) + 1}, {0, (1L << 24) + 1}, {0, 0x20000000000001L},
                    {1L << 48, 1}, {1L << 49, 0}, {(1L << 49) - 1, -1}, {0x1000000000000000L, 0x1000000001L},
                    {-1, Long.MIN_VALUE}, {Long.MIN_VALUE, 1}, {0x0123456789ABCDEFL, 0xFEDCBA9876543210L},
                    {0, 0xFFFFFF8000000000L}, {0xFFFFFF80L, 0}, {0xFFFFFFFFFFFFF800L, 0}};
                for (long[] v : values) {
                    list.add(v.clone());
                }
            }
            case I1 -> {
                list.add(new long[] {0});
                list.add(new long[] {1});
            }
            default -> {
                int n = t.bits();
                long mask = n == 64 ? -1L : (1L << n) - 1;
                long[] values = {0, 1, 2, 3, 10, mask, mask - 1, mask >>> 1, (mask >>> 1) + 1, (mask >>> 1) - 1,
                    1L << (n / 2), 0x5555555555555555L & mask};
                for (long v : values) {
                    list.add(new long[] {v & mask});
                }
            }
        }
        return list;
    }

    /**
     * The edge values that are paired with each other for two-operand functions: fewer than
     * {@link #edges} for binary128 (exponents that meet at the alignment, rounding and overflow
     * boundaries of the operations, significands at their ends), all of them for the integers.
     */
    public static List<long[]> pairEdges(ValueType t) {
        if (t != ValueType.F128) {
            return edges(t);
        }
        int[] exps = {0, 1, 0x3F8E, 0x3F90, 0x3FF0, 0x3FFE, 0x3FFF, 0x4000, 0x4001, 0x4070, 0x7FFD, 0x7FFE, 0x7FFF};
        long[][] fracs = {{0, 0}, {0, 1}, {0xFFFFFFFFFFFFL, -1L}, {0x800000000000L, 0}, {0x123456789ABCL, 0xDEF0123456789ABCL}};
        List<long[]> list = new ArrayList<>();
        for (int e : exps) {
            for (long[] f : fracs) {
                for (long sign : new long[] {0, Long.MIN_VALUE}) {
                    list.add(new long[] {sign | ((long) e << 48) | f[0], f[1]});
                }
            }
        }
        return list;
    }

    /** A random value of {@code t} into {@code out[at..]} (two words for the 128-bit types). */
    public static void random(ValueType t, SplittableRandom r, long[] out, int at) {
        switch (t) {
            case F128 -> {
                int e = exponent(r, 0x7FFF, 0x3FFF, 112);
                long hi = significandBits(r) & 0xFFFFFFFFFFFFL;
                long lo = significandBits(r);
                if (e == 0x7FFF && r.nextInt(4) != 0) {
                    hi = 0;
                    lo = 0;
                }
                out[at] = (r.nextBoolean() ? Long.MIN_VALUE : 0) | ((long) e << 48) | hi;
                out[at + 1] = lo;
            }
            case F64 -> {
                long e = exponent(r, 0x7FF, 0x3FF, 52);
                out[at] = (r.nextBoolean() ? Long.MIN_VALUE : 0) | (e << 52) | (significandBits(r) & 0xFFFFFFFFFFFFFL);
            }
            case F32 -> {
                long e = exponent(r, 0xFF, 0x7F, 23);
                out[at] = (r.nextBoolean() ? 0x80000000L : 0) | (e << 23) | (significandBits(r) & 0x7FFFFF);
            }
            case I128 -> {
                // a random magnitude: the top bit anywhere, and sometimes negative
                int top = r.nextInt(129);
                long hi = significandBits(r);
                long lo = significandBits(r);
                if (top <= 64) {
                    hi = 0;
                    lo = top == 64 ? lo : top == 0 ? 0 : lo & ((1L << top) - 1);
                } else if (top < 128) {
                    hi &= (1L << (top - 64)) - 1;
                }
                if (r.nextInt(4) == 0) {
                    lo = -lo;
                    hi = ~hi + (lo == 0 ? 1 : 0);
                }
                out[at] = hi;
                out[at + 1] = lo;
            }
            default -> {
                int n = t.bits();
                long mask = n == 64 ? -1L : (1L << n) - 1;
                int top = r.nextInt(n + 1);
                long v = top == 0 ? 0 : significandBits(r) & (top == 64 ? -1L : (1L << top) - 1);
                out[at] = (r.nextInt(4) == 0 ? -v : v) & mask;
            }
        }
    }

    /** Biased exponents mostly near the bias (within the significand's width), else anywhere or extreme. */
    private static int exponent(SplittableRandom r, int max, int bias, int fracBits) {
        return switch (r.nextInt(8)) {
            case 0 -> 0;
            case 1 -> max;
            case 2 -> r.nextInt(max + 1);
            case 3 -> r.nextBoolean() ? 1 + r.nextInt(4) : max - 1 - r.nextInt(4);
            default -> Math.max(1, Math.min(max - 1, bias + r.nextInt(-fracBits - 8, fracBits + 24)));
        };
    }

    /** Random bits, or runs of ones and zeros (TestFloat's favourite patterns), over 64 bits. */
    private static long significandBits(SplittableRandom r) {
        return switch (r.nextInt(4)) {
            case 0 -> {
                int a = r.nextInt(64);
                int b = r.nextInt(64);
                yield (-1L >>> a) & (-1L << b);
            }
            case 1 -> {
                long v = -1L << r.nextInt(64);
                yield r.nextBoolean() ? ~v : v;
            }
            default -> r.nextLong();
        };
    }
}

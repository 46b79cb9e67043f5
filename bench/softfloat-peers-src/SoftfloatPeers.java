import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.nvlower.softfloat.BF16;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.F128;
import org.nvlower.softfloat.F16;
import org.nvlower.softfloat.F32;
import org.nvlower.softfloat.F64;
import org.nvlower.softfloat.RoundingMode;
import org.nvlower.softfloat.Specialization;

/**
 * The Java half of bench/softfloat-peers: nvlower's softfloat (and, for round-to-nearest-even, the
 * JVM's own float/double operations) on the operand sets that softfloat_peers.c gives Berkeley
 * SoftFloat 3e. A cell is one function in one rounding mode, named as TestFloat names them
 * ({@code f32_add/near_even}, {@code f64_to_i32/min}, {@code i64_to_f16/odd}); a pass is that
 * function on each of the N operand sets.
 *
 * <pre>
 * java SoftfloatPeers operands FILE          writes the operand sets (seeded, deterministic)
 * java SoftfloatPeers cells                  prints the cells, one per line ("-" marks no SoftFloat peer)
 * java SoftfloatPeers check FILE CELLS       per cell of the file CELLS (as "cells" prints them): a
 *                                            64-bit hash of every result and its flags (flags cleared
 *                                            before each operation), as the C driver's
 * java SoftfloatPeers dump FILE CELLS       every result: "HI LO FLAGS", then the hash (as the C driver's dump)
 * java SoftfloatPeers time FILE CELLS MS     per cell: Mop/s per CPU second of this thread, measured
 *                                            for MS ms after MS ms of warm-up; "hw" lines are Java's
 *                                            operators on the same operands (no flags)
 * java SoftfloatPeers report CELLS CHECK_NV CHECK_SF TIME...   the table (best round per cell and impl)
 * </pre>
 *
 * NaNs follow SoftFloat's 8086-SSE specialization (nvlower's X86); tininess is detected after
 * rounding in both. Conversions to integers are SoftFloat's {@code exact} form (INEXACT raised).
 */
public final class SoftfloatPeers {

    static final int N = 4096;
    static final String[] FORMATS = {"f16", "bf16", "f32", "f64", "f128"};
    static final String[] MODES = {"near_even", "minMag", "min", "max", "near_maxMag", "odd"};

    // operand sets: a, b, c as (hi, lo) words (narrow formats in lo), and two integer operands
    static final Map<String, long[][]> OPS = new LinkedHashMap<>();
    static long[] I32 = new long[N];
    static long[] I64 = new long[N];

    // ------------------------------------------------------------------ the cells

    /** Formats whose precision and range contain f's: conversion f -> g is exact. */
    static boolean exact(String f, String g) {
        int[] pf = shape(f);
        int[] pg = shape(g);
        return pg[0] >= pf[0] && pg[1] >= pf[1];
    }

    static int[] shape(String f) {
        return switch (f) {
            case "f16" -> new int[] {11, 5};
            case "bf16" -> new int[] {8, 8};
            case "f32" -> new int[] {24, 8};
            case "f64" -> new int[] {53, 11};
            case "i32" -> new int[] {31, 0};
            case "i64" -> new int[] {63, 0};
            default -> new int[] {113, 15};
        };
    }

    /** SoftFloat 3e has these for bfloat16: only the conversions to and from binary32. */
    static boolean hasPeer(String fn) {
        return !fn.contains("bf16") || fn.equals("bf16_to_f32") || fn.equals("f32_to_bf16");
    }

    static boolean hasHardware(String fn) {
        return switch (fn) {
            case "f32_add", "f32_sub", "f32_mul", "f32_div", "f32_mulAdd", "f32_sqrt", "f32_rem", "f32_eq",
                 "f32_le", "f32_lt", "f32_to_f64", "f32_to_f16", "f32_to_i32", "f32_to_i64", "i32_to_f32",
                 "i64_to_f32", "f64_add", "f64_sub", "f64_mul", "f64_div", "f64_mulAdd", "f64_sqrt",
                 "f64_rem", "f64_eq", "f64_le", "f64_lt", "f64_to_f32", "f64_to_i32", "f64_to_i64",
                 "i32_to_f64", "i64_to_f64", "f16_to_f32" -> true;
            default -> false;
        };
    }

    /** Every cell: function/mode; functions that cannot round appear once (near_even). */
    static List<String> cells() {
        List<String> cells = new ArrayList<>();
        for (String f : FORMATS) {
            for (String op : new String[] {"add", "sub", "mul", "div", "mulAdd", "sqrt"}) {
                allModes(cells, f + "_" + op);
            }
            if (!f.equals("bf16")) {
                cells.add(f + "_rem/near_even");
            }
            for (String op : new String[] {"eq", "le", "lt"}) {
                cells.add(f + "_" + op + "/near_even");
            }
            for (String g : FORMATS) {
                String fn = f + "_to_" + g;
                if (!g.equals(f) && hasPeer(fn)) {
                    if (exact(f, g)) {
                        cells.add(fn + "/near_even");
                    } else {
                        allModes(cells, fn);
                    }
                }
            }
            if (!f.equals("bf16")) {
                allModes(cells, f + "_to_i32");
                allModes(cells, f + "_to_i64");
                for (String i : new String[] {"i32", "i64"}) {
                    if (exact(i, f)) {
                        cells.add(i + "_to_" + f + "/near_even");
                    } else {
                        allModes(cells, i + "_to_" + f);
                    }
                }
            }
        }
        return cells;
    }

    static void allModes(List<String> cells, String fn) {
        for (String m : MODES) {
            cells.add(fn + "/" + m);
        }
    }

    // ------------------------------------------------------------------ operands

    /** Random operands: 3/4 finite with exponents in the middle half of the range, 1/4 edge cases. */
    static void makeOperands() {
        SplittableRandom r = new SplittableRandom(0x50F7F10A7L);
        for (String f : FORMATS) {
            long[][] o = new long[6][N];
            for (int i = 0; i < N; i++) {
                long[] a = operand(r, f, null);
                long[] b = operand(r, f, r.nextInt(8) == 0 ? a : null);
                long[] c = operand(r, f, null);
                o[0][i] = a[0]; o[1][i] = a[1]; o[2][i] = b[0]; o[3][i] = b[1]; o[4][i] = c[0]; o[5][i] = c[1];
            }
            OPS.put(f, o);
        }
        for (int i = 0; i < N; i++) {
            I32[i] = (r.nextInt() >> r.nextInt(32)) & 0xFFFFFFFFL;
            I64[i] = r.nextLong() >> r.nextInt(64);
        }
    }

    /** One operand of format f as {hi, lo}; near = an operand to be close to (cancellation, equality). */
    static long[] operand(SplittableRandom r, String f, long[] near) {
        int[] s = shape(f);
        int p = s[0];
        int e = s[1];
        int fracBits = p - 1;
        int width = 1 + e + fracBits;
        long expMax = (1L << e) - 1;
        long bias = expMax >> 1;
        if (near != null) {
            if (r.nextBoolean()) {
                return near.clone();
            }
            if (width == 128) {
                return new long[] {near[0], near[1] ^ (r.nextLong() >>> r.nextInt(1, 64))};
            }
            return new long[] {0, near[1] ^ ((r.nextLong() >>> r.nextInt(1, 64)) & ((1L << fracBits) - 1))};
        }
        long sign = r.nextBoolean() ? 1 : 0;
        long exp;
        long fracHi = 0;
        long fracLo;
        int kind = r.nextInt(32);
        if (kind < 24) {
            exp = bias + r.nextLong(-(bias / 2), bias / 2 + 1);
            fracLo = r.nextLong();
            fracHi = r.nextLong();
        } else {
            fracLo = r.nextLong() >>> r.nextInt(64);
            fracHi = r.nextLong() >>> r.nextInt(64);
            exp = switch (kind) {
                case 24 -> 0; // zero or subnormal
                case 25 -> expMax; // infinity or NaN
                case 26 -> 1;
                case 27 -> expMax - 1;
                case 28 -> r.nextLong(1, expMax);
                default -> bias + r.nextInt(-2, 3);
            };
            if (kind == 24 && r.nextBoolean() || kind == 25 && r.nextBoolean()) {
                fracLo = 0;
                fracHi = 0;
            }
        }
        if (width == 128) {
            long hi = (sign << 63) | (exp << 48) | (fracHi & 0xFFFFFFFFFFFFL);
            return new long[] {hi, fracLo};
        }
        long frac = fracLo & ((1L << fracBits) - 1);
        return new long[] {0, (sign << (width - 1)) | (exp << fracBits) | frac};
    }

    static void writeOperands(Path file) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (String f : FORMATS) {
            long[][] o = OPS.get(f);
            for (int i = 0; i < N; i++) {
                sb.append(f);
                for (int k = 0; k < 6; k++) {
                    sb.append(' ').append(String.format("%016x", o[k][i]));
                }
                sb.append('\n');
            }
        }
        for (int i = 0; i < N; i++) {
            sb.append(String.format("int %016x %016x%n", I32[i], I64[i]));
        }
        Files.writeString(file, sb);
    }

    static void readOperands(Path file) throws IOException {
        Map<String, Integer> count = new LinkedHashMap<>();
        int ints = 0;
        for (String line : Files.readAllLines(file)) {
            String[] w = line.split(" ");
            if (w[0].equals("int")) {
                I32[ints] = Long.parseUnsignedLong(w[1], 16);
                I64[ints++] = Long.parseUnsignedLong(w[2], 16);
                continue;
            }
            long[][] o = OPS.computeIfAbsent(w[0], k -> new long[6][N]);
            int i = count.merge(w[0], 1, Integer::sum) - 1;
            for (int k = 0; k < 6; k++) {
                o[k][i] = Long.parseUnsignedLong(w[k + 1], 16);
            }
        }
        for (String f : FORMATS) {
            if (count.getOrDefault(f, 0) != N) {
                throw new IllegalStateException(file + ": " + count.get(f) + " operand sets of " + f + ", expected " + N);
            }
        }
        narrowArrays();
    }

    // typed views of the operands for the loops
    static short[] h0, h1, h2, g0, g1, g2;
    static int[] s0, s1, s2, i32;
    static long[] d0, d1, d2, qh0, ql0, qh1, ql1, qh2, ql2;
    static float[] fs0, fs1, fs2;
    static double[] fd0, fd1, fd2, dfs0;

    static void narrowArrays() {
        long[][] o = OPS.get("f16");
        h0 = shorts(o[1]); h1 = shorts(o[3]); h2 = shorts(o[5]);
        o = OPS.get("bf16");
        g0 = shorts(o[1]); g1 = shorts(o[3]); g2 = shorts(o[5]);
        o = OPS.get("f32");
        s0 = ints(o[1]); s1 = ints(o[3]); s2 = ints(o[5]);
        o = OPS.get("f64");
        d0 = o[1]; d1 = o[3]; d2 = o[5];
        o = OPS.get("f128");
        qh0 = o[0]; ql0 = o[1]; qh1 = o[2]; ql1 = o[3]; qh2 = o[4]; ql2 = o[5];
        i32 = ints(I32);
        fs0 = new float[N]; fs1 = new float[N]; fs2 = new float[N];
        fd0 = new double[N]; fd1 = new double[N]; fd2 = new double[N]; dfs0 = new double[N];
        for (int i = 0; i < N; i++) {
            fs0[i] = Float.intBitsToFloat(s0[i]); fs1[i] = Float.intBitsToFloat(s1[i]); fs2[i] = Float.intBitsToFloat(s2[i]);
            fd0[i] = Double.longBitsToDouble(d0[i]); fd1[i] = Double.longBitsToDouble(d1[i]);
            fd2[i] = Double.longBitsToDouble(d2[i]);
            dfs0[i] = fs0[i];
        }
    }

    static short[] shorts(long[] v) {
        short[] s = new short[N];
        for (int i = 0; i < N; i++) {
            s[i] = (short) v[i];
        }
        return s;
    }

    static int[] ints(long[] v) {
        int[] s = new int[N];
        for (int i = 0; i < N; i++) {
            s[i] = (int) v[i];
        }
        return s;
    }

    // ------------------------------------------------------------------ one pass

    static final long FNV = 0x100000001B3L;
    static boolean dump;

    /** Timing: fold the result into a sum. Check: hash the result and its flags, then clear them. */
    static long sink(long s, long hi, long lo, Env env, boolean check) {
        if (check) {
            if (dump) {
                System.out.printf("%016x %016x %02x%n", hi, lo, env.flags);
            }
            s = ((((s ^ hi) * FNV) ^ lo) * FNV ^ env.flags) * FNV;
            env.flags = 0;
            return s;
        }
        return s + (hi ^ lo);
    }

    static long b(boolean v) {
        return v ? 1 : 0;
    }

    /** One pass over the operand sets: s folds the results in (or hashes them, with k, the check). */
    @FunctionalInterface
    interface Loop {
        long run(RoundingMode rm, Env e, boolean k, long s);
    }

    /**
     * One pass of function fn (TestFloat's name): each a lambda of its own, so that the JIT compiles
     * each loop as a method of its own (one method of all the loops outgrows C2's inlining budget).
     */
    static Loop loop(String fn) {
        String format = fn.startsWith("i") ? fn.substring(fn.lastIndexOf('_') + 1) : fn.substring(0, fn.indexOf('_'));
        Loop loop = switch (format) {
            case "f16" -> loopF16(fn);
            case "bf16" -> loopBF16(fn);
            case "f32" -> loopF32(fn);
            case "f64" -> loopF64(fn);
            default -> loopF128(fn);
        };
        if (loop == null) {
            throw new IllegalArgumentException("no such function: " + fn);
        }
        return loop;
    }

    static Loop loopF16(String fn) {
        return switch (fn) {
            case "f16_add" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F16.add(h0[i], h1[i], rm, e) & 0xFFFF, e, k); return s; };
            case "f16_sub" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F16.sub(h0[i], h1[i], rm, e) & 0xFFFF, e, k); return s; };
            case "f16_mul" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F16.mul(h0[i], h1[i], rm, e) & 0xFFFF, e, k); return s; };
            case "f16_div" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F16.div(h0[i], h1[i], rm, e) & 0xFFFF, e, k); return s; };
            case "f16_mulAdd" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F16.mulAdd(h0[i], h1[i], h2[i], rm, e) & 0xFFFF, e, k); return s; };
            case "f16_sqrt" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F16.sqrt(h0[i], rm, e) & 0xFFFF, e, k); return s; };
            case "f16_rem" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F16.rem(h0[i], h1[i], e) & 0xFFFF, e, k); return s; };
            case "f16_eq" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, b(F16.eq(h0[i], h1[i], e)), e, k); return s; };
            case "f16_le" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, b(F16.le(h0[i], h1[i], e)), e, k); return s; };
            case "f16_lt" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, b(F16.lt(h0[i], h1[i], e)), e, k); return s; };
            case "f16_to_f32" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F16.toF32(h0[i], e) & 0xFFFFFFFFL, e, k); return s; };
            case "f16_to_f64" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F16.toF64(h0[i], e), e, k); return s; };
            case "f16_to_f128" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) { F16.toF128(h0[i], e); s = sink(s, e.zHi, e.zLo, e, k); } return s; };
            case "f16_to_i32" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F16.toI32(h0[i], rm, true, e) & 0xFFFFFFFFL, e, k); return s; };
            case "f16_to_i64" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F16.toI64(h0[i], rm, true, e), e, k); return s; };
            case "i32_to_f16" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F16.fromI32(i32[i], rm, e) & 0xFFFF, e, k); return s; };
            case "i64_to_f16" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F16.fromI64(I64[i], rm, e) & 0xFFFF, e, k); return s; };
            default -> null;
        };
    }

    static Loop loopBF16(String fn) {
        return switch (fn) {
            case "bf16_add" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, BF16.add(g0[i], g1[i], rm, e) & 0xFFFF, e, k); return s; };
            case "bf16_sub" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, BF16.sub(g0[i], g1[i], rm, e) & 0xFFFF, e, k); return s; };
            case "bf16_mul" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, BF16.mul(g0[i], g1[i], rm, e) & 0xFFFF, e, k); return s; };
            case "bf16_div" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, BF16.div(g0[i], g1[i], rm, e) & 0xFFFF, e, k); return s; };
            case "bf16_mulAdd" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, BF16.mulAdd(g0[i], g1[i], g2[i], rm, e) & 0xFFFF, e, k); return s; };
            case "bf16_sqrt" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, BF16.sqrt(g0[i], rm, e) & 0xFFFF, e, k); return s; };
            case "bf16_eq" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, b(BF16.eq(g0[i], g1[i], e)), e, k); return s; };
            case "bf16_le" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, b(BF16.le(g0[i], g1[i], e)), e, k); return s; };
            case "bf16_lt" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, b(BF16.lt(g0[i], g1[i], e)), e, k); return s; };
            case "bf16_to_f32" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, BF16.toF32(g0[i], e) & 0xFFFFFFFFL, e, k); return s; };
            default -> null;
        };
    }

    static Loop loopF32(String fn) {
        return switch (fn) {
            case "f32_add" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F32.add(s0[i], s1[i], rm, e) & 0xFFFFFFFFL, e, k); return s; };
            case "f32_sub" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F32.sub(s0[i], s1[i], rm, e) & 0xFFFFFFFFL, e, k); return s; };
            case "f32_mul" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F32.mul(s0[i], s1[i], rm, e) & 0xFFFFFFFFL, e, k); return s; };
            case "f32_div" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F32.div(s0[i], s1[i], rm, e) & 0xFFFFFFFFL, e, k); return s; };
            case "f32_mulAdd" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F32.mulAdd(s0[i], s1[i], s2[i], rm, e) & 0xFFFFFFFFL, e, k); return s; };
            case "f32_sqrt" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F32.sqrt(s0[i], rm, e) & 0xFFFFFFFFL, e, k); return s; };
            case "f32_rem" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F32.rem(s0[i], s1[i], e) & 0xFFFFFFFFL, e, k); return s; };
            case "f32_eq" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, b(F32.eq(s0[i], s1[i], e)), e, k); return s; };
            case "f32_le" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, b(F32.le(s0[i], s1[i], e)), e, k); return s; };
            case "f32_lt" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, b(F32.lt(s0[i], s1[i], e)), e, k); return s; };
            case "f32_to_f16" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F32.toF16(s0[i], rm, e) & 0xFFFF, e, k); return s; };
            case "f32_to_bf16" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F32.toBF16(s0[i], rm, e) & 0xFFFF, e, k); return s; };
            case "f32_to_f64" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F32.toF64(s0[i], e), e, k); return s; };
            case "f32_to_f128" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) { F32.toF128(s0[i], e); s = sink(s, e.zHi, e.zLo, e, k); } return s; };
            case "f32_to_i32" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F32.toI32(s0[i], rm, true, e) & 0xFFFFFFFFL, e, k); return s; };
            case "f32_to_i64" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F32.toI64(s0[i], rm, true, e), e, k); return s; };
            case "i32_to_f32" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F32.fromI32(i32[i], rm, e) & 0xFFFFFFFFL, e, k); return s; };
            case "i64_to_f32" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F32.fromI64(I64[i], rm, e) & 0xFFFFFFFFL, e, k); return s; };
            default -> null;
        };
    }

    static Loop loopF64(String fn) {
        return switch (fn) {
            case "f64_add" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F64.add(d0[i], d1[i], rm, e), e, k); return s; };
            case "f64_sub" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F64.sub(d0[i], d1[i], rm, e), e, k); return s; };
            case "f64_mul" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F64.mul(d0[i], d1[i], rm, e), e, k); return s; };
            case "f64_div" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F64.div(d0[i], d1[i], rm, e), e, k); return s; };
            case "f64_mulAdd" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F64.mulAdd(d0[i], d1[i], d2[i], rm, e), e, k); return s; };
            case "f64_sqrt" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F64.sqrt(d0[i], rm, e), e, k); return s; };
            case "f64_rem" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F64.rem(d0[i], d1[i], e), e, k); return s; };
            case "f64_eq" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, b(F64.eq(d0[i], d1[i], e)), e, k); return s; };
            case "f64_le" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, b(F64.le(d0[i], d1[i], e)), e, k); return s; };
            case "f64_lt" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, b(F64.lt(d0[i], d1[i], e)), e, k); return s; };
            case "f64_to_f16" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F64.toF16(d0[i], rm, e) & 0xFFFF, e, k); return s; };
            case "f64_to_f32" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F64.toF32(d0[i], rm, e) & 0xFFFFFFFFL, e, k); return s; };
            case "f64_to_f128" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) { F64.toF128(d0[i], e); s = sink(s, e.zHi, e.zLo, e, k); } return s; };
            case "f64_to_i32" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F64.toI32(d0[i], rm, true, e) & 0xFFFFFFFFL, e, k); return s; };
            case "f64_to_i64" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F64.toI64(d0[i], rm, true, e), e, k); return s; };
            case "i32_to_f64" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F64.fromI32(i32[i], e), e, k); return s; };
            case "i64_to_f64" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F64.fromI64(I64[i], rm, e), e, k); return s; };
            default -> null;
        };
    }

    static Loop loopF128(String fn) {
        return switch (fn) {
            case "f128_add" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) { F128.add(qh0[i], ql0[i], qh1[i], ql1[i], rm, e); s = sink(s, e.zHi, e.zLo, e, k); } return s; };
            case "f128_sub" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) { F128.sub(qh0[i], ql0[i], qh1[i], ql1[i], rm, e); s = sink(s, e.zHi, e.zLo, e, k); } return s; };
            case "f128_mul" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) { F128.mul(qh0[i], ql0[i], qh1[i], ql1[i], rm, e); s = sink(s, e.zHi, e.zLo, e, k); } return s; };
            case "f128_div" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) { F128.div(qh0[i], ql0[i], qh1[i], ql1[i], rm, e); s = sink(s, e.zHi, e.zLo, e, k); } return s; };
            case "f128_mulAdd" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) { F128.mulAdd(qh0[i], ql0[i], qh1[i], ql1[i], qh2[i], ql2[i], rm, e); s = sink(s, e.zHi, e.zLo, e, k); } return s; };
            case "f128_sqrt" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) { F128.sqrt(qh0[i], ql0[i], rm, e); s = sink(s, e.zHi, e.zLo, e, k); } return s; };
            case "f128_rem" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) { F128.rem(qh0[i], ql0[i], qh1[i], ql1[i], e); s = sink(s, e.zHi, e.zLo, e, k); } return s; };
            case "f128_eq" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, b(F128.eq(qh0[i], ql0[i], qh1[i], ql1[i], e)), e, k); return s; };
            case "f128_le" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, b(F128.le(qh0[i], ql0[i], qh1[i], ql1[i], e)), e, k); return s; };
            case "f128_lt" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, b(F128.lt(qh0[i], ql0[i], qh1[i], ql1[i], e)), e, k); return s; };
            case "f128_to_f16" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F128.toF16(qh0[i], ql0[i], rm, e) & 0xFFFF, e, k); return s; };
            case "f128_to_f32" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F128.toF32(qh0[i], ql0[i], rm, e) & 0xFFFFFFFFL, e, k); return s; };
            case "f128_to_f64" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F128.toF64(qh0[i], ql0[i], rm, e), e, k); return s; };
            case "f128_to_i32" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F128.toI32(qh0[i], ql0[i], rm, true, e) & 0xFFFFFFFFL, e, k); return s; };
            case "f128_to_i64" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s = sink(s, 0, F128.toI64(qh0[i], ql0[i], rm, true, e), e, k); return s; };
            case "i32_to_f128" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) { F128.fromI32(i32[i], e); s = sink(s, e.zHi, e.zLo, e, k); } return s; };
            case "i64_to_f128" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) { F128.fromI64(I64[i], e); s = sink(s, e.zHi, e.zLo, e, k); } return s; };
            default -> null;
        };
    }

    /** Java's operators (round to nearest even; no flags) on the same operands. */
    static Loop hardware(String fn) {
        return switch (fn) {
            case "f32_add" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += Float.floatToRawIntBits(fs0[i] + fs1[i]); return s; };
            case "f32_sub" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += Float.floatToRawIntBits(fs0[i] - fs1[i]); return s; };
            case "f32_mul" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += Float.floatToRawIntBits(fs0[i] * fs1[i]); return s; };
            case "f32_div" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += Float.floatToRawIntBits(fs0[i] / fs1[i]); return s; };
            case "f32_mulAdd" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += Float.floatToRawIntBits(Math.fma(fs0[i], fs1[i], fs2[i])); return s; };
            case "f32_sqrt" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += Float.floatToRawIntBits((float) Math.sqrt(fs0[i])); return s; };
            case "f32_rem" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += Float.floatToRawIntBits((float) Math.IEEEremainder(fs0[i], fs1[i])); return s; };
            case "f32_eq" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += fs0[i] == fs1[i] ? 1 : 0; return s; };
            case "f32_le" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += fs0[i] <= fs1[i] ? 1 : 0; return s; };
            case "f32_lt" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += fs0[i] < fs1[i] ? 1 : 0; return s; };
            case "f32_to_f64" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += Double.doubleToRawLongBits(fs0[i]); return s; };
            case "f32_to_f16" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += Float.floatToFloat16(fs0[i]); return s; };
            case "f16_to_f32" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += Float.floatToRawIntBits(Float.float16ToFloat(h0[i])); return s; };
            case "f32_to_i32" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += (int) Math.rint(fs0[i]); return s; };
            case "f32_to_i64" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += (long) Math.rint(fs0[i]); return s; };
            case "i32_to_f32" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += Float.floatToRawIntBits((float) i32[i]); return s; };
            case "i64_to_f32" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += Float.floatToRawIntBits((float) I64[i]); return s; };
            case "f64_add" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += Double.doubleToRawLongBits(fd0[i] + fd1[i]); return s; };
            case "f64_sub" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += Double.doubleToRawLongBits(fd0[i] - fd1[i]); return s; };
            case "f64_mul" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += Double.doubleToRawLongBits(fd0[i] * fd1[i]); return s; };
            case "f64_div" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += Double.doubleToRawLongBits(fd0[i] / fd1[i]); return s; };
            case "f64_mulAdd" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += Double.doubleToRawLongBits(Math.fma(fd0[i], fd1[i], fd2[i])); return s; };
            case "f64_sqrt" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += Double.doubleToRawLongBits(Math.sqrt(fd0[i])); return s; };
            case "f64_rem" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += Double.doubleToRawLongBits(Math.IEEEremainder(fd0[i], fd1[i])); return s; };
            case "f64_eq" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += fd0[i] == fd1[i] ? 1 : 0; return s; };
            case "f64_le" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += fd0[i] <= fd1[i] ? 1 : 0; return s; };
            case "f64_lt" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += fd0[i] < fd1[i] ? 1 : 0; return s; };
            case "f64_to_f32" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += Float.floatToRawIntBits((float) fd0[i]); return s; };
            case "f64_to_i32" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += (int) Math.rint(fd0[i]); return s; };
            case "f64_to_i64" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += (long) Math.rint(fd0[i]); return s; };
            case "i32_to_f64" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += Double.doubleToRawLongBits(i32[i]); return s; };
            case "i64_to_f64" -> (rm, e, k, s) -> { for (int i = 0; i < N; i++) s += Double.doubleToRawLongBits((double) I64[i]); return s; };
            default -> throw new IllegalArgumentException("no hardware form: " + fn);
        };
    }

    // ------------------------------------------------------------------ driver

    static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    static long blackhole;

    /**
     * Mop/s per CPU second of fn: warm up for ms (the script runs with -Xbatch, so that the JIT
     * compiles while the thread waits even on a starved machine), then the better of two
     * measurements of ms each.
     */
    static double time(String fn, RoundingMode rm, boolean hw, double ms) {
        Env env = new Env(Specialization.X86);
        Loop loop = hw ? hardware(fn) : loop(fn);
        long budget = (long) (ms * 1e6);
        double best = 0;
        for (int round = 0; round < 3; round++) {
            long t0 = CPU.getCurrentThreadCpuTime();
            long passes = 0;
            long t;
            long s = 0;
            do {
                s = loop.run(rm, env, false, s);
                passes++;
                t = CPU.getCurrentThreadCpuTime() - t0;
            } while (t < budget);
            blackhole += s + env.flags;
            if (round > 0) {
                best = Math.max(best, passes * (double) N / (t / 1e3));
            }
        }
        return best;
    }

    static RoundingMode mode(String name) {
        return RoundingMode.fromTestFloatName(name);
    }

    public static void main(String[] args) throws IOException {
        PrintStream out = System.out;
        switch (args[0]) {
            case "operands" -> {
                makeOperands();
                writeOperands(Path.of(args[1]));
            }
            case "cells" -> {
                for (String c : cells()) {
                    out.println(c + (hasPeer(c.substring(0, c.indexOf('/'))) ? "" : " -"));
                }
            }
            case "check", "dump" -> {
                dump = args[0].equals("dump");
                readOperands(Path.of(args[1]));
                for (String c : cellFile(args[2])) {
                    String fn = c.substring(0, c.indexOf('/'));
                    Env env = new Env(Specialization.X86);
                    long h = loop(fn).run(mode(c.substring(c.indexOf('/') + 1)), env, true, 0xCBF29CE484222325L);
                    out.printf("%s %016x%n", c, h);
                }
            }
            case "time" -> {
                readOperands(Path.of(args[1]));
                double ms = Double.parseDouble(args[3]);
                for (String c : cellFile(args[2])) {
                    String fn = c.substring(0, c.indexOf('/'));
                    String m = c.substring(c.indexOf('/') + 1);
                    out.printf(Locale.ROOT, "nvlower %s %.2f%n", c, time(fn, mode(m), false, ms));
                    if (m.equals("near_even") && hasHardware(fn)) {
                        out.printf(Locale.ROOT, "hw %s %.2f%n", c, time(fn, null, true, ms));
                    }
                }
                if (blackhole == 42) {
                    out.println();
                }
            }
            case "report" -> report(args);
            default -> throw new IllegalArgumentException("usage: SoftfloatPeers operands|cells|check|time|report ...");
        }
    }

    /** The cells of a file "cells" wrote (a subset of its lines), without the no-peer marks. */
    static List<String> cellFile(String file) throws IOException {
        return Files.readAllLines(Path.of(file)).stream().map(l -> l.split(" ")[0]).filter(l -> !l.isEmpty()).toList();
    }

    /** args: report CELLS CHECK_NVLOWER CHECK_SOFTFLOAT TIMEFILE...: best Mop/s per (impl, cell) over the rounds. */
    static void report(String[] args) throws IOException {
        List<String> cells = cellFile(args[1]);
        Map<String, String> nvHash = hashes(Path.of(args[2]));
        Map<String, String> sfHash = hashes(Path.of(args[3]));
        Map<String, Map<String, Double>> best = new TreeMap<>();
        for (int i = 4; i < args.length; i++) {
            for (String line : Files.readAllLines(Path.of(args[i]))) {
                String[] w = line.trim().split(" +");
                if (w.length == 3) {
                    best.computeIfAbsent(w[0], x -> new LinkedHashMap<>()).merge(w[1], Double.parseDouble(w[2]), Math::max);
                }
            }
        }
        Map<String, Double> nv = best.getOrDefault("nvlower", Map.of());
        Map<String, Double> sf = best.getOrDefault("softfloat3", Map.of());
        Map<String, Double> hw = best.getOrDefault("hw", Map.of());
        Map<String, Double> before = best.getOrDefault("before", Map.of());
        PrintStream out = System.out;
        out.printf("%-24s %9s %9s %7s %9s %7s %9s  %s%n", "cell", "nvlower", "sf3", "nv/sf3", "hw", "hw/nv", "nv/before",
                "results");
        int identical = 0;
        int differ = 0;
        int below = 0;
        double worst = Double.MAX_VALUE;
        String worstCell = "";
        Map<String, double[]> perFunction = new LinkedHashMap<>(); // min, max ratio over modes
        for (String c : cells) {
            Double a = nv.get(c);
            Double s = sf.get(c);
            Double h = hw.get(c);
            String same;
            if (!sfHash.containsKey(c)) {
                same = "no SoftFloat peer";
            } else if (sfHash.get(c).equals(nvHash.get(c))) {
                same = "identical";
                identical++;
            } else {
                same = "DIFFER " + nvHash.get(c) + " " + sfHash.get(c);
                differ++;
            }
            String ratio = "";
            if (a != null && s != null) {
                double r = a / s;
                ratio = String.format(Locale.ROOT, "%.2f", r);
                if (r < worst) {
                    worst = r;
                    worstCell = c;
                }
                if (r < 1.2) {
                    below++;
                }
                String fn = c.substring(0, c.indexOf('/'));
                double[] mm = perFunction.computeIfAbsent(fn, x -> new double[] {Double.MAX_VALUE, 0});
                mm[0] = Math.min(mm[0], r);
                mm[1] = Math.max(mm[1], r);
            }
            Double old = before.get(c);
            out.printf(Locale.ROOT, "%-24s %9s %9s %7s %9s %7s %9s  %s%n", c, fmt(a), fmt(s), ratio, fmt(h),
                    h != null && a != null ? String.format(Locale.ROOT, "%.1f", h / a) : "",
                    old != null && a != null ? String.format(Locale.ROOT, "%.2f", a / old) : "", same);
        }
        out.printf(Locale.ROOT, "%nresults: %d cells identical to SoftFloat (values and flags), %d differ%n", identical, differ);
        out.printf(Locale.ROOT, "nvlower/SoftFloat: worst %.2f (%s); %d cells below 1.2%n", worst, worstCell, below);
        out.println("\nper function, nvlower/SoftFloat over the rounding modes (min..max):");
        for (Map.Entry<String, double[]> en : perFunction.entrySet()) {
            double[] mm = en.getValue();
            out.printf(Locale.ROOT, "  %-14s %.2f..%.2f%n", en.getKey(), mm[0], mm[1]);
        }
    }

    static String fmt(Double v) {
        return v == null ? "" : String.format(Locale.ROOT, "%.1f", v);
    }

    static Map<String, String> hashes(Path file) throws IOException {
        Map<String, String> m = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            String[] w = line.trim().split(" +");
            if (w.length == 2) {
                m.put(w[0], w[1]);
            }
        }
        return m;
    }
}

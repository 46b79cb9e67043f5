package org.nvlower.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.nvlower.softfloat.BF16;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.F16;
import org.nvlower.softfloat.F32;
import org.nvlower.softfloat.F64;
import org.nvlower.softfloat.RoundingMode;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The softfloat oracle's binary16, bfloat16, binary32 and binary64 arithmetic (add, mul, div,
 * sqrt, mulAdd) in a rounding mode, over 4,096 operand triples shaped as bench/softfloat-peers'
 * (3/4 finite with exponents in the middle half of the range, 1/4 zeros, subnormals, infinities,
 * NaNs and extreme exponents; b near a in 1 of 8). One JVM per format, mode and operation (JMH's
 * fork), every result to the Blackhole; scores in ops/us (= Mop/s). bench/softfloat-paired times
 * the same code against SoftFloat 3e's C.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@OperationsPerInvocation(NarrowBenchmark.N)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class NarrowBenchmark {

    static final int N = 4096;

    @Param({"binary16", "bfloat16", "binary32", "binary64"})
    public String format;

    @Param({"NEAR_EVEN", "MIN"})
    public RoundingMode mode;

    long[] a;
    long[] b;
    long[] c;
    Env env;

    @Setup
    public void setup() {
        int[] shape = switch (format) { // significand bits with the hidden one, exponent bits
            case "binary16" -> new int[] {11, 5};
            case "bfloat16" -> new int[] {8, 8};
            case "binary32" -> new int[] {24, 8};
            default -> new int[] {53, 11};
        };
        SplittableRandom r = new SplittableRandom(0x50F7F10A7L);
        a = new long[N];
        b = new long[N];
        c = new long[N];
        for (int i = 0; i < N; i++) {
            a[i] = operand(r, shape[0], shape[1]);
            b[i] = r.nextInt(8) == 0 ? a[i] ^ (r.nextLong() >>> r.nextInt(1, 64) & ((1L << (shape[0] - 1)) - 1))
                    : operand(r, shape[0], shape[1]);
            c[i] = operand(r, shape[0], shape[1]);
        }
        env = new Env();
    }

    /** A value of p significand and e exponent bits: 3/4 in the middle half of the exponents, 1/4 edges. */
    private static long operand(SplittableRandom r, int p, int e) {
        long expMax = (1L << e) - 1;
        long bias = expMax >> 1;
        long frac = r.nextLong() & ((1L << (p - 1)) - 1);
        int kind = r.nextInt(32);
        long exp;
        if (kind < 24) {
            exp = bias + r.nextLong(-(bias / 2), bias / 2 + 1);
        } else {
            frac >>>= r.nextInt(p);
            exp = switch (kind) {
                case 24 -> 0; // zero or subnormal
                case 25 -> expMax; // infinity or NaN
                case 26 -> 1;
                case 27 -> expMax - 1;
                case 28 -> r.nextLong(1, expMax);
                default -> bias + r.nextInt(-2, 3);
            };
        }
        return (r.nextBoolean() ? 1L : 0L) << (p + e - 1) | exp << (p - 1) | frac;
    }

    @Benchmark
    public void add(Blackhole bh) {
        long[] a = this.a, b = this.b;
        RoundingMode rm = mode;
        Env env = this.env;
        switch (format) {
            case "binary16" -> { for (int i = 0; i < N; i++) bh.consume(F16.add((short) a[i], (short) b[i], rm, env)); }
            case "bfloat16" -> { for (int i = 0; i < N; i++) bh.consume(BF16.add((short) a[i], (short) b[i], rm, env)); }
            case "binary32" -> { for (int i = 0; i < N; i++) bh.consume(F32.add((int) a[i], (int) b[i], rm, env)); }
            default -> { for (int i = 0; i < N; i++) bh.consume(F64.add(a[i], b[i], rm, env)); }
        }
    }

    @Benchmark
    public void mul(Blackhole bh) {
        long[] a = this.a, b = this.b;
        RoundingMode rm = mode;
        Env env = this.env;
        switch (format) {
            case "binary16" -> { for (int i = 0; i < N; i++) bh.consume(F16.mul((short) a[i], (short) b[i], rm, env)); }
            case "bfloat16" -> { for (int i = 0; i < N; i++) bh.consume(BF16.mul((short) a[i], (short) b[i], rm, env)); }
            case "binary32" -> { for (int i = 0; i < N; i++) bh.consume(F32.mul((int) a[i], (int) b[i], rm, env)); }
            default -> { for (int i = 0; i < N; i++) bh.consume(F64.mul(a[i], b[i], rm, env)); }
        }
    }

    @Benchmark
    public void div(Blackhole bh) {
        long[] a = this.a, b = this.b;
        RoundingMode rm = mode;
        Env env = this.env;
        switch (format) {
            case "binary16" -> { for (int i = 0; i < N; i++) bh.consume(F16.div((short) a[i], (short) b[i], rm, env)); }
            case "bfloat16" -> { for (int i = 0; i < N; i++) bh.consume(BF16.div((short) a[i], (short) b[i], rm, env)); }
            case "binary32" -> { for (int i = 0; i < N; i++) bh.consume(F32.div((int) a[i], (int) b[i], rm, env)); }
            default -> { for (int i = 0; i < N; i++) bh.consume(F64.div(a[i], b[i], rm, env)); }
        }
    }

    @Benchmark
    public void sqrt(Blackhole bh) {
        long[] a = this.a;
        RoundingMode rm = mode;
        Env env = this.env;
        switch (format) {
            case "binary16" -> { for (int i = 0; i < N; i++) bh.consume(F16.sqrt((short) a[i], rm, env)); }
            case "bfloat16" -> { for (int i = 0; i < N; i++) bh.consume(BF16.sqrt((short) a[i], rm, env)); }
            case "binary32" -> { for (int i = 0; i < N; i++) bh.consume(F32.sqrt((int) a[i], rm, env)); }
            default -> { for (int i = 0; i < N; i++) bh.consume(F64.sqrt(a[i], rm, env)); }
        }
    }

    @Benchmark
    public void mulAdd(Blackhole bh) {
        long[] a = this.a, b = this.b, c = this.c;
        RoundingMode rm = mode;
        Env env = this.env;
        switch (format) {
            case "binary16" -> { for (int i = 0; i < N; i++) bh.consume(F16.mulAdd((short) a[i], (short) b[i], (short) c[i], rm, env)); }
            case "bfloat16" -> { for (int i = 0; i < N; i++) bh.consume(BF16.mulAdd((short) a[i], (short) b[i], (short) c[i], rm, env)); }
            case "binary32" -> { for (int i = 0; i < N; i++) bh.consume(F32.mulAdd((int) a[i], (int) b[i], (int) c[i], rm, env)); }
            default -> { for (int i = 0; i < N; i++) bh.consume(F64.mulAdd(a[i], b[i], c[i], rm, env)); }
        }
    }
}

package org.nvlower.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.RoundingMode;
import org.nvlower.softfloat.F128;
import org.nvlower.verify.bench.Fp128Operands;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The softfloat binary128 core over the 4,096 operand pairs that {@code nvlower bench fp128} and
 * bench/fp128-peers use ({@link Fp128Operands#standard()}); every result goes to the Blackhole.
 * Scores are in operations per microsecond (= Mop/s).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@OperationsPerInvocation(Fp128Operands.DEFAULT_PAIRS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class F128Benchmark {

    /** Interleaved aHi, aLo, bHi, bLo. */
    long[] w;
    /** The addend of mulAdd for pair i: the A operand of pair i + 1. */
    long[] c;
    /** binary64 bit patterns: 90% normal of any exponent, then subnormals, zeros, infinities, NaNs. */
    long[] doubles;
    Env env;

    @Setup
    public void setup() {
        w = Fp128Operands.standard().words();
        c = new long[w.length / 2];
        for (int i = 0; i < c.length; i += 2) {
            int next = (2 * i + 4) % w.length;
            c[i] = w[next];
            c[i + 1] = w[next + 1];
        }
        SplittableRandom random = new SplittableRandom(0xF64);
        doubles = new long[Fp128Operands.DEFAULT_PAIRS];
        for (int i = 0; i < doubles.length; i++) {
            long bits = random.nextLong();
            int kind = random.nextInt(100);
            doubles[i] = kind < 90 ? (((bits >>> 52) & 0x7FF) == 0x7FF ? bits ^ 1L << 52 : bits)  // any normal-or-subnormal
                    : kind < 96 ? bits & 0x800F_FFFF_FFFF_FFFFL                                  // subnormal (or zero)
                    : kind < 98 ? bits & Long.MIN_VALUE                                          // signed zero
                    : kind < 99 ? bits & Long.MIN_VALUE | 0x7FF0_0000_0000_0000L                 // infinity
                    : 0x7FF8_0000_0000_0000L | bits & 0xFFFF_FFFFL;                              // quiet NaN
        }
        env = new Env();
    }

    @Benchmark
    public void add(Blackhole bh) {
        long[] w = this.w;
        Env env = this.env;
        for (int i = 0; i < w.length; i += 4) {
            F128.add(w[i], w[i + 1], w[i + 2], w[i + 3], RoundingMode.NEAR_EVEN, env);
            bh.consume(env.zHi ^ env.zLo);
        }
    }

    @Benchmark
    public void mul(Blackhole bh) {
        long[] w = this.w;
        Env env = this.env;
        for (int i = 0; i < w.length; i += 4) {
            F128.mul(w[i], w[i + 1], w[i + 2], w[i + 3], RoundingMode.NEAR_EVEN, env);
            bh.consume(env.zHi ^ env.zLo);
        }
    }

    @Benchmark
    public void div(Blackhole bh) {
        long[] w = this.w;
        Env env = this.env;
        for (int i = 0; i < w.length; i += 4) {
            F128.div(w[i], w[i + 1], w[i + 2], w[i + 3], RoundingMode.NEAR_EVEN, env);
            bh.consume(env.zHi ^ env.zLo);
        }
    }

    /** sqrt(|A|), as the CLI kernel and the libgcc harness take it. */
    @Benchmark
    public void sqrt(Blackhole bh) {
        long[] w = this.w;
        Env env = this.env;
        for (int i = 0; i < w.length; i += 4) {
            F128.sqrt(w[i] & Long.MAX_VALUE, w[i + 1], RoundingMode.NEAR_EVEN, env);
            bh.consume(env.zHi ^ env.zLo);
        }
    }

    @Benchmark
    public void mulAdd(Blackhole bh) {
        long[] w = this.w;
        long[] c = this.c;
        Env env = this.env;
        for (int i = 0, j = 0; i < w.length; i += 4, j += 2) {
            F128.mulAdd(w[i], w[i + 1], w[i + 2], w[i + 3], c[j], c[j + 1], RoundingMode.NEAR_EVEN, env);
            bh.consume(env.zHi ^ env.zLo);
        }
    }

    @Benchmark
    public void fromF64(Blackhole bh) {
        long[] d = this.doubles;
        Env env = this.env;
        for (long a : d) {
            F128.fromF64(a, env);
            bh.consume(env.zHi ^ env.zLo);
        }
    }

    /** The A operands (4,096 of them): rounding, overflow to infinity, underflow to subnormal or zero. */
    @Benchmark
    public void toF64(Blackhole bh) {
        long[] w = this.w;
        Env env = this.env;
        for (int i = 0; i < w.length; i += 4) {
            bh.consume(F128.toF64(w[i], w[i + 1], RoundingMode.NEAR_EVEN, env));
        }
    }
}

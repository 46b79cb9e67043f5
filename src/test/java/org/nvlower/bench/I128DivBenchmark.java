package org.nvlower.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.I128;
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
 * 128-bit integer division (the bodies of {@code __nv_udiv128}/{@code __nv_sdiv128}) over 4,096
 * varied pairs: dividend and divisor widths each uniform in 1..128 bits, so quotients range from
 * 0 through 128 bits and both the 64-bit-divisor and the long-division paths run; random signs
 * for sdiv; one divisor in 512 is zero. Scores are in operations per microsecond (= Mop/s).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@OperationsPerInvocation(I128DivBenchmark.PAIRS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class I128DivBenchmark {

    static final int PAIRS = 4096;

    /** Interleaved aHi, aLo, bHi, bLo: unsigned operands, and the same negated at random for sdiv. */
    long[] w;
    long[] signed;
    Env env;

    @Setup
    public void setup() {
        SplittableRandom random = new SplittableRandom(0x1128);
        w = new long[4 * PAIRS];
        for (int i = 0; i < w.length; i += 4) {
            randomWidth(random, w, i, random.nextInt(1, 129));
            if (random.nextInt(512) != 0) {
                randomWidth(random, w, i + 2, random.nextInt(1, 129));
            }
        }
        env = new Env();
        signed = w.clone();
        for (int i = 0; i < w.length; i += 2) {
            if (random.nextBoolean()) {
                I128.neg(w[i], w[i + 1], env);
                signed[i] = env.zHi;
                signed[i + 1] = env.zLo;
            }
        }
    }

    /** A random unsigned value of exactly {@code bits} bits at w[at], w[at + 1]. */
    private static void randomWidth(SplittableRandom random, long[] w, int at, int bits) {
        long hi = random.nextLong();
        long lo = random.nextLong();
        if (bits > 64) {
            hi = hi >>> (128 - bits) | 1L << (bits - 65);
        } else {
            hi = 0;
            lo = lo >>> (64 - bits) | 1L << (bits - 1);
        }
        w[at] = hi;
        w[at + 1] = lo;
    }

    @Benchmark
    public void udiv(Blackhole bh) {
        long[] w = this.w;
        Env env = this.env;
        for (int i = 0; i < w.length; i += 4) {
            I128.udiv(w[i], w[i + 1], w[i + 2], w[i + 3], env);
            bh.consume(env.zHi ^ env.zLo);
        }
    }

    @Benchmark
    public void sdiv(Blackhole bh) {
        long[] w = this.signed;
        Env env = this.env;
        for (int i = 0; i < w.length; i += 4) {
            I128.sdiv(w[i], w[i + 1], w[i + 2], w[i + 3], env);
            bh.consume(env.zHi ^ env.zLo);
        }
    }
}

package org.nvlower.bench;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.nvlower.llvm.exec.CompiledFunction;
import org.nvlower.llvm.exec.Interpreter;
import org.nvlower.verify.runtime.RuntimeCases;
import org.nvlower.llvm.runtime.RuntimeFunction;
import org.nvlower.llvm.runtime.RuntimeLibrary;
import org.nvlower.llvm.runtime.ValueType;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.F128;
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
 * The interpreter running runtime bodies ({@code __nv_div_fp128}, {@code __nv_add_fp128},
 * {@code __nv_udiv128}) on 4,096 operand pairs shaped like TestFloat's (RuntimeCases.random), next
 * to softfloat computing the same divisions in Java: scores are cases per microsecond (x 10^6 =
 * cases per second).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@OperationsPerInvocation(InterpreterBenchmark.PAIRS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class InterpreterBenchmark {

    static final int PAIRS = 4096;

    /** Per pair four interpreter slots: a low, a high, b low, b high; binary128 and i128 operands. */
    long[][] f128;
    long[][] i128;
    CompiledFunction div;
    CompiledFunction add;
    CompiledFunction udiv;
    long[] result = new long[2];
    Env env = new Env();

    @Setup
    public void setup() {
        Interpreter in = new Interpreter(RuntimeLibrary.build(List.of(RuntimeFunction.DIV_FP128,
                RuntimeFunction.ADD_FP128, RuntimeFunction.UDIV128), true, null, null));
        div = in.function("__nv_div_fp128");
        add = in.function("__nv_add_fp128");
        udiv = in.function("__nv_udiv128");
        f128 = operands(ValueType.F128);
        i128 = operands(ValueType.I128);
    }

    private static long[][] operands(ValueType t) {
        SplittableRandom r = new SplittableRandom(0xD1F);
        long[][] ops = new long[PAIRS][];
        long[] w = new long[4];
        for (int i = 0; i < PAIRS; i++) {
            RuntimeCases.random(t, r, w, 0);
            RuntimeCases.random(t, r, w, 2);
            ops[i] = new long[] {w[1], w[0], w[3], w[2]};
        }
        return ops;
    }

    @Benchmark
    public void interpretDivFp128(Blackhole bh) {
        for (long[] ops : f128) {
            div.invoke(ops, result);
            bh.consume(result[0] ^ result[1]);
        }
    }

    @Benchmark
    public void interpretAddFp128(Blackhole bh) {
        for (long[] ops : f128) {
            add.invoke(ops, result);
            bh.consume(result[0] ^ result[1]);
        }
    }

    @Benchmark
    public void interpretUdiv128(Blackhole bh) {
        for (long[] ops : i128) {
            udiv.invoke(ops, result);
            bh.consume(result[0] ^ result[1]);
        }
    }

    /** The same divisions in softfloat itself: how much the interpreter costs over Java code. */
    @Benchmark
    public void softfloatDivFp128(Blackhole bh) {
        for (long[] ops : f128) {
            F128.div(ops[1], ops[0], ops[3], ops[2], env);
            bh.consume(env.zHi ^ env.zLo);
        }
    }
}

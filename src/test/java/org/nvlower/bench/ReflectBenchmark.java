package org.nvlower.bench;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.pass.NvvmReflect;
import org.nvlower.llvm.pass.ReflectBranchFold;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * NVVMReflect + branch folding on all of libdevice in one warm JVM (milliseconds per module):
 * the whole job (parse, reflect, fold, print) and the passes alone on a freshly parsed, fully read
 * module. The whole-process comparison with opt is bench/reflect-peers. Needs
 * {@code REFLECT_BENCH_LL} or {@code target/reflect-peers/libdevice.ll} (bench/reflect-peers makes it).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ReflectBenchmark {

    static final Map<String, Integer> VALUES = Map.of("__CUDA_ARCH", 0, "__CUDA_PREC_SQRT", 0);

    String text;
    Module fresh;

    @Setup
    public void read() throws Exception {
        String env = System.getenv("REFLECT_BENCH_LL");
        Path p = Path.of(env != null ? env : "target/reflect-peers/libdevice.ll");
        if (!Files.isRegularFile(p)) {
            throw new IllegalStateException(p + " not found: run bench/reflect-peers first or set REFLECT_BENCH_LL");
        }
        text = Files.readString(p, StandardCharsets.ISO_8859_1);
    }

    @Setup(Level.Invocation)
    public void parse() {
        fresh = IrParser.parse("libdevice.ll", text);
        fresh.materializeAll();
    }

    /** Parse, reflect, fold and print: what nvlower reflect does after the JVM has started. */
    @Benchmark
    public int wholeJob() throws java.io.IOException {
        Module m = IrParser.parseWithBodies("libdevice.ll", text); // as MathPassOptions.transform reads it
        NvvmReflect.Result r = NvvmReflect.run(m, VALUES);
        ReflectBranchFold.run(r.functions());
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length());
        IrPrinter.print(m, out, StandardCharsets.ISO_8859_1);
        return out.size();
    }

    /** The two passes alone. */
    @Benchmark
    public int reflectAndFold() {
        NvvmReflect.Result r = NvvmReflect.run(fresh, VALUES);
        return ReflectBranchFold.run(r.functions()).branchesFolded();
    }
}

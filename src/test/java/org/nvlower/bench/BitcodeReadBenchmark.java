package org.nvlower.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.nvlower.llvm.bitcode.BitcodeModule;
import org.nvlower.llvm.bitcode.BitcodeReader;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrPrinter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * libdevice.10.bc read natively in a warm JVM (milliseconds per module): the bitcode into the
 * model, and the same plus the llvm-dis-style text (what {@code llvm-dis} does). The
 * whole-process figure for llvm-dis 14 is bench/bitcode-read. Needs CUDA's libdevice
 * ({@code $CUDA_HOME}, else /usr/local/cuda).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class BitcodeReadBenchmark {

    byte[] bitcode;

    @Setup
    public void load() throws Exception {
        String home = System.getenv().getOrDefault("CUDA_HOME", "/usr/local/cuda");
        Path p = Path.of(home, "nvvm", "libdevice", "libdevice.10.bc");
        if (!Files.isRegularFile(p)) {
            throw new IllegalStateException(p + " not found (set CUDA_HOME)");
        }
        bitcode = Files.readAllBytes(p);
    }

    @Benchmark
    public Module read() {
        return BitcodeReader.read("libdevice.10.bc", bitcode);
    }

    @Benchmark
    public String readAndPrint() {
        BitcodeModule m = BitcodeReader.readWithUseLists("libdevice.10.bc", bitcode);
        return IrPrinter.printDisassembly(m.module(), m.predecessors());
    }
}

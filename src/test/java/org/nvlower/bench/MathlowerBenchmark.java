package org.nvlower.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.nvlower.libdevice.LibdeviceFunction;
import org.nvlower.mlir.MlirVersion;
import org.nvlower.mlir.Operation;
import org.nvlower.mlir.math.Crosswalk;
import org.nvlower.mlir.math.MathToLibdevice;
import org.nvlower.mlir.text.MlirParser;
import org.nvlower.mlir.text.MlirPrinter;
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
 * The mathlower pipeline in one warm JVM, on a module shaped like bench/mathlower-peers' input:
 * 100,000 chained f32/f64 operations of the rows mlir-opt 19 lowers, 1,000 per function. Times
 * (milliseconds per module) for reading, reading + lowering, and reading + lowering + printing;
 * the whole-process comparison with mlir-opt is bench/mathlower-peers.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class MathlowerBenchmark {

    static final int OPERATIONS = 100_000;

    String text;

    @Setup
    public void setup() {
        List<Crosswalk> rows = List.of(Crosswalk.values()).stream()
                .filter(r -> r.mlirOpt19() == Crosswalk.Peer.CALL).toList();
        StringBuilder sb = new StringBuilder("module attributes {gpu.container_module} {\n  gpu.module @bench {\n");
        for (int k = 0, fn = 0; k < OPERATIONS; fn++) {
            String t = fn % 2 == 0 ? "f32" : "f64";
            sb.append("    func.func @f").append(fn).append("(%x: ").append(t).append(", %y: ").append(t)
                    .append(") -> ").append(t).append(" {\n");
            String prev = "%x";
            for (int i = 0; i < 1000; i++, k++) {
                Crosswalk row = rows.get(k % rows.size());
                String args = row.shape() == LibdeviceFunction.Shape.BINARY ? prev + ", %y" : prev;
                sb.append("      %v").append(i).append(" = ").append(row.op()).append(' ').append(args).append(" : ")
                        .append(t).append('\n');
                prev = "%v" + i;
            }
            sb.append("      return ").append(prev).append(" : ").append(t).append("\n    }\n");
        }
        text = sb.append("  }\n}\n").toString();
    }

    @Benchmark
    public Operation parse() {
        return MlirParser.parse("bench.mlir", text);
    }

    @Benchmark
    public Operation parseLower() {
        Operation m = MlirParser.parse("bench.mlir", text);
        MathToLibdevice.run(m);
        return m;
    }

    @Benchmark
    public String parseLowerPrint() {
        Operation m = MlirParser.parse("bench.mlir", text);
        MathToLibdevice.run(m);
        return MlirPrinter.print(m, MlirVersion.MLIR_19);
    }
}

package org.nvlower.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.nvlower.verify.bench.Fp128Op;
import org.nvlower.verify.bench.Fp128Operands;
import org.nvlower.verify.bench.Fp128Throughput;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code nvlower bench fp128}: throughput of the softfloat binary128 core. */
@Command(name = "bench",
        description = "Measure the throughput of nvlower's own kernels.",
        subcommands = {BenchCommand.Fp128.class, BenchCommand.Clone.class},
        synopsisSubcommandLabel = "BENCHMARK")
final class BenchCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    boolean help;

    @CommandLine.Parameters(index = "0", arity = "0..1", paramLabel = "OP",
            description = "with --impl gpu: a template (e.g. div.rn.f64:minimal) or all")
    String op;

    @Option(names = "--impl", paramLabel = "gpu",
            description = "gpu: kernel time of the template's PTX and of the GPU's own instruction (docs/gpu.md)")
    String impl;

    @Option(names = "--divisor", paramLabel = "D", description = "with --impl gpu: division by the constant D")
    String divisor;

    @Option(names = "-n", paramLabel = "N", defaultValue = "67108864",
            description = "with --impl gpu: random cases per kernel launch (default: ${DEFAULT-VALUE})")
    long cases;

    @Option(names = "--ptx", paramLabel = "DIR", description = "with --impl gpu: the check modules 'verify --prepare DIR' wrote")
    Path ptxDir;

    @Override
    public void run() {
        if (op == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "a benchmark is required: fp128, clone, or OP --impl gpu");
        }
        if (!"gpu".equals(impl)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "bench " + op + ": only --impl gpu benchmarks an op");
        }
        if (cases < 1 || cases > (1L << 40)) {
            throw new org.nvlower.diag.InputException("-n must be between 1 and 2^40, not " + cases);
        }
        java.io.PrintWriter out = spec.commandLine().getOut();
        java.util.List<org.nvlower.verify.gpu.GpuOp> ops = GpuVerification.ops(op, divisor);
        try (org.nvlower.gpu.Gpu gpu = org.nvlower.gpu.Gpu.open()) {
            out.printf(java.util.Locale.ROOT, "bench --impl gpu on %s: %,d random cases per kernel, each used " + org.nvlower.verify.gpu.CheckPtx.BENCH_REPEATS + " times (a, a+1, ...), fastest of 3 launches%n",
                    gpu.describe(), cases);
            out.printf(java.util.Locale.ROOT, "%-22s %12s %12s %12s %12s %8s %8s%n", "op", "generate ms", "call ms",
                    "inline ms", "native ms", "call", "inline");
            for (org.nvlower.verify.gpu.GpuOp o : ops) {
                org.nvlower.gpu.Gpu.Module m = gpu.load(GpuVerification.module(o, ptxDir, gpu));
                org.nvlower.verify.gpu.GpuBench.Timing t = org.nvlower.verify.gpu.GpuBench.run(gpu, m, o, cases, 1);
                out.printf(java.util.Locale.ROOT, "%-22s %12.3f %12.3f %12.3f %12.3f %8.2f %8.2f%n", o.name(),
                        t.generationMs(), t.templateMs() - t.generationMs(), t.inlineMs() - t.generationMs(),
                        t.nativeMs() - t.generationMs(), t.ratio(), t.inlineRatio());
                out.flush();
            }
        }
    }

    @Command(name = "clone",
            description = "Clone every definition of IN.ll COPIES times into one new module (symbols of copy K "
                    + "suffixed .cK, declarations shared) and print it: the workload bench/clone-peers times next to "
                    + "llvm-link of as many renamed copies.")
    static final class Clone implements java.util.concurrent.Callable<Integer> {

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
        boolean help;

        @CommandLine.Parameters(index = "0", paramLabel = "IN.ll")
        String input;

        @Option(names = "--copies", paramLabel = "N", defaultValue = "40", description = "copies (default: ${DEFAULT-VALUE})")
        int copies;

        @Option(names = "-o", paramLabel = "OUT.ll", defaultValue = "-", description = "output file, or - for stdout")
        String output;

        @Override
        public Integer call() throws java.io.IOException {
            try (Output.Destination out = Output.open(spec, output)) {
                org.nvlower.llvm.ir.Module m = org.nvlower.verify.bench.CloneCopies.build(IrInput.parse(input), copies);
                org.nvlower.llvm.text.IrPrinter.print(m, out.stream(), IrInput.CHARSET);
                out.commit();
            }
            return Main.OK;
        }
    }

    @Command(name = "fp128",
            description = {
                "Million binary128 operations per second of the thread's CPU time (wall time shown too), single thread, after warm-up, over "
                    + Fp128Operands.DEFAULT_PAIRS + " varied operand pairs (normals of mixed exponents and signs, "
                    + "some subnormals, zeros, infinities, NaNs); round to nearest even.",
                "Prints 'fp128 OP: X Mop/s' per op, with the checksum of the results (NaNs counted as one "
                    + "value) that bench/fp128-peers compares with libgcc's."})
    static final class Fp128 implements Runnable {

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
        boolean help;

        @Option(names = "--op", split = ",", paramLabel = "OP",
                description = "add, mul, div or sqrt (sqrt of |A|); repeatable or comma-separated (default: all four)")
        List<String> ops = new ArrayList<>();

        @Option(names = "--seconds", paramLabel = "S", defaultValue = "2",
                description = "CPU seconds timed per op, after a warm-up of a quarter of that (default: ${DEFAULT-VALUE})")
        double seconds;

        @Option(names = "--operands", paramLabel = "FILE",
                description = "read the operand pairs from FILE (lines 'A B' of 32 hex digits each) instead of generating them")
        Path operandFile;

        @Override
        public void run() {
            List<Fp128Op> selected = new ArrayList<>();
            for (String label : ops) {
                try {
                    selected.add(Fp128Op.fromLabel(label));
                } catch (IllegalArgumentException e) {
                    throw new CommandLine.ParameterException(spec.commandLine(), "--op: " + e.getMessage());
                }
            }
            if (selected.isEmpty()) {
                selected = List.of(Fp128Op.values());
            }
            if (!(seconds > 0) || seconds > 3600) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--seconds must be a positive number of at most 3600, not " + seconds);
            }
            Fp128Operands operands = operandFile == null ? Fp128Operands.standard() : Fp128Operands.read(operandFile);
            PrintWriter out = spec.commandLine().getOut();
            for (Fp128Op op : selected) {
                Fp128Throughput.Result r = Fp128Throughput.measure(op, operands, seconds);
                out.printf(Locale.ROOT, "fp128 %s: %.1f Mop/s (wall %.1f, checksum 0x%016x, %d passes of %d pairs)%n",
                        op.label(), r.mops(), r.wallMops(), r.checksum(), r.passes(), r.pairs());
                out.flush();
            }
        }
    }
}

package org.nvlower.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

import org.nvlower.diag.InputException;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.pass.NvvmReflect;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.nvptx.TargetMachine;

import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Model.CommandSpec;

/**
 * What the math pass commands (reflect, link-libdevice, fold, compile) share: the input(s) (several
 * are a batch, run in one process, written into the directory {@code -o}), {@code -o},
 * {@code --stats}, {@code -R KEY=VALUE}, and the cicc options each command collects unparsed. The reflect
 * values come from the TargetMachine of the options, the module's {@code nvvm-reflect-ftz} flag when
 * the options do not say {@code -ftz}, and {@code -R} last ({@link NvvmReflect#values}).
 */
final class MathPassOptions {

    @Parameters(arity = "1..*", paramLabel = "IN",
            description = "input file(s), or - for stdin; several inputs are one batch, in one process (-o DIR)")
    List<String> inputs;

    @Option(names = "-o", paramLabel = "OUT", defaultValue = "-",
            description = "output file, or - for stdout; with several inputs a directory, where each output "
                    + "takes its input's file name")
    String output;

    @Option(names = "--stats", description = "report what was done on stderr")
    boolean stats;

    @Option(names = "-R", paramLabel = "KEY=VALUE",
            description = "fold __nvvm_reflect(\"KEY\") to VALUE (over the options' __CUDA_ARCH, __CUDA_FTZ, "
                    + "__CUDA_PREC_DIV, __CUDA_PREC_SQRT; unknown keys fold to 0)")
    List<String> reflect = new ArrayList<>();

    @Option(names = "--jobs", paramLabel = "N",
            description = "in a batch, how many files are read, changed and printed at once (default: the "
                    + "number of processors, at most 4); the outputs are written in input order")
    Integer jobs;

    /** The command's unmatched arguments (picocli does not collect them in a mixin). */
    List<String> cicc = List.of();

    /** The TargetMachine of the cicc options. */
    TargetMachine target() {
        return TargetMachine.fromCommandLine(cicc);
    }

    /** Whether the cicc options say -ftz (so that the module flag does not). */
    boolean ftzGiven() {
        return cicc.stream().anyMatch(a -> a.equals("-ftz") || a.startsWith("-ftz="));
    }

    Map<String, Integer> overrides() {
        return NvvmReflect.parseOverrides(reflect);
    }

    Map<String, Integer> values(Module module) {
        return NvvmReflect.values(target(), module, !ftzGiven(), overrides());
    }

    /**
     * Each input and its output: one input goes to {@code -o} as given; several (a batch) go into
     * the directory {@code -o}, each under its input's file name. Checked before any work, so a
     * bad batch writes nothing.
     */
    SequencedMap<String, String> batch() {
        return batch(inputs, output);
    }

    /** As {@link #batch()}, for a command with inputs and {@code -o} of its own (lower128). */
    static SequencedMap<String, String> batch(List<String> inputs, String output) {
        SequencedMap<String, String> out = new LinkedHashMap<>();
        if (inputs.size() == 1) {
            out.put(inputs.get(0), output);
            return out;
        }
        if (output.equals("-") || !Files.isDirectory(Path.of(output))) {
            throw new InputException(inputs.size() + " inputs need -o DIR, an existing directory"
                    + (output.equals("-") ? "" : " (" + output + " is not one)"));
        }
        for (String in : inputs) {
            if (in.equals("-")) {
                throw new InputException("- (stdin) cannot be one of several inputs");
            }
            String target = Path.of(output).resolve(Path.of(in).getFileName()).toString();
            if (out.containsValue(target)) {
                throw new InputException("two inputs named " + Path.of(in).getFileName() + " would both be written to "
                        + target);
            }
            out.put(in, target);
        }
        return out;
    }

    /**
     * Reads each input module, lets {@code pass} change it (it returns the --stats text, printed when
     * asked, after the file's name in a batch), and writes the result to its output, atomically.
     * The first failing input stops the batch (its message names the file). A batch runs on
     * {@code --jobs} threads; outputs and reports still come in input order, and the inputs before
     * the failing one are written, as in a sequential run.
     */
    int transform(CommandSpec spec, List<String> unmatched, Function<Module, String> pass) throws IOException {
        cicc = unmatched;
        SequencedMap<String, String> batch = batch();
        if (jobs != null && jobs < 1) {
            throw new InputException("--jobs must be at least 1");
        }
        int threads = Math.min(batch.size(),
                jobs != null ? jobs : Math.min(4, Runtime.getRuntime().availableProcessors()));
        if (threads <= 1) {
            // one at a time, printed straight to the output (no copy of a large module in memory)
            for (Map.Entry<String, String> e : batch.entrySet()) {
                try (Output.Destination out = Output.open(spec, e.getValue())) {
                    Module m = IrInput.parseWithBodies(e.getKey()); // each pass visits every function
                    String report = pass.apply(m);
                    if (stats) {
                        spec.commandLine().getErr().print(batch.size() > 1 ? e.getKey() + ": " + report : report);
                    }
                    IrPrinter.print(m, out.stream(), IrInput.CHARSET);
                    out.commit();
                }
            }
            return Main.OK;
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(null, r, "nvlower-batch", DEEP_STACK);
            t.setDaemon(true);
            return t;
        });
        try {
            // a window of 2 x threads files in flight bounds the memory held by finished outputs
            ArrayDeque<Future<Done>> window = new ArrayDeque<>();
            Iterator<Map.Entry<String, String>> toSubmit = batch.entrySet().iterator();
            for (Map.Entry<String, String> e : batch.entrySet()) {
                while (window.size() < 2 * threads && toSubmit.hasNext()) {
                    String input = toSubmit.next().getKey();
                    window.add(pool.submit(() -> run(input, pass)));
                }
                write(spec, batch.size(), e, result(window.poll()));
            }
        } finally {
            pool.shutdownNow();
        }
        return Main.OK;
    }

    /** Stack of a batch thread: as the launcher's -Xss, for deeply nested input. */
    private static final long DEEP_STACK = 16L << 20;

    /** One input read, changed and printed: the report and the output's bytes. */
    private record Done(String report, byte[] output) {
    }

    private static Done run(String input, Function<Module, String> pass) throws IOException {
        Module m = IrInput.parseWithBodies(input); // each pass visits every function
        String report = pass.apply(m);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(m.source().length() + 4096);
        IrPrinter.print(m, bytes, IrInput.CHARSET);
        return new Done(report, bytes.toByteArray());
    }

    private void write(CommandSpec spec, int files, Map.Entry<String, String> e, Done done) throws IOException {
        try (Output.Destination out = Output.open(spec, e.getValue())) {
            if (stats) {
                spec.commandLine().getErr().print(files > 1 ? e.getKey() + ": " + done.report() : done.report());
            }
            out.stream().write(done.output());
            out.commit();
        }
    }

    /** The result of a batch task; its failure rethrown as it was thrown. */
    private static Done result(Future<Done> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted");
        } catch (ExecutionException e) {
            switch (e.getCause()) {
                case IOException io -> throw io;
                case RuntimeException r -> throw r;
                case Error err -> throw err;
                default -> throw new IllegalStateException(e.getCause());
            }
        }
    }
}

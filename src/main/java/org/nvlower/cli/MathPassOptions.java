package org.nvlower.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
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
     * The first failing input stops the batch (its message names the file).
     */
    int transform(CommandSpec spec, List<String> unmatched, Function<Module, String> pass) throws IOException {
        cicc = unmatched;
        SequencedMap<String, String> batch = batch();
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
}

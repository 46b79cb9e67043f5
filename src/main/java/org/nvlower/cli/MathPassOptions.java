package org.nvlower.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.pass.NvvmReflect;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.nvptx.TargetMachine;

import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Model.CommandSpec;

/**
 * What the math pass commands (reflect, link-libdevice, fold, compile) share: the input, {@code -o},
 * {@code --stats}, {@code -R KEY=VALUE}, and the cicc options each command collects unparsed. The reflect
 * values come from the TargetMachine of the options, the module's {@code nvvm-reflect-ftz} flag when
 * the options do not say {@code -ftz}, and {@code -R} last ({@link NvvmReflect#values}).
 */
final class MathPassOptions {

    @Parameters(index = "0", paramLabel = "IN", description = "input file, or - for stdin")
    String input;

    @Option(names = "-o", paramLabel = "OUT.ll", defaultValue = "-", description = "output file, or - for stdout")
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
     * Reads the input module, lets {@code pass} change it (it returns the --stats text, printed when
     * asked), and writes the result to {@code -o}, atomically.
     */
    int transform(CommandSpec spec, List<String> unmatched, Function<Module, String> pass) throws IOException {
        cicc = unmatched;
        try (Output.Destination out = Output.open(spec, output)) {
            Module m = IrInput.parse(input);
            String report = pass.apply(m);
            if (stats) {
                spec.commandLine().getErr().print(report);
            }
            IrPrinter.print(m, out.stream(), IrInput.CHARSET);
            out.commit();
        }
        return Main.OK;
    }
}

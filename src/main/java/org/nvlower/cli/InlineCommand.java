package org.nvlower.cli;

import java.io.IOException;
import java.util.concurrent.Callable;

import org.nvlower.diag.InputException;
import org.nvlower.llvm.transform.Inliner;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrPrinter;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code nvlower inline IN.ll [--only NAME] -o OUT.ll}: inlines calls of functions defined in the module. */
@Command(name = "inline", mixinStandardHelpOptions = true,
        description = "Inline calls to functions defined in the module (not noinline calls or functions, as LLVM), repeating for "
                + "calls that inlining brings in, up to --rounds times.")
public final class InlineCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "IN.ll", description = "input file, or - for stdin")
    String input;

    @Option(names = "-o", paramLabel = "OUT.ll", defaultValue = "-", description = "output file, or - for stdout")
    String output;

    @Option(names = "--only", paramLabel = "NAME", description = "inline only calls of @NAME")
    String only;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "8",
            description = "how many times to inline what inlining exposed (default: ${DEFAULT-VALUE})")
    int rounds;

    @Option(names = "--stats", description = "report the number of inlined calls on stderr")
    boolean stats;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        try (Output.Destination out = Output.open(spec, output)) {
            Module m = IrInput.parse(input);
            if (only != null && m.function(only).isEmpty()) {
                throw new InputException(IrInput.displayName(input) + ": no function @" + only);
            }
            int n = Inliner.inlineAll(m, only, rounds);
            if (stats) {
                spec.commandLine().getErr().println(n + " call(s) inlined");
            }
            IrPrinter.print(m, out.stream(), IrInput.CHARSET);
            out.commit();
        }
        return Main.OK;
    }
}

package org.nvlower.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;

import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.pass.Lower128;
import org.nvlower.llvm.text.IrStats;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code nvlower stats IN.ll}: counts, and the fp128/i128 operations the 128-bit lowering would replace. */
@Command(name = "stats", mixinStandardHelpOptions = true,
        description = "Count functions, blocks and instructions per opcode; list every fp128/i128 operation "
                + "the 128-bit lowering would replace (fp128 intrinsics and quad C calls included), with its line.")
public final class StatsCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "IN.ll", description = "input file, or - for stdin")
    String input;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Module module = IrInput.parse(input);
        PrintWriter out = spec.commandLine().getOut();
        out.print(IrStats.of(module, Lower128::replaces).render());
        out.flush();
        return Main.OK;
    }
}

package org.nvlower.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.analysis.IrVerifier;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code nvlower verify-ir IN.ll}: LLVM's verifier rules that passes can break. */
@Command(name = "verify-ir", mixinStandardHelpOptions = true,
        description = "Check that textual LLVM IR is well formed beyond its syntax, with LLVM's verifier rules: "
                + "block structure, phis, SSA dominance, operand types, calls against callees, switch cases, "
                + "metadata references and shapes, intrinsic signatures and immarg, attributes, module flags, "
                + "calling conventions and musttail, exception handling, atomics, debug locations. "
                + "Silent and exit 0 when valid; one line per problem (FILE:LINE:COL: error: ...) and exit 1 "
                + "otherwise. Debug-info problems are warnings (LLVM drops the debug info) and keep exit 0.")
public final class VerifyIrCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "IN.ll", description = "input file, or - for stdin")
    String input;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Module m = IrInput.parse(input);
        List<IrVerifier.Problem> problems = IrVerifier.verify(m);
        PrintWriter err = spec.commandLine().getErr();
        boolean errors = false;
        for (IrVerifier.Problem p : problems) {
            String where = p.position() != null ? p.position().toString() : IrInput.displayName(input);
            err.println(where + (p.warning() ? ": warning: " : ": error: ") + p);
            errors |= !p.warning();
        }
        return errors ? Main.USER_ERROR : Main.OK;
    }
}

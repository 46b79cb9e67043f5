package org.nvlower.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.pass.NvvmReflect;
import org.nvlower.llvm.pass.ReflectBranchFold;
import org.nvlower.llvm.text.IrPrinter;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;
import picocli.CommandLine.Model.CommandSpec;

/** {@code nvlower reflect IN.ll [-R KEY=VALUE] [cicc options] [-o OUT.ll]}: NVVMReflect and reflect branch folding. */
@Command(name = "reflect", mixinStandardHelpOptions = true,
        description = {"Fold every __nvvm_reflect(\"KEY\") call to the value the target options give (__CUDA_ARCH, "
                + "__CUDA_FTZ, __CUDA_PREC_DIV, __CUDA_PREC_SQRT; -R overrides; unknown keys 0), then fold the "
                + "now-constant compares, branches, selects and phis and delete the blocks no longer reached "
                + "(nvvm-reflect-pp).",
                "cicc options: -arch=compute_XX|sm_XX -ftz=N -prec-div=N -prec-sqrt=N ... (see nvlower target --help)."},
        footer = "See docs/math-pipeline.md.")
public final class ReflectCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "IN.ll", description = "input file, or - for stdin")
    String input;

    @Option(names = "-o", paramLabel = "OUT.ll", defaultValue = "-", description = "output file, or - for stdout")
    String output;

    @Option(names = "--no-fold", description = "only replace the reflect calls (no branch folding)")
    boolean noFold;

    @Option(names = "--stats", description = "report what was folded on stderr")
    boolean stats;

    @Mixin
    MathPassOptions options;

    @Unmatched
    List<String> cicc = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        try (Output.Destination out = Output.open(spec, output)) {
            Module m = IrInput.parse(input);
            Map<String, Integer> values = options.values(cicc, m);
            NvvmReflect.Result r = NvvmReflect.run(m, values);
            ReflectBranchFold.Result f = noFold ? null : ReflectBranchFold.run(r.functions());
            if (stats) {
                PrintWriter err = spec.commandLine().getErr();
                err.println(r.folded() + " __nvvm_reflect call(s) folded in " + r.functions().size() + " function(s)");
                r.keys().forEach((k, n) -> err.println("  " + k + " = " + values.getOrDefault(k, 0) + "  (" + n + " call(s))"));
                if (f != null) {
                    err.println(f.branchesFolded() + " branch(es), " + f.valuesFolded() + " value(s) folded; "
                            + f.blocksRemoved() + " block(s) removed, " + f.blocksMerged() + " merged; "
                            + f.deadRemoved() + " dead instruction(s) removed");
                }
            }
            IrPrinter.print(m, out.stream(), IrInput.CHARSET);
            out.commit();
        }
        return Main.OK;
    }
}

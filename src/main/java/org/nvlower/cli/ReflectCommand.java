package org.nvlower.cli;

import java.util.Map;

import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.pass.NvvmReflect;
import org.nvlower.llvm.pass.ReflectBranchFold;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code nvlower reflect IN.ll [-R KEY=VALUE] [cicc options] [-o OUT.ll]}: NVVMReflect and reflect branch folding. */
@Command(name = "reflect", mixinStandardHelpOptions = true,
        description = {"Fold every __nvvm_reflect(\"KEY\") call to the value the target options give (__CUDA_ARCH, "
                + "__CUDA_FTZ, __CUDA_PREC_DIV, __CUDA_PREC_SQRT; -R overrides; unknown keys 0), then fold the "
                + "now-constant compares, branches, selects and phis and delete the blocks no longer reached "
                + "(nvvm-reflect-pp).",
                "cicc options: -arch=compute_XX|sm_XX -ftz=N -prec-div=N -prec-sqrt=N ... (see nvlower target --help)."},
        footer = "See docs/math-pipeline.md.")
public final class ReflectCommand extends MathPassCommand {

    @Option(names = "--no-fold", description = "only replace the reflect calls (no branch folding)")
    boolean noFold;

    @Override
    String pass(Module m) {
        Map<String, Integer> values = options.values(m);
        NvvmReflect.Result r = NvvmReflect.run(m, values);
        StringBuilder report = new StringBuilder(r.folded() + " __nvvm_reflect call(s) folded in "
                + r.functions().size() + " function(s)\n");
        r.keys().forEach((k, n) -> report.append("  ").append(k).append(" = ").append(values.getOrDefault(k, 0))
                .append("  (").append(n).append(" call(s))\n"));
        if (!noFold) {
            ReflectBranchFold.Result f = ReflectBranchFold.run(r.functions());
            report.append(f.branchesFolded()).append(" branch(es), ").append(f.valuesFolded())
                    .append(" value(s) folded; ").append(f.blocksRemoved()).append(" block(s) removed, ")
                    .append(f.blocksMerged()).append(" merged; ").append(f.deadRemoved())
                    .append(" dead instruction(s) removed\n");
        }
        return report.toString();
    }
}

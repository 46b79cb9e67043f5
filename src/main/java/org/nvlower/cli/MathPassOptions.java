package org.nvlower.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.pass.NvvmReflect;
import org.nvlower.target.TargetMachine;

import picocli.CommandLine.Option;

/**
 * What the math pass commands (reflect, link-libdevice, fold, compile) share: {@code -R KEY=VALUE}
 * and the cicc options they collect unparsed. The reflect values come from the TargetMachine of
 * the options, the module's {@code nvvm-reflect-ftz} flag when the options do not say
 * {@code -ftz}, and {@code -R} last ({@link NvvmReflect#values}).
 */
final class MathPassOptions {

    @Option(names = "-R", paramLabel = "KEY=VALUE",
            description = "fold __nvvm_reflect(\"KEY\") to VALUE (over the options' __CUDA_ARCH, __CUDA_FTZ, "
                    + "__CUDA_PREC_DIV, __CUDA_PREC_SQRT; unknown keys fold to 0)")
    List<String> reflect = new ArrayList<>();

    /** The TargetMachine of the cicc options. */
    static TargetMachine target(List<String> cicc) {
        return TargetMachine.fromCommandLine(cicc);
    }

    /** Whether the cicc options say -ftz (so that the module flag does not). */
    static boolean ftzGiven(List<String> cicc) {
        return cicc.stream().anyMatch(a -> a.equals("-ftz") || a.startsWith("-ftz="));
    }

    Map<String, Integer> overrides() {
        return NvvmReflect.parseOverrides(reflect);
    }

    Map<String, Integer> values(List<String> cicc, Module module) {
        return NvvmReflect.values(target(cicc), module, !ftzGiven(cicc), overrides());
    }
}

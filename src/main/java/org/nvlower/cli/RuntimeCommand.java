package org.nvlower.cli;

import java.io.IOException;
import java.util.EnumSet;
import java.util.Set;

import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.pass.Lower128;
import org.nvlower.llvm.runtime.RuntimeFunction;
import org.nvlower.llvm.runtime.RuntimeLibrary;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.nvptx.TargetMachine;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code nvlower runtime [-o FILE.ll] [--only-used IN.ll]}: the runtime functions (the seed's 55 and the extensions) as LLVM IR. */
@Command(name = "runtime", mixinStandardHelpOptions = true,
        description = {"Write the bodies of the fp128/i128 runtime functions (__nv_add_fp128 ... __nv_fcmp_une) as "
                + "LLVM IR built from i32/i64/i128 integer operations, rounding as the GPU does (see 'nvlower eval').",
            "cicc options (-arch=compute_XX -m32 ...) choose the triple and data layout (default: cicc's)."})
public final class RuntimeCommand extends CiccCommand {

    @Option(names = "-o", paramLabel = "FILE.ll", defaultValue = "-",
            description = "output file, or - for stdout (default: ${DEFAULT-VALUE})")
    String output;

    @Option(names = "--only-used", paramLabel = "IN.ll",
            description = "only the functions the 128-bit operations of IN.ll (or the __nv_* calls it makes) need")
    String onlyUsed;

    @Option(names = "--fp128-as-i128", negatable = true, defaultValue = "false",
            description = "carry fp128 parameters and results as i128 (the form LLVM 14's llc compiles for NVPTX); "
                    + "default: fp128, as the runtime table declares them")
    boolean fp128AsI128;

    @Override
    public Integer call() throws IOException {
        try (Output.Destination out = Output.open(spec, output)) {
            TargetMachine tm = TargetMachine.fromCommandLine(cicc);
            Set<RuntimeFunction> functions = EnumSet.allOf(RuntimeFunction.class);
            if (onlyUsed != null) {
                functions = used(IrInput.parse(onlyUsed));
            }
            Module m = RuntimeLibrary.build(functions, fp128AsI128, tm.triple(), tm.dataLayout());
            IrPrinter.print(m, out.stream(), IrInput.CHARSET);
            out.commit();
        }
        return Main.OK;
    }

    /**
     * The rows the module calls by name or would call once lowered: its 128-bit operations, fp128
     * intrinsics and quad C calls (the pass itself is run on the module, which is then discarded;
     * what it cannot lower is kept, not an error, as here only the rows matter).
     */
    static Set<RuntimeFunction> used(Module module) {
        Set<RuntimeFunction> set = EnumSet.noneOf(RuntimeFunction.class);
        module.functions().forEach(f -> RuntimeFunction.bySymbol(f.name()).ifPresent(set::add));
        set.addAll(Lower128.run(module, new Lower128.Options(false, true, false)).functions());
        return set;
    }
}

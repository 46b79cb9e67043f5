package org.nvlower.cli;

import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.pass.MathCallFolder;
import org.nvlower.llvm.pass.ReflectBranchFold;

import picocli.CommandLine.Command;

/** {@code nvlower fold IN.ll [cicc options] [-o OUT.ll]}: the by-name constant folder, then constant folding. */
@Command(name = "fold", mixinStandardHelpOptions = true,
        description = {"Replace calls of libdevice and math functions (__nv_sinf, sinf, sind, _Z4fmodff, powff, "
                + "llvm.nvvm.fma.rn.f ...) whose arguments are constants by the value, computed on the host: "
                + "IEEE-exact operations bit for bit (softfloat), the others correctly rounded; then fold the "
                + "compares, branches and arithmetic that became constant.",
                "cicc options matter for -prec-sqrt (sqrtf is not folded under -prec-sqrt=0)."},
        footer = "See docs/math-pipeline.md for the names and the error bounds.")
public final class FoldCommand extends MathPassCommand {

    @Override
    String pass(Module m) {
        MathCallFolder.Result r = MathCallFolder.run(m, options.values(m));
        ReflectBranchFold.Result f = ReflectBranchFold.run(m);
        return r.folded() + " call(s) folded" + (r.byName().isEmpty() ? "" : " " + r.byName()) + "; "
                + f.valuesFolded() + " value(s) and " + f.branchesFolded() + " branch(es) folded\n";
    }
}

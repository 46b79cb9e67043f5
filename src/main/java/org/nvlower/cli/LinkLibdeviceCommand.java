package org.nvlower.cli;

import java.nio.file.Path;

import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.pass.LibdeviceLink;
import org.nvlower.pipeline.Libdevice;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code nvlower link-libdevice IN.ll [--libdevice PATH] [-R KEY=VALUE] [cicc options] [-o OUT.ll]}. */
@Command(name = "link-libdevice", mixinStandardHelpOptions = true,
        description = {"Link the libdevice functions the module calls (and what they call), internalize them, "
                + "inline them at their call sites, then fold __nvvm_reflect and the branches it decides.",
                "libdevice: $CUDA_HOME/nvvm/libdevice/libdevice.10.bc (read natively), or --libdevice "
                + "FILE (bitcode or text IR)."},
        footer = "See docs/math-pipeline.md.")
public final class LinkLibdeviceCommand extends MathPassCommand {

    @Option(names = "--libdevice", paramLabel = "PATH", description = "libdevice (.bc or .ll) instead of CUDA's")
    Path libdevice;

    /** Read once for the whole batch: a link does not change it. */
    private Module lib;

    @Override
    String pass(Module m) {
        if (lib == null) {
            lib = Libdevice.load(libdevice != null ? libdevice : Libdevice.defaultPath());
        }
        LibdeviceLink.Result r = LibdeviceLink.run(m, lib, options.values(m));
        return r.linked().size() + " libdevice function(s) linked, " + r.inlined() + " call(s) inlined, "
                + r.reflect().folded() + " __nvvm_reflect call(s) and " + r.branchesFolded() + " branch(es) folded"
                + (r.kept().isEmpty() ? "" : "; kept: " + r.kept()) + "\n";
    }
}

package org.nvlower.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.pass.LibdeviceLink;
import org.nvlower.pipeline.Libdevice;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;
import picocli.CommandLine.Model.CommandSpec;

/** {@code nvlower link-libdevice IN.ll [--libdevice PATH] [-R KEY=VALUE] [cicc options] [-o OUT.ll]}. */
@Command(name = "link-libdevice", mixinStandardHelpOptions = true,
        description = {"Link the libdevice functions the module calls (and what they call), internalize them, "
                + "inline them at their call sites, then fold __nvvm_reflect and the branches it decides.",
                "libdevice: $CUDA_HOME/nvvm/libdevice/libdevice.10.bc (read natively), or --libdevice "
                + "FILE (bitcode or text IR)."},
        footer = "See docs/math-pipeline.md.")
public final class LinkLibdeviceCommand implements Callable<Integer> {

    @Option(names = "--libdevice", paramLabel = "PATH", description = "libdevice (.bc or .ll) instead of CUDA's")
    Path libdevice;

    @Mixin
    MathPassOptions options;

    @Unmatched
    List<String> cicc = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Module[] lib = new Module[1]; // read once for the whole batch: a link does not change it
        return options.transform(spec, cicc, m -> {
            if (lib[0] == null) {
                lib[0] = Libdevice.load(libdevice != null ? libdevice : Libdevice.defaultPath());
            }
            LibdeviceLink.Result r = LibdeviceLink.run(m, lib[0], options.values(m));
            return r.linked().size() + " libdevice function(s) linked, " + r.inlined() + " call(s) inlined, "
                    + r.reflect().folded() + " __nvvm_reflect call(s) and " + r.branchesFolded() + " branch(es) folded"
                    + (r.kept().isEmpty() ? "" : "; kept: " + r.kept()) + "\n";
        });
    }
}

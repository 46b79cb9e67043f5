package org.nvlower.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.SequencedMap;
import java.util.function.Supplier;

import org.nvlower.diag.InputException;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.pipeline.Libdevice;
import org.nvlower.pipeline.MathPipeline;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code nvlower compile IN.mlir|IN.ll... [cicc options] -o OUT.ll|DIR}: the whole math chain, on one file or a batch. */
@Command(name = "compile", mixinStandardHelpOptions = true,
        description = {"Run the whole chain: MLIR math/arith -> libdevice calls -> LLVM IR -> constant calls folded "
                + "-> libdevice linked, inlined, __nvvm_reflect and its branches folded -> memory cleanup -> "
                + "128-bit lowering (when built in).",
                "Input: MLIR (.mlir) or LLVM IR (anything else); -x mlir|llvm decides for stdin or odd names."},
        footer = "See docs/math-pipeline.md.")
public final class CompileCommand extends CiccCommand {

    @Option(names = "-x", paramLabel = "LANG", description = "input language: mlir or llvm (default: by extension)")
    String language;

    @Option(names = "--libdevice", paramLabel = "PATH", description = "libdevice (.bc or .ll) instead of CUDA's")
    Path libdevice;

    @Option(names = "--link-runtime",
            description = "link the fp128/i128 runtime bodies the module calls (fp128 carried as i128), so that stock llc compiles the result alone")
    boolean linkRuntime;

    @Mixin
    MathPassOptions options;

    @Override
    public Integer call() throws IOException {
        options.cicc = cicc;
        MathPipeline.Settings settings = new MathPipeline.Settings(options.target(), options.ftzGiven(),
                options.overrides(), libdevice, linkRuntime);
        Module[] lib = new Module[1]; // read once for the whole batch: a link does not change it
        Supplier<Module> libdeviceOnce = () -> {
            if (lib[0] == null) {
                lib[0] = Libdevice.load(libdevice != null ? libdevice : Libdevice.defaultPath());
            }
            return lib[0];
        };
        SequencedMap<String, String> batch = options.batch();
        for (Map.Entry<String, String> e : batch.entrySet()) {
            String input = e.getKey();
            boolean mlir = isMlir(input);
            try (Output.Destination out = Output.open(spec, e.getValue())) {
                String name = IrInput.displayName(input);
                MathPipeline.Result r = mlir
                        ? MathPipeline.compileMlir(name, IrInput.read(input).text(), settings, libdeviceOnce)
                        : MathPipeline.compile(IrInput.parse(input), settings, libdeviceOnce);
                if (options.stats) {
                    for (MathPipeline.Stage s : r.stages()) {
                        spec.commandLine().getErr().printf("%s%-15s %s%n", batch.size() > 1 ? input + ": " : "",
                                s.name(), s.summary());
                    }
                }
                IrPrinter.print(r.module(), out.stream(), IrInput.CHARSET);
                out.commit();
            }
        }
        return Main.OK;
    }

    private boolean isMlir(String input) {
        if (language != null) {
            return switch (language) {
                case "mlir" -> true;
                case "llvm", "ll" -> false;
                default -> throw new InputException("-x " + language + ": expected mlir or llvm");
            };
        }
        return input.endsWith(".mlir");
    }
}

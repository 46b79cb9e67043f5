package org.nvlower.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

import org.nvlower.diag.InputException;
import org.nvlower.llvm.transform.Linker;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrPrinter;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code nvlower link A.ll B.ll ... -o OUT.ll}: llvm-link's job, through the cloning API. */
@Command(name = "link", mixinStandardHelpOptions = true,
        description = "Link LLVM IR modules as llvm-link does: every input, in order, into a new module, "
                + "globals in llvm-link's order; symbols matched by name, types and metadata mapped, named "
                + "metadata appended, module flags merged, appending variables (llvm.used, llvm.global_ctors) concatenated.")
public final class LinkCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "IN.ll", description = "input files (- for stdin, once)")
    List<String> inputs;

    @Option(names = "-o", paramLabel = "OUT.ll", defaultValue = "-", description = "output file, or - for stdout")
    String output;

    @Option(names = "--only-needed", description = "link from the second input on only the definitions the module uses (transitively)")
    boolean onlyNeeded;

    @Option(names = "--internalize", description = "as llvm-link --internalize: from the second input on, the "
            + "definitions linked in become internal")
    boolean internalize;

    @Option(names = "--strip-metadata", description = "drop metadata attachments and debug records of linked code")
    boolean stripMetadata;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        try (Output.Destination out = Output.open(spec, output)) {
            // as llvm-link: every input, the first too, is linked into an empty module (so the
            // globals come in llvm-link's order); flags apply from the second input on
            Module dest = null;
            PrintWriter err = spec.commandLine().getErr();
            for (String input : inputs) {
                Module src = IrInput.parse(input);
                if (dest == null) {
                    dest = Module.create("llvm-link", src.opaquePointers());
                    dest.setSourceFileName("llvm-link");
                }
                boolean later = input != inputs.get(0);
                Linker.Options options = new Linker.Options(onlyNeeded && later, !stripMetadata, internalize && later);
                try {
                    for (String w : Linker.link(dest, src, options).warnings()) {
                        err.println("warning: " + w);
                    }
                } catch (Linker.LinkException | IllegalArgumentException e) {
                    throw new InputException(input + ": " + e.getMessage());
                }
            }
            IrPrinter.print(dest, out.stream(), IrInput.CHARSET);
            out.commit();
        }
        return Main.OK;
    }
}

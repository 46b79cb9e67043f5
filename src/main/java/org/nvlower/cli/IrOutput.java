package org.nvlower.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrPrinter;

/** Where the IR commands write a module: {@code -} is the CLI's stdout, a path is written atomically. */
final class IrOutput {

    private IrOutput() {
    }

    /**
     * Prints {@code module} to {@code output}. Text read as ISO-8859-1 (one char per byte) goes to
     * stdout as the UTF-8 reading of its bytes, so non-ASCII names and strings come out unchanged.
     */
    static void write(Module module, String output, Charset charset, PrintWriter stdout) throws IOException {
        if (output.equals("-")) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            IrPrinter.print(module, bytes, charset);
            stdout.write(bytes.toString(StandardCharsets.UTF_8));
            stdout.flush();
        } else {
            RoundtripCommand.writeAtomically(Path.of(output), module, charset);
        }
    }
}

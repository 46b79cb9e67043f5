package org.nvlower.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;

import picocli.CommandLine.Model.CommandSpec;

/** Reading and writing IR for the commands that take IN.ll and -o OUT.ll. */
final class IrCommands {

    private IrCommands() {
    }

    static String displayName(String input) {
        return RoundtripCommand.displayName(input);
    }

    static Module read(String input) throws IOException {
        return IrParser.parse(displayName(input), RoundtripCommand.readIr(input).text());
    }

    /** Prints {@code m} to {@code output} (- for stdout), atomically for a file. */
    static void write(CommandSpec spec, Module m, String output) throws IOException {
        if (output.equals("-")) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(m.source().length() + 1024);
            IrPrinter.print(m, bytes, StandardCharsets.ISO_8859_1);
            PrintWriter out = spec.commandLine().getOut();
            out.write(bytes.toString(StandardCharsets.UTF_8));
            out.flush();
        } else {
            RoundtripCommand.writeAtomically(Path.of(output), m, StandardCharsets.ISO_8859_1);
        }
    }
}

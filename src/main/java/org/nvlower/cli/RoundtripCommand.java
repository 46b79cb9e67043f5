package org.nvlower.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;

import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code nvlower roundtrip IN.ll [-o OUT.ll]}: parses and prints; the output equals the input byte for byte. */
@Command(name = "roundtrip", mixinStandardHelpOptions = true,
        description = "Parse textual LLVM IR and print it back (lossless: byte for byte).")
public final class RoundtripCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "IN.ll", description = "input file, or - for stdin")
    String input;

    // defaultValue, not a field initializer: the command object is reused across runs
    @Option(names = "-o", paramLabel = "OUT.ll", defaultValue = "-",
            description = "output file, or - for stdout (default: ${DEFAULT-VALUE})")
    String output;

    @Option(names = "--time", paramLabel = "N", defaultValue = "0",
            description = "also parse and print N more times in this process and report the time per round "
                    + "trip and the throughput on stderr (warm JIT)")
    int repeat;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        // The output first: a bad -o fails before a long parse, and the temporary file exists
        // (and is removed on an interrupt) for the whole run.
        try (Output.Destination out = Output.open(spec, output)) {
            long t0 = System.nanoTime();
            IrInput.Parsed parsed = IrInput.parseInput(input);
            Module module = parsed.module();
            if (parsed.bitcode() != null) {
                // bitcode has no text to give back: print it as llvm-dis does
                out.stream().write(IrPrinter.printDisassembly(module, parsed.bitcode().predecessors())
                        .getBytes(IrInput.CHARSET));
                out.commit();
                return Main.OK;
            }
            if (repeat > 0) {
                reportTimes(module.source(), System.nanoTime() - t0);
            }
            // the input's bytes, one per char, go out as the same bytes
            IrPrinter.print(module, out.stream(), IrInput.CHARSET);
            out.commit();
        }
        return Main.OK;
    }

    private void reportTimes(String text, long firstNanos) {
        PrintWriter err = spec.commandLine().getErr();
        double mb = text.length() / 1e6;
        err.printf("first read+parse: %.3f s%n", firstNanos / 1e9);
        long best = Long.MAX_VALUE;
        long total = 0;
        for (int i = 0; i < repeat; i++) {
            long t = System.nanoTime();
            Module m = IrParser.parse(displayName(input), text);
            StringBuilder sb = new StringBuilder(text.length());
            IrPrinter.print(m, sb);
            long dt = System.nanoTime() - t;
            if (sb.length() != text.length()) {
                throw new IllegalStateException("round trip changed the length");
            }
            best = Math.min(best, dt);
            total += dt;
        }
        err.printf("parse+print of %.2f MB, %d warm rounds: best %.3f s (%.1f MB/s), mean %.3f s%n", mb, repeat,
                best / 1e9, mb / (best / 1e9), total / 1e9 / repeat);
        err.flush();
    }

    /** How {@code input} is named in messages ({@link IrInput#displayName}). */
    static String displayName(String input) {
        return IrInput.displayName(input);
    }

    /** The input's text ({@link IrInput#read}). */
    static IrInput.Text readIr(String input) throws IOException {
        return IrInput.read(input);
    }
}

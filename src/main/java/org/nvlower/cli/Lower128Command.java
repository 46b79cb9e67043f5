package org.nvlower.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;

import org.nvlower.diag.InputException;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.pass.Lower128;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.nvptx.TargetMachine;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code nvlower lower128 IN.ll... -o OUT.ll|DIR}: seed 1's fp128/i128 lowering, optionally with the runtime linked in. */
@Command(name = "lower128", mixinStandardHelpOptions = true,
        description = {"Replace every fp128/i128 operation NVPTX cannot select by a call of its __nv_* runtime "
                + "function (see 'nvlower stats' for the list and 'nvlower eval' for their semantics).",
            "With --link-runtime the bodies are added too and fp128 values are carried as i128, so that LLVM 14's "
                + "llc compiles the result for any SM. cicc options (-arch=compute_XX ...) set the triple and data "
                + "layout; without them a module that has none gets cicc's defaults. See docs/lower128.md."})
public final class Lower128Command extends CiccCommand {

    @Parameters(arity = "1..*", paramLabel = "IN.ll",
            description = "input file(s), or - for stdin; several inputs are one batch, in one process (-o DIR)")
    List<String> inputs;

    @Option(names = "-o", paramLabel = "OUT", defaultValue = "-",
            description = "output file, or - for stdout (default: ${DEFAULT-VALUE}); with several inputs a directory, "
                    + "where each output takes its input's file name")
    String output;

    /** The input being lowered. */
    private String input;

    @Option(names = "--link-runtime", description = "define the runtime functions the module calls (internal)")
    boolean linkRuntime;

    @Option(names = "--enable-optimization",
            description = "mark the calls and declarations readnone nounwind willreturn (the pass's enable-optimization)")
    boolean enableOptimization;

    @Option(names = "--keep-unsupported",
            description = "leave fp128/i128 operations no runtime function covers (warn) instead of failing")
    boolean keepUnsupported;

    @Option(names = "--fp128-as-i128", negatable = true,
            description = "carry fp128 values as i128 (default: on with --link-runtime, else off)")
    Boolean fp128AsI128;

    @Option(names = "--time", paramLabel = "N", defaultValue = "0",
            description = "also parse, lower and print N more times in this process and report each phase's time "
                    + "on stderr (warm JIT), next to the round trip's parse + print")
    int repeat;

    @Override
    public Integer call() throws IOException {
        java.util.SequencedMap<String, String> batch = MathPassOptions.batch(inputs, output);
        if (repeat > 0 && batch.size() > 1) {
            throw new InputException("--time takes one input");
        }
        for (java.util.Map.Entry<String, String> e : batch.entrySet()) {
            input = e.getKey();
            int code = lower(e.getValue());
            if (code != Main.OK) {
                return code;
            }
        }
        return Main.OK;
    }

    private int lower(String output) throws IOException {
        // the output first: a bad -o fails before the work, and nothing half-written appears
        try (Output.Destination out = Output.open(spec, output)) {
            Module module = IrInput.parse(input);
            TargetMachine tm = TargetMachine.fromCommandLine(cicc);
            if (!cicc.isEmpty() || module.targetTriple() == null) {
                module.setTargetTriple(tm.triple());
                module.setDataLayout(tm.dataLayout());
            }
            boolean carry = fp128AsI128 != null ? fp128AsI128 : linkRuntime;
            PrintWriter err = spec.commandLine().getErr();
            Lower128.Result result;
            try {
                result = Lower128.run(module, new Lower128.Options(enableOptimization, keepUnsupported, carry, linkRuntime));
            } catch (InputException e) {
                // the check names every operation, one per line; rendering shortens long messages
                String[] lines = e.getMessage().split("\n");
                err.println(new InputException(e.position(), lines[0]).render());
                for (int i = 1; i < lines.length; i++) {
                    err.println(lines[i]);
                }
                return Main.USER_ERROR;
            }
            for (String kept : result.kept()) {
                err.println(kept.replaceFirst("^(.*?:\\d+:\\d+: )?", "$1warning: ")
                        .replace(" (--keep-unsupported leaves it)", ""));
            }
            if (repeat > 0) {
                reportTimes(module.source(), err);
            }
            IrPrinter.print(module, out.stream(), IrInput.CHARSET);
            out.commit();
        }
        return Main.OK;
    }

    /** Warm phase times: what lowering adds to a round trip, without the JVM's start and cold JIT. */
    private void reportTimes(String text, PrintWriter err) {
        String name = IrInput.displayName(input);
        long[] best = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE};
        for (int i = 0; i < repeat; i++) {
            long t0 = System.nanoTime();
            Module plain = IrParser.parse(name, text);
            long t1 = System.nanoTime();
            IrPrinter.print(plain, new StringBuilder(text.length()));
            long t2 = System.nanoTime();
            Module lowered = IrParser.parse(name, text);
            long t3 = System.nanoTime();
            Lower128.run(lowered, Lower128.Options.DEFAULT);
            long t4 = System.nanoTime();
            // room for the calls and declarations: the command itself streams to a file, never regrows
            IrPrinter.print(lowered, new StringBuilder(text.length() + (text.length() >> 4)));
            long t5 = System.nanoTime();
            long[] round = {t1 - t0 + t3 - t2, t2 - t1, t4 - t3, t5 - t4};
            for (int k = 0; k < best.length; k++) {
                best[k] = Math.min(best[k], round[k]);
            }
        }
        double parse = best[0] / 2e9;
        double roundTrip = parse + best[1] / 1e9;
        double lowering = parse + best[2] / 1e9 + best[3] / 1e9;
        err.printf("best of %d warm rounds: parse %.3f s, print %.3f s (round trip %.3f s); Lower128 %.3f s, "
                + "print lowered %.3f s (%.3f s): lowering adds %.1f%%%n", repeat, parse, best[1] / 1e9, roundTrip,
                best[2] / 1e9, best[3] / 1e9, lowering, 100 * (lowering / roundTrip - 1));
        err.flush();
    }
}

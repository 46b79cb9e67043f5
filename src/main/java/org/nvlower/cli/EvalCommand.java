package org.nvlower.cli;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;

import org.nvlower.diag.InputException;
import org.nvlower.softfloat.RoundingMode;
import org.nvlower.verify.Evaluator;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code nvlower eval NAME HEX...}: one runtime or softfloat function on hex operands, as the GPU computes it. */
@Command(name = "eval",
        mixinStandardHelpOptions = true,
        description = {
            "Evaluates one of the 55 __nv_* fp128/i128 runtime functions, or a softfloat function by its "
                    + "TestFloat name, on hex bit patterns, with the GPU's (NVPTX) NaN and saturation rules.",
            "Operands are hex of exactly the type's width (fp128/i128: 32 digits, double/i64: 16, float/i32: 8, "
                    + "i16/f16/bf16: 4, i8: 2). __nv_* prints the result; TestFloat names print 'result flags' "
                    + "(flags: 01 inexact, 02 underflow, 04 overflow, 08 infinite, 10 invalid).",
            "With '-' reads one call per line from standard input: NAME HEX...",
            "Example: nvlower eval __nv_add_fp128 3FFF0000000000000000000000000000 3FFF0000000000000000000000000000"})
public final class EvalCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "-r", paramLabel = "MODE", defaultValue = "near_even",
            description = "Rounding mode of TestFloat-named functions: near_even (default), minMag, min, max, "
                    + "near_maxMag, odd. The __nv_* functions have fixed rounding.")
    String roundingMode;

    @Option(names = "--exact", description = "Rounding to an integer raises inexact (TestFloat's -exact).")
    boolean exact;

    @Option(names = "--list", description = "Lists every supported function with its signature and exits.")
    boolean list;

    @Parameters(paramLabel = "NAME HEX", arity = "0..*", description = "The function name and its operands, or '-'.")
    List<String> call = List.of();

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (list) {
            Evaluator.listing().forEach(out::println);
            return Main.OK;
        }
        RoundingMode rm;
        try {
            rm = RoundingMode.fromTestFloatName(roundingMode);
        } catch (IllegalArgumentException e) {
            throw new InputException(e.getMessage());
        }
        Evaluator evaluator = new Evaluator(rm, exact);
        if (call.isEmpty()) {
            throw new InputException("a function name is required (see 'nvlower eval --list')");
        }
        if (call.size() == 1 && call.get(0).equals("-")) {
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
            // Buffered, but flushed whenever no more input is waiting: fast on files, prompt in a pipe dialogue.
            BufferedWriter buffered = new BufferedWriter(out, 1 << 16);
            try {
                int lineNumber = 0;
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    lineNumber++;
                    if (!line.isBlank()) {
                        buffered.write(evaluator.evaluateLine(line, "<stdin>", lineNumber));
                        buffered.write('\n');
                    }
                    if (!in.ready()) {
                        buffered.flush();
                    }
                }
            } finally {
                buffered.flush();
            }
            return Main.OK;
        }
        out.println(evaluator.evaluate(call.get(0), call.subList(1, call.size())));
        return Main.OK;
    }
}

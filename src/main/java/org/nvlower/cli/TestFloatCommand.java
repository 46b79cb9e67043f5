package org.nvlower.cli;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;

import org.nvlower.diag.InputException;
import org.nvlower.softfloat.RoundingMode;
import org.nvlower.verify.testfloat.TestFloatFunction;
import org.nvlower.verify.testfloat.TestFloatSubject;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code nvlower testfloat FUNCTION}: softfloat as a TestFloat subject (x86 NaN policy). */
@Command(name = "testfloat",
        mixinStandardHelpOptions = true,
        description = {
            "Runs softfloat as a Berkeley TestFloat subject: reads lines of hex operands for FUNCTION from standard "
                    + "input (further fields are ignored) and writes 'operands result flags' lines in TestFloat's "
                    + "format, for testfloat_ver. Uses SoftFloat's x86 (8086-SSE) NaN policy.",
            "Example: testfloat_gen f64 2 | nvlower testfloat f64_add | testfloat_ver f64_add"})
public final class TestFloatCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FUNCTION", description = "A TestFloat function name, e.g. f128_add, f32_to_i64.")
    String function;

    @Option(names = "-r", paramLabel = "MODE", defaultValue = "near_even",
            description = "Rounding mode, as TestFloat spells it (-rnear_even, -rminMag, -rmin, -rmax, "
                    + "-rnear_maxMag, -rodd).")
    String roundingMode;

    @Option(names = "-exact", description = "Rounding to an integer raises inexact (default: it does not).")
    boolean exact;

    @Option(names = "-notexact", description = "Rounding to an integer never raises inexact (the default).")
    void notExact(boolean value) {
        exact = !value;
    }

    @Override
    public Integer call() throws IOException {
        TestFloatFunction f = TestFloatFunction.byName(function).orElseThrow(() -> new InputException(
                "unknown TestFloat function '" + function + "' (see 'nvlower eval --list')"));
        RoundingMode rm;
        try {
            rm = RoundingMode.fromTestFloatName(roundingMode);
        } catch (IllegalArgumentException e) {
            throw new InputException(e.getMessage());
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
        PrintWriter out = spec.commandLine().getOut();
        BufferedWriter buffered = new BufferedWriter(out, 1 << 16);
        try {
            new TestFloatSubject(f, rm, exact).run(in, buffered, "<stdin>");
        } finally {
            buffered.flush();
        }
        return Main.OK;
    }
}

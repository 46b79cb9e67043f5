package org.nvlower.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;

import org.nvlower.diag.InputException;
import org.nvlower.softfloat.Hex128;
import org.nvlower.verify.Evaluator;
import org.nvlower.verify.sass.TemplateSubject;
import org.nvlower.verify.testfloat.TestFloatFunction;
import org.nvlower.verify.testfloat.TestFloatSubject;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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

    @Parameters(paramLabel = "FUNCTION", arity = "0..1",
            description = "A TestFloat function name, e.g. f128_add, f32_to_i64 (all of them: --list).")
    String function;

    @Mixin
    RoundingOption rounding;

    @Option(names = "-exact", description = "Rounding to an integer raises inexact (default: it does not).")
    boolean exact;

    @Option(names = "-notexact", description = "Rounding to an integer never raises inexact (the default).")
    void notExact(boolean value) {
        exact = !value;
    }

    @Option(names = "--list", description = "Lists every TestFloat function name with its signature and exits.")
    boolean list;

    @Option(names = "--impl", paramLabel = "IMPL", defaultValue = "softfloat",
            description = "softfloat (default), or sass: the result comes from the SASS template run in the emulator "
                    + "(f32_div: div.rn.f32, f32_sqrt: sqrt.rn.f32; round to nearest even). A GPU raises no flags: the "
                    + "flags printed are softfloat's for the operands, so testfloat_ver checks the template's results.")
    String impl;

    @Option(names = "--mufu", paramLabel = "MODEL", defaultValue = "exact",
            description = "with --impl sass: the MUFU model (exact, bounded, adversarial, adversarial-low, adversarial-high)")
    String mufu;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (list) {
            if (function != null) {
                throw new InputException("--list takes no function name");
            }
            Evaluator.testFloatListing().forEach(out::println);
            return Main.OK;
        }
        if (function == null) {
            throw new InputException("a TestFloat function name is required (see 'nvlower testfloat --list')");
        }
        TestFloatFunction f = TestFloatFunction.byName(function).orElseThrow(() -> new InputException(
                "unknown TestFloat function " + Hex128.quote(function) + " (see 'nvlower testfloat --list')"));
        TestFloatSubject subject = new TestFloatSubject(f, rounding.mode(), exact);
        if (impl.equals("softfloat")) {
            LineFilter.run(out, subject::evaluateLine);
            return Main.OK;
        }
        if (!impl.equals("sass")) {
            throw new InputException("--impl must be softfloat or sass, not " + Hex128.quote(impl));
        }
        if (rounding.mode() != org.nvlower.softfloat.RoundingMode.NEAR_EVEN) {
            throw new InputException("--impl sass: the templates round to nearest even only (-rnear_even)");
        }
        TemplateSubject sass;
        try {
            sass = TemplateSubject.of(function, mufu, 1).orElseThrow(() -> new InputException("--impl sass: no template "
                    + "implements " + Hex128.quote(function) + " (these do: " + String.join(", ", TemplateSubject.functions())
                    + ")"));
        } catch (IllegalArgumentException e) {
            throw new InputException("--mufu: " + e.getMessage());
        }
        LineFilter.run(out, (line, source, lineNumber) -> {
            long[] operands = subject.parseOperands(line, source, lineNumber);
            subject.compute(operands); // softfloat's flags for the operands
            return subject.format(operands, sass.compute(operands), subject.lastFlags());
        });
        return Main.OK;
    }
}

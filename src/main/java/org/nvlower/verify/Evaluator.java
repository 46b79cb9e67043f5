package org.nvlower.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.nvlower.diag.InputException;
import org.nvlower.llvm.runtime.RuntimeFunction;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.Hex128;
import org.nvlower.softfloat.RoundingMode;
import org.nvlower.softfloat.Specialization;
import org.nvlower.verify.testfloat.HexOperands;
import org.nvlower.verify.testfloat.TestFloatFunction;
import org.nvlower.verify.testfloat.TestFloatSubject;
import org.nvlower.verify.testfloat.TestFloatType;

/**
 * Evaluates one call by name on hex operands, as the GPU computes it: any of the 55 {@code __nv_*}
 * runtime functions (their fixed rounding, NVPTX NaN policy; prints the result), or any softfloat
 * function by its TestFloat name (the given rounding mode, NVPTX NaN policy; prints
 * {@code result flags}). Operands are bit patterns in hex of exactly the type's width.
 */
public final class Evaluator {

    private final RoundingMode roundingMode;
    private final boolean exact;

    /**
     * {@code roundingMode} and {@code exact} apply to TestFloat names; a null rounding mode means
     * none was asked for (near_even). Asking for either with an {@code __nv_*} function, whose
     * rounding is fixed, is an error rather than silently ignored.
     */
    public Evaluator(RoundingMode roundingMode, boolean exact) {
        this.roundingMode = roundingMode;
        this.exact = exact;
    }

    /** One line per supported function: its name and signature, runtime functions first. */
    public static List<String> listing() {
        List<String> lines = new ArrayList<>();
        for (RuntimeFunction f : RuntimeFunction.values()) {
            lines.add(String.format(Locale.ROOT, "%-24s %s", f.symbol(), f.llvmDeclaration()));
        }
        lines.addAll(testFloatListing());
        return lines;
    }

    /** One line per TestFloat name: the name and its signature in TestFloat's type names. */
    public static List<String> testFloatListing() {
        return TestFloatFunction.all().stream()
                .map(f -> String.format(Locale.ROOT, "%-24s %s", f.name(), f.signature())).toList();
    }

    /** Evaluates {@code name(operands...)} given as command-line arguments; errors have no position. */
    public String evaluate(String name, List<String> operands) {
        for (int i = 0; i < operands.size(); i++) {
            String operand = operands.get(i);
            if (operand.isEmpty() || HexOperands.fieldEnd(operand, 0) < operand.length()) {
                throw new InputException(name + " operand " + (i + 1) + " " + Hex128.quote(operand)
                        + " is not one hex field");
            }
        }
        return evaluate(name, String.join(" ", operands), 0, null, 0);
    }

    /** Evaluates one line {@code NAME HEX...}; errors carry {@code source:lineNumber:column}. */
    public String evaluateLine(String line, String source, int lineNumber) {
        int start = HexOperands.skipSpace(line, 0);
        int end = HexOperands.fieldEnd(line, start);
        return evaluate(line.substring(start, end), line, end, source, lineNumber);
    }

    /** Evaluates {@code name} on the operands in {@code line} from index {@code from}. */
    private String evaluate(String name, String line, int from, String source, int lineNumber) {
        Optional<RuntimeFunction> runtime = RuntimeFunction.bySymbol(name);
        if (runtime.isPresent()) {
            RuntimeFunction f = runtime.get();
            if (roundingMode != null || exact) {
                throw HexOperands.error(source, lineNumber, line, Math.max(0, from - name.length()), name
                        + " rounds as the GPU does (fixed); -r and --exact apply to TestFloat names only");
            }
            List<HexOperands.Slot> slots = f.parameterTypes().stream()
                    .map(t -> new HexOperands.Slot(t.llvmName(), t.hexDigits(), t.words())).toList();
            long[] z = f.evaluate(new Env(Specialization.NVPTX),
                    HexOperands.parse(name, slots, line, from, false, source, lineNumber));
            return z.length == 2 ? hex(z[0], 16) + hex(z[1], 16) : hex(z[0], f.returnType().hexDigits());
        }
        Optional<TestFloatFunction> testFloat = TestFloatFunction.byName(name);
        if (testFloat.isPresent()) {
            TestFloatFunction f = testFloat.get();
            RoundingMode rm = roundingMode == null ? RoundingMode.NEAR_EVEN : roundingMode;
            TestFloatSubject subject = new TestFloatSubject(f, rm, exact, Specialization.NVPTX);
            List<HexOperands.Slot> slots = f.operandTypes().stream().map(TestFloatType::slot).toList();
            long[] z = subject.compute(HexOperands.parse(name, slots, line, from, false, source, lineNumber));
            return subject.formatResult(z, subject.lastFlags());
        }
        throw HexOperands.error(source, lineNumber, line, Math.max(0, from - name.length()),
                "unknown function " + Hex128.quote(name) + " (see 'nvlower eval --list')");
    }

    private static String hex(long v, int digits) {
        String s = Long.toHexString(v).toUpperCase(Locale.ROOT);
        return "0".repeat(Math.max(0, digits - s.length())) + s;
    }
}

package org.nvlower.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.nvlower.diag.InputException;
import org.nvlower.diag.SourcePosition;
import org.nvlower.llvm.runtime.RuntimeFunction;
import org.nvlower.llvm.runtime.ValueType;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.RoundingMode;
import org.nvlower.softfloat.Specialization;
import org.nvlower.verify.testfloat.TestFloatFunction;
import org.nvlower.verify.testfloat.TestFloatSubject;

/**
 * Evaluates one call by name on hex operands, as the GPU computes it: any of the 55 {@code __nv_*}
 * runtime functions (their fixed rounding, NVPTX NaN policy; prints the result), or any softfloat
 * function by its TestFloat name (the given rounding mode, NVPTX NaN policy; prints
 * {@code result flags}). Operands are bit patterns in hex of exactly the type's width.
 */
public final class Evaluator {

    private final RoundingMode roundingMode;
    private final boolean exact;

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
        for (TestFloatFunction f : TestFloatFunction.all()) {
            lines.add(String.format(Locale.ROOT, "%-24s %s", f.name(), f.signature()));
        }
        return lines;
    }

    /** Evaluates {@code name(operands...)}; throws InputException (no position) for bad input. */
    public String evaluate(String name, List<String> operands) {
        Optional<RuntimeFunction> runtime = RuntimeFunction.bySymbol(name);
        if (runtime.isPresent()) {
            return evaluateRuntime(runtime.get(), operands);
        }
        Optional<TestFloatFunction> testFloat = TestFloatFunction.byName(name);
        if (testFloat.isPresent()) {
            return evaluateTestFloat(testFloat.get(), operands);
        }
        throw new InputException("unknown function '" + name + "' (see 'nvlower eval --list')");
    }

    /**
     * Evaluates one line {@code NAME HEX...}; errors carry {@code source:lineNumber}.
     */
    public String evaluateLine(String line, String source, int lineNumber) {
        String[] fields = line.trim().split("\\s+");
        try {
            return evaluate(fields[0], List.of(fields).subList(1, fields.length));
        } catch (InputException e) {
            throw new InputException(SourcePosition.ofLine(source, lineNumber, line), e.getMessage());
        }
    }

    private static String evaluateRuntime(RuntimeFunction f, List<String> operands) {
        List<ValueType> types = f.parameterTypes();
        checkCount(f.symbol(), types.size(), operands.size());
        long[] words = new long[f.operandWords()];
        int w = 0;
        for (int i = 0; i < types.size(); i++) {
            ValueType t = types.get(i);
            long[] value = parseHex(f.symbol(), i, operands.get(i), t.hexDigits(), t.llvmName());
            if (t.words() == 2) {
                words[w++] = value[0];
            }
            words[w++] = value[1];
        }
        long[] z = f.evaluate(new Env(RoundingMode.NEAR_EVEN, Specialization.NVPTX), words);
        return z.length == 2 ? hex(z[0], 16) + hex(z[1], 16) : hex(z[0], f.returnType().hexDigits());
    }

    private String evaluateTestFloat(TestFloatFunction f, List<String> operands) {
        checkCount(f.name(), f.operandTypes().size(), operands.size());
        TestFloatSubject subject = new TestFloatSubject(f, roundingMode, exact, Specialization.NVPTX);
        long[] words;
        try {
            words = subject.parseOperands(String.join(" ", operands), "<args>", 1);
        } catch (InputException e) {
            throw new InputException(f.name() + ": " + e.getMessage());
        }
        long[] z = subject.compute(words);
        return subject.formatResult(z, subject.lastFlags());
    }

    private static void checkCount(String name, int expected, int actual) {
        if (expected != actual) {
            throw new InputException(name + " takes " + expected + " operand" + (expected == 1 ? "" : "s")
                    + ", got " + actual);
        }
    }

    /** Exactly {@code digits} hex digits -> {hi, lo}. */
    private static long[] parseHex(String name, int index, String text, int digits, String typeName) {
        if (text.length() != digits) {
            throw new InputException(name + ": operand " + (index + 1) + " '" + text + "' must be exactly " + digits
                    + " hex digit" + (digits == 1 ? "" : "s") + " (" + typeName + ")");
        }
        long hi = 0;
        long lo = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int d = c < 128 ? Character.digit(c, 16) : -1; // ASCII only: no fullwidth or other digits
            if (d < 0) {
                throw new InputException(name + ": operand " + (index + 1) + " '" + text + "' is not hex");
            }
            hi = (hi << 4) | (lo >>> 60);
            lo = (lo << 4) | d;
        }
        return new long[] {hi, lo};
    }

    private static String hex(long v, int digits) {
        String s = Long.toHexString(v).toUpperCase(Locale.ROOT);
        return "0".repeat(Math.max(0, digits - s.length())) + s;
    }
}

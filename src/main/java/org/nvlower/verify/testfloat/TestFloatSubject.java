package org.nvlower.verify.testfloat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.RoundingMode;
import org.nvlower.softfloat.Specialization;

/**
 * nvlower as a TestFloat "subject": for each input line, read the operands of {@code function}
 * (further fields, such as the results in a {@code testfloat_gen} file, are ignored), compute with
 * softfloat, and write {@code operands result flags} in TestFloat's format (fixed-width uppercase
 * hex, flags as 2 hex digits), ready for {@code testfloat_ver}.
 */
public final class TestFloatSubject {

    private final TestFloatFunction function;
    private final RoundingMode roundingMode;
    private final boolean exact;
    private final Env env;
    private final List<HexOperands.Slot> slots;

    /** A subject with SoftFloat's x86 NaN policy, as TestFloat's reference uses. */
    public TestFloatSubject(TestFloatFunction function, RoundingMode roundingMode, boolean exact) {
        this(function, roundingMode, exact, Specialization.X86);
    }

    public TestFloatSubject(TestFloatFunction function, RoundingMode roundingMode, boolean exact,
            Specialization specialization) {
        this.function = function;
        this.roundingMode = roundingMode;
        this.exact = exact;
        this.env = new Env(specialization);
        this.slots = function.operandTypes().stream().map(TestFloatType::slot).toList();
    }

    public TestFloatFunction function() {
        return function;
    }

    /**
     * The operand words of one line, or throws InputException naming {@code source},
     * {@code lineNumber} and the column: too few fields, or a field that is not hex of the type's
     * exact width. Fields after the operands are ignored.
     */
    public long[] parseOperands(String line, String source, int lineNumber) {
        return HexOperands.parse(function.name(), slots, line, 0, true, source, lineNumber);
    }

    /** Computes the result words; the flags raised are then in {@link #lastFlags()}. */
    public long[] compute(long[] operands) {
        env.flags = 0;
        return function.apply(operands, roundingMode, exact, env);
    }

    public int lastFlags() {
        return env.flags;
    }

    /** One output line: the operands, the result and the flags, as TestFloat writes them. */
    public String format(long[] operands, long[] result, int flags) {
        StringBuilder sb = new StringBuilder(96);
        int w = 0;
        for (TestFloatType type : function.operandTypes()) {
            type.appendHex(sb, operands, w);
            sb.append(' ');
            w += type.words();
        }
        appendResult(sb, result, flags);
        return sb.toString();
    }

    /** The result and the flags, as TestFloat writes them after the operands. */
    public String formatResult(long[] result, int flags) {
        StringBuilder sb = new StringBuilder(40);
        appendResult(sb, result, flags);
        return sb.toString();
    }

    private void appendResult(StringBuilder sb, long[] result, int flags) {
        function.resultType().appendHex(sb, result, 0);
        sb.append(' ').append(Character.toUpperCase(Character.forDigit(flags >> 4 & 0xF, 16)))
                .append(Character.toUpperCase(Character.forDigit(flags & 0xF, 16)));
    }

    /** The output line for one input line: its operands, the result and the flags. */
    public String evaluateLine(String line, String source, int lineNumber) {
        long[] operands = parseOperands(line, source, lineNumber);
        long[] result = compute(operands);
        return format(operands, result, lastFlags());
    }

    /** Runs the subject over every line of {@code in}; blank lines are skipped. Returns the lines written. */
    public long run(BufferedReader in, Writer out, String source) throws IOException {
        long count = 0;
        int lineNumber = 0;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            lineNumber++;
            if (!line.isBlank()) {
                out.write(evaluateLine(line, source, lineNumber));
                out.write('\n');
                count++;
            }
        }
        return count;
    }
}

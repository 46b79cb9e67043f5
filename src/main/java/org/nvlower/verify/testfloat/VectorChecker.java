package org.nvlower.verify.testfloat;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.nvlower.softfloat.ExceptionFlags;
import org.nvlower.softfloat.RoundingMode;
import org.nvlower.softfloat.Specialization;

/**
 * Checks softfloat against TestFloat vector lines ({@code operands result flags}) the way
 * {@code testfloat_ver} does by default: any NaN result matches any NaN; when a conversion to an
 * integer raises invalid, only the flags are compared, not the integer; otherwise the result and
 * the flags must match bit for bit.
 */
public final class VectorChecker {

    /** The outcome of one vector file. */
    public record Report(String name, long cases, long passed, List<String> firstFailures) {
        public boolean allPassed() {
            return cases == passed;
        }

        @Override
        public String toString() {
            return name + ": " + passed + "/" + cases + " passed";
        }
    }

    private static final int FAILURES_KEPT = 5;

    private final TestFloatSubject subject;

    /** A checker of softfloat with the x86 NaN policy, the one the vector files were made with. */
    public VectorChecker(TestFloatFunction function, RoundingMode roundingMode, boolean exact) {
        this(function, roundingMode, exact, Specialization.X86);
    }

    /**
     * A checker of softfloat with the given NaN policy. Under NVPTX the files still apply: NaN
     * results match any NaN, and an invalid conversion's integer is not compared.
     */
    public VectorChecker(TestFloatFunction function, RoundingMode roundingMode, boolean exact,
            Specialization specialization) {
        this.subject = new TestFloatSubject(function, roundingMode, exact, specialization);
    }

    /** Checks every line; failures are kept as "line N: expected ... got ...". */
    public Report check(String name, BufferedReader in) throws IOException {
        TestFloatFunction f = subject.function();
        TestFloatType resultType = f.resultType();
        long[] expected = new long[resultType.words()];
        long cases = 0;
        long passed = 0;
        List<String> failures = new ArrayList<>();
        int lineNumber = 0;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            lineNumber++;
            if (line.isBlank()) {
                continue;
            }
            long[] operands = subject.parseOperands(line, name, lineNumber);
            String[] fields = line.trim().split(" +");
            int n = f.operandTypes().size();
            if (fields.length != n + 2) {
                throw new IOException(name + ":" + lineNumber + ": expected " + (n + 2) + " fields: " + line);
            }
            String problem = resultType.parseHex(fields[n], expected, 0);
            if (problem != null) {
                throw new IOException(name + ":" + lineNumber + ": " + problem);
            }
            int expectedFlags = Integer.parseInt(fields[n + 1], 16);
            long[] actual = subject.compute(operands);
            int actualFlags = subject.lastFlags();
            cases++;
            if (matches(resultType, expected, expectedFlags, actual, actualFlags)) {
                passed++;
            } else if (failures.size() < FAILURES_KEPT) {
                failures.add("line " + lineNumber + ": expected " + line + "\n" + " ".repeat(8 + digits(lineNumber))
                        + "got      " + subject.format(operands, actual, actualFlags));
            }
        }
        return new Report(name, cases, passed, List.copyOf(failures));
    }

    private static int digits(int n) {
        return Integer.toString(n).length();
    }

    /** TestFloat's default comparison of one result. */
    public static boolean matches(TestFloatType type, long[] expected, int expectedFlags, long[] actual,
            int actualFlags) {
        if (expectedFlags != actualFlags) {
            return false;
        }
        if (type.isFloatingPoint() && type.isNaN(expected, 0) && type.isNaN(actual, 0)) {
            return true;
        }
        if (type.isInteger() && (expectedFlags & ExceptionFlags.INVALID) != 0) {
            return true;
        }
        for (int i = 0; i < expected.length; i++) {
            if (expected[i] != actual[i]) {
                return false;
            }
        }
        return true;
    }
}

package org.nvlower.verify.runtime;

import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.nvlower.llvm.exec.CompiledFunction;
import org.nvlower.llvm.exec.Interpreter;
import org.nvlower.llvm.ir.Module;

import org.nvlower.llvm.runtime.ValueType;
import org.nvlower.llvm.runtime.RuntimeFunction;
import org.nvlower.llvm.runtime.RuntimeLibrary;
/**
 * Runs the runtime bodies in the {@link Interpreter} and compares every result, bit for bit, with
 * {@link RuntimeFunction#evaluate} (softfloat): on given operands, on the edge values of the
 * operand types (every pair, for binary functions), and on random operands. Not thread-safe; use
 * one checker per thread.
 */
public final class RuntimeChecker {

    /** One operand list on which a body and softfloat disagree. */
    public record Mismatch(RuntimeFunction function, long[] operands, long[] expected, long[] actual) {
        @Override
        public String toString() {
            return function.symbol() + " " + hex(operands, function.parameterTypes()) + ": expected "
                    + hex(expected, List.of(function.returnType())) + ", body gives "
                    + hex(actual, List.of(function.returnType()));
        }
    }

    /** What a run found: how many cases, how many disagreed, and the first few. */
    public record Report(RuntimeFunction function, long cases, long mismatches, List<Mismatch> first) {
    }

    private final Map<RuntimeFunction, CompiledFunction> compiled = new EnumMap<>(RuntimeFunction.class);
    private final long[] args = new long[6];
    private final long[] result = new long[2];

    /** A checker over a module holding the bodies (e.g. {@link RuntimeLibrary#build}). */
    public RuntimeChecker(Module runtime) {
        Interpreter interpreter = new Interpreter(runtime);
        for (RuntimeFunction f : RuntimeFunction.values()) {
            if (runtime.function(f.symbol()).filter(fn -> !fn.isDeclaration()).isPresent()) {
                compiled.put(f, interpreter.function(f.symbol()));
            }
        }
    }

    /** A checker over every body (fp128 carried as i128: the bodies are the same either way). */
    public static RuntimeChecker forAllBodies() {
        return new RuntimeChecker(RuntimeLibrary.build(List.of(RuntimeFunction.values()), true, null, null));
    }

    /**
     * The body's result for {@code operands} (table order: hi then lo for 128-bit values), in the
     * order {@link RuntimeFunction#evaluate} returns it.
     */
    public long[] run(RuntimeFunction f, long... operands) {
        CompiledFunction c = compiled.get(f);
        if (c == null) {
            throw new IllegalArgumentException(f.symbol() + " has no body in this module");
        }
        int slot = 0;
        int w = 0;
        for (ValueType t : f.parameterTypes()) {
            if (t.words() == 2) {
                args[slot++] = operands[w + 1];
                args[slot++] = operands[w];
                w += 2;
            } else {
                args[slot++] = operands[w++];
            }
        }
        c.invoke(args, result);
        return f.returnType().words() == 2 ? new long[] {result[1], result[0]} : new long[] {result[0]};
    }

    /** The mismatch on {@code operands}, or null when the body agrees with softfloat (within the row's {@link RuntimeFunction#ulpTolerance}). */
    public Mismatch check(RuntimeFunction f, long... operands) {
        long[] expected = f.evaluate(operands);
        long[] actual = run(f, operands);
        if (f.accepts(expected, actual)) {
            return null;
        }
        return new Mismatch(f, operands.clone(), expected, actual);
    }

    /** Checks {@code f} on its edge cases and {@code random} random cases ({@link RuntimeCases#forEach}). */
    public Report check(RuntimeFunction f, long random, long seed) {
        Tally tally = new Tally(f);
        RuntimeCases.forEach(f, random, seed, ops -> tally.add(check(f, ops)));
        return tally.report();
    }

    /** Checks {@code f} on the given operand lists. */
    public Report check(RuntimeFunction f, List<long[]> cases) {
        Tally tally = new Tally(f);
        for (long[] ops : cases) {
            tally.add(check(f, ops));
        }
        return tally.report();
    }

    /** Counts cases and keeps the first mismatches. */
    public static final class Tally {
        private final RuntimeFunction function;
        private final List<Mismatch> first = new java.util.ArrayList<>();
        private long cases;
        private long mismatches;

        public Tally(RuntimeFunction function) {
            this.function = function;
        }

        public void add(Mismatch m) {
            cases++;
            if (m != null) {
                mismatches++;
                if (first.size() < 5) {
                    first.add(m);
                }
            }
        }

        public Report report() {
            return new Report(function, cases, mismatches, List.copyOf(first));
        }
    }

    static String hex(long[] words, List<ValueType> types) {
        StringBuilder sb = new StringBuilder();
        int w = 0;
        for (ValueType t : types) {
            sb.append(sb.isEmpty() ? "" : " ");
            if (t.words() == 2) {
                sb.append(String.format(Locale.ROOT, "%016X%016X", words[w], words[w + 1]));
                w += 2;
            } else {
                String s = Long.toHexString(words[w++]).toUpperCase(Locale.ROOT);
                sb.append("0".repeat(Math.max(0, t.hexDigits() - s.length()))).append(s);
            }
        }
        return sb.toString();
    }
}

package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Berkeley TestFloat 3e vectors (../shared/testdata/testfloat, made with SoftFloat's 8086-SSE
 * specialization) against this package, compared as TestFloat compares: result bits and flags,
 * any NaN matching any NaN, and only the flags of an invalid conversion to an integer.
 * Skipped when the vectors are absent.
 */
class SoftFloatVectorsTest {

    static final Path DIR = Path.of("../shared/testdata/testfloat");

    /** Set -Dsoftfloat.vectors.stride=N to check only every N-th line (default: all). */
    static final int STRIDE = Integer.getInteger("softfloat.vectors.stride", 1);

    @TestFactory
    Stream<DynamicTest> everyVectorFile() throws IOException {
        Assumptions.assumeTrue(Files.isDirectory(DIR), "TestFloat vectors not present at " + DIR);
        List<Path> files;
        try (Stream<Path> s = Files.list(DIR)) {
            files = s.filter(p -> p.toString().endsWith(".txt.gz")).sorted().toList();
        }
        assertTrue(files.size() > 0);
        return files.stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> check(p)));
    }

    private static void check(Path file) throws IOException {
        String name = file.getFileName().toString();
        String[] parts = name.split("\\.");
        String function = parts[0];
        RoundingMode rm = RoundingMode.fromTestFloatName(parts[1]);
        Vector v = new Vector(function);
        List<String> failures = new ArrayList<>();
        int lines = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(file), 1 << 16), StandardCharsets.US_ASCII))) {
            String line;
            int n = 0;
            while ((line = r.readLine()) != null) {
                if (n++ % STRIDE != 0 || line.isBlank()) {
                    continue;
                }
                lines++;
                String failure = v.check(line.trim().split(" "), rm);
                if (failure != null && failures.size() < 10) {
                    failures.add(failure);
                }
            }
        }
        assertTrue(lines > 0, "empty vector file " + name);
        assertEquals(List.of(), failures, name + ": " + failures.size() + "+ failing lines");
    }

    /** One TestFloat function: operand and result types, and how to compute it. */
    static final class Vector {
        final String function;
        final String[] in;
        final String out;
        final String op;

        Vector(String function) {
            this.function = function;
            String[] p = function.split("_", 2);
            if (p[1].startsWith("to_")) {
                in = new String[] {p[0]};
                out = p[1].substring(3);
                op = "to";
            } else {
                op = p[1];
                out = switch (op) {
                    case "eq", "le", "lt", "eq_signaling", "le_quiet", "lt_quiet" -> "bool";
                    default -> p[0];
                };
                int arity = switch (op) {
                    case "sqrt", "roundToInt" -> 1;
                    case "mulAdd" -> 3;
                    default -> 2;
                };
                in = new String[arity];
                java.util.Arrays.fill(in, p[0]);
            }
        }

        /** null when the line passes, else a description. */
        String check(String[] f, RoundingMode rm) {
            Env env = new Env(rm, Specialization.X86);
            long[][] ops = new long[in.length][];
            for (int i = 0; i < in.length; i++) {
                ops[i] = parse(f[i]);
            }
            long[] expected = parse(f[in.length]);
            int expectedFlags = Integer.parseInt(f[in.length + 1], 16);
            long[] actual = compute(ops, rm, env);
            boolean ok;
            if (isFloat(out) && isNaN(out, expected)) {
                ok = isNaN(out, actual);
            } else if (!isFloat(out) && !out.equals("bool") && (expectedFlags & ExceptionFlags.INVALID) != 0) {
                ok = true;
            } else {
                ok = java.util.Arrays.equals(expected, actual);
            }
            if (ok && env.flags == expectedFlags) {
                return null;
            }
            StringBuilder sb = new StringBuilder(String.join(" ", f)).append(" => ");
            for (long w : actual) {
                sb.append(String.format("%016X", w));
            }
            return sb.append(String.format(" %02X", env.flags)).toString();
        }

        private long[] compute(long[][] o, RoundingMode rm, Env env) {
            String t = in[0];
            if (t.equals("f128")) {
                long aHi = o[0][0];
                long aLo = o[0][1];
                switch (op) {
                    case "add" -> F128.add(aHi, aLo, o[1][0], o[1][1], env);
                    case "sub" -> F128.sub(aHi, aLo, o[1][0], o[1][1], env);
                    case "mul" -> F128.mul(aHi, aLo, o[1][0], o[1][1], env);
                    case "div" -> F128.div(aHi, aLo, o[1][0], o[1][1], env);
                    case "rem" -> F128.rem(aHi, aLo, o[1][0], o[1][1], env);
                    case "mulAdd" -> F128.mulAdd(aHi, aLo, o[1][0], o[1][1], o[2][0], o[2][1], env);
                    case "sqrt" -> F128.sqrt(aHi, aLo, env);
                    case "roundToInt" -> F128.roundToInt(aHi, aLo, rm, false, env);
                    case "eq" -> { return bool(F128.eq(aHi, aLo, o[1][0], o[1][1], env)); }
                    case "le" -> { return bool(F128.le(aHi, aLo, o[1][0], o[1][1], env)); }
                    case "lt" -> { return bool(F128.lt(aHi, aLo, o[1][0], o[1][1], env)); }
                    case "eq_signaling" -> { return bool(F128.eqSignaling(aHi, aLo, o[1][0], o[1][1], env)); }
                    case "le_quiet" -> { return bool(F128.leQuiet(aHi, aLo, o[1][0], o[1][1], env)); }
                    case "lt_quiet" -> { return bool(F128.ltQuiet(aHi, aLo, o[1][0], o[1][1], env)); }
                    case "to" -> { return fromF128(aHi, aLo, rm, env); }
                    default -> throw new IllegalArgumentException(function);
                }
                return new long[] {env.zHi, env.zLo};
            }
            if (t.startsWith("i") || t.startsWith("ui")) {
                long a = o[0][0];
                boolean signed = t.startsWith("i");
                if (t.endsWith("32")) {
                    a = signed ? (int) a : a & 0xFFFFFFFFL;
                }
                if (out.equals("f128")) {
                    if (signed) {
                        F128.fromI64(a, env);
                    } else {
                        F128.fromUI64(a, env);
                    }
                    return new long[] {env.zHi, env.zLo};
                }
                return new long[] {Narrow.fromInt64(format(out), a, signed, env)};
            }
            FloatFormat f = format(t);
            long a = o[0][0];
            return switch (op) {
                case "add" -> one(Narrow.add(f, a, o[1][0], false, env));
                case "sub" -> one(Narrow.add(f, a, o[1][0], true, env));
                case "mul" -> one(Narrow.mul(f, a, o[1][0], env));
                case "div" -> one(Narrow.div(f, a, o[1][0], env));
                case "rem" -> one(Narrow.remainder(f, a, o[1][0], true, env));
                case "mulAdd" -> one(Narrow.mulAdd(f, a, o[1][0], o[2][0], env));
                case "sqrt" -> one(Narrow.sqrt(f, a, env));
                case "roundToInt" -> one(Narrow.roundToInt(f, a, rm, false, env));
                case "eq" -> bool(Narrow.eq(f, a, o[1][0], false, env));
                case "le" -> bool(Narrow.le(f, a, o[1][0], true, env));
                case "lt" -> bool(Narrow.lt(f, a, o[1][0], true, env));
                case "eq_signaling" -> bool(Narrow.eq(f, a, o[1][0], true, env));
                case "le_quiet" -> bool(Narrow.le(f, a, o[1][0], false, env));
                case "lt_quiet" -> bool(Narrow.lt(f, a, o[1][0], false, env));
                case "to" -> switch (out) {
                    case "f128" -> {
                        Narrow.toF128(f, a, env);
                        yield new long[] {env.zHi, env.zLo};
                    }
                    case "i32" -> one(Narrow.toInt(f, a, IntFormat.I32, rm, false, env) & 0xFFFFFFFFL);
                    case "ui32" -> one(Narrow.toInt(f, a, IntFormat.UI32, rm, false, env) & 0xFFFFFFFFL);
                    case "i64" -> one(Narrow.toInt(f, a, IntFormat.I64, rm, false, env));
                    case "ui64" -> one(Narrow.toInt(f, a, IntFormat.UI64, rm, false, env));
                    default -> one(Narrow.convert(f, a, format(out), env));
                };
                default -> throw new IllegalArgumentException(function);
            };
        }

        private long[] fromF128(long hi, long lo, RoundingMode rm, Env env) {
            return switch (out) {
                case "f128" -> new long[] {hi, lo};
                case "i32" -> one(F128.toI32(hi, lo, rm, false, env) & 0xFFFFFFFFL);
                case "ui32" -> one(F128.toUI32(hi, lo, rm, false, env) & 0xFFFFFFFFL);
                case "i64" -> one(F128.toI64(hi, lo, rm, false, env));
                case "ui64" -> one(F128.toUI64(hi, lo, rm, false, env));
                default -> one(Narrow.fromF128(format(out), hi, lo, rm, env));
            };
        }

        private static long[] one(long v) {
            return new long[] {v};
        }

        private static long[] bool(boolean b) {
            return new long[] {b ? 1 : 0};
        }

        private static boolean isFloat(String type) {
            return type.startsWith("f") || type.startsWith("bf");
        }

        private static boolean isNaN(String type, long[] v) {
            return type.equals("f128") ? F128.isNaN(v[0], v[1]) : format(type).isNaN(v[0]);
        }

        static FloatFormat format(String type) {
            return switch (type) {
                case "f16" -> FloatFormat.BINARY16;
                case "bf16" -> FloatFormat.BFLOAT16;
                case "f32" -> FloatFormat.BINARY32;
                case "f64" -> FloatFormat.BINARY64;
                default -> throw new IllegalArgumentException(type);
            };
        }

        private static long[] parse(String hex) {
            if (hex.length() == 32) {
                return new long[] {Long.parseUnsignedLong(hex.substring(0, 16), 16),
                        Long.parseUnsignedLong(hex.substring(16), 16)};
            }
            return new long[] {Long.parseUnsignedLong(hex, 16)};
        }
    }
}

package org.nvlower.verify.testfloat;

import static org.nvlower.verify.testfloat.TestFloatFunction.Kind.EXACT;
import static org.nvlower.verify.testfloat.TestFloatFunction.Kind.ROUNDS;
import static org.nvlower.verify.testfloat.TestFloatFunction.Kind.TO_INTEGER;
import static org.nvlower.softfloat.RoundingMode.MIN_MAG;
import static org.nvlower.verify.testfloat.TestFloatFunction.Kind.TO_INTEGER_MIN_MAG;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.nvlower.softfloat.BF16;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.F128;
import org.nvlower.softfloat.F16;
import org.nvlower.softfloat.F32;
import org.nvlower.softfloat.F64;
import org.nvlower.softfloat.RoundingMode;

/**
 * A softfloat operation under its TestFloat name ({@code f128_add}, {@code f32_to_i64},
 * {@code ui64_to_f128}, {@code f128_lt_quiet}, ...), with its operand and result types. The
 * registry below is the one table of them; the TestFloat subject and {@code nvlower eval} read it.
 */
public final class TestFloatFunction {

    /** How the rounding options apply, as in TestFloat. */
    public enum Kind {
        /** Rounds in the current rounding mode ({@code -r...}); {@code -exact} is ignored. */
        ROUNDS,
        /** Rounds to an integer in the given mode; inexact is raised only with {@code -exact}. */
        TO_INTEGER,
        /** {@code ..._r_minMag}: rounds to an integer toward zero whatever {@code -r} says. */
        TO_INTEGER_MIN_MAG,
        /** Never rounds (comparisons). */
        EXACT
    }

    /** The computation, on operand words (two per f128); returns the result word(s). */
    @FunctionalInterface
    interface Impl {
        long[] apply(long[] a, RoundingMode rm, boolean exact, Env e);
    }

    private final String name;
    private final Kind kind;
    private final TestFloatType resultType;
    private final List<TestFloatType> operandTypes;
    private final Impl impl;
    private final int operandWords;

    private TestFloatFunction(String name, Kind kind, TestFloatType resultType, List<TestFloatType> operandTypes,
            Impl impl) {
        this.name = name;
        this.kind = kind;
        this.resultType = resultType;
        this.operandTypes = operandTypes;
        this.impl = impl;
        this.operandWords = operandTypes.stream().mapToInt(TestFloatType::words).sum();
    }

    public String name() {
        return name;
    }

    public Kind kind() {
        return kind;
    }

    public TestFloatType resultType() {
        return resultType;
    }

    public List<TestFloatType> operandTypes() {
        return operandTypes;
    }

    /** Longs of operands {@link #apply} takes. */
    public int operandWords() {
        return operandWords;
    }

    /**
     * Computes the result words for the operand words with the rounding mode {@code rm}, the
     * {@code exact} option for roundings to an integer,
     * and the NaN policy of {@code env.specialization}; ORs the IEEE flags into {@code env.flags}.
     * A one-word result is masked to the width of the result type.
     */
    public long[] apply(long[] operands, RoundingMode rm, boolean exact, Env env) {
        long[] z = impl.apply(operands, rm, exact, env);
        if (z.length == 1) {
            z[0] &= resultType.mask();
        }
        return z;
    }

    /** Operand and result types in TestFloat's names, e.g. "f128 f128 -> f128". */
    public String signature() {
        StringBuilder sb = new StringBuilder();
        for (TestFloatType t : operandTypes) {
            sb.append(t.testFloatName()).append(' ');
        }
        return sb.append("-> ").append(resultType.testFloatName()).toString();
    }

    @Override
    public String toString() {
        return name;
    }

    // ---------------------------------------------------------------- the table

    private static final Map<String, TestFloatFunction> BY_NAME = new LinkedHashMap<>();

    public static Optional<TestFloatFunction> byName(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    /** Every function, grouped by source format. */
    public static Collection<TestFloatFunction> all() {
        return Collections.unmodifiableCollection(BY_NAME.values());
    }

    /** A computation whose f128 result softfloat leaves in {@code env.zHi}, {@code env.zLo}. */
    @FunctionalInterface
    private interface F128Impl {
        void apply(long[] a, RoundingMode rm, boolean exact, Env e);
    }

    private static void f128Row(String name, F128Impl impl) {
        row(name, (a, rm, x, e) -> {
            impl.apply(a, rm, x, e);
            return z(e);
        });
    }

    /**
     * Registers a function under its TestFloat name, which fixes its types and how it rounds:
     * {@code SRC_OP} takes SRC operands (three for mulAdd, one for sqrt and roundToInt, else two)
     * and gives SRC, or bool for the comparisons; {@code SRC_to_DST[_r_minMag]} converts one SRC
     * to DST. A conversion to an integer rounds as {@link Kind#TO_INTEGER} (or
     * {@link Kind#TO_INTEGER_MIN_MAG}), as roundToInt does; comparisons are {@link Kind#EXACT}.
     */
    private static void row(String name, Impl impl) {
        int underscore = name.indexOf('_');
        TestFloatType source = type(name.substring(0, underscore));
        String op = name.substring(underscore + 1);
        TestFloatType result;
        int arity;
        Kind kind;
        if (op.startsWith("to_")) {
            boolean minMag = op.endsWith("_r_minMag");
            result = type(op.substring(3, op.length() - (minMag ? "_r_minMag".length() : 0)));
            arity = 1;
            kind = minMag ? TO_INTEGER_MIN_MAG : result.isInteger() ? TO_INTEGER : ROUNDS;
        } else {
            boolean comparison = op.matches("(eq|le|lt)(_signaling|_quiet)?");
            result = comparison ? TestFloatType.BOOL : source;
            arity = switch (op) {
                case "mulAdd" -> 3;
                case "sqrt", "roundToInt" -> 1;
                default -> 2;
            };
            kind = comparison ? EXACT : op.equals("roundToInt") ? TO_INTEGER : ROUNDS;
        }
        List<TestFloatType> operands = Collections.nCopies(arity, source);
        if (BY_NAME.put(name, new TestFloatFunction(name, kind, result, operands, impl)) != null) {
            throw new AssertionError("duplicate TestFloat function " + name);
        }
    }

    private static TestFloatType type(String testFloatName) {
        return TestFloatType.valueOf(testFloatName.toUpperCase(Locale.ROOT));
    }

    private static long[] w(long bits) {
        return new long[] {bits};
    }

    private static long[] bool(boolean b) {
        return new long[] {b ? 1 : 0};
    }

    private static long[] z(Env e) {
        return new long[] {e.zHi, e.zLo};
    }

    static {
        // f16
        row("f16_add",                    (a, rm, x, e) -> w(F16.add((short) a[0], (short) a[1], rm, e)));
        row("f16_sub",                    (a, rm, x, e) -> w(F16.sub((short) a[0], (short) a[1], rm, e)));
        row("f16_mul",                    (a, rm, x, e) -> w(F16.mul((short) a[0], (short) a[1], rm, e)));
        row("f16_div",                    (a, rm, x, e) -> w(F16.div((short) a[0], (short) a[1], rm, e)));
        row("f16_rem",                    (a, rm, x, e) -> w(F16.rem((short) a[0], (short) a[1], e)));
        row("f16_mulAdd",                 (a, rm, x, e) -> w(F16.mulAdd((short) a[0], (short) a[1], (short) a[2], rm, e)));
        row("f16_sqrt",                   (a, rm, x, e) -> w(F16.sqrt((short) a[0], rm, e)));
        row("f16_roundToInt",             (a, rm, x, e) -> w(F16.roundToInt((short) a[0], rm, x, e)));
        row("f16_eq",                     (a, rm, x, e) -> bool(F16.eq((short) a[0], (short) a[1], e)));
        row("f16_le",                     (a, rm, x, e) -> bool(F16.le((short) a[0], (short) a[1], e)));
        row("f16_lt",                     (a, rm, x, e) -> bool(F16.lt((short) a[0], (short) a[1], e)));
        row("f16_eq_signaling",           (a, rm, x, e) -> bool(F16.eqSignaling((short) a[0], (short) a[1], e)));
        row("f16_le_quiet",               (a, rm, x, e) -> bool(F16.leQuiet((short) a[0], (short) a[1], e)));
        row("f16_lt_quiet",               (a, rm, x, e) -> bool(F16.ltQuiet((short) a[0], (short) a[1], e)));
        row("f16_to_bf16",                (a, rm, x, e) -> w(F16.toBF16((short) a[0], rm, e)));
        row("f16_to_f32",                 (a, rm, x, e) -> w(F16.toF32((short) a[0], e)));
        row("f16_to_f64",                 (a, rm, x, e) -> w(F16.toF64((short) a[0], e)));
        f128Row("f16_to_f128",            (a, rm, x, e) -> F128.fromF16((short) a[0], e));
        row("f16_to_i32",                 (a, rm, x, e) -> w(F16.toI32((short) a[0], rm, x, e)));
        row("f16_to_i32_r_minMag",        (a, rm, x, e) -> w(F16.toI32((short) a[0], MIN_MAG, x, e)));
        row("f16_to_ui32",                (a, rm, x, e) -> w(F16.toUI32((short) a[0], rm, x, e)));
        row("f16_to_ui32_r_minMag",       (a, rm, x, e) -> w(F16.toUI32((short) a[0], MIN_MAG, x, e)));
        row("f16_to_i64",                 (a, rm, x, e) -> w(F16.toI64((short) a[0], rm, x, e)));
        row("f16_to_i64_r_minMag",        (a, rm, x, e) -> w(F16.toI64((short) a[0], MIN_MAG, x, e)));
        row("f16_to_ui64",                (a, rm, x, e) -> w(F16.toUI64((short) a[0], rm, x, e)));
        row("f16_to_ui64_r_minMag",       (a, rm, x, e) -> w(F16.toUI64((short) a[0], MIN_MAG, x, e)));
        row("i32_to_f16",                 (a, rm, x, e) -> w(F16.fromI32((int) a[0], rm, e)));
        row("ui32_to_f16",                (a, rm, x, e) -> w(F16.fromUI32((int) a[0], rm, e)));
        row("i64_to_f16",                 (a, rm, x, e) -> w(F16.fromI64(a[0], rm, e)));
        row("ui64_to_f16",                (a, rm, x, e) -> w(F16.fromUI64(a[0], rm, e)));

        // bf16
        row("bf16_add",                   (a, rm, x, e) -> w(BF16.add((short) a[0], (short) a[1], rm, e)));
        row("bf16_sub",                   (a, rm, x, e) -> w(BF16.sub((short) a[0], (short) a[1], rm, e)));
        row("bf16_mul",                   (a, rm, x, e) -> w(BF16.mul((short) a[0], (short) a[1], rm, e)));
        row("bf16_div",                   (a, rm, x, e) -> w(BF16.div((short) a[0], (short) a[1], rm, e)));
        row("bf16_rem",                   (a, rm, x, e) -> w(BF16.rem((short) a[0], (short) a[1], e)));
        row("bf16_mulAdd",                (a, rm, x, e) -> w(BF16.mulAdd((short) a[0], (short) a[1], (short) a[2], rm, e)));
        row("bf16_sqrt",                  (a, rm, x, e) -> w(BF16.sqrt((short) a[0], rm, e)));
        row("bf16_roundToInt",            (a, rm, x, e) -> w(BF16.roundToInt((short) a[0], rm, x, e)));
        row("bf16_eq",                    (a, rm, x, e) -> bool(BF16.eq((short) a[0], (short) a[1], e)));
        row("bf16_le",                    (a, rm, x, e) -> bool(BF16.le((short) a[0], (short) a[1], e)));
        row("bf16_lt",                    (a, rm, x, e) -> bool(BF16.lt((short) a[0], (short) a[1], e)));
        row("bf16_eq_signaling",          (a, rm, x, e) -> bool(BF16.eqSignaling((short) a[0], (short) a[1], e)));
        row("bf16_le_quiet",              (a, rm, x, e) -> bool(BF16.leQuiet((short) a[0], (short) a[1], e)));
        row("bf16_lt_quiet",              (a, rm, x, e) -> bool(BF16.ltQuiet((short) a[0], (short) a[1], e)));
        row("bf16_to_f16",                (a, rm, x, e) -> w(BF16.toF16((short) a[0], rm, e)));
        row("bf16_to_f32",                (a, rm, x, e) -> w(BF16.toF32((short) a[0], e)));
        row("bf16_to_f64",                (a, rm, x, e) -> w(BF16.toF64((short) a[0], e)));
        f128Row("bf16_to_f128",           (a, rm, x, e) -> F128.fromBF16((short) a[0], e));
        row("bf16_to_i32",                (a, rm, x, e) -> w(BF16.toI32((short) a[0], rm, x, e)));
        row("bf16_to_i32_r_minMag",       (a, rm, x, e) -> w(BF16.toI32((short) a[0], MIN_MAG, x, e)));
        row("bf16_to_ui32",               (a, rm, x, e) -> w(BF16.toUI32((short) a[0], rm, x, e)));
        row("bf16_to_ui32_r_minMag",      (a, rm, x, e) -> w(BF16.toUI32((short) a[0], MIN_MAG, x, e)));
        row("bf16_to_i64",                (a, rm, x, e) -> w(BF16.toI64((short) a[0], rm, x, e)));
        row("bf16_to_i64_r_minMag",       (a, rm, x, e) -> w(BF16.toI64((short) a[0], MIN_MAG, x, e)));
        row("bf16_to_ui64",               (a, rm, x, e) -> w(BF16.toUI64((short) a[0], rm, x, e)));
        row("bf16_to_ui64_r_minMag",      (a, rm, x, e) -> w(BF16.toUI64((short) a[0], MIN_MAG, x, e)));
        row("i32_to_bf16",                (a, rm, x, e) -> w(BF16.fromI32((int) a[0], rm, e)));
        row("ui32_to_bf16",               (a, rm, x, e) -> w(BF16.fromUI32((int) a[0], rm, e)));
        row("i64_to_bf16",                (a, rm, x, e) -> w(BF16.fromI64(a[0], rm, e)));
        row("ui64_to_bf16",               (a, rm, x, e) -> w(BF16.fromUI64(a[0], rm, e)));

        // f32
        row("f32_add",                    (a, rm, x, e) -> w(F32.add((int) a[0], (int) a[1], rm, e)));
        row("f32_sub",                    (a, rm, x, e) -> w(F32.sub((int) a[0], (int) a[1], rm, e)));
        row("f32_mul",                    (a, rm, x, e) -> w(F32.mul((int) a[0], (int) a[1], rm, e)));
        row("f32_div",                    (a, rm, x, e) -> w(F32.div((int) a[0], (int) a[1], rm, e)));
        row("f32_rem",                    (a, rm, x, e) -> w(F32.rem((int) a[0], (int) a[1], e)));
        row("f32_mulAdd",                 (a, rm, x, e) -> w(F32.mulAdd((int) a[0], (int) a[1], (int) a[2], rm, e)));
        row("f32_sqrt",                   (a, rm, x, e) -> w(F32.sqrt((int) a[0], rm, e)));
        row("f32_roundToInt",             (a, rm, x, e) -> w(F32.roundToInt((int) a[0], rm, x, e)));
        row("f32_eq",                     (a, rm, x, e) -> bool(F32.eq((int) a[0], (int) a[1], e)));
        row("f32_le",                     (a, rm, x, e) -> bool(F32.le((int) a[0], (int) a[1], e)));
        row("f32_lt",                     (a, rm, x, e) -> bool(F32.lt((int) a[0], (int) a[1], e)));
        row("f32_eq_signaling",           (a, rm, x, e) -> bool(F32.eqSignaling((int) a[0], (int) a[1], e)));
        row("f32_le_quiet",               (a, rm, x, e) -> bool(F32.leQuiet((int) a[0], (int) a[1], e)));
        row("f32_lt_quiet",               (a, rm, x, e) -> bool(F32.ltQuiet((int) a[0], (int) a[1], e)));
        row("f32_to_f16",                 (a, rm, x, e) -> w(F32.toF16((int) a[0], rm, e)));
        row("f32_to_bf16",                (a, rm, x, e) -> w(F32.toBF16((int) a[0], rm, e)));
        row("f32_to_f64",                 (a, rm, x, e) -> w(F32.toF64((int) a[0], e)));
        f128Row("f32_to_f128",            (a, rm, x, e) -> F128.fromF32((int) a[0], e));
        row("f32_to_i32",                 (a, rm, x, e) -> w(F32.toI32((int) a[0], rm, x, e)));
        row("f32_to_i32_r_minMag",        (a, rm, x, e) -> w(F32.toI32((int) a[0], MIN_MAG, x, e)));
        row("f32_to_ui32",                (a, rm, x, e) -> w(F32.toUI32((int) a[0], rm, x, e)));
        row("f32_to_ui32_r_minMag",       (a, rm, x, e) -> w(F32.toUI32((int) a[0], MIN_MAG, x, e)));
        row("f32_to_i64",                 (a, rm, x, e) -> w(F32.toI64((int) a[0], rm, x, e)));
        row("f32_to_i64_r_minMag",        (a, rm, x, e) -> w(F32.toI64((int) a[0], MIN_MAG, x, e)));
        row("f32_to_ui64",                (a, rm, x, e) -> w(F32.toUI64((int) a[0], rm, x, e)));
        row("f32_to_ui64_r_minMag",       (a, rm, x, e) -> w(F32.toUI64((int) a[0], MIN_MAG, x, e)));
        row("i32_to_f32",                 (a, rm, x, e) -> w(F32.fromI32((int) a[0], rm, e)));
        row("ui32_to_f32",                (a, rm, x, e) -> w(F32.fromUI32((int) a[0], rm, e)));
        row("i64_to_f32",                 (a, rm, x, e) -> w(F32.fromI64(a[0], rm, e)));
        row("ui64_to_f32",                (a, rm, x, e) -> w(F32.fromUI64(a[0], rm, e)));

        // f64
        row("f64_add",                    (a, rm, x, e) -> w(F64.add(a[0], a[1], rm, e)));
        row("f64_sub",                    (a, rm, x, e) -> w(F64.sub(a[0], a[1], rm, e)));
        row("f64_mul",                    (a, rm, x, e) -> w(F64.mul(a[0], a[1], rm, e)));
        row("f64_div",                    (a, rm, x, e) -> w(F64.div(a[0], a[1], rm, e)));
        row("f64_rem",                    (a, rm, x, e) -> w(F64.rem(a[0], a[1], e)));
        row("f64_mulAdd",                 (a, rm, x, e) -> w(F64.mulAdd(a[0], a[1], a[2], rm, e)));
        row("f64_sqrt",                   (a, rm, x, e) -> w(F64.sqrt(a[0], rm, e)));
        row("f64_roundToInt",             (a, rm, x, e) -> w(F64.roundToInt(a[0], rm, x, e)));
        row("f64_eq",                     (a, rm, x, e) -> bool(F64.eq(a[0], a[1], e)));
        row("f64_le",                     (a, rm, x, e) -> bool(F64.le(a[0], a[1], e)));
        row("f64_lt",                     (a, rm, x, e) -> bool(F64.lt(a[0], a[1], e)));
        row("f64_eq_signaling",           (a, rm, x, e) -> bool(F64.eqSignaling(a[0], a[1], e)));
        row("f64_le_quiet",               (a, rm, x, e) -> bool(F64.leQuiet(a[0], a[1], e)));
        row("f64_lt_quiet",               (a, rm, x, e) -> bool(F64.ltQuiet(a[0], a[1], e)));
        row("f64_to_f16",                 (a, rm, x, e) -> w(F64.toF16(a[0], rm, e)));
        row("f64_to_bf16",                (a, rm, x, e) -> w(F64.toBF16(a[0], rm, e)));
        row("f64_to_f32",                 (a, rm, x, e) -> w(F64.toF32(a[0], rm, e)));
        f128Row("f64_to_f128",            (a, rm, x, e) -> F128.fromF64(a[0], e));
        row("f64_to_i32",                 (a, rm, x, e) -> w(F64.toI32(a[0], rm, x, e)));
        row("f64_to_i32_r_minMag",        (a, rm, x, e) -> w(F64.toI32(a[0], MIN_MAG, x, e)));
        row("f64_to_ui32",                (a, rm, x, e) -> w(F64.toUI32(a[0], rm, x, e)));
        row("f64_to_ui32_r_minMag",       (a, rm, x, e) -> w(F64.toUI32(a[0], MIN_MAG, x, e)));
        row("f64_to_i64",                 (a, rm, x, e) -> w(F64.toI64(a[0], rm, x, e)));
        row("f64_to_i64_r_minMag",        (a, rm, x, e) -> w(F64.toI64(a[0], MIN_MAG, x, e)));
        row("f64_to_ui64",                (a, rm, x, e) -> w(F64.toUI64(a[0], rm, x, e)));
        row("f64_to_ui64_r_minMag",       (a, rm, x, e) -> w(F64.toUI64(a[0], MIN_MAG, x, e)));
        row("i32_to_f64",                 (a, rm, x, e) -> w(F64.fromI32((int) a[0], e)));
        row("ui32_to_f64",                (a, rm, x, e) -> w(F64.fromUI32((int) a[0], e)));
        row("i64_to_f64",                 (a, rm, x, e) -> w(F64.fromI64(a[0], rm, e)));
        row("ui64_to_f64",                (a, rm, x, e) -> w(F64.fromUI64(a[0], rm, e)));

        // f128
        f128Row("f128_add",               (a, rm, x, e) -> F128.add(a[0], a[1], a[2], a[3], rm, e));
        f128Row("f128_sub",               (a, rm, x, e) -> F128.sub(a[0], a[1], a[2], a[3], rm, e));
        f128Row("f128_mul",               (a, rm, x, e) -> F128.mul(a[0], a[1], a[2], a[3], rm, e));
        f128Row("f128_div",               (a, rm, x, e) -> F128.div(a[0], a[1], a[2], a[3], rm, e));
        f128Row("f128_rem",               (a, rm, x, e) -> F128.rem(a[0], a[1], a[2], a[3], e));
        f128Row("f128_mulAdd",            (a, rm, x, e) -> F128.mulAdd(a[0], a[1], a[2], a[3], a[4], a[5], rm, e));
        f128Row("f128_sqrt",              (a, rm, x, e) -> F128.sqrt(a[0], a[1], rm, e));
        f128Row("f128_roundToInt",        (a, rm, x, e) -> F128.roundToInt(a[0], a[1], rm, x, e));
        row("f128_eq",                    (a, rm, x, e) -> bool(F128.eq(a[0], a[1], a[2], a[3], e)));
        row("f128_le",                    (a, rm, x, e) -> bool(F128.le(a[0], a[1], a[2], a[3], e)));
        row("f128_lt",                    (a, rm, x, e) -> bool(F128.lt(a[0], a[1], a[2], a[3], e)));
        row("f128_eq_signaling",          (a, rm, x, e) -> bool(F128.eqSignaling(a[0], a[1], a[2], a[3], e)));
        row("f128_le_quiet",              (a, rm, x, e) -> bool(F128.leQuiet(a[0], a[1], a[2], a[3], e)));
        row("f128_lt_quiet",              (a, rm, x, e) -> bool(F128.ltQuiet(a[0], a[1], a[2], a[3], e)));
        row("f128_to_f16",                (a, rm, x, e) -> w(F128.toF16(a[0], a[1], rm, e)));
        row("f128_to_bf16",               (a, rm, x, e) -> w(F128.toBF16(a[0], a[1], rm, e)));
        row("f128_to_f32",                (a, rm, x, e) -> w(F128.toF32(a[0], a[1], rm, e)));
        row("f128_to_f64",                (a, rm, x, e) -> w(F128.toF64(a[0], a[1], rm, e)));
        row("f128_to_i32",                (a, rm, x, e) -> w(F128.toI32(a[0], a[1], rm, x, e)));
        row("f128_to_i32_r_minMag",       (a, rm, x, e) -> w(F128.toI32(a[0], a[1], MIN_MAG, x, e)));
        row("f128_to_ui32",               (a, rm, x, e) -> w(F128.toUI32(a[0], a[1], rm, x, e)));
        row("f128_to_ui32_r_minMag",      (a, rm, x, e) -> w(F128.toUI32(a[0], a[1], MIN_MAG, x, e)));
        row("f128_to_i64",                (a, rm, x, e) -> w(F128.toI64(a[0], a[1], rm, x, e)));
        row("f128_to_i64_r_minMag",       (a, rm, x, e) -> w(F128.toI64(a[0], a[1], MIN_MAG, x, e)));
        row("f128_to_ui64",               (a, rm, x, e) -> w(F128.toUI64(a[0], a[1], rm, x, e)));
        row("f128_to_ui64_r_minMag",      (a, rm, x, e) -> w(F128.toUI64(a[0], a[1], MIN_MAG, x, e)));
        f128Row("i32_to_f128",            (a, rm, x, e) -> F128.fromI32((int) a[0], e));
        f128Row("ui32_to_f128",           (a, rm, x, e) -> F128.fromUI32((int) a[0], e));
        f128Row("i64_to_f128",            (a, rm, x, e) -> F128.fromI64(a[0], e));
        f128Row("ui64_to_f128",           (a, rm, x, e) -> F128.fromUI64(a[0], e));
    }
}

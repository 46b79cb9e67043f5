package org.nvlower.verify.testfloat;

import static org.nvlower.verify.testfloat.TestFloatFunction.Kind.EXACT;
import static org.nvlower.verify.testfloat.TestFloatFunction.Kind.ROUNDS;
import static org.nvlower.verify.testfloat.TestFloatFunction.Kind.TO_INTEGER;
import static org.nvlower.verify.testfloat.TestFloatFunction.Kind.TO_INTEGER_MIN_MAG;


import java.util.Arrays;
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
     * Computes the result words for the operand words with the rounding mode {@code rm} (also
     * stored in {@code env.roundingMode}), the {@code exact} option for roundings to an integer,
     * and the NaN policy of {@code env.specialization}; ORs the IEEE flags into {@code env.flags}.
     * A one-word result is masked to the width of the result type.
     */
    public long[] apply(long[] operands, RoundingMode rm, boolean exact, Env env) {
        env.roundingMode = rm;
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

    /** Registers a function; {@code signature} is "operand types -> result type" in TestFloat's names. */
    private static void add(String name, Kind kind, String signature, Impl impl) {
        String[] sides = signature.split(" -> ");
        List<TestFloatType> operands = Arrays.stream(sides[0].split(" "))
                .map(t -> TestFloatType.valueOf(t.toUpperCase(Locale.ROOT))).toList();
        TestFloatType result = TestFloatType.valueOf(sides[1].toUpperCase(Locale.ROOT));
        if (BY_NAME.put(name, new TestFloatFunction(name, kind, result, operands, impl)) != null) {
            throw new AssertionError("duplicate TestFloat function " + name);
        }
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
        add("f16_add", ROUNDS, "f16 f16 -> f16", (a, rm, x, e) -> w(F16.add((short) a[0], (short) a[1], e)));
        add("f16_sub", ROUNDS, "f16 f16 -> f16", (a, rm, x, e) -> w(F16.sub((short) a[0], (short) a[1], e)));
        add("f16_mul", ROUNDS, "f16 f16 -> f16", (a, rm, x, e) -> w(F16.mul((short) a[0], (short) a[1], e)));
        add("f16_div", ROUNDS, "f16 f16 -> f16", (a, rm, x, e) -> w(F16.div((short) a[0], (short) a[1], e)));
        add("f16_rem", ROUNDS, "f16 f16 -> f16", (a, rm, x, e) -> w(F16.rem((short) a[0], (short) a[1], e)));
        add("f16_mulAdd", ROUNDS, "f16 f16 f16 -> f16", (a, rm, x, e) -> w(F16.mulAdd((short) a[0], (short) a[1], (short) a[2], e)));
        add("f16_sqrt", ROUNDS, "f16 -> f16", (a, rm, x, e) -> w(F16.sqrt((short) a[0], e)));
        add("f16_roundToInt", TO_INTEGER, "f16 -> f16", (a, rm, x, e) -> w(F16.roundToInt((short) a[0], rm, x, e)));
        add("f16_eq", EXACT, "f16 f16 -> bool", (a, rm, x, e) -> bool(F16.eq((short) a[0], (short) a[1], e)));
        add("f16_le", EXACT, "f16 f16 -> bool", (a, rm, x, e) -> bool(F16.le((short) a[0], (short) a[1], e)));
        add("f16_lt", EXACT, "f16 f16 -> bool", (a, rm, x, e) -> bool(F16.lt((short) a[0], (short) a[1], e)));
        add("f16_eq_signaling", EXACT, "f16 f16 -> bool", (a, rm, x, e) -> bool(F16.eqSignaling((short) a[0], (short) a[1], e)));
        add("f16_le_quiet", EXACT, "f16 f16 -> bool", (a, rm, x, e) -> bool(F16.leQuiet((short) a[0], (short) a[1], e)));
        add("f16_lt_quiet", EXACT, "f16 f16 -> bool", (a, rm, x, e) -> bool(F16.ltQuiet((short) a[0], (short) a[1], e)));
        add("f16_to_bf16", ROUNDS, "f16 -> bf16", (a, rm, x, e) -> w(F16.toBF16((short) a[0], e)));
        add("f16_to_f32", ROUNDS, "f16 -> f32", (a, rm, x, e) -> w(F16.toF32((short) a[0], e)));
        add("f16_to_f64", ROUNDS, "f16 -> f64", (a, rm, x, e) -> w(F16.toF64((short) a[0], e)));
        add("f16_to_f128", ROUNDS, "f16 -> f128", (a, rm, x, e) -> { F128.fromF16((short) a[0], e); return z(e); });
        add("f16_to_i32", TO_INTEGER, "f16 -> i32", (a, rm, x, e) -> w(F16.toI32((short) a[0], rm, x, e)));
        add("f16_to_i32_r_minMag", TO_INTEGER_MIN_MAG, "f16 -> i32", (a, rm, x, e) -> w(F16.toI32((short) a[0], RoundingMode.MIN_MAG, x, e)));
        add("f16_to_ui32", TO_INTEGER, "f16 -> ui32", (a, rm, x, e) -> w(F16.toUI32((short) a[0], rm, x, e)));
        add("f16_to_ui32_r_minMag", TO_INTEGER_MIN_MAG, "f16 -> ui32", (a, rm, x, e) -> w(F16.toUI32((short) a[0], RoundingMode.MIN_MAG, x, e)));
        add("f16_to_i64", TO_INTEGER, "f16 -> i64", (a, rm, x, e) -> w(F16.toI64((short) a[0], rm, x, e)));
        add("f16_to_i64_r_minMag", TO_INTEGER_MIN_MAG, "f16 -> i64", (a, rm, x, e) -> w(F16.toI64((short) a[0], RoundingMode.MIN_MAG, x, e)));
        add("f16_to_ui64", TO_INTEGER, "f16 -> ui64", (a, rm, x, e) -> w(F16.toUI64((short) a[0], rm, x, e)));
        add("f16_to_ui64_r_minMag", TO_INTEGER_MIN_MAG, "f16 -> ui64", (a, rm, x, e) -> w(F16.toUI64((short) a[0], RoundingMode.MIN_MAG, x, e)));
        add("i32_to_f16", ROUNDS, "i32 -> f16", (a, rm, x, e) -> w(F16.fromI32((int) a[0], e)));
        add("ui32_to_f16", ROUNDS, "ui32 -> f16", (a, rm, x, e) -> w(F16.fromUI32((int) a[0], e)));
        add("i64_to_f16", ROUNDS, "i64 -> f16", (a, rm, x, e) -> w(F16.fromI64(a[0], e)));
        add("ui64_to_f16", ROUNDS, "ui64 -> f16", (a, rm, x, e) -> w(F16.fromUI64(a[0], e)));
        // bf16
        add("bf16_add", ROUNDS, "bf16 bf16 -> bf16", (a, rm, x, e) -> w(BF16.add((short) a[0], (short) a[1], e)));
        add("bf16_sub", ROUNDS, "bf16 bf16 -> bf16", (a, rm, x, e) -> w(BF16.sub((short) a[0], (short) a[1], e)));
        add("bf16_mul", ROUNDS, "bf16 bf16 -> bf16", (a, rm, x, e) -> w(BF16.mul((short) a[0], (short) a[1], e)));
        add("bf16_div", ROUNDS, "bf16 bf16 -> bf16", (a, rm, x, e) -> w(BF16.div((short) a[0], (short) a[1], e)));
        add("bf16_rem", ROUNDS, "bf16 bf16 -> bf16", (a, rm, x, e) -> w(BF16.rem((short) a[0], (short) a[1], e)));
        add("bf16_mulAdd", ROUNDS, "bf16 bf16 bf16 -> bf16", (a, rm, x, e) -> w(BF16.mulAdd((short) a[0], (short) a[1], (short) a[2], e)));
        add("bf16_sqrt", ROUNDS, "bf16 -> bf16", (a, rm, x, e) -> w(BF16.sqrt((short) a[0], e)));
        add("bf16_roundToInt", TO_INTEGER, "bf16 -> bf16", (a, rm, x, e) -> w(BF16.roundToInt((short) a[0], rm, x, e)));
        add("bf16_eq", EXACT, "bf16 bf16 -> bool", (a, rm, x, e) -> bool(BF16.eq((short) a[0], (short) a[1], e)));
        add("bf16_le", EXACT, "bf16 bf16 -> bool", (a, rm, x, e) -> bool(BF16.le((short) a[0], (short) a[1], e)));
        add("bf16_lt", EXACT, "bf16 bf16 -> bool", (a, rm, x, e) -> bool(BF16.lt((short) a[0], (short) a[1], e)));
        add("bf16_eq_signaling", EXACT, "bf16 bf16 -> bool", (a, rm, x, e) -> bool(BF16.eqSignaling((short) a[0], (short) a[1], e)));
        add("bf16_le_quiet", EXACT, "bf16 bf16 -> bool", (a, rm, x, e) -> bool(BF16.leQuiet((short) a[0], (short) a[1], e)));
        add("bf16_lt_quiet", EXACT, "bf16 bf16 -> bool", (a, rm, x, e) -> bool(BF16.ltQuiet((short) a[0], (short) a[1], e)));
        add("bf16_to_f16", ROUNDS, "bf16 -> f16", (a, rm, x, e) -> w(BF16.toF16((short) a[0], e)));
        add("bf16_to_f32", ROUNDS, "bf16 -> f32", (a, rm, x, e) -> w(BF16.toF32((short) a[0], e)));
        add("bf16_to_f64", ROUNDS, "bf16 -> f64", (a, rm, x, e) -> w(BF16.toF64((short) a[0], e)));
        add("bf16_to_f128", ROUNDS, "bf16 -> f128", (a, rm, x, e) -> { F128.fromBF16((short) a[0], e); return z(e); });
        add("bf16_to_i32", TO_INTEGER, "bf16 -> i32", (a, rm, x, e) -> w(BF16.toI32((short) a[0], rm, x, e)));
        add("bf16_to_i32_r_minMag", TO_INTEGER_MIN_MAG, "bf16 -> i32", (a, rm, x, e) -> w(BF16.toI32((short) a[0], RoundingMode.MIN_MAG, x, e)));
        add("bf16_to_ui32", TO_INTEGER, "bf16 -> ui32", (a, rm, x, e) -> w(BF16.toUI32((short) a[0], rm, x, e)));
        add("bf16_to_ui32_r_minMag", TO_INTEGER_MIN_MAG, "bf16 -> ui32", (a, rm, x, e) -> w(BF16.toUI32((short) a[0], RoundingMode.MIN_MAG, x, e)));
        add("bf16_to_i64", TO_INTEGER, "bf16 -> i64", (a, rm, x, e) -> w(BF16.toI64((short) a[0], rm, x, e)));
        add("bf16_to_i64_r_minMag", TO_INTEGER_MIN_MAG, "bf16 -> i64", (a, rm, x, e) -> w(BF16.toI64((short) a[0], RoundingMode.MIN_MAG, x, e)));
        add("bf16_to_ui64", TO_INTEGER, "bf16 -> ui64", (a, rm, x, e) -> w(BF16.toUI64((short) a[0], rm, x, e)));
        add("bf16_to_ui64_r_minMag", TO_INTEGER_MIN_MAG, "bf16 -> ui64", (a, rm, x, e) -> w(BF16.toUI64((short) a[0], RoundingMode.MIN_MAG, x, e)));
        add("i32_to_bf16", ROUNDS, "i32 -> bf16", (a, rm, x, e) -> w(BF16.fromI32((int) a[0], e)));
        add("ui32_to_bf16", ROUNDS, "ui32 -> bf16", (a, rm, x, e) -> w(BF16.fromUI32((int) a[0], e)));
        add("i64_to_bf16", ROUNDS, "i64 -> bf16", (a, rm, x, e) -> w(BF16.fromI64(a[0], e)));
        add("ui64_to_bf16", ROUNDS, "ui64 -> bf16", (a, rm, x, e) -> w(BF16.fromUI64(a[0], e)));
        // f32
        add("f32_add", ROUNDS, "f32 f32 -> f32", (a, rm, x, e) -> w(F32.add((int) a[0], (int) a[1], e)));
        add("f32_sub", ROUNDS, "f32 f32 -> f32", (a, rm, x, e) -> w(F32.sub((int) a[0], (int) a[1], e)));
        add("f32_mul", ROUNDS, "f32 f32 -> f32", (a, rm, x, e) -> w(F32.mul((int) a[0], (int) a[1], e)));
        add("f32_div", ROUNDS, "f32 f32 -> f32", (a, rm, x, e) -> w(F32.div((int) a[0], (int) a[1], e)));
        add("f32_rem", ROUNDS, "f32 f32 -> f32", (a, rm, x, e) -> w(F32.rem((int) a[0], (int) a[1], e)));
        add("f32_mulAdd", ROUNDS, "f32 f32 f32 -> f32", (a, rm, x, e) -> w(F32.mulAdd((int) a[0], (int) a[1], (int) a[2], e)));
        add("f32_sqrt", ROUNDS, "f32 -> f32", (a, rm, x, e) -> w(F32.sqrt((int) a[0], e)));
        add("f32_roundToInt", TO_INTEGER, "f32 -> f32", (a, rm, x, e) -> w(F32.roundToInt((int) a[0], rm, x, e)));
        add("f32_eq", EXACT, "f32 f32 -> bool", (a, rm, x, e) -> bool(F32.eq((int) a[0], (int) a[1], e)));
        add("f32_le", EXACT, "f32 f32 -> bool", (a, rm, x, e) -> bool(F32.le((int) a[0], (int) a[1], e)));
        add("f32_lt", EXACT, "f32 f32 -> bool", (a, rm, x, e) -> bool(F32.lt((int) a[0], (int) a[1], e)));
        add("f32_eq_signaling", EXACT, "f32 f32 -> bool", (a, rm, x, e) -> bool(F32.eqSignaling((int) a[0], (int) a[1], e)));
        add("f32_le_quiet", EXACT, "f32 f32 -> bool", (a, rm, x, e) -> bool(F32.leQuiet((int) a[0], (int) a[1], e)));
        add("f32_lt_quiet", EXACT, "f32 f32 -> bool", (a, rm, x, e) -> bool(F32.ltQuiet((int) a[0], (int) a[1], e)));
        add("f32_to_f16", ROUNDS, "f32 -> f16", (a, rm, x, e) -> w(F32.toF16((int) a[0], e)));
        add("f32_to_bf16", ROUNDS, "f32 -> bf16", (a, rm, x, e) -> w(F32.toBF16((int) a[0], e)));
        add("f32_to_f64", ROUNDS, "f32 -> f64", (a, rm, x, e) -> w(F32.toF64((int) a[0], e)));
        add("f32_to_f128", ROUNDS, "f32 -> f128", (a, rm, x, e) -> { F128.fromF32((int) a[0], e); return z(e); });
        add("f32_to_i32", TO_INTEGER, "f32 -> i32", (a, rm, x, e) -> w(F32.toI32((int) a[0], rm, x, e)));
        add("f32_to_i32_r_minMag", TO_INTEGER_MIN_MAG, "f32 -> i32", (a, rm, x, e) -> w(F32.toI32((int) a[0], RoundingMode.MIN_MAG, x, e)));
        add("f32_to_ui32", TO_INTEGER, "f32 -> ui32", (a, rm, x, e) -> w(F32.toUI32((int) a[0], rm, x, e)));
        add("f32_to_ui32_r_minMag", TO_INTEGER_MIN_MAG, "f32 -> ui32", (a, rm, x, e) -> w(F32.toUI32((int) a[0], RoundingMode.MIN_MAG, x, e)));
        add("f32_to_i64", TO_INTEGER, "f32 -> i64", (a, rm, x, e) -> w(F32.toI64((int) a[0], rm, x, e)));
        add("f32_to_i64_r_minMag", TO_INTEGER_MIN_MAG, "f32 -> i64", (a, rm, x, e) -> w(F32.toI64((int) a[0], RoundingMode.MIN_MAG, x, e)));
        add("f32_to_ui64", TO_INTEGER, "f32 -> ui64", (a, rm, x, e) -> w(F32.toUI64((int) a[0], rm, x, e)));
        add("f32_to_ui64_r_minMag", TO_INTEGER_MIN_MAG, "f32 -> ui64", (a, rm, x, e) -> w(F32.toUI64((int) a[0], RoundingMode.MIN_MAG, x, e)));
        add("i32_to_f32", ROUNDS, "i32 -> f32", (a, rm, x, e) -> w(F32.fromI32((int) a[0], e)));
        add("ui32_to_f32", ROUNDS, "ui32 -> f32", (a, rm, x, e) -> w(F32.fromUI32((int) a[0], e)));
        add("i64_to_f32", ROUNDS, "i64 -> f32", (a, rm, x, e) -> w(F32.fromI64(a[0], e)));
        add("ui64_to_f32", ROUNDS, "ui64 -> f32", (a, rm, x, e) -> w(F32.fromUI64(a[0], e)));
        // f64
        add("f64_add", ROUNDS, "f64 f64 -> f64", (a, rm, x, e) -> w(F64.add(a[0], a[1], e)));
        add("f64_sub", ROUNDS, "f64 f64 -> f64", (a, rm, x, e) -> w(F64.sub(a[0], a[1], e)));
        add("f64_mul", ROUNDS, "f64 f64 -> f64", (a, rm, x, e) -> w(F64.mul(a[0], a[1], e)));
        add("f64_div", ROUNDS, "f64 f64 -> f64", (a, rm, x, e) -> w(F64.div(a[0], a[1], e)));
        add("f64_rem", ROUNDS, "f64 f64 -> f64", (a, rm, x, e) -> w(F64.rem(a[0], a[1], e)));
        add("f64_mulAdd", ROUNDS, "f64 f64 f64 -> f64", (a, rm, x, e) -> w(F64.mulAdd(a[0], a[1], a[2], e)));
        add("f64_sqrt", ROUNDS, "f64 -> f64", (a, rm, x, e) -> w(F64.sqrt(a[0], e)));
        add("f64_roundToInt", TO_INTEGER, "f64 -> f64", (a, rm, x, e) -> w(F64.roundToInt(a[0], rm, x, e)));
        add("f64_eq", EXACT, "f64 f64 -> bool", (a, rm, x, e) -> bool(F64.eq(a[0], a[1], e)));
        add("f64_le", EXACT, "f64 f64 -> bool", (a, rm, x, e) -> bool(F64.le(a[0], a[1], e)));
        add("f64_lt", EXACT, "f64 f64 -> bool", (a, rm, x, e) -> bool(F64.lt(a[0], a[1], e)));
        add("f64_eq_signaling", EXACT, "f64 f64 -> bool", (a, rm, x, e) -> bool(F64.eqSignaling(a[0], a[1], e)));
        add("f64_le_quiet", EXACT, "f64 f64 -> bool", (a, rm, x, e) -> bool(F64.leQuiet(a[0], a[1], e)));
        add("f64_lt_quiet", EXACT, "f64 f64 -> bool", (a, rm, x, e) -> bool(F64.ltQuiet(a[0], a[1], e)));
        add("f64_to_f16", ROUNDS, "f64 -> f16", (a, rm, x, e) -> w(F64.toF16(a[0], e)));
        add("f64_to_bf16", ROUNDS, "f64 -> bf16", (a, rm, x, e) -> w(F64.toBF16(a[0], e)));
        add("f64_to_f32", ROUNDS, "f64 -> f32", (a, rm, x, e) -> w(F64.toF32(a[0], e)));
        add("f64_to_f128", ROUNDS, "f64 -> f128", (a, rm, x, e) -> { F128.fromF64(a[0], e); return z(e); });
        add("f64_to_i32", TO_INTEGER, "f64 -> i32", (a, rm, x, e) -> w(F64.toI32(a[0], rm, x, e)));
        add("f64_to_i32_r_minMag", TO_INTEGER_MIN_MAG, "f64 -> i32", (a, rm, x, e) -> w(F64.toI32(a[0], RoundingMode.MIN_MAG, x, e)));
        add("f64_to_ui32", TO_INTEGER, "f64 -> ui32", (a, rm, x, e) -> w(F64.toUI32(a[0], rm, x, e)));
        add("f64_to_ui32_r_minMag", TO_INTEGER_MIN_MAG, "f64 -> ui32", (a, rm, x, e) -> w(F64.toUI32(a[0], RoundingMode.MIN_MAG, x, e)));
        add("f64_to_i64", TO_INTEGER, "f64 -> i64", (a, rm, x, e) -> w(F64.toI64(a[0], rm, x, e)));
        add("f64_to_i64_r_minMag", TO_INTEGER_MIN_MAG, "f64 -> i64", (a, rm, x, e) -> w(F64.toI64(a[0], RoundingMode.MIN_MAG, x, e)));
        add("f64_to_ui64", TO_INTEGER, "f64 -> ui64", (a, rm, x, e) -> w(F64.toUI64(a[0], rm, x, e)));
        add("f64_to_ui64_r_minMag", TO_INTEGER_MIN_MAG, "f64 -> ui64", (a, rm, x, e) -> w(F64.toUI64(a[0], RoundingMode.MIN_MAG, x, e)));
        add("i32_to_f64", ROUNDS, "i32 -> f64", (a, rm, x, e) -> w(F64.fromI32((int) a[0], e)));
        add("ui32_to_f64", ROUNDS, "ui32 -> f64", (a, rm, x, e) -> w(F64.fromUI32((int) a[0], e)));
        add("i64_to_f64", ROUNDS, "i64 -> f64", (a, rm, x, e) -> w(F64.fromI64(a[0], e)));
        add("ui64_to_f64", ROUNDS, "ui64 -> f64", (a, rm, x, e) -> w(F64.fromUI64(a[0], e)));
        // f128
        add("f128_add", ROUNDS, "f128 f128 -> f128", (a, rm, x, e) -> { F128.add(a[0], a[1], a[2], a[3], e); return z(e); });
        add("f128_sub", ROUNDS, "f128 f128 -> f128", (a, rm, x, e) -> { F128.sub(a[0], a[1], a[2], a[3], e); return z(e); });
        add("f128_mul", ROUNDS, "f128 f128 -> f128", (a, rm, x, e) -> { F128.mul(a[0], a[1], a[2], a[3], e); return z(e); });
        add("f128_div", ROUNDS, "f128 f128 -> f128", (a, rm, x, e) -> { F128.div(a[0], a[1], a[2], a[3], e); return z(e); });
        add("f128_rem", ROUNDS, "f128 f128 -> f128", (a, rm, x, e) -> { F128.rem(a[0], a[1], a[2], a[3], e); return z(e); });
        add("f128_mulAdd", ROUNDS, "f128 f128 f128 -> f128", (a, rm, x, e) -> { F128.mulAdd(a[0], a[1], a[2], a[3], a[4], a[5], e); return z(e); });
        add("f128_sqrt", ROUNDS, "f128 -> f128", (a, rm, x, e) -> { F128.sqrt(a[0], a[1], e); return z(e); });
        add("f128_roundToInt", TO_INTEGER, "f128 -> f128", (a, rm, x, e) -> { F128.roundToInt(a[0], a[1], rm, x, e); return z(e); });
        add("f128_eq", EXACT, "f128 f128 -> bool", (a, rm, x, e) -> bool(F128.eq(a[0], a[1], a[2], a[3], e)));
        add("f128_le", EXACT, "f128 f128 -> bool", (a, rm, x, e) -> bool(F128.le(a[0], a[1], a[2], a[3], e)));
        add("f128_lt", EXACT, "f128 f128 -> bool", (a, rm, x, e) -> bool(F128.lt(a[0], a[1], a[2], a[3], e)));
        add("f128_eq_signaling", EXACT, "f128 f128 -> bool", (a, rm, x, e) -> bool(F128.eqSignaling(a[0], a[1], a[2], a[3], e)));
        add("f128_le_quiet", EXACT, "f128 f128 -> bool", (a, rm, x, e) -> bool(F128.leQuiet(a[0], a[1], a[2], a[3], e)));
        add("f128_lt_quiet", EXACT, "f128 f128 -> bool", (a, rm, x, e) -> bool(F128.ltQuiet(a[0], a[1], a[2], a[3], e)));
        add("f128_to_f16", ROUNDS, "f128 -> f16", (a, rm, x, e) -> w(F128.toF16(a[0], a[1], e)));
        add("f128_to_bf16", ROUNDS, "f128 -> bf16", (a, rm, x, e) -> w(F128.toBF16(a[0], a[1], e)));
        add("f128_to_f32", ROUNDS, "f128 -> f32", (a, rm, x, e) -> w(F128.toF32(a[0], a[1], e)));
        add("f128_to_f64", ROUNDS, "f128 -> f64", (a, rm, x, e) -> w(F128.toF64(a[0], a[1], e)));
        add("f128_to_i32", TO_INTEGER, "f128 -> i32", (a, rm, x, e) -> w(F128.toI32(a[0], a[1], rm, x, e)));
        add("f128_to_i32_r_minMag", TO_INTEGER_MIN_MAG, "f128 -> i32", (a, rm, x, e) -> w(F128.toI32(a[0], a[1], RoundingMode.MIN_MAG, x, e)));
        add("f128_to_ui32", TO_INTEGER, "f128 -> ui32", (a, rm, x, e) -> w(F128.toUI32(a[0], a[1], rm, x, e)));
        add("f128_to_ui32_r_minMag", TO_INTEGER_MIN_MAG, "f128 -> ui32", (a, rm, x, e) -> w(F128.toUI32(a[0], a[1], RoundingMode.MIN_MAG, x, e)));
        add("f128_to_i64", TO_INTEGER, "f128 -> i64", (a, rm, x, e) -> w(F128.toI64(a[0], a[1], rm, x, e)));
        add("f128_to_i64_r_minMag", TO_INTEGER_MIN_MAG, "f128 -> i64", (a, rm, x, e) -> w(F128.toI64(a[0], a[1], RoundingMode.MIN_MAG, x, e)));
        add("f128_to_ui64", TO_INTEGER, "f128 -> ui64", (a, rm, x, e) -> w(F128.toUI64(a[0], a[1], rm, x, e)));
        add("f128_to_ui64_r_minMag", TO_INTEGER_MIN_MAG, "f128 -> ui64", (a, rm, x, e) -> w(F128.toUI64(a[0], a[1], RoundingMode.MIN_MAG, x, e)));
        add("i32_to_f128", ROUNDS, "i32 -> f128", (a, rm, x, e) -> { F128.fromI32((int) a[0], e); return z(e); });
        add("ui32_to_f128", ROUNDS, "ui32 -> f128", (a, rm, x, e) -> { F128.fromUI32((int) a[0], e); return z(e); });
        add("i64_to_f128", ROUNDS, "i64 -> f128", (a, rm, x, e) -> { F128.fromI64(a[0], e); return z(e); });
        add("ui64_to_f128", ROUNDS, "ui64 -> f128", (a, rm, x, e) -> { F128.fromUI64(a[0], e); return z(e); });
    }
}

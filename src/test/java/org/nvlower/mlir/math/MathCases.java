package org.nvlower.mlir.math;

import java.util.ArrayList;
import java.util.List;

import org.nvlower.mlir.MlirIntegerType;
import org.nvlower.mlir.MlirVersion;
import org.nvlower.mlir.MlirType;
import org.nvlower.mlir.MlirVectorType;
import org.nvlower.mlir.text.OpRegistry;

/**
 * Test inputs: one crosswalk operation on one type, written as MLIR text in a function of a
 * {@code gpu.module} that returns every result (so that no tool drops an unused one).
 */
record MathCases(List<String> ops, List<MlirType> resultTypes) {

    /** The text of {@code row} applied to {@code type} (float or i32, scalar or vector), result {@code %rN}. */
    static String op(Crosswalk row, MlirType type, int n, MlirVersion v) {
        String name = OpRegistry.spelling(row.op(), v);
        MlirType ints = type.withElementType(MlirIntegerType.I32);
        return "%r" + n + " = " + name + " " + switch (row.shape()) {
            case UNARY, CLASSIFY -> "%a" + suffix(type) + " : " + type;
            case BINARY -> "%a" + suffix(type) + ", %b" + suffix(type) + " : " + type;
            case TERNARY -> "%a" + suffix(type) + ", %b" + suffix(type) + ", %c" + suffix(type) + " : " + type;
            case POWI -> "%a" + suffix(type) + ", %i" + suffix(ints) + " : " + type + ", " + ints;
            case INTEGER -> "%i" + suffix(type) + " : " + type;
        };
    }

    /** The MLIR result type of {@code row} on {@code type}. */
    static MlirType resultType(Crosswalk row, MlirType type) {
        return row.shape() == Crosswalk.Shape.CLASSIFY ? type.withElementType(MlirIntegerType.I1) : type;
    }

    /** A name suffix per argument type, so one function can take arguments of several types. */
    static String suffix(MlirType t) {
        return "_" + t.toString().replaceAll("[^a-z0-9]", "_");
    }

    /** A module with one function applying each (row, type) pair, returning all results. */
    static String module(List<Crosswalk> rows, List<MlirType> types, MlirVersion v) {
        List<String> lines = new ArrayList<>();
        List<String> results = new ArrayList<>();
        List<String> resultTypes = new ArrayList<>();
        java.util.LinkedHashSet<MlirType> argTypes = new java.util.LinkedHashSet<>();
        int n = 0;
        for (Crosswalk row : rows) {
            for (MlirType t : types) {
                MlirType element = t.elementType();
                boolean integer = element instanceof MlirIntegerType;
                if (integer != (row.shape() == Crosswalk.Shape.INTEGER)) {
                    continue;
                }
                lines.add("    " + op(row, t, n, v));
                results.add("%r" + n);
                resultTypes.add(resultType(row, t).toString());
                argTypes.add(t);
                argTypes.add(t.withElementType(MlirIntegerType.I32));
                n++;
            }
        }
        StringBuilder params = new StringBuilder();
        for (MlirType t : argTypes) {
            for (String a : t.elementType() instanceof MlirIntegerType ? List.of("i") : List.of("a", "b", "c")) {
                params.append(params.isEmpty() ? "" : ", ").append('%').append(a).append(suffix(t)).append(": ").append(t);
            }
        }
        String func = v == MlirVersion.MLIR_14 ? "builtin.func" : "func.func";
        return "gpu.module @m {\n  " + func + " @f(" + params + ") -> (" + String.join(", ", resultTypes) + ") {\n"
                + String.join("\n", lines) + "\n    return " + String.join(", ", results) + " : "
                + String.join(", ", resultTypes) + "\n  }\n}\n";
    }

    static MlirVectorType vector(long n, MlirType element) {
        return MlirVectorType.of(List.of(n), element);
    }
}

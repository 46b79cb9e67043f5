package org.nvlower.sass.template;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import org.nvlower.sass.Program;
import org.nvlower.sass.template.Template.Operands;

/**
 * Every template, registered in one table: PTX op, operand types, exactness (or the PTX ISA's ulp
 * bound), ptxas 11.8's fast-path length for sm_90 (FACTS.md's table; for the ops it lacks, counted
 * the same way in ptxas 11.8 + nvdisasm 11.8 listings, ../tools/cuda-11.8-disasm; for the 64-bit
 * ops the whole out-of-line subroutine, which is all ptxas has), and the builder. Programs are built on
 * first use and cached (they are immutable).
 */
public final class Templates {

    private record Row(String op, Operands operands, boolean exact, double ulpBound, int ptxasFastPath,
            Supplier<Program> build) {}

    private static final List<Row> ROWS = List.of(
            new Row("div.rn.f32", Operands.F32_BINARY, true, 0, 7, () -> Fp32Division.divRn(false)),
            new Row("div.rn.ftz.f32", Operands.F32_BINARY, true, 0, 7, () -> Fp32Division.divRn(true)),
            new Row("rcp.rn.f32", Operands.F32_UNARY, true, 0, 7, () -> Fp32Division.rcpRn(false)),
            new Row("rcp.rn.ftz.f32", Operands.F32_UNARY, true, 0, 7, () -> Fp32Division.rcpRn(true)),
            new Row("sqrt.rn.f32", Operands.F32_UNARY, true, 0, 7, () -> Fp32Sqrt.sqrtRn(false)),
            new Row("sqrt.rn.ftz.f32", Operands.F32_UNARY, true, 0, 7, () -> Fp32Sqrt.sqrtRn(true)),
            new Row("div.full.f32", Operands.F32_BINARY, false, 2, 8, () -> Fp32Division.divByReciprocal(true, false)),
            new Row("div.full.ftz.f32", Operands.F32_BINARY, false, 2, 5, () -> Fp32Division.divByReciprocal(true, true)),
            new Row("div.approx.f32", Operands.F32_BINARY, false, 2, 5, () -> Fp32Division.divByReciprocal(false, false)),
            new Row("div.approx.ftz.f32", Operands.F32_BINARY, false, 2, 2, () -> Fp32Division.divByReciprocal(false, true)),
            new Row("div.u32", Operands.I32_BINARY, true, 0, 18, () -> IntDivision.div32(false, false)),
            new Row("div.s32", Operands.I32_BINARY, true, 0, 24, () -> IntDivision.div32(true, false)),
            new Row("rem.u32", Operands.I32_BINARY, true, 0, 17, () -> IntDivision.div32(false, true)),
            new Row("rem.s32", Operands.I32_BINARY, true, 0, 22, () -> IntDivision.div32(true, true)),
            new Row("div.u64", Operands.I64_BINARY, true, 0, 68, () -> IntDivision.div64(false, false)),
            new Row("div.s64", Operands.I64_BINARY, true, 0, 84, () -> IntDivision.div64(true, false)),
            new Row("rem.u64", Operands.I64_BINARY, true, 0, 64, () -> IntDivision.div64(false, true)),
            new Row("rem.s64", Operands.I64_BINARY, true, 0, 78, () -> IntDivision.div64(true, true)));

    private static final Map<String, Template> CACHE = new LinkedHashMap<>();

    private Templates() {}

    /** The PTX ops that have a template, in table order. */
    public static List<String> names() {
        return ROWS.stream().map(Row::op).toList();
    }

    public static synchronized Optional<Template> get(String op) {
        Template t = CACHE.get(op);
        if (t != null) {
            return Optional.of(t);
        }
        for (Row r : ROWS) {
            if (r.op().equals(op)) {
                t = new Template(r.op(), r.operands(), r.exact(), r.ulpBound(), r.ptxasFastPath(), r.build().get());
                CACHE.put(op, t);
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    public static Template require(String op) {
        return get(op).orElseThrow(() -> new IllegalArgumentException("no template for '" + op + "' (templates: "
                + String.join(", ", names()) + ")"));
    }
}

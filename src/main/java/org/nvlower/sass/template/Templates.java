package org.nvlower.sass.template;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import org.nvlower.sass.Program;
import org.nvlower.sass.template.DrcpDsqrtCoordinator.Op;
import org.nvlower.sass.template.Template.Operands;
import org.nvlower.nvptx.DdivTier;
import org.nvlower.nvptx.SmProcessor;

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

    /**
     * The bound nvlower holds rsqrt.approx.f64 to, in ulps of the exact root: the PTX ISA gives the
     * f64 approximations no number, so this is nvlower's own promise (measured maxima in docs/templates.md).
     */
    public static final double RSQRT_F64_BOUND = 1;

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
            new Row("rem.s64", Operands.I64_BINARY, true, 0, 78, () -> IntDivision.div64(true, true)),
            // FP64 (FACTS.md's fast paths); after ':' nvlower's variants: the DDIV register-pressure tiers,
            // the MUFU.RCP / MUFU.RSQ seeds of SMs without MUFU.RCP64H / RSQ64H, DRSQRT's coordinator A
            new Row("div.rn.f64", Operands.F64_BINARY, true, 0, 13,
                    () -> Fp64Division.divRn(DdivTier.FULL_UNROLL, true)),
            new Row("div.rn.f64:partial", Operands.F64_BINARY, true, 0, 13,
                    () -> Fp64Division.divRn(DdivTier.PARTIAL_SPILL, true)),
            new Row("div.rn.f64:minimal", Operands.F64_BINARY, true, 0, 13,
                    () -> Fp64Division.divRn(DdivTier.MINIMAL_REGISTERS, true)),
            new Row("div.rn.f64:rcp", Operands.F64_BINARY, true, 0, 13,
                    () -> Fp64Division.divRn(DdivTier.FULL_UNROLL, false)),
            new Row("rcp.rn.f64", Operands.F64_UNARY, true, 0, 8, () -> DrcpDsqrtCoordinator.build(Op.DRCP, true)),
            new Row("rcp.rn.f64:rcp", Operands.F64_UNARY, true, 0, 8, () -> DrcpDsqrtCoordinator.build(Op.DRCP, false)),
            new Row("sqrt.rn.f64", Operands.F64_UNARY, true, 0, 15, () -> DrcpDsqrtCoordinator.build(Op.DSQRT, true)),
            new Row("sqrt.rn.f64:rsq", Operands.F64_UNARY, true, 0, 15, () -> DrcpDsqrtCoordinator.build(Op.DSQRT, false)),
            new Row("rsqrt.approx.f64", Operands.F64_UNARY, false, RSQRT_F64_BOUND, 11, () -> Fp64Rsqrt.rsqrtApprox(true)),
            new Row("rsqrt.approx.f64:full", Operands.F64_UNARY, false, RSQRT_F64_BOUND, 11,
                    () -> Fp64Rsqrt.rsqrtApprox(false)));

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

    /**
     * The variant of a PTX op for a target: the DDIV tier for a register limit (seed 3, "Register
     * File Size Dispatch"), the MUFU.RCP (RSQ) seed where the SM lacks MUFU.RCP64H (RSQ64H), DRSQRT's coordinator B
     * where the SM's hardware flag is set and A elsewhere.
     */
    public static Template forTarget(String op, SmProcessor sm, int registerLimit) {
        String name = switch (op) {
            case "div.rn.f64" -> !sm.hasMufuRcp64h() ? "div.rn.f64:rcp" : switch (DdivTier.select(registerLimit)) {
                case FULL_UNROLL -> "div.rn.f64";
                case PARTIAL_SPILL -> "div.rn.f64:partial";
                case MINIMAL_REGISTERS -> "div.rn.f64:minimal";
            };
            case "rcp.rn.f64" -> sm.hasMufuRcp64h() ? op : "rcp.rn.f64:rcp";
            case "sqrt.rn.f64" -> sm.hasMufuRsq64h() ? op : "sqrt.rn.f64:rsq";
            case "rsqrt.approx.f64" -> sm.drsqrtHardwareFlag() ? op : "rsqrt.approx.f64:full";
            default -> op;
        };
        return require(name);
    }

    public static Template require(String op) {
        return get(op).orElseThrow(() -> new IllegalArgumentException("no template for '" + op + "' (templates: "
                + String.join(", ", names()) + ")"));
    }
}

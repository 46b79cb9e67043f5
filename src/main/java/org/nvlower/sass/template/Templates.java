package org.nvlower.sass.template;

import static org.nvlower.ptx.PtxMathOp.*;
import static org.nvlower.sass.template.Template.Operands.*;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

import org.nvlower.ptx.PtxMathOp;
import org.nvlower.sass.Mod.MufuFn;
import org.nvlower.sass.Program;
import org.nvlower.sass.template.DrcpDsqrtCoordinator.Op;
import org.nvlower.sass.template.Template.Operands;
import org.nvlower.sass.template.TemplateKey.Variant;
import org.nvlower.nvptx.DdivTier;
import org.nvlower.nvptx.SmProcessor;

/**
 * Every template, registered in one table: key (PTX op and variant), the targets the variant is
 * chosen for, operand types, exactness (or the PTX ISA's ulp
 * bound), ptxas 11.8's fast-path length for sm_90 (docs/facts.md's table; for the ops it lacks, counted
 * the same way in ptxas 11.8 + nvdisasm 11.8 listings, ../tools/cuda-11.8-disasm; for the 64-bit
 * ops the whole out-of-line subroutine, which is all ptxas has), and the builder. Programs are built on
 * first use and cached (they are immutable).
 */
public final class Templates {

    /** Which targets a variant is chosen for: the SM and the register limit (the DDIV tier's input). */
    @FunctionalInterface
    private interface ChosenFor {
        boolean test(SmProcessor sm, int registerLimit);

        ChosenFor ANY = (sm, limit) -> true;
    }

    private record Row(TemplateKey key, ChosenFor chosenFor, Operands operands, boolean exact, double ulpBound,
            int ptxasFastPath, Supplier<Program> build) {

        /** The op's only template: chosen for every target. */
        Row(PtxMathOp op, Operands operands, boolean exact, double ulpBound, int ptxasFastPath, Supplier<Program> build) {
            this(TemplateKey.of(op), ChosenFor.ANY, operands, exact, ulpBound, ptxasFastPath, build);
        }

        Row(PtxMathOp op, Variant variant, ChosenFor chosenFor, Operands operands, boolean exact, double ulpBound,
                int ptxasFastPath, Supplier<Program> build) {
            this(new TemplateKey(op, variant), chosenFor, operands, exact, ulpBound, ptxasFastPath, build);
        }
    }

    /**
     * The bound nvlower holds rsqrt.approx.f64 to, in ulps of the exact root: the PTX ISA gives the
     * f64 approximations no number, so this is nvlower's own promise (measured maxima in docs/templates.md).
     */
    public static final double RSQRT_F64_BOUND = 1;

    /**
     * rsqrt.approx.f32's bound: the PTX ISA's 2^-22.9 relative error, in units of 2^-23 relative
     * (the error {@code SassOp} measures for it), 2^0.1, plus 2^-29 for the measurement's own
     * reference (1/sqrt(x) in double, within 2^-52 relative).
     */
    public static final double RSQRT_F32_BOUND = Math.pow(2, 0.1) + 0x1p-29;

    /**
     * rcp.approx.f32's bound: the PTX ISA's 1 ulp (of the exact 1/x's binade, 2^-149 below 2^-126),
     * plus 2^-20 for the double reference. Without .ftz the results below 2^-126 are MUFU's 1/(x/4)
     * (1 ulp of a binade 1 or 2 above) times 1/4, rounded once: under 1/2 + 1/2 ulp of 2^-149.
     */
    public static final double RCP_APPROX_F32_BOUND = 1 + 0x1p-20;

    /** sqrt.approx.f32's bound: the PTX ISA's 2^-23 relative, in units of 2^-23, plus 2^-29 for the double reference. */
    public static final double SQRT_APPROX_F32_BOUND = 1 + 0x1p-29;

    /**
     * The bounds of ex2/lg2/sin/cos.approx.f32, in the units {@code SassOp} measures them (derived
     * in docs/templates.md from MUFU's bound; each plus 2^-20 for the measurement's double reference):
     * ex2 in ulps of the exact 2^x's binade (MUFU's 2 floats from the rounded result: 4.5 where 2^x
     * lies just below a power of two and the result above it, 2.5 elsewhere; without .ftz a
     * subnormal 2^x is the square of MUFU's 2^(x/2), rounded once: under 3 ulps of 2^-149, since
     * no float x below -126 has 2^(x/2) within 2 floats of a power of two); lg2 in units of the PTX ISA's
     * bound (2^-22 absolute in (0.5, 2), 2^-22 relative elsewhere; without .ftz the subtraction of
     * 24 after the scaling rounds by up to 2^-17: 1 + 8/128); sin/cos in units of the bound derived
     * for each x (MUFU's 2^-22 plus 2 pi times the argument's error: 1).
     */
    public static final double EX2_BOUND = 4.5 + 0x1p-20,
            LG2_FTZ_BOUND = 1 + 0x1p-20, LG2_BOUND = 1.0625 + 0x1p-20, SIN_COS_BOUND = 1 + 0x1p-20;

    /** tanh.approx.f32's bound: the PTX ISA's 2^-11 relative, in units of 2^-11, plus 2^-20 for the double reference. */
    public static final double TANH_BOUND = 1 + 0x1p-20;

    /**
     * rcp.approx.ftz.f64's and rsqrt.approx.ftz.f64's bound, in units of 2^-20 relative to 1/h and
     * 1/sqrt(h) (h the operand's high word, its low word zero): MUFU.RCP64H/RSQ64H's assumed 2^-20
     * (the PTX ISA calls them "gross" approximations and states no number), plus 2^-20 for the double reference.
     */
    public static final double APPROX_FTZ_F64_BOUND = 1 + 0x1p-20;

    private static final boolean EXACT = true;
    private static final boolean APPROX = false;

    // DDIV's tier by the register limit (seed 3, "Register File Size Dispatch") where the SM has MUFU.RCP64H
    private static ChosenFor ddiv(DdivTier tier) {
        return (sm, limit) -> sm.hasMufuRcp64h() && DdivTier.select(limit) == tier;
    }

    private static final ChosenFor HAS_RCP64H = (sm, limit) -> sm.hasMufuRcp64h();
    private static final ChosenFor HAS_RSQ64H = (sm, limit) -> sm.hasMufuRsq64h();
    private static final ChosenFor DRSQRT_FLAG = (sm, limit) -> sm.drsqrtHardwareFlag();
    /** MUFU.TANH: sm_75 and later (ptxas 11.8: "Feature 'tanh' requires .target sm_75 or higher"). */
    private static final ChosenFor HAS_TANH = (sm, limit) -> sm.hasMufuTanh();

    private static ChosenFor not(ChosenFor c) {
        return (sm, limit) -> !c.test(sm, limit);
    }

    private static final List<Row> ROWS = List.of(
            new Row(DIV_RN_F32, F32_BINARY, EXACT, 0, 7, () -> Fp32Division.divRn(false)),
            new Row(DIV_RN_FTZ_F32, F32_BINARY, EXACT, 0, 7, () -> Fp32Division.divRn(true)),
            new Row(RCP_RN_F32, F32_UNARY, EXACT, 0, 7, () -> Fp32Division.rcpRn(false)),
            new Row(RCP_RN_FTZ_F32, F32_UNARY, EXACT, 0, 7, () -> Fp32Division.rcpRn(true)),
            new Row(SQRT_RN_F32, F32_UNARY, EXACT, 0, 7, () -> Fp32Sqrt.sqrtRn(false)),
            new Row(SQRT_RN_FTZ_F32, F32_UNARY, EXACT, 0, 7, () -> Fp32Sqrt.sqrtRn(true)),
            // directed rounding: ptxas 11.8 has div.rz.f32 only as an 80-instruction subroutine, rcp.rz a
            // 7-instruction fast path, sqrt.rz 11 (.rm and .rp alike)
            directedF32(DIV_RZ_F32, 80), directedF32(DIV_RM_F32, 80), directedF32(DIV_RP_F32, 80),
            directedF32(DIV_RZ_FTZ_F32, 80), directedF32(DIV_RM_FTZ_F32, 80), directedF32(DIV_RP_FTZ_F32, 80),
            directedF32(RCP_RZ_F32, 7), directedF32(RCP_RM_F32, 7), directedF32(RCP_RP_F32, 7),
            directedF32(RCP_RZ_FTZ_F32, 7), directedF32(RCP_RM_FTZ_F32, 7), directedF32(RCP_RP_FTZ_F32, 7),
            directedF32(SQRT_RZ_F32, 11), directedF32(SQRT_RM_F32, 11), directedF32(SQRT_RP_F32, 11),
            directedF32(SQRT_RZ_FTZ_F32, 11), directedF32(SQRT_RM_FTZ_F32, 11), directedF32(SQRT_RP_FTZ_F32, 11),
            new Row(DIV_FULL_F32, F32_BINARY, APPROX, 2, 8, () -> Fp32Division.divByReciprocal(true, false)),
            new Row(DIV_FULL_FTZ_F32, F32_BINARY, APPROX, 2, 5, () -> Fp32Division.divByReciprocal(true, true)),
            new Row(DIV_APPROX_F32, F32_BINARY, APPROX, 2, 5, () -> Fp32Division.divByReciprocal(false, false)),
            new Row(DIV_APPROX_FTZ_F32, F32_BINARY, APPROX, 2, 2, () -> Fp32Division.divByReciprocal(false, true)),
            // ptxas 11.8: FSETP, FMUL, MUFU.RSQ, FMUL (.ftz: the MUFU alone)
            new Row(RSQRT_APPROX_F32, F32_UNARY, APPROX, RSQRT_F32_BOUND, 4, () -> Fp32Rsqrt.rsqrtApprox(false)),
            new Row(RSQRT_APPROX_FTZ_F32, F32_UNARY, APPROX, RSQRT_F32_BOUND, 1, () -> Fp32Rsqrt.rsqrtApprox(true)),
            // ptxas 11.8 (sm_52, sm_75, sm_90): IMAD.MOV (2^24), FSETP, FSETP, FSEL, FSEL, FMUL, MUFU.RCP, FMUL (.ftz: the
            // MUFU alone)
            new Row(RCP_APPROX_F32, F32_UNARY, APPROX, RCP_APPROX_F32_BOUND, 8, () -> Fp32RcpApprox.build(false)),
            new Row(RCP_APPROX_FTZ_F32, F32_UNARY, APPROX, RCP_APPROX_F32_BOUND, 1, () -> Fp32RcpApprox.build(true)),
            // ptxas 11.8 (sm_52 to sm_90): FSETP, FMUL, MUFU.SQRT, FMUL (.ftz: the MUFU alone)
            new Row(SQRT_APPROX_F32, F32_UNARY, APPROX, SQRT_APPROX_F32_BOUND, 4, () -> Fp32Rsqrt.sqrtApprox(false)),
            new Row(SQRT_APPROX_FTZ_F32, F32_UNARY, APPROX, SQRT_APPROX_F32_BOUND, 1, () -> Fp32Rsqrt.sqrtApprox(true)),
            // ptxas 11.8: FSETP, FMUL, MUFU.EX2, FMUL; FSETP, FMUL, MUFU.LG2, FADD; FMUL.RZ, MUFU.SIN/COS (.ftz: the MUFU
            // alone, sin/cos unchanged)
            new Row(EX2_APPROX_F32, F32_UNARY, APPROX, EX2_BOUND, 4, () -> Fp32Transcendental.ex2(false)),
            new Row(EX2_APPROX_FTZ_F32, F32_UNARY, APPROX, EX2_BOUND, 1, () -> Fp32Transcendental.ex2(true)),
            new Row(LG2_APPROX_F32, F32_UNARY, APPROX, LG2_BOUND, 4, () -> Fp32Transcendental.lg2(false)),
            new Row(LG2_APPROX_FTZ_F32, F32_UNARY, APPROX, LG2_FTZ_BOUND, 1, () -> Fp32Transcendental.lg2(true)),
            new Row(SIN_APPROX_F32, F32_UNARY, APPROX, SIN_COS_BOUND, 2, () -> Fp32Transcendental.sinCos(MufuFn.SIN, false)),
            new Row(SIN_APPROX_FTZ_F32, F32_UNARY, APPROX, SIN_COS_BOUND, 2, () -> Fp32Transcendental.sinCos(MufuFn.SIN, true)),
            new Row(COS_APPROX_F32, F32_UNARY, APPROX, SIN_COS_BOUND, 2, () -> Fp32Transcendental.sinCos(MufuFn.COS, false)),
            new Row(COS_APPROX_FTZ_F32, F32_UNARY, APPROX, SIN_COS_BOUND, 2, () -> Fp32Transcendental.sinCos(MufuFn.COS, true)),
            // ptxas 11.8 (sm_75, sm_90): MUFU.TANH alone (ptxas refuses tanh below sm_75; KernelExpansion lists it)
            new Row(TemplateKey.of(TANH_APPROX_F32), HAS_TANH, F32_UNARY, APPROX, TANH_BOUND, 1, Fp32Transcendental::tanh),
            new Row(DIV_U32, I32_BINARY, EXACT, 0, 18, () -> IntDivision.div32(false, false)),
            new Row(DIV_S32, I32_BINARY, EXACT, 0, 24, () -> IntDivision.div32(true, false)),
            new Row(REM_U32, I32_BINARY, EXACT, 0, 17, () -> IntDivision.div32(false, true)),
            new Row(REM_S32, I32_BINARY, EXACT, 0, 22, () -> IntDivision.div32(true, true)),
            // 16-bit: ptxas 11.8's subroutines (__cuda_sm20_div_u16 ...: 19, 25, 21, 28 instructions with the RET)
            new Row(DIV_U16, I16_BINARY, EXACT, 0, 19, () -> Int16Division.build(false, false)),
            new Row(DIV_S16, I16_BINARY, EXACT, 0, 25, () -> Int16Division.build(true, false)),
            new Row(REM_U16, I16_BINARY, EXACT, 0, 21, () -> Int16Division.build(false, true)),
            new Row(REM_S16, I16_BINARY, EXACT, 0, 28, () -> Int16Division.build(true, true)),
            new Row(DIV_U64, I64_BINARY, EXACT, 0, 68, () -> IntDivision.div64(false, false)),
            new Row(DIV_S64, I64_BINARY, EXACT, 0, 84, () -> IntDivision.div64(true, false)),
            new Row(REM_U64, I64_BINARY, EXACT, 0, 64, () -> IntDivision.div64(false, true)),
            new Row(REM_S64, I64_BINARY, EXACT, 0, 78, () -> IntDivision.div64(true, true)),
            // FP64 (docs/facts.md's fast paths), each variant with the targets it is chosen for
            new Row(DIV_RN_F64, Variant.DEFAULT, ddiv(DdivTier.FULL_UNROLL), F64_BINARY, EXACT, 0, 13,
                    () -> Fp64Division.divRn(DdivTier.FULL_UNROLL, true)),
            new Row(DIV_RN_F64, Variant.PARTIAL, ddiv(DdivTier.PARTIAL_SPILL), F64_BINARY, EXACT, 0, 13,
                    () -> Fp64Division.divRn(DdivTier.PARTIAL_SPILL, true)),
            new Row(DIV_RN_F64, Variant.MINIMAL, ddiv(DdivTier.MINIMAL_REGISTERS), F64_BINARY, EXACT, 0, 13,
                    () -> Fp64Division.divRn(DdivTier.MINIMAL_REGISTERS, true)),
            new Row(DIV_RN_F64, Variant.RCP, not(HAS_RCP64H), F64_BINARY, EXACT, 0, 13,
                    () -> Fp64Division.divRn(DdivTier.FULL_UNROLL, false)),
            new Row(RCP_RN_F64, Variant.DEFAULT, HAS_RCP64H, F64_UNARY, EXACT, 0, 8,
                    () -> DrcpDsqrtCoordinator.build(Op.DRCP, true)),
            new Row(RCP_RN_F64, Variant.RCP, not(HAS_RCP64H), F64_UNARY, EXACT, 0, 8,
                    () -> DrcpDsqrtCoordinator.build(Op.DRCP, false)),
            new Row(SQRT_RN_F64, Variant.DEFAULT, HAS_RSQ64H, F64_UNARY, EXACT, 0, 15,
                    () -> DrcpDsqrtCoordinator.build(Op.DSQRT, true)),
            new Row(SQRT_RN_F64, Variant.RSQ, not(HAS_RSQ64H), F64_UNARY, EXACT, 0, 15,
                    () -> DrcpDsqrtCoordinator.build(Op.DSQRT, false)),
            // directed rounding: ptxas 11.8 has these only as subroutines (div.rz.f64 100 instructions,
            // rcp.rm.f64 91, sqrt.rp.f64 55); nvlower's FULL_UNROLL sequence, MUFU.RCP64H/RSQ64H or the float seed
            directedF64(DIV_RZ_F64, Variant.DEFAULT, 100), directedF64(DIV_RZ_F64, Variant.RCP, 100),
            directedF64(DIV_RM_F64, Variant.DEFAULT, 100), directedF64(DIV_RM_F64, Variant.RCP, 100),
            directedF64(DIV_RP_F64, Variant.DEFAULT, 100), directedF64(DIV_RP_F64, Variant.RCP, 100),
            directedF64(RCP_RZ_F64, Variant.DEFAULT, 91), directedF64(RCP_RZ_F64, Variant.RCP, 91),
            directedF64(RCP_RM_F64, Variant.DEFAULT, 91), directedF64(RCP_RM_F64, Variant.RCP, 91),
            directedF64(RCP_RP_F64, Variant.DEFAULT, 91), directedF64(RCP_RP_F64, Variant.RCP, 91),
            directedF64(SQRT_RZ_F64, Variant.DEFAULT, 55), directedF64(SQRT_RZ_F64, Variant.RSQ, 55),
            directedF64(SQRT_RM_F64, Variant.DEFAULT, 55), directedF64(SQRT_RM_F64, Variant.RSQ, 55),
            directedF64(SQRT_RP_F64, Variant.DEFAULT, 55), directedF64(SQRT_RP_F64, Variant.RSQ, 55),
            new Row(RSQRT_APPROX_F64, Variant.DEFAULT, DRSQRT_FLAG, F64_UNARY, APPROX, RSQRT_F64_BOUND, 11,
                    () -> Fp64Rsqrt.rsqrtApprox(true)),
            new Row(RSQRT_APPROX_F64, Variant.FULL, not(DRSQRT_FLAG), F64_UNARY, APPROX, RSQRT_F64_BOUND, 11,
                    () -> Fp64Rsqrt.rsqrtApprox(false)),
            // ptxas 11.8 (sm_35 to sm_90 alike): MUFU.RCP64H / RSQ64H of the high word, MOV of a zero low word
            new Row(RCP_APPROX_FTZ_F64, F64_UNARY, APPROX, APPROX_FTZ_F64_BOUND, 2, () -> Fp64Approx.build(MufuFn.RCP64H)),
            new Row(RSQRT_APPROX_FTZ_F64, F64_UNARY, APPROX, APPROX_FTZ_F64_BOUND, 2, () -> Fp64Approx.build(MufuFn.RSQ64H)));

    /** div, rcp or sqrt .rz/.rm/.rp[.ftz].f32: the .rn sequence and one correction in the mode. */
    private static Row directedF32(PtxMathOp op, int ptxasFastPath) {
        int rounding = DirectedRounding.of(op);
        boolean ftz = op.ftz();
        String base = op.spelling().substring(0, op.spelling().indexOf('.'));
        return switch (base) {
            case "div" -> new Row(op, F32_BINARY, EXACT, 0, ptxasFastPath, () -> Fp32Division.div(ftz, rounding));
            case "rcp" -> new Row(op, F32_UNARY, EXACT, 0, ptxasFastPath, () -> Fp32Division.rcp(ftz, rounding));
            default -> new Row(op, F32_UNARY, EXACT, 0, ptxasFastPath, () -> Fp32Sqrt.sqrt(ftz, rounding));
        };
    }

    /**
     * div, rcp or sqrt .rz/.rm/.rp.f64: the DEFAULT variant where the SM has MUFU.RCP64H (sqrt:
     * RSQ64H), the RCP (RSQ) variant with the float seed elsewhere.
     */
    private static Row directedF64(PtxMathOp op, Variant variant, int ptxasFastPath) {
        int rounding = DirectedRounding.of(op);
        boolean wide = variant == Variant.DEFAULT;
        String base = op.spelling().substring(0, op.spelling().indexOf('.'));
        return switch (base) {
            case "div" -> new Row(op, variant, wide ? HAS_RCP64H : not(HAS_RCP64H), F64_BINARY, EXACT, 0, ptxasFastPath,
                    () -> Fp64Division.div(DdivTier.FULL_UNROLL, wide, rounding));
            case "rcp" -> new Row(op, variant, wide ? HAS_RCP64H : not(HAS_RCP64H), F64_UNARY, EXACT, 0, ptxasFastPath,
                    () -> DrcpDsqrtCoordinator.build(Op.DRCP, wide, rounding));
            default -> new Row(op, variant, wide ? HAS_RSQ64H : not(HAS_RSQ64H), F64_UNARY, EXACT, 0, ptxasFastPath,
                    () -> DrcpDsqrtCoordinator.build(Op.DSQRT, wide, rounding));
        };
    }

    private static final Map<TemplateKey, Template> CACHE = new LinkedHashMap<>();

    private Templates() {}

    /** The keys of every template, in table order. */
    public static List<TemplateKey> keys() {
        return ROWS.stream().map(Row::key).toList();
    }

    /** The keys' text, in table order (for messages). */
    public static List<String> names() {
        return ROWS.stream().map(r -> r.key().toString()).toList();
    }

    /** The PTX ops that have a template, in table order. */
    public static List<PtxMathOp> ops() {
        return ROWS.stream().map(r -> r.key().op()).distinct().toList();
    }

    public static synchronized Optional<Template> get(TemplateKey key) {
        Template t = CACHE.get(key);
        if (t != null) {
            return Optional.of(t);
        }
        for (Row r : ROWS) {
            if (r.key().equals(key)) {
                t = new Template(key, key.toString(), r.operands(), r.exact(), r.ulpBound(), r.ptxasFastPath(),
                        r.build().get());
                CACHE.put(key, t);
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    /** Whether {@code op} has a template. */
    public static boolean has(PtxMathOp op) {
        return ROWS.stream().anyMatch(r -> r.key().op() == op);
    }

    /**
     * The template of a PTX op for a target: the first row of the op chosen for the SM and
     * register limit (the DDIV tier, the MUFU.RCP (RSQ) seed where the SM lacks MUFU.RCP64H
     * (RSQ64H), DRSQRT's coordinator B where the SM's hardware flag is set and A elsewhere).
     */
    public static Template forTarget(PtxMathOp op, SmProcessor sm, int registerLimit) {
        return chosen(op, sm, registerLimit).orElseThrow(() -> new IllegalArgumentException(
                "no template for '" + op + "' on " + sm + " (ptxas refuses it for that target)"));
    }

    /** The template {@link #forTarget} gives, or empty when no row of the op is for the SM (tanh before sm_75). */
    public static Optional<Template> chosen(PtxMathOp op, SmProcessor sm, int registerLimit) {
        Objects.requireNonNull(sm);
        for (Row r : ROWS) {
            if (r.key().op() == op && r.chosenFor().test(sm, registerLimit)) {
                return Optional.of(require(r.key()));
            }
        }
        return Optional.empty();
    }

    /**
     * What a listing of op for sm must say beside it, or empty: before sm_70 (sm_35 to sm_62 in
     * ptxas 11.8's listings) ptxas puts an RRO (RRO.EX2, RRO.SINCOS) before MUFU.EX2/SIN/COS, whose
     * fixed-point result is documented nowhere nvlower can cite; the templates are sm_70's
     * sequence there (docs/templates.md, "sm_5x/sm_6x: RRO, not modelled").
     */
    public static Optional<String> targetNote(PtxMathOp op, SmProcessor sm) {
        String base = op.spelling().substring(0, op.spelling().indexOf('.'));
        if (sm.number() >= 70 || !op.spelling().contains(".approx") || !List.of("ex2", "sin", "cos").contains(base)) {
            return Optional.empty();
        }
        return Optional.of("on " + sm.smName() + " ptxas puts RRO." + (base.equals("ex2") ? "EX2" : "SINCOS")
                + " before the MUFU (not modelled): this is the sm_70+ sequence");
    }

    public static Template require(TemplateKey key) {
        return get(key).orElseThrow(() -> new IllegalArgumentException("no template for '" + key + "' (templates: "
                + String.join(", ", names()) + ")"));
    }
}

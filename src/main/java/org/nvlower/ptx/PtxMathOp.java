package org.nvlower.ptx;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A PTX math instruction that ptxas expands into an instruction sequence (a template), as one
 * value: the reader turns the text into it once, and the template table, the dispatcher and the
 * harnesses key on it. One constant per instruction, spelled as PTX spells it.
 */
public enum PtxMathOp {
    DIV_RN_F32("div.rn.f32"),
    DIV_RN_FTZ_F32("div.rn.ftz.f32"),
    DIV_FULL_F32("div.full.f32"),
    DIV_FULL_FTZ_F32("div.full.ftz.f32"),
    DIV_APPROX_F32("div.approx.f32"),
    DIV_APPROX_FTZ_F32("div.approx.ftz.f32"),
    RCP_RN_F32("rcp.rn.f32"),
    RCP_RN_FTZ_F32("rcp.rn.ftz.f32"),
    SQRT_RN_F32("sqrt.rn.f32"),
    SQRT_RN_FTZ_F32("sqrt.rn.ftz.f32"),
    // directed rounding (.rz .rm .rp): the .rn sequence, then one correction rounded in the mode
    DIV_RZ_F32("div.rz.f32"),
    DIV_RM_F32("div.rm.f32"),
    DIV_RP_F32("div.rp.f32"),
    DIV_RZ_FTZ_F32("div.rz.ftz.f32"),
    DIV_RM_FTZ_F32("div.rm.ftz.f32"),
    DIV_RP_FTZ_F32("div.rp.ftz.f32"),
    RCP_RZ_F32("rcp.rz.f32"),
    RCP_RM_F32("rcp.rm.f32"),
    RCP_RP_F32("rcp.rp.f32"),
    RCP_RZ_FTZ_F32("rcp.rz.ftz.f32"),
    RCP_RM_FTZ_F32("rcp.rm.ftz.f32"),
    RCP_RP_FTZ_F32("rcp.rp.ftz.f32"),
    SQRT_RZ_F32("sqrt.rz.f32"),
    SQRT_RM_F32("sqrt.rm.f32"),
    SQRT_RP_F32("sqrt.rp.f32"),
    SQRT_RZ_FTZ_F32("sqrt.rz.ftz.f32"),
    SQRT_RM_FTZ_F32("sqrt.rm.ftz.f32"),
    SQRT_RP_FTZ_F32("sqrt.rp.ftz.f32"),
    DIV_RN_F64("div.rn.f64"),
    RCP_RN_F64("rcp.rn.f64"),
    SQRT_RN_F64("sqrt.rn.f64"),
    DIV_RZ_F64("div.rz.f64"),
    DIV_RM_F64("div.rm.f64"),
    DIV_RP_F64("div.rp.f64"),
    RCP_RZ_F64("rcp.rz.f64"),
    RCP_RM_F64("rcp.rm.f64"),
    RCP_RP_F64("rcp.rp.f64"),
    SQRT_RZ_F64("sqrt.rz.f64"),
    SQRT_RM_F64("sqrt.rm.f64"),
    SQRT_RP_F64("sqrt.rp.f64"),
    RSQRT_APPROX_F32("rsqrt.approx.f32"),
    RSQRT_APPROX_FTZ_F32("rsqrt.approx.ftz.f32"),
    // one MUFU each (RCP, SQRT, EX2, LG2, SIN, COS), with ptxas's scaling or argument reduction around it
    RCP_APPROX_F32("rcp.approx.f32"),
    RCP_APPROX_FTZ_F32("rcp.approx.ftz.f32"),
    SQRT_APPROX_F32("sqrt.approx.f32"),
    SQRT_APPROX_FTZ_F32("sqrt.approx.ftz.f32"),
    EX2_APPROX_F32("ex2.approx.f32"),
    EX2_APPROX_FTZ_F32("ex2.approx.ftz.f32"),
    LG2_APPROX_F32("lg2.approx.f32"),
    LG2_APPROX_FTZ_F32("lg2.approx.ftz.f32"),
    SIN_APPROX_F32("sin.approx.f32"),
    SIN_APPROX_FTZ_F32("sin.approx.ftz.f32"),
    COS_APPROX_F32("cos.approx.f32"),
    COS_APPROX_FTZ_F32("cos.approx.ftz.f32"),
    // MUFU.TANH alone (sm_75 and later; no .ftz form: subnormal inputs pass through)
    TANH_APPROX_F32("tanh.approx.f32"),
    RSQRT_APPROX_F64("rsqrt.approx.f64"),
    // MUFU.RCP64H / RSQ64H of the operand's high word alone, the result's low word zero (every SM)
    RCP_APPROX_FTZ_F64("rcp.approx.ftz.f64"),
    RSQRT_APPROX_FTZ_F64("rsqrt.approx.ftz.f64"),
    DIV_U16("div.u16"),
    DIV_S16("div.s16"),
    REM_U16("rem.u16"),
    REM_S16("rem.s16"),
    DIV_U32("div.u32"),
    DIV_S32("div.s32"),
    REM_U32("rem.u32"),
    REM_S32("rem.s32"),
    DIV_U64("div.u64"),
    DIV_S64("div.s64"),
    REM_U64("rem.u64"),
    REM_S64("rem.s64");

    private static final Map<String, PtxMathOp> BY_SPELLING = Arrays.stream(values())
            .collect(Collectors.toUnmodifiableMap(PtxMathOp::spelling, Function.identity()));

    private final String spelling;

    PtxMathOp(String spelling) {
        this.spelling = spelling;
    }

    /** The instruction as PTX writes it ({@code div.rn.ftz.f32}). */
    public String spelling() {
        return spelling;
    }

    /** The op a PTX instruction's opcode names, or empty when ptxas does not expand it. */
    public static Optional<PtxMathOp> bySpelling(String opcode) {
        return Optional.ofNullable(BY_SPELLING.get(opcode));
    }

    /**
     * The IEEE rounding the op's result has: {@code "rn"}, {@code "rz"}, {@code "rm"} or
     * {@code "rp"} for the correctly rounded float ops, "" for the approximations and the integer ops.
     */
    public String rounding() {
        String[] words = spelling.split("\\.");
        return words.length > 2 && words[1].matches("r[nzmp]") ? words[1] : "";
    }

    /** Subnormal operands and results flushed to zero ({@code .ftz}). */
    public boolean ftz() {
        return spelling.contains(".ftz");
    }

    /** An FP32 op: one that {@code -ftz=true} turns into its {@code .ftz} form. */
    public boolean isF32() {
        return spelling.endsWith(".f32");
    }

    /** An integer division or remainder ({@code div/rem .u16 .s16 .u32 .s32 .u64 .s64}). */
    public boolean isIntegerDivision() {
        return spelling.matches("(div|rem)\\.[us](16|32|64)");
    }

    /** The {@code .ftz} form of an FP32 op (itself when it already has it), or empty for the other ops. */
    public Optional<PtxMathOp> withFtz() {
        return !isF32() ? Optional.empty() : ftz() ? Optional.of(this)
                : bySpelling(spelling.substring(0, spelling.length() - 4) + ".ftz.f32");
    }

    @Override
    public String toString() {
        return spelling;
    }
}

package org.nvlower.llvm.runtime;


import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.Type;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.F128;
import org.nvlower.softfloat.F128Libm;
import org.nvlower.softfloat.QuadErfReference;
import org.nvlower.softfloat.QuadGammaReference;
import org.nvlower.softfloat.QuadInverseReference;
import org.nvlower.softfloat.QuadReference;
import org.nvlower.softfloat.QuadTrigReference;
import org.nvlower.softfloat.F32;
import org.nvlower.softfloat.F64;
import org.nvlower.softfloat.FcmpPredicate;
import org.nvlower.softfloat.I128;
import org.nvlower.softfloat.RoundingMode;
import org.nvlower.softfloat.Specialization;

/**
 * The runtime functions that replace every fp128 and i128 operation the NVPTX backend cannot
 * select (seed 1, "FP128/I128 Emulation"): one row per function with the LLVM instruction it
 * replaces, its signature, and its semantics on the GPU. The seed calls them "48 distinct"
 * functions but names 55 (its inventory and its string sweep agree on the 55); every named one is
 * a row.
 *
 * <p>Semantics, evaluated with softfloat's NVPTX specialization (canonical positive NaN):
 * fp128 arithmetic and every conversion to a floating type round to nearest even;
 * {@code __nv_rem_fp128} is LLVM {@code frem}, i.e. C {@code fmod} (exact, sign of the dividend);
 * every conversion to an integer truncates (round toward zero) and, like PTX {@code cvt.rzi},
 * gives 0 for NaN and saturates out-of-range values; integer division by zero gives all ones
 * (quotient) or the dividend (remainder), see {@link I128}; the fcmp rows are LLVM's quiet
 * {@code fcmp} predicates and return 0 or 1.
 *
 * <p>The {@code __nv_cvt_*} names read source then destination ({@code __nv_cvt_f32_u128_rz}
 * converts float to unsigned i128, {@code __nv_cvt_u128_f32_rn} unsigned i128 to float), as
 * cicc's dispatch table and the rounding suffixes (rz for fptoui, rn for uitofp) show.
 */
public enum RuntimeFunction {
    // fp128 arithmetic
    ADD_FP128("__nv_add_fp128", Opcode.FADD, ValueType.F128, binary128((a, e) -> F128.add(a[0], a[1], a[2], a[3], RoundingMode.NEAR_EVEN, e)), RuntimeLibrary::addBody),
    SUB_FP128("__nv_sub_fp128", Opcode.FSUB, ValueType.F128, binary128((a, e) -> F128.sub(a[0], a[1], a[2], a[3], RoundingMode.NEAR_EVEN, e)), RuntimeLibrary::subBody),
    MUL_FP128("__nv_mul_fp128", Opcode.FMUL, ValueType.F128, binary128((a, e) -> F128.mul(a[0], a[1], a[2], a[3], RoundingMode.NEAR_EVEN, e)), RuntimeLibrary::mul),
    DIV_FP128("__nv_div_fp128", Opcode.FDIV, ValueType.F128, binary128((a, e) -> F128.div(a[0], a[1], a[2], a[3], RoundingMode.NEAR_EVEN, e)), RuntimeLibrary::div),
    REM_FP128("__nv_rem_fp128", Opcode.FREM, ValueType.F128, binary128((a, e) -> F128.fmod(a[0], a[1], a[2], a[3], e)), RuntimeLibrary::fmod),

    // i128 division
    UDIV128("__nv_udiv128", Opcode.UDIV, ValueType.I128, binary128((a, e) -> I128.udiv(a[0], a[1], a[2], a[3], e)), RuntimeLibrary::integerDivision),
    IDIV128("__nv_idiv128", Opcode.SDIV, ValueType.I128, binary128((a, e) -> I128.sdiv(a[0], a[1], a[2], a[3], e)), RuntimeLibrary::integerDivision),
    UREM128("__nv_urem128", Opcode.UREM, ValueType.I128, binary128((a, e) -> I128.urem(a[0], a[1], a[2], a[3], e)), RuntimeLibrary::integerDivision),
    IREM128("__nv_irem128", Opcode.SREM, ValueType.I128, binary128((a, e) -> I128.srem(a[0], a[1], a[2], a[3], e)), RuntimeLibrary::integerDivision),

    // fp128 -> integer (truncating, saturating)
    FP128_TO_UINT8("__nv_fp128_to_uint8", Opcode.FPTOUI, ValueType.I8, List.of(ValueType.F128),
            (a, e) -> word(F128.toUI8(a[0], a[1], RoundingMode.MIN_MAG, false, e)), RuntimeLibrary::toInteger),
    FP128_TO_UINT16("__nv_fp128_to_uint16", Opcode.FPTOUI, ValueType.I16, List.of(ValueType.F128),
            (a, e) -> word(F128.toUI16(a[0], a[1], RoundingMode.MIN_MAG, false, e)), RuntimeLibrary::toInteger),
    FP128_TO_UINT32("__nv_fp128_to_uint32", Opcode.FPTOUI, ValueType.I32, List.of(ValueType.F128),
            (a, e) -> word(F128.toUI32(a[0], a[1], RoundingMode.MIN_MAG, false, e)), RuntimeLibrary::toInteger),
    FP128_TO_UINT64("__nv_fp128_to_uint64", Opcode.FPTOUI, ValueType.I64, List.of(ValueType.F128),
            (a, e) -> word(F128.toUI64(a[0], a[1], RoundingMode.MIN_MAG, false, e)), RuntimeLibrary::toInteger),
    FP128_TO_UINT128("__nv_fp128_to_uint128", Opcode.FPTOUI, ValueType.I128, List.of(ValueType.F128),
            (a, e) -> pair(e, () -> F128.toUI128(a[0], a[1], RoundingMode.MIN_MAG, false, e)), RuntimeLibrary::toInteger),
    FP128_TO_INT8("__nv_fp128_to_int8", Opcode.FPTOSI, ValueType.I8, List.of(ValueType.F128),
            (a, e) -> word(F128.toI8(a[0], a[1], RoundingMode.MIN_MAG, false, e)), RuntimeLibrary::toInteger),
    FP128_TO_INT16("__nv_fp128_to_int16", Opcode.FPTOSI, ValueType.I16, List.of(ValueType.F128),
            (a, e) -> word(F128.toI16(a[0], a[1], RoundingMode.MIN_MAG, false, e)), RuntimeLibrary::toInteger),
    FP128_TO_INT32("__nv_fp128_to_int32", Opcode.FPTOSI, ValueType.I32, List.of(ValueType.F128),
            (a, e) -> word(F128.toI32(a[0], a[1], RoundingMode.MIN_MAG, false, e)), RuntimeLibrary::toInteger),
    FP128_TO_INT64("__nv_fp128_to_int64", Opcode.FPTOSI, ValueType.I64, List.of(ValueType.F128),
            (a, e) -> word(F128.toI64(a[0], a[1], RoundingMode.MIN_MAG, false, e)), RuntimeLibrary::toInteger),
    FP128_TO_INT128("__nv_fp128_to_int128", Opcode.FPTOSI, ValueType.I128, List.of(ValueType.F128),
            (a, e) -> pair(e, () -> F128.toI128(a[0], a[1], RoundingMode.MIN_MAG, false, e)), RuntimeLibrary::toInteger),

    // integer -> fp128 (exact but for the 128-bit sources, which round to nearest even)
    UINT8_TO_FP128("__nv_uint8_to_fp128", Opcode.UITOFP, ValueType.F128, List.of(ValueType.I8),
            (a, e) -> pair(e, () -> F128.fromUI32((int) a[0], e)), RuntimeLibrary::fromInteger),
    UINT16_TO_FP128("__nv_uint16_to_fp128", Opcode.UITOFP, ValueType.F128, List.of(ValueType.I16),
            (a, e) -> pair(e, () -> F128.fromUI32((int) a[0], e)), RuntimeLibrary::fromInteger),
    UINT32_TO_FP128("__nv_uint32_to_fp128", Opcode.UITOFP, ValueType.F128, List.of(ValueType.I32),
            (a, e) -> pair(e, () -> F128.fromUI32((int) a[0], e)), RuntimeLibrary::fromInteger),
    UINT64_TO_FP128("__nv_uint64_to_fp128", Opcode.UITOFP, ValueType.F128, List.of(ValueType.I64),
            (a, e) -> pair(e, () -> F128.fromUI64(a[0], e)), RuntimeLibrary::fromInteger),
    UINT128_TO_FP128("__nv_uint128_to_fp128", Opcode.UITOFP, ValueType.F128, List.of(ValueType.I128),
            (a, e) -> pair(e, () -> F128.fromUI128(a[0], a[1], RoundingMode.NEAR_EVEN, e)), RuntimeLibrary::fromInteger),
    INT8_TO_FP128("__nv_int8_to_fp128", Opcode.SITOFP, ValueType.F128, List.of(ValueType.I8),
            (a, e) -> pair(e, () -> F128.fromI32((byte) a[0], e)), RuntimeLibrary::fromInteger),
    INT16_TO_FP128("__nv_int16_to_fp128", Opcode.SITOFP, ValueType.F128, List.of(ValueType.I16),
            (a, e) -> pair(e, () -> F128.fromI32((short) a[0], e)), RuntimeLibrary::fromInteger),
    INT32_TO_FP128("__nv_int32_to_fp128", Opcode.SITOFP, ValueType.F128, List.of(ValueType.I32),
            (a, e) -> pair(e, () -> F128.fromI32((int) a[0], e)), RuntimeLibrary::fromInteger),
    INT64_TO_FP128("__nv_int64_to_fp128", Opcode.SITOFP, ValueType.F128, List.of(ValueType.I64),
            (a, e) -> pair(e, () -> F128.fromI64(a[0], e)), RuntimeLibrary::fromInteger),
    INT128_TO_FP128("__nv_int128_to_fp128", Opcode.SITOFP, ValueType.F128, List.of(ValueType.I128),
            (a, e) -> pair(e, () -> F128.fromI128(a[0], a[1], RoundingMode.NEAR_EVEN, e)), RuntimeLibrary::fromInteger),

    // fp128 <-> float, double
    FP128_TO_FLOAT("__nv_fp128_to_float", Opcode.FPTRUNC, ValueType.F32, List.of(ValueType.F128),
            (a, e) -> word(F128.toF32(a[0], a[1], RoundingMode.NEAR_EVEN, e)), RuntimeLibrary::toNarrow),
    FP128_TO_DOUBLE("__nv_fp128_to_double", Opcode.FPTRUNC, ValueType.F64, List.of(ValueType.F128),
            (a, e) -> word(F128.toF64(a[0], a[1], RoundingMode.NEAR_EVEN, e)), RuntimeLibrary::toNarrow),
    FLOAT_TO_FP128("__nv_float_to_fp128", Opcode.FPEXT, ValueType.F128, List.of(ValueType.F32),
            (a, e) -> pair(e, () -> F128.fromF32((int) a[0], e)), RuntimeLibrary::fromNarrowBody),
    DOUBLE_TO_FP128("__nv_double_to_fp128", Opcode.FPEXT, ValueType.F128, List.of(ValueType.F64),
            (a, e) -> pair(e, () -> F128.fromF64(a[0], e)), RuntimeLibrary::fromNarrowBody),

    // float, double <-> i128 without an fp128 step (source type first in the name)
    CVT_F32_U128_RZ("__nv_cvt_f32_u128_rz", Opcode.FPTOUI, ValueType.I128, List.of(ValueType.F32),
            (a, e) -> pair(e, () -> F32.toUI128((int) a[0], RoundingMode.MIN_MAG, false, e)), RuntimeLibrary::narrowToInteger),
    CVT_F32_I128_RZ("__nv_cvt_f32_i128_rz", Opcode.FPTOSI, ValueType.I128, List.of(ValueType.F32),
            (a, e) -> pair(e, () -> F32.toI128((int) a[0], RoundingMode.MIN_MAG, false, e)), RuntimeLibrary::narrowToInteger),
    CVT_F64_U128_RZ("__nv_cvt_f64_u128_rz", Opcode.FPTOUI, ValueType.I128, List.of(ValueType.F64),
            (a, e) -> pair(e, () -> F64.toUI128(a[0], RoundingMode.MIN_MAG, false, e)), RuntimeLibrary::narrowToInteger),
    CVT_F64_I128_RZ("__nv_cvt_f64_i128_rz", Opcode.FPTOSI, ValueType.I128, List.of(ValueType.F64),
            (a, e) -> pair(e, () -> F64.toI128(a[0], RoundingMode.MIN_MAG, false, e)), RuntimeLibrary::narrowToInteger),
    CVT_U128_F32_RN("__nv_cvt_u128_f32_rn", Opcode.UITOFP, ValueType.F32, List.of(ValueType.I128),
            (a, e) -> word(F32.fromUI128(a[0], a[1], RoundingMode.NEAR_EVEN, e)), RuntimeLibrary::integerToNarrow),
    CVT_I128_F32_RN("__nv_cvt_i128_f32_rn", Opcode.SITOFP, ValueType.F32, List.of(ValueType.I128),
            (a, e) -> word(F32.fromI128(a[0], a[1], RoundingMode.NEAR_EVEN, e)), RuntimeLibrary::integerToNarrow),
    CVT_U128_F64_RN("__nv_cvt_u128_f64_rn", Opcode.UITOFP, ValueType.F64, List.of(ValueType.I128),
            (a, e) -> word(F64.fromUI128(a[0], a[1], RoundingMode.NEAR_EVEN, e)), RuntimeLibrary::integerToNarrow),
    CVT_I128_F64_RN("__nv_cvt_i128_f64_rn", Opcode.SITOFP, ValueType.F64, List.of(ValueType.I128),
            (a, e) -> word(F64.fromI128(a[0], a[1], RoundingMode.NEAR_EVEN, e)), RuntimeLibrary::integerToNarrow),

    // fp128 comparisons
    FCMP_OEQ(FcmpPredicate.OEQ),
    FCMP_OGT(FcmpPredicate.OGT),
    FCMP_OGE(FcmpPredicate.OGE),
    FCMP_OLT(FcmpPredicate.OLT),
    FCMP_OLE(FcmpPredicate.OLE),
    FCMP_ONE(FcmpPredicate.ONE),
    FCMP_ORD(FcmpPredicate.ORD),
    FCMP_UNO(FcmpPredicate.UNO),
    FCMP_UEQ(FcmpPredicate.UEQ),
    FCMP_UGT(FcmpPredicate.UGT),
    FCMP_UGE(FcmpPredicate.UGE),
    FCMP_ULT(FcmpPredicate.ULT),
    FCMP_ULE(FcmpPredicate.ULE),
    FCMP_UNE(FcmpPredicate.UNE),

    // ---- nvlower's extensions (not in the seed): the fp128 intrinsics LLVM 14 and 19 define, and
    // the C library's exact quad functions; each replaces a call (opcode CALL) of the intrinsics
    // named in the row. Same name scheme as the seed's; see docs/runtime-functions.md.
    FMA_FP128("__nv_fma_fp128", List.of("llvm.fma", "llvm.fmuladd"), ValueType.F128,
            List.of(ValueType.F128, ValueType.F128, ValueType.F128),
            (a, e) -> pair(e, () -> F128.mulAdd(a[0], a[1], a[2], a[3], a[4], a[5], RoundingMode.NEAR_EVEN, e)), RuntimeLibrary::fma),
    SQRT_FP128("__nv_sqrt_fp128", List.of("llvm.sqrt"), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> pair(e, () -> F128.sqrt(a[0], a[1], RoundingMode.NEAR_EVEN, e)), RuntimeLibrary::sqrt),
    FLOOR_FP128("__nv_floor_fp128", List.of("llvm.floor"), RoundingMode.MIN),
    CEIL_FP128("__nv_ceil_fp128", List.of("llvm.ceil"), RoundingMode.MAX),
    TRUNC_FP128("__nv_trunc_fp128", List.of("llvm.trunc"), RoundingMode.MIN_MAG),
    ROUND_FP128("__nv_round_fp128", List.of("llvm.round"), RoundingMode.NEAR_MAX_MAG),
    ROUNDEVEN_FP128("__nv_roundeven_fp128", List.of("llvm.roundeven"), RoundingMode.NEAR_EVEN),
    /** rint and nearbyint: the same on the GPU (nearest even; no inexact flag to raise or not). */
    RINT_FP128("__nv_rint_fp128", List.of("llvm.rint", "llvm.nearbyint"), RoundingMode.NEAR_EVEN),
    MINNUM_FP128("__nv_minnum_fp128", List.of("llvm.minnum"), ValueType.F128, List.of(ValueType.F128, ValueType.F128),
            minMax(false, false), (lib, f, b) -> lib.minMax(b, false, false)),
    MAXNUM_FP128("__nv_maxnum_fp128", List.of("llvm.maxnum"), ValueType.F128, List.of(ValueType.F128, ValueType.F128),
            minMax(true, false), (lib, f, b) -> lib.minMax(b, true, false)),
    MINIMUM_FP128("__nv_minimum_fp128", List.of("llvm.minimum"), ValueType.F128,
            List.of(ValueType.F128, ValueType.F128), minMax(false, true), (lib, f, b) -> lib.minMax(b, false, true)),
    MAXIMUM_FP128("__nv_maximum_fp128", List.of("llvm.maximum"), ValueType.F128,
            List.of(ValueType.F128, ValueType.F128), minMax(true, true), (lib, f, b) -> lib.minMax(b, true, true)),
    /** The class of a as one bit of llvm.is.fpclass's mask (bit 0 signaling NaN ... bit 9 +inf). */
    FPCLASS_FP128("__nv_fpclass_fp128", List.of("llvm.is.fpclass"), ValueType.I32, List.of(ValueType.F128),
            (a, e) -> word(1L << F128.classify(a[0], a[1]).ordinal()), RuntimeLibrary::fpclass),
    /** compiler-rt's __powitf2: square and multiply over the bits of |n|, then 1/r for n < 0. */
    POWI_FP128("__nv_powi_fp128", List.of("llvm.powi"), ValueType.F128, List.of(ValueType.F128, ValueType.I32),
            RuntimeFunction::powi, RuntimeLibrary::powi),
    LDEXP_FP128("__nv_ldexp_fp128", List.of("llvm.ldexp"), ValueType.F128, List.of(ValueType.F128, ValueType.I32),
            RuntimeFunction::ldexp, RuntimeLibrary::ldexp),
    /** llvm.frexp's fraction: in [0.5, 1) with a's sign; zeros and infinities as they are. */
    FREXP_FP128("__nv_frexp_fp128", List.of("llvm.frexp"), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> frexp(a, false), RuntimeLibrary::frexp),
    /** llvm.frexp's exponent: a = fraction * 2^exponent; 0 for zeros, infinities and NaNs. */
    FREXP_EXP_FP128("__nv_frexp_exp_fp128", List.of(), ValueType.I32, List.of(ValueType.F128),
            (a, e) -> frexp(a, true), RuntimeLibrary::frexpExponent),
    /** C remainder: a - n*b, n the integer nearest a/b (ties to even); exact; a zero has a's sign. */
    REMAINDER_FP128("__nv_remainder_fp128", List.of(), ValueType.F128, List.of(ValueType.F128, ValueType.F128),
            binary128((a, e) -> F128.rem(a[0], a[1], a[2], a[3], e)), RuntimeLibrary::remainder),
    /** C fdim: a - b when a > b, else +0; NaN for a NaN operand. */
    FDIM_FP128("__nv_fdim_fp128", List.of(), ValueType.F128, List.of(ValueType.F128, ValueType.F128),
            RuntimeFunction::fdim, RuntimeLibrary::fdim),
    /** C nextafter: the neighbour of a toward b; b when they are equal; NaN for a NaN operand. */
    NEXTAFTER_FP128("__nv_nextafter_fp128", List.of(), ValueType.F128, List.of(ValueType.F128, ValueType.F128),
            RuntimeFunction::nextafter, RuntimeLibrary::nextafter),
    /** C cbrt, correctly rounded (nearest even); cbrt(-a) = -cbrt(a). */
    CBRT_FP128("__nv_cbrt_fp128", List.of(), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> F128Libm.cbrt(a[0], a[1]), LibmBodies::cbrt),
    /** C hypot: sqrt(a^2 + b^2) correctly rounded, without overflow or underflow on the way; +inf beats NaN. */
    HYPOT_FP128("__nv_hypot_fp128", List.of(), ValueType.F128, List.of(ValueType.F128, ValueType.F128),
            (a, e) -> F128Libm.hypot(a[0], a[1], a[2], a[3]), LibmBodies::hypot),
    /** C modf's result: the fractional part (exact) with a's sign; the integral part is trunc's row. */
    MODF_FP128("__nv_modf_fp128", List.of(), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> F128Libm.modf(a[0], a[1]), LibmBodies::modf),
    /** C remquo's stored quotient: n mod 8 with the sign of a/b (n the quotient remainder rounds to); the result is remainder's row. */
    REMQUO_QUOTIENT_FP128("__nv_remquo_quotient_fp128", List.of(), ValueType.I32, List.of(ValueType.F128, ValueType.F128),
            (a, e) -> word(F128Libm.remquoQuotient(a[0], a[1], a[2], a[3])), LibmBodies::remquoQuotient),
    /** C logb: floor(log2 |a|) as fp128 (subnormals too); -inf for a zero, +inf for an infinity, NaN for NaN. */
    LOGB_FP128("__nv_logb_fp128", List.of(), ValueType.F128, List.of(ValueType.F128), RuntimeFunction::logb,
            LibmBodies::logb),
    /**
     * C ilogb: floor(log2 |a|) as int; glibc's FP_ILOGB0 and FP_ILOGBNAN (both INT_MIN on x86-64 and
     * AArch64) for a zero and a NaN, INT_MAX for an infinity.
     */
    ILOGB_FP128("__nv_ilogb_fp128", List.of(), ValueType.I32, List.of(ValueType.F128), RuntimeFunction::ilogb,
            LibmBodies::ilogb),

    // ---- the quad math library (transcendental; docs/quad-math.md): semantics the arbitrary-precision reference
    /** exp, correctly rounded but where the double-quad evaluation cannot decide (see QuadMathBodies). */
    EXP_FP128("__nv_exp_fp128", List.of("llvm.exp"), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadReference.exp(a[0], a[1]), QuadMathBodies::exp),
    /** log (natural), correctly rounded but where the double-quad evaluation cannot decide. */
    LOG_FP128("__nv_log_fp128", List.of("llvm.log"), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadReference.log(a[0], a[1]), QuadMathBodies::log),
    /** 2^a, correctly rounded but where the double-quad evaluation cannot decide; exact for an integer a. */
    EXP2_FP128("__nv_exp2_fp128", List.of("llvm.exp2"), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadReference.exp2(a[0], a[1]), QuadMathBodies::exp2),
    /** log2, correctly rounded but where the double-quad evaluation cannot decide; exact for 2^k. */
    LOG2_FP128("__nv_log2_fp128", List.of("llvm.log2"), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadReference.log2(a[0], a[1]), QuadMathBodies::log2),
    /** log10, correctly rounded but where the double-quad evaluation cannot decide; exact for 10^k. */
    LOG10_FP128("__nv_log10_fp128", List.of("llvm.log10"), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadReference.log10(a[0], a[1]), QuadMathBodies::log10),
    /** e^a - 1, correctly rounded but where the double-quad evaluation cannot decide; a for |a| < 2^-120. */
    EXPM1_FP128("__nv_expm1_fp128", List.of(), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadReference.expm1(a[0], a[1]), QuadMathBodies::expm1),
    /** log(1 + a), correctly rounded but where the double-quad evaluation cannot decide; a for |a| < 2^-120. */
    LOG1P_FP128("__nv_log1p_fp128", List.of(), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadReference.log1p(a[0], a[1]), QuadMathBodies::log1p),
    /** 10^a, correctly rounded but where the double-quad evaluation cannot decide; exact for 10^0 .. 10^48. */
    EXP10_FP128("__nv_exp10_fp128", List.of("llvm.exp10"), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadReference.exp10(a[0], a[1]), QuadMathBodies::exp10),
    /** a^b (C pow, Annex F's special cases), correctly rounded but where the evaluation cannot decide (exact midpoints included). */
    POW_FP128("__nv_pow_fp128", List.of("llvm.pow"), ValueType.F128, List.of(ValueType.F128, ValueType.F128),
            (a, e) -> QuadReference.pow(a[0], a[1], a[2], a[3]), QuadMathBodies::pow),
    /** sinh, correctly rounded but where the double-quad evaluation cannot decide. */
    SINH_FP128("__nv_sinh_fp128", List.of("llvm.sinh"), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadReference.sinh(a[0], a[1]), QuadMathBodies::sinh),
    /** cosh, correctly rounded but where the double-quad evaluation cannot decide. */
    COSH_FP128("__nv_cosh_fp128", List.of("llvm.cosh"), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadReference.cosh(a[0], a[1]), QuadMathBodies::cosh),
    /** tanh, correctly rounded but where the double-quad evaluation cannot decide. */
    TANH_FP128("__nv_tanh_fp128", List.of("llvm.tanh"), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadReference.tanh(a[0], a[1]), QuadMathBodies::tanh),
    // ---- the inverse functions (QuadInverseBodies; reference QuadInverseReference): correctly rounded but where the double-quad evaluation cannot decide
    ATANH_FP128("__nv_atanh_fp128", List.of(), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadInverseReference.atanh(a[0], a[1]), QuadInverseBodies::atanh),
    ASINH_FP128("__nv_asinh_fp128", List.of(), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadInverseReference.asinh(a[0], a[1]), QuadInverseBodies::asinh),
    ACOSH_FP128("__nv_acosh_fp128", List.of(), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadInverseReference.acosh(a[0], a[1]), QuadInverseBodies::acosh),
    ATAN_FP128("__nv_atan_fp128", List.of("llvm.atan"), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadInverseReference.atan(a[0], a[1]), QuadInverseBodies::atan),
    ASIN_FP128("__nv_asin_fp128", List.of("llvm.asin"), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadInverseReference.asin(a[0], a[1]), QuadInverseBodies::asin),
    ACOS_FP128("__nv_acos_fp128", List.of("llvm.acos"), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadInverseReference.acos(a[0], a[1]), QuadInverseBodies::acos),
    /** atan2(y, x) (operands y then x, as C's; LLVM 19 has no llvm.atan2). */
    ATAN2_FP128("__nv_atan2_fp128", List.of(), ValueType.F128, List.of(ValueType.F128, ValueType.F128),
            (a, e) -> QuadInverseReference.atan2(a[0], a[1], a[2], a[3]), QuadInverseBodies::atan2),
    /** sin, correctly rounded but where the double-quad evaluation cannot decide (any |a|: exact reduction). */
    SIN_FP128("__nv_sin_fp128", List.of("llvm.sin"), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadTrigReference.sin(a[0], a[1]), QuadTrigBodies::sin),
    /** cos, correctly rounded but where the double-quad evaluation cannot decide (any |a|: exact reduction). */
    COS_FP128("__nv_cos_fp128", List.of("llvm.cos"), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadTrigReference.cos(a[0], a[1]), QuadTrigBodies::cos),
    /** tan, correctly rounded but where the double-quad evaluation cannot decide (any |a|: exact reduction). */
    TAN_FP128("__nv_tan_fp128", List.of("llvm.tan"), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadTrigReference.tan(a[0], a[1]), QuadTrigBodies::tan),
    // ---- the error functions (QuadErfBodies; reference QuadErfReference): correctly rounded but where the double-quad evaluation cannot decide
    ERF_FP128("__nv_erf_fp128", List.of(), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadErfReference.erf(a[0], a[1]), QuadErfBodies::erf),
    /** erfc, subnormal results (x near 106.9) rounded once. */
    ERFC_FP128("__nv_erfc_fp128", List.of(), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadErfReference.erfc(a[0], a[1]), QuadErfBodies::erfc),
    // ---- lgamma and tgamma (QuadGammaBodies; reference QuadGammaReference; Annex F F.10.5.3-4)
    /** Gamma(a): tgamma(+-0) = +-inf, NaN for a negative integer and -inf, +inf beyond 1755.45, +-0 below about -1775. */
    TGAMMA_FP128("__nv_tgamma_fp128", List.of(), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadGammaReference.tgamma(a[0], a[1]), QuadGammaBodies::tgamma),
    /** log|Gamma(a)| (no signgam): +inf at the poles (+-0, negative integers) and +-inf, +0 at 1 and 2. */
    LGAMMA_FP128("__nv_lgamma_fp128", List.of(), ValueType.F128, List.of(ValueType.F128),
            (a, e) -> QuadGammaReference.lgamma(a[0], a[1]), QuadGammaBodies::lgamma);

    /** How a row computes its result from the operand words, with the rounding mode and flags of {@code env}. */
    @FunctionalInterface
    interface Semantics {
        long[] apply(long[] operandWords, Env env);
    }

    /**
     * How {@link RuntimeLibrary} builds a row's body: a method of the library that fills the
     * function's entry block (arguments named a, b, ...) for this row.
     */
    @FunctionalInterface
    interface Body {
        void build(RuntimeLibrary library, RuntimeFunction row, BodyBuilder b);
    }

    private final String symbol;
    private final Opcode opcode;
    private final FcmpPredicate predicate;
    private final ValueType returnType;
    private final List<ValueType> parameterTypes;
    private final Semantics semantics;
    private final Body body;
    private final List<String> intrinsics;

    RuntimeFunction(String symbol, Opcode opcode, ValueType returnType, List<ValueType> parameterTypes,
            Semantics semantics, Body body) {
        this.symbol = symbol;
        this.opcode = opcode;
        this.predicate = null;
        this.returnType = returnType;
        this.parameterTypes = parameterTypes;
        this.semantics = semantics;
        this.body = body;
        this.intrinsics = List.of();
    }

    /** An extension row: replaces calls of {@code intrinsics} (base names, e.g. "llvm.fma"). */
    RuntimeFunction(String symbol, List<String> intrinsics, ValueType returnType, List<ValueType> parameterTypes,
            Semantics semantics, Body body) {
        this.symbol = symbol;
        this.opcode = Opcode.CALL;
        this.predicate = null;
        this.returnType = returnType;
        this.parameterTypes = parameterTypes;
        this.semantics = semantics;
        this.body = body;
        this.intrinsics = intrinsics;
    }

    /** A rounding-to-integral extension row: fp128 -> fp128 in mode {@code rm}. */
    RuntimeFunction(String symbol, List<String> intrinsics, RoundingMode rm) {
        this(symbol, intrinsics, ValueType.F128, List.of(ValueType.F128), roundToInt(rm),
                (lib, f, b) -> lib.roundToInt(b, rm));
    }

    /** A binary 128-bit row: both operands and the result of the same type. */
    RuntimeFunction(String symbol, Opcode opcode, ValueType type, Semantics semantics, Body body) {
        this(symbol, opcode, type, List.of(type, type), semantics, body);
    }

    /** An fcmp row: {@code __nv_fcmp_<predicate>}, (fp128, fp128) -> i1. */
    RuntimeFunction(FcmpPredicate predicate) {
        this.symbol = "__nv_fcmp_" + predicate.llvmName();
        this.opcode = Opcode.FCMP;
        this.predicate = predicate;
        this.returnType = ValueType.I1;
        this.parameterTypes = List.of(ValueType.F128, ValueType.F128);
        this.semantics = (a, e) -> word(F128.fcmp(predicate, a[0], a[1], a[2], a[3], e) ? 1 : 0);
        this.body = RuntimeLibrary::fcmp;
        this.intrinsics = List.of();
    }

    /** The symbol cicc calls, e.g. {@code __nv_add_fp128}. */
    public String symbol() {
        return symbol;
    }

    /** The LLVM instruction this function replaces: FADD, UDIV, FPTOUI, FCMP, ... */
    public Opcode opcode() {
        return opcode;
    }

    /** Whether the seed names this row (the 55); the others are nvlower's extensions. */
    public boolean isSeed() {
        return opcode != Opcode.CALL;
    }

    /**
     * The intrinsics an extension row replaces, by base name ("llvm.fma", "llvm.fmuladd"; the
     * overloaded names add type suffixes: {@code llvm.fma.f128}, {@code llvm.powi.f128.i32}).
     */
    public List<String> intrinsics() {
        return intrinsics;
    }

    /** The fcmp predicate of an fcmp row, empty for the others. */
    public Optional<FcmpPredicate> predicate() {
        return Optional.ofNullable(predicate);
    }

    public ValueType returnType() {
        return returnType;
    }

    public List<ValueType> parameterTypes() {
        return parameterTypes;
    }

    /** Builds this row's body into {@code b} (the library's recipe for it). */
    void buildBody(RuntimeLibrary library, BodyBuilder b) {
        body.build(library, this, b);
    }

    /** The number of longs {@link #evaluate} takes: one per operand, two for 128-bit operands. */
    public int operandWords() {
        return parameterTypes.stream().mapToInt(ValueType::words).sum();
    }

    /**
     * The function's type in the IR model; with {@code fp128AsI128} every fp128 parameter and
     * result is carried as i128 (the form stock LLVM compiles for NVPTX, see
     * {@link Fp128Carrier}).
     */
    public FunctionType functionType(boolean fp128AsI128) {
        List<Type> params = parameterTypes.stream().map(t -> irType(t, fp128AsI128)).toList();
        return new FunctionType(irType(returnType, fp128AsI128), params, false);
    }

    private static Type irType(ValueType t, boolean fp128AsI128) {
        return fp128AsI128 && t == ValueType.F128 ? IntegerType.I128 : t.irType();
    }

    /** The LLVM declaration, e.g. {@code declare fp128 @__nv_add_fp128(fp128, fp128)}. */
    public String llvmDeclaration() {
        StringBuilder sb = new StringBuilder("declare ").append(returnType.llvmName())
                .append(" @").append(symbol).append('(');
        for (int i = 0; i < parameterTypes.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(parameterTypes.get(i).llvmName());
        }
        return sb.append(')').toString();
    }

    /**
     * The most a body's result may differ from {@link #evaluate}'s (correctly rounded) one, in
     * units of the binary128 encoding: 0 for every row but pow, whose double-quad body is
     * correctly rounded except where the true value lies within about 2^-220 (relative) of a
     * rounding midpoint (x near a power of two with y = -1/2 or 3/2, docs/quad-math.md): there
     * it may give the other neighbour, so it is checked as faithful (1 ulp).
     */
    public int ulpTolerance() {
        return this == POW_FP128 ? 1 : 0;
    }

    /** Whether a body's result {@code actual} is acceptable where {@link #evaluate} gives {@code expected}. */
    public boolean accepts(long[] expected, long[] actual) {
        if (java.util.Arrays.equals(expected, actual)) {
            return true;
        }
        if (ulpTolerance() == 0 || expected.length != 2 || actual.length != 2 || (expected[0] ^ actual[0]) < 0
                || F128.isNaN(expected[0], expected[1]) || F128.isNaN(actual[0], actual[1])) {
            return false;
        }
        java.math.BigInteger e = java.math.BigInteger.valueOf(expected[0] & Long.MAX_VALUE).shiftLeft(64)
                .add(new java.math.BigInteger(Long.toUnsignedString(expected[1])));
        java.math.BigInteger a = java.math.BigInteger.valueOf(actual[0] & Long.MAX_VALUE).shiftLeft(64)
                .add(new java.math.BigInteger(Long.toUnsignedString(actual[1])));
        return e.subtract(a).abs().compareTo(java.math.BigInteger.valueOf(ulpTolerance())) <= 0;
    }

    /**
     * The result bits of this function on the GPU for the given operand bits (one long per
     * operand, high word then low word for i128/fp128; narrow values zero-extended).
     * Returns one long, or two (high, low) for an i128/fp128 result.
     *
     * @throws IllegalArgumentException for the wrong number of words or bits beyond a type's width
     */
    public long[] evaluate(long... operandWords) {
        return evaluate(new Env(Specialization.NVPTX), operandWords);
    }

    /**
     * As {@link #evaluate(long...)}, ORing the IEEE flags into {@code env.flags}. The rounding
     * of each row is fixed (see the class comment: nearest even, or toward zero for the rz rows),
     * and env's specialization is set to NVPTX.
     */
    public long[] evaluate(Env env, long... operandWords) {
        if (operandWords.length != operandWords()) {
            throw new IllegalArgumentException(symbol + " takes " + operandWords() + " operand words, got "
                    + operandWords.length);
        }
        int w = 0;
        for (ValueType t : parameterTypes) {
            for (int i = 0; i < t.words(); i++, w++) {
                if ((operandWords[w] & ~t.wordMask()) != 0) {
                    throw new IllegalArgumentException(symbol + ": operand " + Long.toHexString(operandWords[w])
                            + " does not fit " + t.llvmName());
                }
            }
        }
        env.specialization = Specialization.NVPTX;
        long[] result = semantics.apply(operandWords, env);
        if (result.length == 1) {
            result[0] &= returnType.wordMask();
        }
        return result;
    }

    private static final Map<String, RuntimeFunction> BY_SYMBOL = new HashMap<>();

    static {
        for (RuntimeFunction f : values()) {
            BY_SYMBOL.put(f.symbol, f);
        }
    }

    /** The row named {@code symbol}, if any. */
    public static Optional<RuntimeFunction> bySymbol(String symbol) {
        return Optional.ofNullable(BY_SYMBOL.get(symbol));
    }

    /**
     * The row that replaces {@code opcode} on an operand of type {@code from} giving {@code to}
     * (for fcmp: fp128 operands, i1 result, and the predicate), if there is one. This is the
     * lowering's question "which call replaces this instruction?".
     */
    public static Optional<RuntimeFunction> find(Opcode opcode, ValueType from, ValueType to, FcmpPredicate predicate) {
        return Arrays.stream(values())
                .filter(f -> f.isSeed() && f.opcode == opcode && f.parameterTypes.get(0) == from && f.returnType == to
                        && f.predicate == predicate)
                .findFirst();
    }

    // ---- helpers for the rows

    private interface Binary128 {
        void apply(long[] a, Env env);
    }

    private static Semantics binary128(Binary128 op) {
        return (a, e) -> {
            op.apply(a, e);
            return new long[] {e.zHi, e.zLo};
        };
    }

    private static long[] pair(Env env, Runnable op) {
        op.run();
        return new long[] {env.zHi, env.zLo};
    }

    private static long[] word(long bits) {
        return new long[] {bits};
    }

    // ---- semantics of the extensions

    private static final long[] F128_NAN = {0x7FFFFFFFFFFFFFFFL, -1L};
    private static final long ONE_HI = 0x3FFF000000000000L;

    /** llvm.floor/ceil/trunc/round/roundeven/rint: a rounded to an integral value in mode {@code rm}. */
    private static Semantics roundToInt(RoundingMode rm) {
        return (a, e) -> pair(e, () -> F128.roundToInt(a[0], a[1], rm, false, e));
    }

    /**
     * minnum/maxnum ({@code nanWins} false: a NaN operand is ignored, as PTX min/max do) and
     * minimum/maximum (true: a NaN operand gives NaN); -0 is below +0 in both.
     */
    private static Semantics minMax(boolean max, boolean nanWins) {
        return (a, e) -> {
            boolean nanA = F128.isNaN(a[0], a[1]);
            boolean nanB = F128.isNaN(a[2], a[3]);
            if (nanA && nanB || nanWins && (nanA || nanB)) {
                return F128_NAN.clone();
            }
            if (nanA || nanB) {
                return nanA ? new long[] {a[2], a[3]} : new long[] {a[0], a[1]};
            }
            if (max) {
                F128.maxNum(a[0], a[1], a[2], a[3], e);
            } else {
                F128.minNum(a[0], a[1], a[2], a[3], e);
            }
            return new long[] {e.zHi, e.zLo};
        };
    }

    private static long[] powi(long[] a, Env e) {
        long xHi = a[0];
        long xLo = a[1];
        int n = (int) a[2];
        long rHi = ONE_HI;
        long rLo = 0;
        while (true) {
            if ((n & 1) != 0) {
                F128.mul(rHi, rLo, xHi, xLo, RoundingMode.NEAR_EVEN, e);
                rHi = e.zHi;
                rLo = e.zLo;
            }
            n /= 2;
            if (n == 0) {
                break;
            }
            F128.mul(xHi, xLo, xHi, xLo, RoundingMode.NEAR_EVEN, e);
            xHi = e.zHi;
            xLo = e.zLo;
        }
        if ((int) a[2] < 0) {
            F128.div(ONE_HI, 0, rHi, rLo, RoundingMode.NEAR_EVEN, e);
            return new long[] {e.zHi, e.zLo};
        }
        return new long[] {rHi, rLo};
    }

    /** floor(log2 |a|) of a finite nonzero a: the exponent field's, or a subnormal's leading bit. */
    private static int exponentOf(long hi, long lo) {
        int field = (int) (hi >>> 48) & 0x7FFF;
        if (field != 0) {
            return field - 16383;
        }
        long high = hi & 0xFFFFFFFFFFFFL; // a subnormal is significand * 2^-16494
        int bits = high != 0 ? 128 - Long.numberOfLeadingZeros(high) : 64 - Long.numberOfLeadingZeros(lo);
        return bits - 1 - 16494;
    }

    private static long[] logb(long[] a, Env e) {
        if (F128.isNaN(a[0], a[1])) {
            return F128_NAN.clone();
        }
        long abs = a[0] & Long.MAX_VALUE;
        if ((abs | a[1]) == 0) {
            return new long[] {0xFFFF000000000000L, 0};
        }
        if (abs == 0x7FFF000000000000L && a[1] == 0) {
            return new long[] {0x7FFF000000000000L, 0};
        }
        return pair(e, () -> F128.fromI32(exponentOf(a[0], a[1]), e));
    }

    private static long[] ilogb(long[] a, Env e) {
        long abs = a[0] & Long.MAX_VALUE;
        if (F128.isNaN(a[0], a[1]) || (abs | a[1]) == 0) {
            return word(0x80000000L);
        }
        if (abs == 0x7FFF000000000000L && a[1] == 0) {
            return word(0x7FFFFFFFL);
        }
        return word(exponentOf(a[0], a[1]) & 0xFFFFFFFFL);
    }

    private static long[] fdim(long[] a, Env e) {
        if (F128.isNaN(a[0], a[1]) || F128.isNaN(a[2], a[3])) {
            return F128_NAN.clone();
        }
        if (!F128.fcmp(FcmpPredicate.OGT, a[0], a[1], a[2], a[3], e)) {
            return new long[] {0, 0};
        }
        F128.sub(a[0], a[1], a[2], a[3], RoundingMode.NEAR_EVEN, e);
        return new long[] {e.zHi, e.zLo};
    }

    private static long[] nextafter(long[] a, Env e) {
        if (F128.isNaN(a[0], a[1]) || F128.isNaN(a[2], a[3])) {
            return F128_NAN.clone();
        }
        if (F128.fcmp(FcmpPredicate.OEQ, a[0], a[1], a[2], a[3], e)) {
            return new long[] {a[2], a[3]};
        }
        if (((a[0] & Long.MAX_VALUE) | a[1]) == 0) { // the smallest subnormal, toward b
            return new long[] {a[2] & Long.MIN_VALUE, 1};
        }
        boolean towardLarger = F128.fcmp(FcmpPredicate.OLT, a[0], a[1], a[2], a[3], e);
        boolean magnitudeUp = towardLarger == (a[0] >= 0);
        long lo = magnitudeUp ? a[1] + 1 : a[1] - 1;
        long hi = a[0] + (magnitudeUp ? (lo == 0 ? 1 : 0) : (a[1] == 0 ? -1 : 0));
        return new long[] {hi, lo};
    }

    /** The bits of 2^k, k in [-16494, 16383] (subnormal below -16382). */
    private static long[] pow2(int k) {
        if (k >= -16382) {
            return new long[] {(long) (k + 16383) << 48, 0};
        }
        int bit = k + 16494;
        return bit >= 64 ? new long[] {1L << (bit - 64), 0} : new long[] {0, 1L << bit};
    }

    /**
     * a * 2^n rounded once: a is scaled exactly into [1, 2) (two steps, neither rounds), then one
     * multiplication by 2^T (T the result's exponent) rounds; T beyond the range overflows or
     * rounds to zero without any multiplication.
     */
    private static long[] ldexp(long[] a, Env e) {
        long hi = a[0];
        long lo = a[1];
        int n = (int) a[2];
        if (F128.isNaN(hi, lo)) {
            return F128_NAN.clone();
        }
        int field = (int) (hi >>> 48) & 0x7FFF;
        long sign = hi & Long.MIN_VALUE;
        if (field == 0x7FFF || ((hi & Long.MAX_VALUE) | lo) == 0) {
            return new long[] {hi, lo};
        }
        int scaleUp = 0;
        if (field == 0) { // subnormal: 2^200 times it is normal, exactly
            F128.mul(hi, lo, ONE_HI + (200L << 48), 0, RoundingMode.NEAR_EVEN, e);
            hi = e.zHi;
            lo = e.zLo;
            field = (int) (hi >>> 48) & 0x7FFF;
            scaleUp = 200;
        }
        int exponent = field - 16383 - scaleUp; // a = m * 2^exponent, m in [1, 2)
        long[] m = {sign | ONE_HI | (hi & 0xFFFFFFFFFFFFL), lo};
        long t = (long) exponent + n;
        if (t > 16383) {
            return new long[] {sign | 0x7FFF000000000000L, 0};
        }
        if (t < -16495) {
            return new long[] {sign, 0};
        }
        if (t == -16495) { // m/2 is exact; 2^-16494 is the smallest subnormal
            F128.mul(m[0], m[1], 0x3FFE000000000000L, 0, RoundingMode.NEAR_EVEN, e);
            m = new long[] {e.zHi, e.zLo};
            t = -16494;
        }
        long[] p = pow2((int) t);
        F128.mul(m[0], m[1], p[0], p[1], RoundingMode.NEAR_EVEN, e);
        return new long[] {e.zHi, e.zLo};
    }

    /** frexp's fraction ({@code exponent} false) or exponent of a (NaN: the canonical NaN, exponent 0). */
    private static long[] frexp(long[] a, boolean exponent) {
        long hi = a[0];
        long lo = a[1];
        if (F128.isNaN(hi, lo)) {
            return exponent ? word(0) : F128_NAN.clone();
        }
        int field = (int) (hi >>> 48) & 0x7FFF;
        if (field == 0x7FFF || ((hi & Long.MAX_VALUE) | lo) == 0) {
            return exponent ? word(0) : new long[] {hi, lo};
        }
        int scaleUp = 0;
        if (field == 0) {
            Env e = new Env(Specialization.NVPTX);
            F128.mul(hi, lo, ONE_HI + (200L << 48), 0, RoundingMode.NEAR_EVEN, e);
            hi = e.zHi;
            lo = e.zLo;
            field = (int) (hi >>> 48) & 0x7FFF;
            scaleUp = 200;
        }
        if (exponent) {
            return word((field - 16382 - scaleUp) & 0xFFFFFFFFL);
        }
        return new long[] {(hi & 0x8000FFFFFFFFFFFFL) | (0x3FFEL << 48), lo};
    }
}

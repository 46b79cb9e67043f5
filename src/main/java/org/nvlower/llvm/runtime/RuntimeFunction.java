package org.nvlower.llvm.runtime;


import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.Type;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.F128;
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
    ADD_FP128("__nv_add_fp128", "fadd", ValueType.F128, binary128((a, e) -> F128.add(a[0], a[1], a[2], a[3], RoundingMode.NEAR_EVEN, e))),
    SUB_FP128("__nv_sub_fp128", "fsub", ValueType.F128, binary128((a, e) -> F128.sub(a[0], a[1], a[2], a[3], RoundingMode.NEAR_EVEN, e))),
    MUL_FP128("__nv_mul_fp128", "fmul", ValueType.F128, binary128((a, e) -> F128.mul(a[0], a[1], a[2], a[3], RoundingMode.NEAR_EVEN, e))),
    DIV_FP128("__nv_div_fp128", "fdiv", ValueType.F128, binary128((a, e) -> F128.div(a[0], a[1], a[2], a[3], RoundingMode.NEAR_EVEN, e))),
    REM_FP128("__nv_rem_fp128", "frem", ValueType.F128, binary128((a, e) -> F128.fmod(a[0], a[1], a[2], a[3], e))),

    // i128 division
    UDIV128("__nv_udiv128", "udiv", ValueType.I128, binary128((a, e) -> I128.udiv(a[0], a[1], a[2], a[3], e))),
    IDIV128("__nv_idiv128", "sdiv", ValueType.I128, binary128((a, e) -> I128.sdiv(a[0], a[1], a[2], a[3], e))),
    UREM128("__nv_urem128", "urem", ValueType.I128, binary128((a, e) -> I128.urem(a[0], a[1], a[2], a[3], e))),
    IREM128("__nv_irem128", "srem", ValueType.I128, binary128((a, e) -> I128.srem(a[0], a[1], a[2], a[3], e))),

    // fp128 -> integer (truncating, saturating)
    FP128_TO_UINT8("__nv_fp128_to_uint8", "fptoui", ValueType.I8, List.of(ValueType.F128),
            (a, e) -> word(F128.toUI8(a[0], a[1], RoundingMode.MIN_MAG, false, e))),
    FP128_TO_UINT16("__nv_fp128_to_uint16", "fptoui", ValueType.I16, List.of(ValueType.F128),
            (a, e) -> word(F128.toUI16(a[0], a[1], RoundingMode.MIN_MAG, false, e))),
    FP128_TO_UINT32("__nv_fp128_to_uint32", "fptoui", ValueType.I32, List.of(ValueType.F128),
            (a, e) -> word(F128.toUI32(a[0], a[1], RoundingMode.MIN_MAG, false, e))),
    FP128_TO_UINT64("__nv_fp128_to_uint64", "fptoui", ValueType.I64, List.of(ValueType.F128),
            (a, e) -> word(F128.toUI64(a[0], a[1], RoundingMode.MIN_MAG, false, e))),
    FP128_TO_UINT128("__nv_fp128_to_uint128", "fptoui", ValueType.I128, List.of(ValueType.F128),
            (a, e) -> pair(e, () -> F128.toUI128(a[0], a[1], RoundingMode.MIN_MAG, false, e))),
    FP128_TO_INT8("__nv_fp128_to_int8", "fptosi", ValueType.I8, List.of(ValueType.F128),
            (a, e) -> word(F128.toI8(a[0], a[1], RoundingMode.MIN_MAG, false, e))),
    FP128_TO_INT16("__nv_fp128_to_int16", "fptosi", ValueType.I16, List.of(ValueType.F128),
            (a, e) -> word(F128.toI16(a[0], a[1], RoundingMode.MIN_MAG, false, e))),
    FP128_TO_INT32("__nv_fp128_to_int32", "fptosi", ValueType.I32, List.of(ValueType.F128),
            (a, e) -> word(F128.toI32(a[0], a[1], RoundingMode.MIN_MAG, false, e))),
    FP128_TO_INT64("__nv_fp128_to_int64", "fptosi", ValueType.I64, List.of(ValueType.F128),
            (a, e) -> word(F128.toI64(a[0], a[1], RoundingMode.MIN_MAG, false, e))),
    FP128_TO_INT128("__nv_fp128_to_int128", "fptosi", ValueType.I128, List.of(ValueType.F128),
            (a, e) -> pair(e, () -> F128.toI128(a[0], a[1], RoundingMode.MIN_MAG, false, e))),

    // integer -> fp128 (exact but for the 128-bit sources, which round to nearest even)
    UINT8_TO_FP128("__nv_uint8_to_fp128", "uitofp", ValueType.F128, List.of(ValueType.I8),
            (a, e) -> pair(e, () -> F128.fromUI32((int) a[0], e))),
    UINT16_TO_FP128("__nv_uint16_to_fp128", "uitofp", ValueType.F128, List.of(ValueType.I16),
            (a, e) -> pair(e, () -> F128.fromUI32((int) a[0], e))),
    UINT32_TO_FP128("__nv_uint32_to_fp128", "uitofp", ValueType.F128, List.of(ValueType.I32),
            (a, e) -> pair(e, () -> F128.fromUI32((int) a[0], e))),
    UINT64_TO_FP128("__nv_uint64_to_fp128", "uitofp", ValueType.F128, List.of(ValueType.I64),
            (a, e) -> pair(e, () -> F128.fromUI64(a[0], e))),
    UINT128_TO_FP128("__nv_uint128_to_fp128", "uitofp", ValueType.F128, List.of(ValueType.I128),
            (a, e) -> pair(e, () -> F128.fromUI128(a[0], a[1], RoundingMode.NEAR_EVEN, e))),
    INT8_TO_FP128("__nv_int8_to_fp128", "sitofp", ValueType.F128, List.of(ValueType.I8),
            (a, e) -> pair(e, () -> F128.fromI32((byte) a[0], e))),
    INT16_TO_FP128("__nv_int16_to_fp128", "sitofp", ValueType.F128, List.of(ValueType.I16),
            (a, e) -> pair(e, () -> F128.fromI32((short) a[0], e))),
    INT32_TO_FP128("__nv_int32_to_fp128", "sitofp", ValueType.F128, List.of(ValueType.I32),
            (a, e) -> pair(e, () -> F128.fromI32((int) a[0], e))),
    INT64_TO_FP128("__nv_int64_to_fp128", "sitofp", ValueType.F128, List.of(ValueType.I64),
            (a, e) -> pair(e, () -> F128.fromI64(a[0], e))),
    INT128_TO_FP128("__nv_int128_to_fp128", "sitofp", ValueType.F128, List.of(ValueType.I128),
            (a, e) -> pair(e, () -> F128.fromI128(a[0], a[1], RoundingMode.NEAR_EVEN, e))),

    // fp128 <-> float, double
    FP128_TO_FLOAT("__nv_fp128_to_float", "fptrunc", ValueType.F32, List.of(ValueType.F128),
            (a, e) -> word(F128.toF32(a[0], a[1], RoundingMode.NEAR_EVEN, e))),
    FP128_TO_DOUBLE("__nv_fp128_to_double", "fptrunc", ValueType.F64, List.of(ValueType.F128),
            (a, e) -> word(F128.toF64(a[0], a[1], RoundingMode.NEAR_EVEN, e))),
    FLOAT_TO_FP128("__nv_float_to_fp128", "fpext", ValueType.F128, List.of(ValueType.F32),
            (a, e) -> pair(e, () -> F128.fromF32((int) a[0], e))),
    DOUBLE_TO_FP128("__nv_double_to_fp128", "fpext", ValueType.F128, List.of(ValueType.F64),
            (a, e) -> pair(e, () -> F128.fromF64(a[0], e))),

    // float, double <-> i128 without an fp128 step (source type first in the name)
    CVT_F32_U128_RZ("__nv_cvt_f32_u128_rz", "fptoui", ValueType.I128, List.of(ValueType.F32),
            (a, e) -> pair(e, () -> F32.toUI128((int) a[0], RoundingMode.MIN_MAG, false, e))),
    CVT_F32_I128_RZ("__nv_cvt_f32_i128_rz", "fptosi", ValueType.I128, List.of(ValueType.F32),
            (a, e) -> pair(e, () -> F32.toI128((int) a[0], RoundingMode.MIN_MAG, false, e))),
    CVT_F64_U128_RZ("__nv_cvt_f64_u128_rz", "fptoui", ValueType.I128, List.of(ValueType.F64),
            (a, e) -> pair(e, () -> F64.toUI128(a[0], RoundingMode.MIN_MAG, false, e))),
    CVT_F64_I128_RZ("__nv_cvt_f64_i128_rz", "fptosi", ValueType.I128, List.of(ValueType.F64),
            (a, e) -> pair(e, () -> F64.toI128(a[0], RoundingMode.MIN_MAG, false, e))),
    CVT_U128_F32_RN("__nv_cvt_u128_f32_rn", "uitofp", ValueType.F32, List.of(ValueType.I128),
            (a, e) -> word(F32.fromUI128(a[0], a[1], RoundingMode.NEAR_EVEN, e))),
    CVT_I128_F32_RN("__nv_cvt_i128_f32_rn", "sitofp", ValueType.F32, List.of(ValueType.I128),
            (a, e) -> word(F32.fromI128(a[0], a[1], RoundingMode.NEAR_EVEN, e))),
    CVT_U128_F64_RN("__nv_cvt_u128_f64_rn", "uitofp", ValueType.F64, List.of(ValueType.I128),
            (a, e) -> word(F64.fromUI128(a[0], a[1], RoundingMode.NEAR_EVEN, e))),
    CVT_I128_F64_RN("__nv_cvt_i128_f64_rn", "sitofp", ValueType.F64, List.of(ValueType.I128),
            (a, e) -> word(F64.fromI128(a[0], a[1], RoundingMode.NEAR_EVEN, e))),

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
    FCMP_UNE(FcmpPredicate.UNE);

    /** How a row computes its result from the operand words, with the rounding mode and flags of {@code env}. */
    @FunctionalInterface
    interface Semantics {
        long[] apply(long[] operandWords, Env env);
    }

    private final String symbol;
    private final String opcode;
    private final FcmpPredicate predicate;
    private final ValueType returnType;
    private final List<ValueType> parameterTypes;
    private final Semantics semantics;

    RuntimeFunction(String symbol, String opcode, ValueType returnType, List<ValueType> parameterTypes,
            Semantics semantics) {
        this.symbol = symbol;
        this.opcode = opcode;
        this.predicate = null;
        this.returnType = returnType;
        this.parameterTypes = parameterTypes;
        this.semantics = semantics;
    }

    /** A binary 128-bit row: both operands and the result of the same type. */
    RuntimeFunction(String symbol, String opcode, ValueType type, Semantics semantics) {
        this(symbol, opcode, type, List.of(type, type), semantics);
    }

    /** An fcmp row: {@code __nv_fcmp_<predicate>}, (fp128, fp128) -> i1. */
    RuntimeFunction(FcmpPredicate predicate) {
        this.symbol = "__nv_fcmp_" + predicate.llvmName();
        this.opcode = "fcmp";
        this.predicate = predicate;
        this.returnType = ValueType.I1;
        this.parameterTypes = List.of(ValueType.F128, ValueType.F128);
        this.semantics = (a, e) -> word(F128.fcmp(predicate, a[0], a[1], a[2], a[3], e) ? 1 : 0);
    }

    /** The symbol cicc calls, e.g. {@code __nv_add_fp128}. */
    public String symbol() {
        return symbol;
    }

    /** The LLVM instruction this function replaces: "fadd", "udiv", "fptoui", "fcmp", ... */
    public String opcode() {
        return opcode;
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
    public static Optional<RuntimeFunction> find(String opcode, ValueType from, ValueType to, FcmpPredicate predicate) {
        return Arrays.stream(values())
                .filter(f -> f.opcode.equals(opcode) && f.parameterTypes.get(0) == from && f.returnType == to
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
}

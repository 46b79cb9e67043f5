package org.nvlower.mlir.math;

import static org.nvlower.mlir.math.Crosswalk.Peer.ABSENT;
import static org.nvlower.mlir.math.Crosswalk.Peer.CALL;
import static org.nvlower.mlir.math.Crosswalk.Peer.KEPT;
import static org.nvlower.mlir.math.Crosswalk.Peer.OTHER;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.nvlower.mlir.MlirFloatType;
import org.nvlower.mlir.MlirIntegerType;
import org.nvlower.mlir.MlirType;

/**
 * Seed 4's crosswalk, one row per MLIR operation: the libdevice entry points its f32 and f64
 * forms call, the shape of their signatures (libdevice's real ones: {@code __nv_isnanf} returns
 * i32, {@code __nv_powif} takes an i32 exponent, {@code __nv_abs} is i32 only), and what
 * mlir-opt's {@code --convert-gpu-to-nvvm} does with the operation in LLVM 14 and in LLVM 19
 * (measured; the tests re-measure when mlir-opt is present). The seed calls it the 42-row
 * crosswalk; its table has 41 rows, and so has this one.
 *
 * <p>To lower another operation, add a row: {@link MathToLibdevice}, the documentation table
 * and the tests all read these rows.
 */
public enum Crosswalk {
    REMF("arith.remf", "__nv_fmodf", "__nv_fmod", Shape.BINARY, OTHER, CALL),
    MINNUMF("arith.minnumf", "__nv_fminf", "__nv_fmin", Shape.BINARY, ABSENT, OTHER),
    MAXNUMF("arith.maxnumf", "__nv_fmaxf", "__nv_fmax", Shape.BINARY, ABSENT, OTHER),
    ABSI("math.absi", "__nv_abs", null, Shape.INTEGER, ABSENT, KEPT),
    ABSF("math.absf", "__nv_fabsf", "__nv_fabs", Shape.UNARY, CALL, CALL),
    ACOSH("math.acosh", "__nv_acoshf", "__nv_acosh", Shape.UNARY, ABSENT, KEPT),
    ASIN("math.asin", "__nv_asinf", "__nv_asin", Shape.UNARY, ABSENT, KEPT),
    ATAN("math.atan", "__nv_atanf", "__nv_atan", Shape.UNARY, CALL, CALL),
    ACOS("math.acos", "__nv_acosf", "__nv_acos", Shape.UNARY, ABSENT, KEPT),
    ATAN2("math.atan2", "__nv_atan2f", "__nv_atan2", Shape.BINARY, CALL, CALL),
    ASINH("math.asinh", "__nv_asinhf", "__nv_asinh", Shape.UNARY, ABSENT, KEPT),
    ATANH("math.atanh", "__nv_atanhf", "__nv_atanh", Shape.UNARY, ABSENT, KEPT),
    CBRT("math.cbrt", "__nv_cbrtf", "__nv_cbrt", Shape.UNARY, ABSENT, CALL),
    CEIL("math.ceil", "__nv_ceilf", "__nv_ceil", Shape.UNARY, CALL, CALL),
    COPYSIGN("math.copysign", "__nv_copysignf", "__nv_copysign", Shape.BINARY, KEPT, KEPT),
    COS("math.cos", "__nv_cosf", "__nv_cos", Shape.UNARY, CALL, CALL),
    COSH("math.cosh", "__nv_coshf", "__nv_cosh", Shape.UNARY, ABSENT, KEPT),
    ERF("math.erf", "__nv_erff", "__nv_erf", Shape.UNARY, KEPT, CALL),
    ERFC("math.erfc", "__nv_erfcf", "__nv_erfc", Shape.UNARY, ABSENT, ABSENT),
    EXP2("math.exp2", "__nv_exp2f", "__nv_exp2", Shape.UNARY, CALL, CALL),
    EXP("math.exp", "__nv_expf", "__nv_exp", Shape.UNARY, CALL, CALL),
    EXPM1("math.expm1", "__nv_expm1f", "__nv_expm1", Shape.UNARY, CALL, CALL),
    FLOOR("math.floor", "__nv_floorf", "__nv_floor", Shape.UNARY, CALL, CALL),
    FMA("math.fma", "__nv_fmaf", "__nv_fma", Shape.TERNARY, KEPT, KEPT),
    FPOWI("math.fpowi", "__nv_powif", "__nv_powi", Shape.POWI, ABSENT, KEPT),
    ISFINITE("math.isfinite", "__nv_finitef", "__nv_isfinited", Shape.CLASSIFY, ABSENT, ABSENT),
    ISINF("math.isinf", "__nv_isinff", "__nv_isinfd", Shape.CLASSIFY, ABSENT, ABSENT),
    ISNAN("math.isnan", "__nv_isnanf", "__nv_isnand", Shape.CLASSIFY, ABSENT, ABSENT),
    LOG10("math.log10", "__nv_log10f", "__nv_log10", Shape.UNARY, CALL, CALL),
    LOG1P("math.log1p", "__nv_log1pf", "__nv_log1p", Shape.UNARY, CALL, CALL),
    LOG2("math.log2", "__nv_log2f", "__nv_log2", Shape.UNARY, CALL, CALL),
    LOG("math.log", "__nv_logf", "__nv_log", Shape.UNARY, CALL, CALL),
    POWF("math.powf", "__nv_powf", "__nv_pow", Shape.BINARY, CALL, CALL),
    ROUNDEVEN("math.roundeven", "__nv_rintf", "__nv_rint", Shape.UNARY, ABSENT, KEPT),
    ROUND("math.round", "__nv_roundf", "__nv_round", Shape.UNARY, ABSENT, KEPT),
    RSQRT("math.rsqrt", "__nv_rsqrtf", "__nv_rsqrt", Shape.UNARY, CALL, CALL),
    SINH("math.sinh", "__nv_sinhf", "__nv_sinh", Shape.UNARY, ABSENT, KEPT),
    SIN("math.sin", "__nv_sinf", "__nv_sin", Shape.UNARY, CALL, CALL),
    SQRT("math.sqrt", "__nv_sqrtf", "__nv_sqrt", Shape.UNARY, CALL, CALL),
    TANH("math.tanh", "__nv_tanhf", "__nv_tanh", Shape.UNARY, CALL, CALL),
    TAN("math.tan", "__nv_tanf", "__nv_tan", Shape.UNARY, ABSENT, CALL);

    /** The operand and result pattern of a row, which gives the libdevice signature. */
    public enum Shape {
        /** T -> T. */
        UNARY(1),
        /** (T, T) -> T. */
        BINARY(2),
        /** (T, T, T) -> T. */
        TERNARY(3),
        /** (T, i32) -> T: libdevice's powi takes an i32 exponent. */
        POWI(2),
        /** T -> i1 in MLIR; libdevice returns i32 (nonzero: true). */
        CLASSIFY(1),
        /** i32 -> i32 (__nv_abs; libdevice has no 64-bit row here). */
        INTEGER(1);

        private final int arity;

        Shape(int arity) {
            this.arity = arity;
        }

        public int arity() {
            return arity;
        }
    }

    /** What mlir-opt's --convert-gpu-to-nvvm does with an operation. */
    public enum Peer {
        /** Lowers f32/f64 to a call of the row's symbol (the tests compare names and types). */
        CALL("libdevice call"),
        /** The operation exists but is left as it is. */
        KEPT("kept"),
        /** Lowered to something else (an LLVM instruction or intrinsic). */
        OTHER("other lowering"),
        /** The operation does not exist in that MLIR. */
        ABSENT("no such op");

        private final String description;

        Peer(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }

    private final String op;
    private final String f32Symbol;
    private final String f64Symbol;
    private final Shape shape;
    private final Peer mlirOpt14;
    private final Peer mlirOpt19;

    Crosswalk(String op, String f32Symbol, String f64Symbol, Shape shape, Peer mlirOpt14, Peer mlirOpt19) {
        this.op = op;
        this.f32Symbol = f32Symbol;
        this.f64Symbol = f64Symbol;
        this.shape = shape;
        this.mlirOpt14 = mlirOpt14;
        this.mlirOpt19 = mlirOpt19;
    }

    /** The operation's canonical (MLIR 19) name. */
    public String op() {
        return op;
    }

    public String f32Symbol() {
        return f32Symbol;
    }

    /** The f64 symbol, or null (math.absi). */
    public String f64Symbol() {
        return f64Symbol;
    }

    public Shape shape() {
        return shape;
    }

    /** What LLVM 14's mlir-opt --convert-gpu-to-nvvm does with the f32/f64 operation. */
    public Peer mlirOpt14() {
        return mlirOpt14;
    }

    /** What LLVM 19's mlir-opt --convert-gpu-to-nvvm does with the f32/f64 operation. */
    public Peer mlirOpt19() {
        return mlirOpt19;
    }

    private static final java.util.Map<String, Crosswalk> BY_OP = new java.util.HashMap<>();

    static {
        for (Crosswalk row : values()) {
            BY_OP.put(row.op, row);
        }
    }

    /** The row of operation {@code name}, or null. */
    public static Crosswalk of(String name) {
        return BY_OP.get(name);
    }

    /** The symbol called for the (scalar) element type {@code element}, or null if none. */
    public String symbol(MlirType element) {
        if (shape == Shape.INTEGER) {
            return element.equals(MlirIntegerType.I32) ? f32Symbol : null;
        }
        if (element == MlirFloatType.F64) {
            return f64Symbol;
        }
        return element instanceof MlirFloatType ? f32Symbol : null;
    }

    /** The libdevice parameter types of the symbol for {@code callType} (f32, f64 or i32). */
    public List<MlirType> parameters(MlirType callType) {
        List<MlirType> params = new ArrayList<>(Collections.nCopies(shape.arity(), callType));
        if (shape == Shape.POWI) {
            params.set(1, MlirIntegerType.I32);
        }
        return params;
    }

    /** The libdevice result type of the symbol for {@code callType}. */
    public MlirType result(MlirType callType) {
        return shape == Shape.CLASSIFY ? MlirIntegerType.I32 : callType;
    }
}

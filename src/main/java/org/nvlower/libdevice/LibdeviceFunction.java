package org.nvlower.libdevice;

import static org.nvlower.libdevice.LibdeviceFunction.Evaluation.EXACT;
import static org.nvlower.libdevice.LibdeviceFunction.Evaluation.NONE;
import static org.nvlower.libdevice.LibdeviceFunction.Evaluation.ROUNDED;
import static org.nvlower.libdevice.LibdeviceFunction.Shape.BINARY;
import static org.nvlower.libdevice.LibdeviceFunction.Shape.CLASSIFY;
import static org.nvlower.libdevice.LibdeviceFunction.Shape.INTEGER;
import static org.nvlower.libdevice.LibdeviceFunction.Shape.TERNARY;
import static org.nvlower.libdevice.LibdeviceFunction.Shape.UNARY;

import java.util.Arrays;
import java.util.List;

/**
 * The catalog of libdevice math functions nvlower knows, one row per function: its f32 and f64
 * entry points ({@code __nv_sinf}, {@code __nv_sin}), the shape of their signatures (libdevice's
 * real ones: {@code __nv_isnanf} returns i32, {@code __nv_powif} takes an i32 exponent,
 * {@code __nv_abs} is i32 only), the other spellings seed 4's constant folder recognizes for the
 * same function ({@code sinf}, {@code sind}, {@code _Z4fmodff}, {@code llvm.nvvm.fma.rn.f} ...),
 * and how a call with constant arguments is evaluated on the host. The MLIR crosswalk (which
 * operation calls which row) and the LLVM by-name folder both read these rows.
 */
public enum LibdeviceFunction {
    SIN("__nv_sinf sinf", "__nv_sin sind", UNARY, ROUNDED),
    COS("__nv_cosf cosf", "__nv_cos cosd", UNARY, ROUNDED),
    TAN("__nv_tanf", "__nv_tan", UNARY, ROUNDED),
    ASIN("__nv_asinf", "__nv_asin asind", UNARY, ROUNDED),
    ACOS("__nv_acosf", "__nv_acos acosd", UNARY, ROUNDED),
    ATAN("__nv_atanf", "__nv_atan atand", UNARY, ROUNDED),
    ATAN2("__nv_atan2f _Z5atan2ff", "__nv_atan2 _Z5atan2dd", BINARY, ROUNDED),
    SINH("__nv_sinhf", "__nv_sinh sinhd", UNARY, ROUNDED),
    COSH("__nv_coshf", "__nv_cosh coshd", UNARY, ROUNDED),
    TANH("__nv_tanhf", "__nv_tanh tanhd", UNARY, ROUNDED),
    ASINH("__nv_asinhf", "__nv_asinh", UNARY, ROUNDED),
    ACOSH("__nv_acoshf", "__nv_acosh", UNARY, ROUNDED),
    ATANH("__nv_atanhf", "__nv_atanh", UNARY, ROUNDED),
    EXP("__nv_expf expf", "__nv_exp expd", UNARY, ROUNDED),
    EXP2("__nv_exp2f", "__nv_exp2 exp2d", UNARY, ROUNDED),
    EXPM1("__nv_expm1f", "__nv_expm1", UNARY, ROUNDED),
    LOG("__nv_logf logf", "__nv_log logd", UNARY, ROUNDED),
    LOG2("__nv_log2f log2f", "__nv_log2", UNARY, ROUNDED),
    LOG10("__nv_log10f", "__nv_log10 log10d", UNARY, ROUNDED),
    LOG1P("__nv_log1pf", "__nv_log1p", UNARY, ROUNDED),
    POW("__nv_powf powff", "__nv_pow powdd", BINARY, ROUNDED),
    CBRT("__nv_cbrtf", "__nv_cbrt", UNARY, ROUNDED),
    ERF("__nv_erff", "__nv_erf", UNARY, ROUNDED),
    ERFC("__nv_erfcf", "__nv_erfc", UNARY, ROUNDED),
    SQRT("__nv_sqrtf", "__nv_sqrt sqrtd", UNARY, EXACT),
    FMOD("__nv_fmodf _Z4fmodff", "__nv_fmod _Z4fmoddd", BINARY, EXACT),
    FLOOR("__nv_floorf", "__nv_floor floord", UNARY, EXACT),
    CEIL("__nv_ceilf", "__nv_ceil ceild", UNARY, EXACT),
    RINT("__nv_rintf", "__nv_rint llvm.rint.f64", UNARY, EXACT),
    ROUND("__nv_roundf", "__nv_round", UNARY, EXACT),
    FABS("__nv_fabsf llvm.nvvm.fabs.f", "__nv_fabs fabsd", UNARY, EXACT),
    COPYSIGN("__nv_copysignf llvm.copysign.f32", "__nv_copysign llvm.copysign.f64", BINARY, EXACT),
    FMA("__nv_fmaf llvm.nvvm.fma.rn.f", "__nv_fma llvm.nvvm.fma.rn.d", TERNARY, EXACT),
    FMIN("__nv_fminf", "__nv_fmin", BINARY, EXACT),
    FMAX("__nv_fmaxf", "__nv_fmax", BINARY, EXACT),
    ISNAN("__nv_isnanf", "__nv_isnand", CLASSIFY, EXACT),
    ISINF("__nv_isinff", "__nv_isinfd", CLASSIFY, EXACT),
    ISFINITE("__nv_finitef", "__nv_isfinited", CLASSIFY, EXACT),
    ABS("__nv_abs", "", INTEGER, EXACT),
    RSQRT("__nv_rsqrtf", "__nv_rsqrt", UNARY, NONE),
    POWI("__nv_powif", "__nv_powi", Shape.POWI, NONE);

    /** The operand and result pattern of a function, which gives the libdevice signature. */
    public enum Shape {
        /** T -> T. */
        UNARY(1),
        /** (T, T) -> T. */
        BINARY(2),
        /** (T, T, T) -> T. */
        TERNARY(3),
        /** (T, i32) -> T: libdevice's powi takes an i32 exponent. */
        POWI(2),
        /** T -> i32 (nonzero: true); MLIR's operation gives i1. */
        CLASSIFY(1),
        /** i32 -> i32 (__nv_abs; libdevice has no 64-bit form here). */
        INTEGER(1);

        private final int arity;

        Shape(int arity) {
            this.arity = arity;
        }

        public int arity() {
            return arity;
        }
    }

    /** How a call with constant arguments is evaluated on the host. */
    public enum Evaluation {
        /** IEEE 754 defines the result exactly: softfloat computes it bit for bit. */
        EXACT,
        /** Correctly rounded from an exact decimal evaluation (within NVIDIA's documented error of the GPU's). */
        ROUNDED,
        /** Not folded. */
        NONE
    }

    private final List<String> f32Names;
    private final List<String> f64Names;
    private final Shape shape;
    private final Evaluation evaluation;

    LibdeviceFunction(String f32Names, String f64Names, Shape shape, Evaluation evaluation) {
        this.f32Names = words(f32Names);
        this.f64Names = words(f64Names);
        this.shape = shape;
        this.evaluation = evaluation;
    }

    private static List<String> words(String s) {
        return s.isEmpty() ? List.of() : Arrays.asList(s.split(" "));
    }

    /** The f32 entry point ({@code __nv_sinf}; {@code __nv_abs} for the i32 function). */
    public String f32Symbol() {
        return f32Names.get(0);
    }

    /** The f64 entry point, or null (abs). */
    public String f64Symbol() {
        return f64Names.isEmpty() ? null : f64Names.get(0);
    }

    /** Every name of the f32 (or i32) form: the entry point first, then seed 4's folder spellings. */
    public List<String> f32Names() {
        return f32Names;
    }

    /** Every name of the f64 form: the entry point first, then seed 4's folder spellings. */
    public List<String> f64Names() {
        return f64Names;
    }

    public Shape shape() {
        return shape;
    }

    public Evaluation evaluation() {
        return evaluation;
    }

    /** The argument count. */
    public int arity() {
        return shape.arity();
    }

    /** The classifications and abs return libdevice's i32, the others their argument type. */
    public boolean returnsI32() {
        return shape == CLASSIFY || shape == INTEGER;
    }
}

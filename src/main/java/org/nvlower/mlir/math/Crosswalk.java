package org.nvlower.mlir.math;

import static org.nvlower.mlir.math.Crosswalk.Peer.ABSENT;
import static org.nvlower.mlir.math.Crosswalk.Peer.CALL;
import static org.nvlower.mlir.math.Crosswalk.Peer.KEPT;
import static org.nvlower.mlir.math.Crosswalk.Peer.OTHER;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.nvlower.libdevice.LibdeviceFunction;
import org.nvlower.libdevice.LibdeviceFunction.Shape;
import org.nvlower.mlir.MlirFloatType;
import org.nvlower.mlir.MlirIntegerType;
import org.nvlower.mlir.MlirType;

/**
 * Seed 4's crosswalk, one row per MLIR operation: the libdevice function its f32 and f64 forms
 * call (a row of the catalog {@link LibdeviceFunction}, which holds the entry points and the
 * shape of their signatures), and what
 * mlir-opt's {@code --convert-gpu-to-nvvm} does with the operation in LLVM 14 and in LLVM 19
 * (measured; the tests re-measure when mlir-opt is present). The seed calls it the 42-row
 * crosswalk; its table has 41 rows, and so has this one.
 *
 * <p>To lower another operation, add a row: {@link MathToLibdevice}, the documentation table
 * and the tests all read these rows.
 */
public enum Crosswalk {
    REMF("arith.remf", LibdeviceFunction.FMOD, OTHER, CALL),
    MINNUMF("arith.minnumf", LibdeviceFunction.FMIN, ABSENT, OTHER),
    MAXNUMF("arith.maxnumf", LibdeviceFunction.FMAX, ABSENT, OTHER),
    ABSI("math.absi", LibdeviceFunction.ABS, ABSENT, KEPT),
    ABSF("math.absf", LibdeviceFunction.FABS, CALL, CALL),
    ACOSH("math.acosh", LibdeviceFunction.ACOSH, ABSENT, KEPT),
    ASIN("math.asin", LibdeviceFunction.ASIN, ABSENT, KEPT),
    ATAN("math.atan", LibdeviceFunction.ATAN, CALL, CALL),
    ACOS("math.acos", LibdeviceFunction.ACOS, ABSENT, KEPT),
    ATAN2("math.atan2", LibdeviceFunction.ATAN2, CALL, CALL),
    ASINH("math.asinh", LibdeviceFunction.ASINH, ABSENT, KEPT),
    ATANH("math.atanh", LibdeviceFunction.ATANH, ABSENT, KEPT),
    CBRT("math.cbrt", LibdeviceFunction.CBRT, ABSENT, CALL),
    CEIL("math.ceil", LibdeviceFunction.CEIL, CALL, CALL),
    COPYSIGN("math.copysign", LibdeviceFunction.COPYSIGN, KEPT, KEPT),
    COS("math.cos", LibdeviceFunction.COS, CALL, CALL),
    COSH("math.cosh", LibdeviceFunction.COSH, ABSENT, KEPT),
    ERF("math.erf", LibdeviceFunction.ERF, KEPT, CALL),
    ERFC("math.erfc", LibdeviceFunction.ERFC, ABSENT, ABSENT),
    EXP2("math.exp2", LibdeviceFunction.EXP2, CALL, CALL),
    EXP("math.exp", LibdeviceFunction.EXP, CALL, CALL),
    EXPM1("math.expm1", LibdeviceFunction.EXPM1, CALL, CALL),
    FLOOR("math.floor", LibdeviceFunction.FLOOR, CALL, CALL),
    FMA("math.fma", LibdeviceFunction.FMA, KEPT, KEPT),
    FPOWI("math.fpowi", LibdeviceFunction.POWI, ABSENT, KEPT),
    ISFINITE("math.isfinite", LibdeviceFunction.ISFINITE, ABSENT, ABSENT),
    ISINF("math.isinf", LibdeviceFunction.ISINF, ABSENT, ABSENT),
    ISNAN("math.isnan", LibdeviceFunction.ISNAN, ABSENT, ABSENT),
    LOG10("math.log10", LibdeviceFunction.LOG10, CALL, CALL),
    LOG1P("math.log1p", LibdeviceFunction.LOG1P, CALL, CALL),
    LOG2("math.log2", LibdeviceFunction.LOG2, CALL, CALL),
    LOG("math.log", LibdeviceFunction.LOG, CALL, CALL),
    POWF("math.powf", LibdeviceFunction.POW, CALL, CALL),
    ROUNDEVEN("math.roundeven", LibdeviceFunction.RINT, ABSENT, KEPT),
    ROUND("math.round", LibdeviceFunction.ROUND, ABSENT, KEPT),
    RSQRT("math.rsqrt", LibdeviceFunction.RSQRT, CALL, CALL),
    SINH("math.sinh", LibdeviceFunction.SINH, ABSENT, KEPT),
    SIN("math.sin", LibdeviceFunction.SIN, CALL, CALL),
    SQRT("math.sqrt", LibdeviceFunction.SQRT, CALL, CALL),
    TANH("math.tanh", LibdeviceFunction.TANH, CALL, CALL),
    TAN("math.tan", LibdeviceFunction.TAN, ABSENT, CALL);

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
    private final LibdeviceFunction function;
    private final Peer mlirOpt14;
    private final Peer mlirOpt19;

    Crosswalk(String op, LibdeviceFunction function, Peer mlirOpt14, Peer mlirOpt19) {
        this.op = op;
        this.function = function;
        this.mlirOpt14 = mlirOpt14;
        this.mlirOpt19 = mlirOpt19;
    }

    /** The operation's canonical (MLIR 19) name. */
    public String op() {
        return op;
    }

    /** The libdevice function the operation calls (the catalog's row). */
    public LibdeviceFunction function() {
        return function;
    }

    public String f32Symbol() {
        return function.f32Symbol();
    }

    /** The f64 symbol, or null (math.absi). */
    public String f64Symbol() {
        return function.f64Symbol();
    }

    public Shape shape() {
        return function.shape();
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
        if (shape() == Shape.INTEGER) {
            return element.equals(MlirIntegerType.I32) ? f32Symbol() : null;
        }
        if (element == MlirFloatType.F64) {
            return f64Symbol();
        }
        return element instanceof MlirFloatType ? f32Symbol() : null;
    }

    /** The libdevice parameter types of the symbol for {@code callType} (f32, f64 or i32). */
    public List<MlirType> parameters(MlirType callType) {
        List<MlirType> params = new ArrayList<>(Collections.nCopies(shape().arity(), callType));
        if (shape() == Shape.POWI) {
            params.set(1, MlirIntegerType.I32);
        }
        return params;
    }

    /** The libdevice result type of the symbol for {@code callType}. */
    public MlirType result(MlirType callType) {
        return shape() == Shape.CLASSIFY ? MlirIntegerType.I32 : callType;
    }
}

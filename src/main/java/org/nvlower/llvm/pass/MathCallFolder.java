package org.nvlower.llvm.pass;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SequencedMap;
import java.util.Set;

import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantFP;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.Constants;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.Value;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.F32;
import org.nvlower.softfloat.F64;
import org.nvlower.softfloat.RoundingMode;

/**
 * The by-name constant folder: a call of a recognized libdevice or math function (seed 4's
 * constant-folder names: {@code __nv_sinf}, {@code sinf}, {@code sind}, {@code _Z4fmodff},
 * {@code powff}, {@code llvm.nvvm.fma.rn.f} ...) whose arguments are constants becomes the
 * constant the function returns, computed on the host (never by running the function's IR):
 * the operations IEEE 754 defines exactly (sqrt, fma, fmod, floor, ceil, rint, round, fabs,
 * copysign, fmin, fmax, the classifications, abs) with {@code softfloat}, bit for bit; the others
 * with {@link HostMath}, correctly rounded, so a folded value is at most NVIDIA's documented
 * error of the function from what the GPU computes (docs/math-pipeline.md lists the bounds).
 *
 * <p>It declines what the GPU could compute differently: NaN results (their encoding is the
 * hardware's), f32 subnormal arguments or results (flushed under {@code -ftz}), {@code __nv_sqrtf}
 * when {@code __CUDA_PREC_SQRT} is 0 (the GPU's sqrt.approx.f32 is not correctly rounded), and
 * fmin/fmax of zeros of opposite signs. A declaration whose calls were all folded is removed.
 */
public final class MathCallFolder {

    /** What a recognized function computes. */
    public enum Operation {
        SIN(HostMath.Op.SIN), COS(HostMath.Op.COS), TAN(HostMath.Op.TAN), ASIN(HostMath.Op.ASIN),
        ACOS(HostMath.Op.ACOS), ATAN(HostMath.Op.ATAN), ATAN2(HostMath.Op.ATAN2), SINH(HostMath.Op.SINH),
        COSH(HostMath.Op.COSH), TANH(HostMath.Op.TANH), ASINH(HostMath.Op.ASINH), ACOSH(HostMath.Op.ACOSH),
        ATANH(HostMath.Op.ATANH), EXP(HostMath.Op.EXP), EXP2(HostMath.Op.EXP2), EXPM1(HostMath.Op.EXPM1),
        LOG(HostMath.Op.LOG), LOG2(HostMath.Op.LOG2), LOG10(HostMath.Op.LOG10), LOG1P(HostMath.Op.LOG1P),
        POW(HostMath.Op.POW), CBRT(HostMath.Op.CBRT), ERF(HostMath.Op.ERF), ERFC(HostMath.Op.ERFC),
        SQRT(null), FMOD(null), FLOOR(null), CEIL(null), RINT(null), ROUND(null), FABS(null), COPYSIGN(null),
        FMA(null), FMIN(null), FMAX(null), ISNAN(null), ISINF(null), ISFINITE(null), ABS(null);

        private final HostMath.Op host;

        Operation(HostMath.Op host) {
            this.host = host;
        }

        /** The host function computing it, or null for the operations softfloat computes exactly. */
        public HostMath.Op host() {
            return host;
        }

        /** Whether the result is the IEEE-exact one (bit-exact with the GPU's). */
        public boolean exact() {
            return host == null;
        }

        public int arity() {
            return switch (this) {
                case ATAN2, POW, FMOD, COPYSIGN, FMIN, FMAX -> 2;
                case FMA -> 3;
                default -> 1;
            };
        }

        /** The classifications and abs return an integer (libdevice's i32), the rest their argument type. */
        boolean returnsI32() {
            return this == ISNAN || this == ISINF || this == ISFINITE || this == ABS;
        }
    }

    /** One recognized name: what it computes, on which type. */
    public record Entry(String name, Operation operation, Type type) {
    }

    /**
     * The name table: per operation, its f32 names and its f64 names (the libdevice symbol first,
     * then seed 4's constant-folder spellings).
     */
    private static final Object[][] ROWS = {
            {Operation.SIN, "__nv_sinf sinf", "__nv_sin sind"},
            {Operation.COS, "__nv_cosf cosf", "__nv_cos cosd"},
            {Operation.TAN, "__nv_tanf", "__nv_tan"},
            {Operation.ASIN, "__nv_asinf", "__nv_asin asind"},
            {Operation.ACOS, "__nv_acosf", "__nv_acos acosd"},
            {Operation.ATAN, "__nv_atanf", "__nv_atan atand"},
            {Operation.ATAN2, "__nv_atan2f _Z5atan2ff", "__nv_atan2 _Z5atan2dd"},
            {Operation.SINH, "__nv_sinhf", "__nv_sinh sinhd"},
            {Operation.COSH, "__nv_coshf", "__nv_cosh coshd"},
            {Operation.TANH, "__nv_tanhf", "__nv_tanh tanhd"},
            {Operation.ASINH, "__nv_asinhf", "__nv_asinh"},
            {Operation.ACOSH, "__nv_acoshf", "__nv_acosh"},
            {Operation.ATANH, "__nv_atanhf", "__nv_atanh"},
            {Operation.EXP, "__nv_expf expf", "__nv_exp expd"},
            {Operation.EXP2, "__nv_exp2f", "__nv_exp2 exp2d"},
            {Operation.EXPM1, "__nv_expm1f", "__nv_expm1"},
            {Operation.LOG, "__nv_logf logf", "__nv_log logd"},
            {Operation.LOG2, "__nv_log2f log2f", "__nv_log2"},
            {Operation.LOG10, "__nv_log10f", "__nv_log10 log10d"},
            {Operation.LOG1P, "__nv_log1pf", "__nv_log1p"},
            {Operation.POW, "__nv_powf powff", "__nv_pow powdd"},
            {Operation.CBRT, "__nv_cbrtf", "__nv_cbrt"},
            {Operation.ERF, "__nv_erff", "__nv_erf"},
            {Operation.ERFC, "__nv_erfcf", "__nv_erfc"},
            {Operation.SQRT, "__nv_sqrtf", "__nv_sqrt sqrtd"},
            {Operation.FMOD, "__nv_fmodf _Z4fmodff", "__nv_fmod _Z4fmoddd"},
            {Operation.FLOOR, "__nv_floorf", "__nv_floor floord"},
            {Operation.CEIL, "__nv_ceilf", "__nv_ceil ceild"},
            {Operation.RINT, "__nv_rintf", "__nv_rint llvm.rint.f64"},
            {Operation.ROUND, "__nv_roundf", "__nv_round"},
            {Operation.FABS, "__nv_fabsf llvm.nvvm.fabs.f", "__nv_fabs fabsd"},
            {Operation.COPYSIGN, "__nv_copysignf llvm.copysign.f32", "__nv_copysign llvm.copysign.f64"},
            {Operation.FMA, "__nv_fmaf llvm.nvvm.fma.rn.f", "__nv_fma llvm.nvvm.fma.rn.d"},
            {Operation.FMIN, "__nv_fminf", "__nv_fmin"},
            {Operation.FMAX, "__nv_fmaxf", "__nv_fmax"},
            {Operation.ISNAN, "__nv_isnanf", "__nv_isnand"},
            {Operation.ISINF, "__nv_isinff", "__nv_isinfd"},
            {Operation.ISFINITE, "__nv_finitef", "__nv_isfinited"},
            {Operation.ABS, "__nv_abs", ""},
    };

    /** Every recognized name. */
    public static final Map<String, Entry> TABLE;

    static {
        Map<String, Entry> t = new LinkedHashMap<>();
        for (Object[] row : ROWS) {
            Operation op = (Operation) row[0];
            Type f32 = op == Operation.ABS ? IntegerType.I32 : FloatType.FLOAT;
            for (String n : ((String) row[1]).split(" ")) {
                t.put(n, new Entry(n, op, f32));
            }
            for (String n : ((String) row[2]).split(" ")) {
                if (!n.isEmpty()) {
                    t.put(n, new Entry(n, op, FloatType.DOUBLE));
                }
            }
        }
        TABLE = Collections.unmodifiableMap(t);
    }

    /** What a run did: folded calls per callee name. */
    public record Result(int folded, SequencedMap<String, Integer> byName, List<Function> changed) {
    }

    private MathCallFolder() {
    }

    /** Folds every call of a recognized name with constant arguments; {@code reflect} gives __CUDA_PREC_SQRT. */
    public static Result run(Module module, Map<String, Integer> reflect) {
        List<CallInst> calls = new ArrayList<>();
        Map<CallInst, Constant> values = new HashMap<>();
        Set<Function> callees = new LinkedHashSet<>();
        for (Function f : module.functions()) {
            Entry e = TABLE.get(f.name());
            if (e == null || !matches(f, e)) {
                continue;
            }
            for (var user : f.users()) {
                if (user instanceof CallInst c && c.callee() == f) {
                    fold(e, c.arguments(), reflect).ifPresent(v -> {
                        calls.add(c);
                        values.put(c, v);
                    });
                }
            }
            callees.add(f);
        }
        SequencedMap<String, Integer> byName = new LinkedHashMap<>();
        Set<Function> changed = new LinkedHashSet<>();
        for (CallInst c : calls) {
            byName.merge(c.calledFunction().name(), 1, Integer::sum);
            changed.add(c.function());
            c.replaceAllUsesWith(values.get(c));
            c.eraseFromParent();
        }
        for (Function f : callees) {
            if (f.isDeclaration() && !f.hasUses() && byName.containsKey(f.name())) {
                module.removeGlobal(f);
            }
        }
        return new Result(calls.size(), byName, List.copyOf(changed));
    }

    /** Whether the function's signature is the one the entry folds (a same-named function of another type is left). */
    private static boolean matches(Function f, Entry e) {
        Operation op = e.operation();
        Type ret = op.returnsI32() ? IntegerType.I32 : e.type();
        if (!f.returnType().equals(ret) || f.functionType().varArgs() || f.arguments().size() != op.arity()) {
            return false;
        }
        for (var a : f.arguments()) {
            if (!a.type().equals(e.type())) {
                return false;
            }
        }
        return true;
    }

    /** The folded value of {@code e} applied to {@code args}, if all are constants and folding is safe. */
    public static Optional<Constant> fold(Entry e, List<Value> args, Map<String, Integer> reflect) {
        Operation op = e.operation();
        if (args.size() != op.arity()) {
            return Optional.empty();
        }
        if (op == Operation.ABS) {
            return args.get(0) instanceof ConstantInt i
                    ? Optional.of(Constants.integer(IntegerType.I32, i.value().abs())) : Optional.empty();
        }
        boolean single = e.type() == FloatType.FLOAT;
        long[] bits = new long[args.size()];
        for (int i = 0; i < args.size(); i++) {
            if (!(args.get(i) instanceof ConstantFP c) || c.type() != e.type()) {
                return Optional.empty();
            }
            bits[i] = c.bits().longValue();
        }
        if (op == Operation.ISNAN || op == Operation.ISINF || op == Operation.ISFINITE) {
            double x = value(bits[0], single);
            boolean r = op == Operation.ISNAN ? Double.isNaN(x) : op == Operation.ISINF ? Double.isInfinite(x)
                    : Double.isFinite(x);
            return Optional.of(Constants.i32(r ? 1 : 0));
        }
        for (long b : bits) {
            if (single && isSubnormal32((int) b)) {
                return Optional.empty();
            }
        }
        if (op == Operation.SQRT && single && reflect.getOrDefault("__CUDA_PREC_SQRT", 1) == 0) {
            return Optional.empty();
        }
        Long r = op.exact() ? exact(op, bits, single) : host(op, bits, single);
        if (r == null || (single ? F32.isNaN((int) (long) r) : F64.isNaN(r)) || single && isSubnormal32((int) (long) r)) {
            return Optional.empty();
        }
        return Optional.of(single ? new ConstantFP(FloatType.FLOAT, BigInteger.valueOf(r & 0xffffffffL))
                : new ConstantFP(FloatType.DOUBLE, new BigInteger(Long.toUnsignedString(r))));
    }

    private static boolean isSubnormal32(int b) {
        return (b & 0x7f800000) == 0 && (b & 0x007fffff) != 0;
    }

    private static double value(long bits, boolean single) {
        return single ? Float.intBitsToFloat((int) bits) : Double.longBitsToDouble(bits);
    }

    private static Long host(Operation op, long[] bits, boolean single) {
        double[] a = new double[bits.length];
        for (int i = 0; i < bits.length; i++) {
            a[i] = value(bits[i], single);
        }
        double r = HostMath.evaluate(op.host(), single ? HostMath.Format.FLOAT : HostMath.Format.DOUBLE, a);
        if (Double.isNaN(r)) {
            return null;
        }
        return single ? (long) Float.floatToRawIntBits((float) r) : Double.doubleToRawLongBits(r);
    }

    /** The IEEE-exact operations, with softfloat (round to nearest even where a rounding happens). */
    private static Long exact(Operation op, long[] b, boolean single) {
        Env env = new Env();
        if (single) {
            int x = (int) b[0];
            int y = b.length > 1 ? (int) b[1] : 0;
            Integer r = switch (op) {
                case SQRT -> F32.sqrt(x, RoundingMode.NEAR_EVEN, env);
                case FMOD -> F32.fmod(x, y, env);
                case FLOOR -> F32.roundToInt(x, RoundingMode.MIN, false, env);
                case CEIL -> F32.roundToInt(x, RoundingMode.MAX, false, env);
                case RINT -> F32.roundToInt(x, RoundingMode.NEAR_EVEN, false, env);
                case ROUND -> F32.roundToInt(x, RoundingMode.NEAR_MAX_MAG, false, env);
                case FABS -> x & 0x7fffffff;
                case COPYSIGN -> x & 0x7fffffff | y & 0x80000000;
                case FMA -> F32.mulAdd(x, y, (int) b[2], RoundingMode.NEAR_EVEN, env);
                case FMIN, FMAX -> minMax32(op, x, y, env);
                default -> null;
            };
            return r == null ? null : (long) r;
        }
        long x = b[0];
        long y = b.length > 1 ? b[1] : 0;
        return switch (op) {
            case SQRT -> F64.sqrt(x, RoundingMode.NEAR_EVEN, env);
            case FMOD -> F64.fmod(x, y, env);
            case FLOOR -> F64.roundToInt(x, RoundingMode.MIN, false, env);
            case CEIL -> F64.roundToInt(x, RoundingMode.MAX, false, env);
            case RINT -> F64.roundToInt(x, RoundingMode.NEAR_EVEN, false, env);
            case ROUND -> F64.roundToInt(x, RoundingMode.NEAR_MAX_MAG, false, env);
            case FABS -> x & Long.MAX_VALUE;
            case COPYSIGN -> x & Long.MAX_VALUE | y & Long.MIN_VALUE;
            case FMA -> F64.mulAdd(x, y, b[2], RoundingMode.NEAR_EVEN, env);
            case FMIN, FMAX -> minMax64(op, x, y, env);
            default -> null;
        };
    }

    /** PTX min/max: a NaN operand gives the other; zeros of opposite signs are left to the GPU. */
    private static Integer minMax32(Operation op, int x, int y, Env env) {
        if ((x | y) << 1 == 0 && x != y) {
            return null;
        }
        return op == Operation.FMIN ? F32.minNum(x, y, env) : F32.maxNum(x, y, env);
    }

    private static Long minMax64(Operation op, long x, long y, Env env) {
        if ((x | y) << 1 == 0 && x != y) {
            return null;
        }
        return op == Operation.FMIN ? F64.minNum(x, y, env) : F64.maxNum(x, y, env);
    }
}

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

import org.nvlower.libdevice.LibdeviceFunction;
import org.nvlower.libdevice.LibdeviceFunction.Evaluation;
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
 * The by-name constant folder: a call of a recognized libdevice or math function (the names of
 * the catalog {@link LibdeviceFunction}, with seed 4's constant-folder spellings: {@code __nv_sinf}, {@code sinf}, {@code sind}, {@code _Z4fmodff},
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

    /** One recognized name: the libdevice function it computes, on which type. */
    public record Entry(String name, LibdeviceFunction operation, Type type) {
    }

    /** Every recognized name: the catalog's f32 and f64 names of each function the folder evaluates. */
    public static final Map<String, Entry> TABLE;

    static {
        Map<String, Entry> t = new LinkedHashMap<>();
        for (LibdeviceFunction fn : LibdeviceFunction.values()) {
            if (fn.evaluation() == Evaluation.NONE) {
                continue;
            }
            Type f32 = fn.shape() == LibdeviceFunction.Shape.INTEGER ? IntegerType.I32 : FloatType.FLOAT;
            for (String n : fn.f32Names()) {
                t.put(n, new Entry(n, fn, f32));
            }
            for (String n : fn.f64Names()) {
                t.put(n, new Entry(n, fn, FloatType.DOUBLE));
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
            for (CallInst c : f.callSites()) {
                fold(e, c.arguments(), reflect).ifPresent(v -> {
                    calls.add(c);
                    values.put(c, v);
                });
            }
            callees.add(f);
        }
        SequencedMap<String, Integer> byName = new LinkedHashMap<>();
        Set<Function> changed = new LinkedHashSet<>();
        for (CallInst c : calls) {
            byName.merge(c.calledFunction().name(), 1, Integer::sum);
            changed.add(c.function());
            c.replaceAndErase(values.get(c));
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
        LibdeviceFunction op = e.operation();
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
        LibdeviceFunction op = e.operation();
        if (args.size() != op.arity()) {
            return Optional.empty();
        }
        if (op == LibdeviceFunction.ABS) {
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
        if (op.shape() == LibdeviceFunction.Shape.CLASSIFY) {
            double x = value(bits[0], single);
            boolean r = op == LibdeviceFunction.ISNAN ? Double.isNaN(x) : op == LibdeviceFunction.ISINF ? Double.isInfinite(x)
                    : Double.isFinite(x);
            return Optional.of(Constants.i32(r ? 1 : 0));
        }
        for (long b : bits) {
            if (single && isSubnormal32((int) b)) {
                return Optional.empty();
            }
        }
        if (op == LibdeviceFunction.SQRT && single && reflect.getOrDefault("__CUDA_PREC_SQRT", 1) == 0) {
            return Optional.empty();
        }
        Long r = op.evaluation() == Evaluation.EXACT ? exact(op, bits, single) : host(op, bits, single);
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

    private static Long host(LibdeviceFunction op, long[] bits, boolean single) {
        double[] a = new double[bits.length];
        for (int i = 0; i < bits.length; i++) {
            a[i] = value(bits[i], single);
        }
        double r = HostMath.evaluate(op, single ? HostMath.Format.FLOAT : HostMath.Format.DOUBLE, a);
        if (Double.isNaN(r)) {
            return null;
        }
        return single ? (long) Float.floatToRawIntBits((float) r) : Double.doubleToRawLongBits(r);
    }

    /** The IEEE-exact operations, with softfloat (round to nearest even where a rounding happens). */
    private static Long exact(LibdeviceFunction op, long[] b, boolean single) {
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
    private static Integer minMax32(LibdeviceFunction op, int x, int y, Env env) {
        if ((x | y) << 1 == 0 && x != y) {
            return null;
        }
        return op == LibdeviceFunction.FMIN ? F32.minNum(x, y, env) : F32.maxNum(x, y, env);
    }

    private static Long minMax64(LibdeviceFunction op, long x, long y, Env env) {
        if ((x | y) << 1 == 0 && x != y) {
            return null;
        }
        return op == LibdeviceFunction.FMIN ? F64.minNum(x, y, env) : F64.maxNum(x, y, env);
    }
}

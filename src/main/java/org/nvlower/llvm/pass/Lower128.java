package org.nvlower.llvm.pass;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.IntFunction;

import org.nvlower.diag.InputException;
import org.nvlower.diag.SourcePosition;
import org.nvlower.llvm.ir.AggregateInst;
import org.nvlower.llvm.ir.AttributeSet;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantAggregate;
import org.nvlower.llvm.ir.ConstantExpr;
import org.nvlower.llvm.ir.ConstantFP;
import org.nvlower.llvm.ir.Constants;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.GlobalValue;
import org.nvlower.llvm.ir.GlobalVariable;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.IrBuilder;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.Predicate;
import org.nvlower.llvm.ir.StructType;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.Value;
import org.nvlower.llvm.ir.VectorType;
import org.nvlower.llvm.runtime.Fp128Carrier;
import org.nvlower.llvm.runtime.RuntimeConstants;
import org.nvlower.llvm.runtime.RuntimeDispatch;
import org.nvlower.llvm.runtime.RuntimeFunction;
import org.nvlower.llvm.runtime.RuntimeLibrary;
import org.nvlower.llvm.runtime.ValueType;
import org.nvlower.llvm.text.IrPrinter;

/**
 * Seed 1's fp128/i128 lowering (cicc's part of lower-ops): every fp128 and i128 operation that
 * NVPTX cannot select becomes a call of the {@code __nv_*} runtime function that computes it,
 * chosen by {@link RuntimeDispatch} from the one runtime table.
 *
 * <ol>
 * <li>Constant expressions on fp128/i128 are folded with the runtime semantics (softfloat).</li>
 * <li>Collect, then mutate: each function's operations are listed first, then each is replaced.
 * A call takes the instruction's place, name and {@code !dbg}; operands narrower than the row's
 * types are extended and a narrower result truncated; vectors are done lane by lane; the
 * declaration is added once (get-or-insert). {@code fcmp true/false} on fp128 become constants.</li>
 * <li>A check then rejects any fp128/i128 operation NVPTX cannot select (no row covers it:
 * {@code udiv i256}, {@code fptrunc fp128 to half}, an fp128 math intrinsic, an unfoldable
 * constant expression) with its file, line, function and instruction, unless
 * {@link Options#keepUnsupported}.</li>
 * <li>With {@link Options#fp128AsI128} every fp128 value left (data) is carried as i128
 * ({@link Fp128Carrier}), and the runtime declarations take i128 where the table says fp128.</li>
 * <li>With {@link Options#enableOptimization} (the pass's {@code enable-optimization} parameter)
 * the calls and declarations are {@code readnone nounwind willreturn}.</li>
 * </ol>
 */
public final class Lower128 {

    /**
     * The pass's parameters. With {@code linkRuntime} the bodies of the runtime functions the module
     * now calls are linked in (internal), so that the result needs no runtime library.
     */
    public record Options(boolean enableOptimization, boolean keepUnsupported, boolean fp128AsI128,
            boolean linkRuntime) {
        public static final Options DEFAULT = new Options(false, false, false, false);
        /** What stock LLVM can compile alone: fp128 carried as i128, the bodies linked. */
        public static final Options SELF_CONTAINED = new Options(false, false, true, true);

        public Options(boolean enableOptimization, boolean keepUnsupported, boolean fp128AsI128) {
            this(enableOptimization, keepUnsupported, fp128AsI128, false);
        }
    }

    /** What the pass did: calls made, constants folded, the runtime functions now called, operations kept. */
    public record Result(int calls, int folded, Set<RuntimeFunction> functions, List<String> kept) {
    }

    /** The attributes {@code enable-optimization} puts on the calls and declarations. */
    public static final AttributeSet SIDE_EFFECT_FREE = AttributeSet.words("nounwind", "readnone", "willreturn");

    private final Module module;
    private final Options options;
    private final Set<RuntimeFunction> used = EnumSet.noneOf(RuntimeFunction.class);
    private final List<CallInst> calls = new ArrayList<>();
    private final Set<Function> replacedCallees = new LinkedHashSet<>();
    private int folded;

    private Lower128(Module module, Options options) {
        this.module = module;
        this.options = options;
    }

    /** Lowers {@code module} in place. */
    public static Result run(Module module, Options options) {
        return new Lower128(module, options).run();
    }

    private Result run() {
        for (GlobalVariable g : module.globals()) {
            if (g.initializer() != null) {
                Constant c = RuntimeConstants.fold(g.initializer());
                if (c != g.initializer()) {
                    g.setInitializer(c);
                    folded++;
                }
            }
        }
        List<Unselectable> found = new ArrayList<>();
        checkGlobals(found);
        // bodies without a wide type stay unread, unless the module declares a quad C function
        // (one of the wrong type, e.g. double sqrtf128(double), is an error wherever it is called)
        boolean quadNames = module.functions().stream().anyMatch(f -> f.isDeclaration() && QuadCalls.isQuadName(f.name()));
        List<Function> candidates = module.functions().stream()
                .filter(f -> !f.isDeclaration() && (quadNames || RuntimeDispatch.mayHoldWideOperations(f)))
                .toList();
        for (Function f : candidates) {
            boolean wasMaterialized = f.isMaterialized();
            lowerFunction(f);
            checkFunction(f, found);
            if (!wasMaterialized) {
                f.release();
            }
        }
        // the intrinsics and quad C functions now called nowhere: no declaration left to resolve
        for (Function callee : replacedCallees) {
            if (callee.isDeclaration() && !callee.hasUses() && module.function(callee.name()).orElse(null) == callee) {
                module.removeGlobal(callee);
            }
        }
        List<String> kept = report(found);
        if (options.fp128AsI128()) {
            Fp128Carrier.apply(module);
        }
        if (options.enableOptimization()) {
            markSideEffectFree();
        }
        if (options.linkRuntime()) {
            RuntimeLibrary.link(module, used, options.fp128AsI128());
        }
        return new Result(calls.size(), folded, used, kept);
    }

    /**
     * Whether the pass replaces {@code i}: a 128-bit operation the runtime table covers, or a call
     * of an fp128 intrinsic or quad C function it lowers (not one it refuses).
     */
    public static boolean replaces(Instruction i) {
        if (i instanceof CallInst c) {
            QuadCalls.Plan plan = QuadCalls.plan(c);
            if (plan != null) {
                return !(plan instanceof QuadCalls.Refused);
            }
        }
        return RuntimeDispatch.isWide(i);
    }

    // ------------------------------------------------------------------ lowering

    private void lowerFunction(Function f) {
        List<Instruction> work = new ArrayList<>();
        f.instructions().forEach(i -> {
            foldOperands(i);
            if (lowers(i)) {
                work.add(i);
            }
        });
        for (Instruction i : work) {
            if (i instanceof CallInst c) {
                lowerCall(c, QuadCalls.plan(c));
            } else {
                lower(i, RuntimeDispatch.decide(i));
            }
        }
    }

    /** Whether {@code i} is lowered: a quad call with a plan, or an operation the runtime computes or folds (no scalable vector). */
    private static boolean lowers(Instruction i) {
        if (i instanceof CallInst c && QuadCalls.plan(c) != null && !(QuadCalls.plan(c) instanceof QuadCalls.Refused)) {
            return true;
        }
        RuntimeDispatch.Decision d = RuntimeDispatch.decide(i);
        return (d instanceof RuntimeDispatch.Call || d instanceof RuntimeDispatch.Fold)
                && !(i.type() instanceof VectorType v && v.scalable());
    }

    private void foldOperands(Instruction i) {
        for (int k = 0; k < i.operandCount(); k++) {
            if (i.operand(k) instanceof Constant c && !(c instanceof GlobalValue)) {
                Constant f = RuntimeConstants.fold(c);
                if (f != c) {
                    i.setOperand(k, f);
                    folded++;
                }
            }
        }
    }

    private void lower(Instruction inst, RuntimeDispatch.Decision d) {
        IrBuilder b = new IrBuilder(module).positionBefore(inst);
        String name = inst.name();
        Value result;
        if (d instanceof RuntimeDispatch.Fold fold && inst.type() instanceof VectorType v) {
            folded++;
            List<Constant> lanes = new ArrayList<>();
            for (int lane = 0; lane < v.count(); lane++) {
                lanes.add(Constants.i1(fold.value()));
            }
            result = new ConstantAggregate(v, lanes);
        } else if (inst.type() instanceof VectorType v) {
            result = byLane(b, v, name, lane -> {
                List<Value> ops = new ArrayList<>();
                for (int k = 0; k < inst.operandCount(); k++) {
                    ops.add(b.extractElement(inst.operand(k), Constants.i32(lane), part(name, "a" + k + "." + lane)));
                }
                return scalar(b, inst, d, ops, part(name, "lane" + lane));
            });
        } else {
            result = scalar(b, inst, d, inst.operands(), name);
        }
        replace(inst, result);
    }

    /** The lowered value of one scalar operation on {@code ops}. */
    private Value scalar(IrBuilder b, Instruction inst, RuntimeDispatch.Decision d, List<Value> ops, String name) {
        if (d instanceof RuntimeDispatch.Fold fold) {
            folded++;
            return Constants.i1(fold.value());
        }
        RuntimeDispatch.Call call = (RuntimeDispatch.Call) d;
        RuntimeFunction f = call.function();
        Type want = inst.type().scalarType();
        boolean narrowed = want instanceof IntegerType t && t.bits() < f.returnType().bits();
        Value r = rowCall(b, inst, f, ops,
                (k, v) -> widen(b, v, f.parameterTypes().get(k), call.signed(), part(name, "ext" + k)),
                narrowed ? part(name, "call") : name);
        return narrowed ? b.trunc(r, (IntegerType) want, name) : r;
    }

    /** {@code v} widened to a row's parameter: a narrower integer sign- or zero-extended, another float to float. */
    private static Value widen(IrBuilder b, Value v, ValueType param, boolean signed, String name) {
        if (v.type() instanceof IntegerType t && t.bits() < param.bits()) {
            return signed ? b.sext(v, param.irType(), name) : b.zext(v, param.irType(), name);
        }
        if (param == ValueType.F32 && v.type() != FloatType.FLOAT) {
            return b.cast(Opcode.FPEXT, v, FloatType.FLOAT, name);
        }
        return v;
    }

    /** A vector of {@code v}'s type built lane by lane from {@code lane}'s scalars. */
    private static Value byLane(IrBuilder b, VectorType v, String name, IntFunction<Value> lane) {
        Value acc = Constants.poison(v);
        for (int i = 0; i < v.count(); i++) {
            acc = b.insert(AggregateInst.insertElement(acc, lane.apply(i), Constants.i32(i)),
                    i + 1 < v.count() ? part(name, "v" + i) : "");
        }
        return acc;
    }

    // ------------------------------------------------------------------ fp128 intrinsics and quad C functions

    /** Replaces {@code call} by its plan: row calls (lane by lane for vectors) and the glue around them. */
    private void lowerCall(CallInst call, QuadCalls.Plan plan) {
        replacedCallees.add(call.calledFunction());
        IrBuilder b = new IrBuilder(module).positionBefore(call);
        String name = call.name();
        List<Value> args = call.arguments();
        Value result;
        if (plan instanceof QuadCalls.QuietNaN) {
            result = new ConstantFP(FloatType.FP128, RuntimeLibrary.F128_NAN);
        } else if (plan instanceof QuadCalls.SignBit s) {
            result = b.intrinsic(s.intrinsic(), FloatType.FP128, args, name);
        } else if (plan instanceof QuadCalls.SinCos) {
            List<Value> x = List.of(args.get(0));
            b.store(rowCall(b, call, RuntimeFunction.SIN_FP128, x, part(name, "sin")), args.get(1));
            b.store(rowCall(b, call, RuntimeFunction.COS_FP128, x, part(name, "cos")), args.get(2));
            call.eraseFromParent();
            return;
        } else if (plan instanceof QuadCalls.StoresSecond s) {
            List<Value> operands = args.subList(0, args.size() - 1);
            b.store(rowCall(b, call, s.stored(), operands, part(name, s.storedName())), args.get(args.size() - 1));
            result = rowCall(b, call, s.returned(), operands, name);
        } else if (call.type() instanceof VectorType v) {
            result = byLane(b, v, name, lane -> {
                List<Value> ops = new ArrayList<>();
                for (Value a : args) {
                    ops.add(a.type() instanceof VectorType
                            ? b.extractElement(a, Constants.i32(lane), part(name, "a." + lane)) : a);
                }
                return scalarCall(b, call, plan, ops, v.element(), part(name, "lane" + lane));
            });
        } else {
            result = scalarCall(b, call, plan, args, call.type(), name);
        }
        replace(call, result);
    }

    /** One scalar call's replacement (its result of type {@code want}). */
    private Value scalarCall(IrBuilder b, CallInst call, QuadCalls.Plan plan, List<Value> args, Type want, String name) {
        return switch (plan) {
            case QuadCalls.Row r -> rowCall(b, call, r.row(), args, name);
            case QuadCalls.FpClass c -> {
                Value bit = rowCall(b, call, RuntimeFunction.FPCLASS_FP128, List.of(args.get(0)), part(name, "class"));
                Value hit = b.and(bit, args.get(1), part(name, "hit"));
                yield b.icmp(Predicate.NE, hit, Constants.i32(0), name);
            }
            case QuadCalls.Classify c -> {
                Value bit = rowCall(b, call, RuntimeFunction.FPCLASS_FP128, List.of(args.get(0)), part(name, "class"));
                Value in = b.icmp(Predicate.NE, b.and(bit, Constants.i32(c.mask()), part(name, "in")), Constants.i32(0),
                        part(name, "hit"));
                Value one = b.zext(in, IntegerType.I32, c.minusOne() == 0 ? name : part(name, "one"));
                if (c.minusOne() == 0) {
                    yield one;
                }
                Value minus = b.icmp(Predicate.NE, b.and(bit, Constants.i32(c.minusOne()), part(name, "neg")),
                        Constants.i32(0), part(name, "minus"));
                yield b.select(minus, Constants.i32(-1), one, name);
            }
            case QuadCalls.ComplexPart c -> {
                StructType complex = StructType.of(FloatType.FP128, FloatType.FP128);
                Value re = b.load(FloatType.FP128, b.inBoundsGep(complex, args.get(0), List.of(Constants.i32(0),
                        Constants.i32(0)), part(name, "re.at")), part(name, "re"));
                Value im = b.load(FloatType.FP128, b.inBoundsGep(complex, args.get(0), List.of(Constants.i32(0),
                        Constants.i32(1)), part(name, "im.at")), part(name, "im"));
                yield switch (c.function()) {
                    case "creal" -> re;
                    case "cimag" -> im;
                    case "cabs" -> rowCall(b, call, RuntimeFunction.HYPOT_FP128, List.of(re, im), name);
                    default -> rowCall(b, call, RuntimeFunction.ATAN2_FP128, List.of(im, re), name); // carg
                };
            }
            case QuadCalls.SignBitTest t -> {
                Value bits = b.bitcast(args.get(0), IntegerType.I128, part(name, "bits"));
                yield b.trunc(b.lshr(bits, Constants.integer(IntegerType.I128, 127), part(name, "sign")), IntegerType.I32, name);
            }
            case QuadCalls.Frexp f -> {
                Value m = rowCall(b, call, RuntimeFunction.FREXP_FP128, List.of(args.get(0)), part(name, "fraction"));
                Value e = rowCall(b, call, RuntimeFunction.FREXP_EXP_FP128, List.of(args.get(0)), part(name, "exp"));
                Value s = b.insertValue(Constants.poison(want), m, new long[] {0}, part(name, "s"));
                yield b.insertValue(s, e, new long[] {1}, name);
            }
            case QuadCalls.ToInteger t -> {
                Value r = rowCall(b, call, t.rounding(), args, part(name, "integral"));
                yield convert(b, call, Opcode.FPTOSI, r, (IntegerType) want, name);
            }
            case QuadCalls.Saturate s -> saturate(b, call, s.signed(), args.get(0), (IntegerType) want, name);
            case QuadCalls.ScaleLong l -> {
                Value n = args.get(1);
                Value hi = Constants.i64(70000);
                Value lo = Constants.i64(-70000);
                Value clamped = b.select(b.icmp(Predicate.SGT, n, hi, part(name, "over")), hi,
                        b.select(b.icmp(Predicate.SLT, n, lo, part(name, "under")), lo, n, part(name, "lo")), part(name, "hi"));
                Value n32 = b.trunc(clamped, IntegerType.I32, part(name, "n"));
                yield rowCall(b, call, RuntimeFunction.LDEXP_FP128, List.of(args.get(0), n32), name);
            }
            default -> throw new IllegalStateException("no scalar form for " + plan);
        };
    }

    /** fptosi/fptoui of fp128 {@code v} to {@code to} by the dispatch's row (a wider row's result truncated). */
    private Value convert(IrBuilder b, CallInst call, Opcode op, Value v, IntegerType to, String name) {
        RuntimeDispatch.Decision d = RuntimeDispatch.decide(op, null, FloatType.FP128, to);
        if (!(d instanceof RuntimeDispatch.Call c)) {
            throw new IllegalStateException("no row converts fp128 to " + to);
        }
        boolean narrowed = to.bits() < c.function().returnType().bits();
        Value r = rowCall(b, call, c.function(), List.of(v), narrowed ? part(name, "wide") : name);
        return narrowed ? b.trunc(r, to, name) : r;
    }

    /**
     * llvm.fptosi.sat/fptoui.sat: the conversion rows saturate and give 0 for NaN already; a width
     * without a row of its own takes the 128-bit row and clamps to its range.
     */
    private Value saturate(IrBuilder b, CallInst call, boolean signed, Value v, IntegerType to, String name) {
        Opcode op = signed ? Opcode.FPTOSI : Opcode.FPTOUI;
        int n = to.bits();
        if (n == 8 || n == 16 || n == 32 || n == 64 || n == 128) {
            return convert(b, call, op, v, to, name);
        }
        Value wide = convert(b, call, op, v, IntegerType.I128, part(name, "wide"));
        java.math.BigInteger one = java.math.BigInteger.ONE;
        Value max = Constants.integer(IntegerType.I128, signed ? one.shiftLeft(n - 1).subtract(one)
                : one.shiftLeft(n).subtract(one));
        Value clamped = b.select(b.icmp(signed ? Predicate.SGT : Predicate.IUGT, wide, max, part(name, "over")),
                max, wide, part(name, "hi"));
        if (signed) {
            Value min = Constants.integer(IntegerType.I128, one.shiftLeft(n - 1).negate());
            clamped = b.select(b.icmp(Predicate.SLT, clamped, min, part(name, "under")), min, clamped,
                    part(name, "lo"));
        }
        return b.trunc(clamped, to, name);
    }

    /** A call of {@code f} on {@code args} (fp128 values; carried as i128 when the options say so). */
    private Value rowCall(IrBuilder b, Instruction origin, RuntimeFunction f, List<Value> args, String name) {
        return rowCall(b, origin, f, args, (k, v) -> v, name);
    }

    /** The same, each argument first passed through {@code prepare} (given its index). */
    private Value rowCall(IrBuilder b, Instruction origin, RuntimeFunction f, List<Value> args,
            BiFunction<Integer, Value, Value> prepare, String name) {
        boolean carry = options.fp128AsI128();
        List<Value> ops = new ArrayList<>();
        for (int k = 0; k < f.parameterTypes().size(); k++) {
            Value v = prepare.apply(k, args.get(k));
            ops.add(carry && f.parameterTypes().get(k) == ValueType.F128 ? b.bitcast(v, IntegerType.I128) : v);
        }
        FunctionType type = f.functionType(carry);
        boolean carriedResult = carry && f.returnType() == ValueType.F128;
        CallInst c = b.call(module.getOrInsertFunction(f.symbol(), type.returnType(), type.params()), ops,
                carriedResult ? "" : name);
        c.copyMetadata(origin, "dbg");
        calls.add(c);
        used.add(f);
        return carriedResult ? b.bitcast(c, FloatType.FP128, name) : c;
    }

    /**
     * {@code inst} replaced by {@code value}. The last instruction built (just before {@code inst})
     * takes its place as LLVM's ReplaceInstWithInst does: its name or number, {@code !dbg} and
     * debug records; a constant takes its uses.
     */
    private static void replace(Instruction inst, Value value) {
        if (value instanceof Instruction n && n.next() == inst) {
            n.removeFromParent();
            n.setName("");
            inst.replaceWith(n);
            return;
        }
        inst.replaceAllUsesWith(value);
        if (!inst.debugRecords().isEmpty() && inst.next() != null) {
            inst.next().addDebugRecords(inst.debugRecords());
        }
        inst.eraseFromParent();
    }

    /** A name for a value made for {@code name}: {@code name.suffix}, or "" (numbered) when {@code name} is "". */
    private static String part(String name, String suffix) {
        return name.isEmpty() ? "" : name + "." + suffix;
    }

    // ------------------------------------------------------------------ after the lowering

    /** Global initializers holding a 128-bit constant expression that did not fold. */
    private void checkGlobals(List<Unselectable> found) {
        for (GlobalVariable g : module.globals()) {
            if (g.initializer() != null && RuntimeConstants.hasWideExpression(g.initializer())) {
                found.add(new Unselectable(module.positionOf(g), "@" + g.name(),
                        "its initializer holds a 128-bit constant expression that cannot be folded"));
            }
        }
    }

    /** The operations of {@code f} NVPTX cannot select (after the lowering). */
    private void checkFunction(Function f, List<Unselectable> found) {
        f.instructions().forEach(i -> {
            String why = unselectable(i);
            if (why != null) {
                SourcePosition at = i.source() != null ? module.positionOf(i.source().tokenStart()) : module.positionOf(f);
                found.add(new Unselectable(at, "'" + IrPrinter.canonical(i) + "' in @" + f.name(), why));
            }
        });
    }

    /** An error naming every operation NVPTX cannot select, unless they are to be kept; else their list. */
    private List<String> report(List<Unselectable> found) {
        if (!found.isEmpty() && !options.keepUnsupported()) {
            Unselectable first = found.get(0);
            StringBuilder more = new StringBuilder();
            for (Unselectable u : found.subList(1, found.size())) {
                more.append("\n").append(u.position() == null ? "" : u.position() + ": ").append("error: ")
                        .append(u.message());
            }
            throw new InputException(first.position(), first.message()
                    + (found.size() > 1 ? " (" + (found.size() - 1) + " more below the source line)" : "")
                    + more);
        }
        return found.stream().map(u -> (u.position() == null ? "" : u.position() + ": ") + u.message()).toList();
    }

    private record Unselectable(SourcePosition position, String what, String why) {
        String message() {
            return what + " cannot be selected by NVPTX: " + why
                    + "; instruction selection would abort (--keep-unsupported leaves it)";
        }
    }

    /** Why NVPTX cannot select {@code i}, or null when it can (or it is not a 128-bit operation). */
    private static String unselectable(Instruction i) {
        RuntimeDispatch.Decision d = RuntimeDispatch.decide(i);
        if (d instanceof RuntimeDispatch.Unsupported u) {
            return u.reason();
        }
        if (!(d instanceof RuntimeDispatch.NotWide)) {
            return "a scalable vector of fp128/i128 cannot be split into calls";
        }
        if (i instanceof CallInst q && QuadCalls.plan(q) instanceof QuadCalls.Refused r) {
            return r.reason();
        }
        if (i instanceof CallInst c && c.calleeName().startsWith("llvm.") && mentionsFp128(c.calleeType())
                && !c.calleeName().equals("llvm.fabs.f128") && !c.calleeName().equals("llvm.copysign.f128")) {
            return "no runtime function computes @" + c.calleeName();
        }
        for (Value v : i.operands()) {
            if ((v instanceof ConstantExpr || v instanceof ConstantAggregate)
                    && RuntimeConstants.hasWideExpression((Constant) v)) {
                return "an operand is a 128-bit constant expression that cannot be folded";
            }
        }
        return null;
    }

    private static boolean mentionsFp128(FunctionType t) {
        if (t.returnType().scalarType() == FloatType.FP128) {
            return true;
        }
        return t.params().stream().anyMatch(p -> p.scalarType() == FloatType.FP128);
    }

    private void markSideEffectFree() {
        int group = module.attributeGroupFor(SIDE_EFFECT_FREE);
        calls.stream().filter(c -> c.parent() != null).forEach(c -> c.addAttributeGroup(group));
        for (RuntimeFunction r : used) {
            Function f = module.function(r.symbol()).orElseThrow();
            if (f.isDeclaration()) {
                f.addAttributeGroup(group);
            }
        }
    }
}

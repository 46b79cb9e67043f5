package org.nvlower.llvm.runtime;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import org.nvlower.diag.InputException;
import org.nvlower.llvm.ir.AggregateInst;
import org.nvlower.llvm.ir.Argument;
import org.nvlower.llvm.ir.ArrayType;
import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.CastInst;
import org.nvlower.llvm.ir.CmpInst;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantAggregate;
import org.nvlower.llvm.ir.ConstantExpr;
import org.nvlower.llvm.ir.ConstantFP;
import org.nvlower.llvm.ir.ConstantKeyword;
import org.nvlower.llvm.ir.Constants;
import org.nvlower.llvm.ir.FastMathFlags;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.GlobalAlias;
import org.nvlower.llvm.ir.GlobalValue;
import org.nvlower.llvm.ir.GlobalVariable;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.LoadInst;
import org.nvlower.llvm.ir.MemoryInst;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.NamedStructType;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.OtherInst;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.StoreInst;
import org.nvlower.llvm.ir.StructType;
import org.nvlower.llvm.ir.TerminatorInst;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.UnaryInst;
import org.nvlower.llvm.ir.Value;
import org.nvlower.llvm.ir.VectorType;

/**
 * Carries every fp128 value of a module as an i128 holding the same bits, so that stock LLVM can
 * compile the module for NVPTX: LLVM 14's and 19's NVPTX backends crash on an fp128 call argument
 * or return value, and the runtime functions take and return fp128. After the 128-bit lowering
 * the only fp128 values left are data (loads, stores, allocas, GEPs, phis, selects, aggregates,
 * globals, arguments, returns, constants); this rewrite gives each the i128 type. Memory keeps
 * its declared types (an {@code alloca fp128}, a GEP over fp128, a {@code fp128*} parameter are
 * addresses, which NVPTX handles): a load or store of an fp128 value becomes one of an i128 (through
 * a bitcast pointer when pointers are typed), so kernel signatures and the metadata naming them stay
 * as they were.
 * <ul>
 * <li>a function with fp128 in its type or body is rebuilt with i128 in a new function of the
 * same name (instructions keep their names and metadata; unchanged ones move over as they are);
 * a bitcast between fp128 and i128 disappears; {@code fneg}, {@code llvm.fabs} and
 * {@code llvm.copysign} become the sign-bit operations they are. External functions taking fp128
 * get i128 too: NVPTX has no fp128 calling convention at all;</li>
 * <li>a global holding fp128 is recreated with i128 and the same initializer bits (llc's
 * AsmPrinter crashes on an fp128 initializer); with typed pointers its uses see it through a
 * constant bitcast to the old pointer type;</li>
 * <li>an fp128 operation that is still there (kept unsupported) stays, bridged by bitcasts.</li>
 * </ul>
 * Rebuilt functions and globals move to the end of their kind in the printed module (the model
 * has no insertion point among globals). Named struct types and aliases holding fp128 are not
 * rewritten: an {@link InputException} says so.
 */
public final class Fp128Carrier {

    private static final BigInteger SIGN = BigInteger.ONE.shiftLeft(127);
    private static final BigInteger MAGNITUDE = SIGN.subtract(BigInteger.ONE);
    /** The names the IR model gives new unnamed instructions in parsed functions. */
    private static final Pattern AUTO_NAME = Pattern.compile("nvl\\.\\d+");

    private final Module module;
    /** Old value to its replacement: globals, functions, arguments, blocks, instructions. */
    private final Map<Value, Value> map = new IdentityHashMap<>();
    /** New instructions whose operand {@code index} waits for the replacement of {@code old}. */
    private final List<Pending> pending = new ArrayList<>();
    /** Instructions moved into a rebuilt function unchanged: their operands are remapped at the end. */
    private final List<Instruction> moved = new ArrayList<>();
    private final Set<NamedStructType> checkedNamed = new HashSet<>();

    private record Pending(Instruction inst, int index, Value old) {
    }

    private Fp128Carrier(Module module) {
        this.module = module;
    }

    /** Rewrites {@code module} so that no value has type fp128; returns whether anything changed. */
    public static boolean apply(Module module) {
        return new Fp128Carrier(module).run();
    }

    // ------------------------------------------------------------------ types

    /** {@code t} with every fp128 in it replaced by i128 (the same object when there is none). */
    public Type carried(Type t) {
        return switch (t) {
            case FloatType f -> f == FloatType.FP128 ? IntegerType.I128 : f;
            case VectorType v -> {
                Type e = carried(v.element());
                yield e == v.element() ? v : new VectorType(v.scalable(), v.count(), e);
            }
            case ArrayType a -> {
                Type e = carried(a.element());
                yield e == a.element() ? a : new ArrayType(a.count(), e);
            }
            case StructType s -> {
                List<Type> fields = carriedAll(s.fields());
                yield fields == s.fields() ? s : new StructType(s.packed(), fields);
            }
            case FunctionType f -> {
                Type r = carried(f.returnType());
                List<Type> params = carriedAll(f.params());
                yield r == f.returnType() && params == f.params() ? f : new FunctionType(r, params, f.varArgs());
            }
            case NamedStructType n -> {
                checkNamed(n);
                yield n;
            }
            default -> t;
        };
    }

    private List<Type> carriedAll(List<Type> types) {
        List<Type> out = null;
        for (int i = 0; i < types.size(); i++) {
            Type c = carried(types.get(i));
            if (c != types.get(i) && out == null) {
                out = new ArrayList<>(types);
            }
            if (out != null) {
                out.set(i, c);
            }
        }
        return out == null ? types : out;
    }

    private void checkNamed(NamedStructType n) {
        if (!checkedNamed.add(n) || n.isOpaque()) {
            return;
        }
        for (Type f : n.fields()) {
            if (carried(f) != f) {
                throw new InputException("%" + n.name() + " holds fp128: carrying fp128 as i128 does not rewrite "
                        + "named struct types (use --no-fp128-as-i128, or a literal struct)");
            }
        }
    }

    private boolean changes(Type t) {
        return carried(t) != t;
    }

    // ------------------------------------------------------------------ the module

    private boolean run() {
        List<GlobalVariable> globals = new ArrayList<>();
        for (GlobalVariable g : module.globals()) {
            if (changes(g.valueType())) {
                globals.add(g);
            }
        }
        for (GlobalAlias a : module.aliases()) {
            if (changes(a.valueType())) {
                throw new InputException("alias @" + a.name() + " has fp128 type: carrying fp128 as i128 does not "
                        + "rewrite aliases (use --no-fp128-as-i128)");
            }
        }
        List<Function> functions = new ArrayList<>();
        for (Function f : module.functions()) {
            if (!f.name().startsWith("llvm.") && (changes(f.functionType()) || !f.isDeclaration() && holdsFp128(f))) {
                functions.add(f);
            }
        }
        boolean usesIntrinsics = false;
        for (Function f : module.functions()) {
            usesIntrinsics |= f.name().startsWith("llvm.") && changes(f.functionType());
        }
        if (globals.isEmpty() && functions.isEmpty() && !usesIntrinsics) {
            return false;
        }
        for (GlobalVariable g : globals) {
            recreate(g);
        }
        List<Function> rebuilt = new ArrayList<>();
        for (Function f : functions) {
            rebuilt.add(recreate(f));
        }
        for (int i = 0; i < functions.size(); i++) {
            if (!functions.get(i).isDeclaration()) {
                rebuildBody(functions.get(i), rebuilt.get(i));
            }
        }
        for (Pending p : pending) {
            p.inst().resolveForwardOperand(p.index(), resolve(p.old()));
        }
        for (Instruction i : moved) {
            remapOperands(i);
        }
        for (Function f : module.functions()) {
            if (!f.isDeclaration() && !map.containsKey(f) && !rebuilt.contains(f)) {
                boolean wasMaterialized = f.isMaterialized();
                f.instructions().forEach(this::remapOperands);
                if (!wasMaterialized) {
                    f.release();
                }
            }
        }
        for (GlobalVariable g : module.globals()) {
            if (g.initializer() != null && !globals.contains(g)) {
                g.setInitializer(carried(g.initializer()));
            }
        }
        for (GlobalVariable g : globals) {
            if (g.initializer() != null) {
                ((GlobalVariable) replacements.get(g)).setInitializer(carried(g.initializer()));
            }
        }
        for (Function f : functions) {
            f.deleteBody();
        }
        for (Function f : functions) {
            swap(f);
        }
        for (GlobalVariable g : globals) {
            swap(g);
        }
        for (Function f : new ArrayList<>(module.functions())) {
            if (f.name().startsWith("llvm.") && changes(f.functionType()) && !f.hasUses()) {
                module.removeGlobal(f);
            }
        }
        return true;
    }

    /** Removes {@code old} and gives its replacement its name. */
    private void swap(GlobalValue old) {
        String name = old.name();
        module.removeGlobal(old);
        replacements.get(old).setName(name);
    }

    private boolean holdsFp128(Function f) {
        for (BasicBlock b : f.blocks()) {
            for (Instruction i : b.instructions()) {
                if (touchesFp128(i)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether the instruction's type, detail or an operand's type holds fp128. */
    private boolean touchesFp128(Instruction i) {
        if (changes(i.type()) || detailChanges(i)) {
            return true;
        }
        for (Value v : i.operands()) {
            if (v != null && changes(v.type())) {
                return true;
            }
        }
        return false;
    }

    private boolean detailChanges(Instruction i) {
        return switch (i) {
            case CallInst c -> changes(c.calleeType());
            case LoadInst load -> changes(load.loadedType());
            default -> false;
        };
    }

    private void recreate(GlobalVariable g) {
        GlobalVariable n = module.addGlobalVariable(module.freshGlobalName(g.name() + ".i128"), carried(g.valueType()),
                g.isConstant(), null, g.linkage(), g.addressSpace());
        n.readHeader(g.linkage(), g.visibility(), g.isDsoLocal(), g.dllStorage(), g.unnamedAddr());
        n.readTail(g.section(), g.partition(), g.comdat(), g.alignment(), g.metadata());
        n.readVariableDetails(g.threadLocal(), g.isExternallyInitialized(), g.codeModel(), g.attributeGroups(),
                g.otherWords(), g.inlineAttributes());
        replacements.put(g, n);
        map.put(g, n.type().equals(g.type()) ? n
                : new ConstantExpr(Opcode.BITCAST, List.of(), g.type(), null, List.of(n)));
    }

    /** Recreated globals and functions to their replacement (the map holds what their uses see). */
    private final Map<GlobalValue, GlobalValue> replacements = new IdentityHashMap<>();

    /** A function of the carried type with the same header and argument names. */
    private Function recreate(Function f) {
        Function n = module.addFunction(module.freshGlobalName(f.name() + ".i128"),
                (FunctionType) carried(f.functionType()));
        n.readHeader(f.linkage(), f.visibility(), f.isDsoLocal(), f.dllStorage(), f.unnamedAddr());
        n.readTail(f.section(), f.partition(), f.comdat(), f.alignment(), f.metadata());
        n.readFunctionHeader(f.callingConvention(), f.returnAttributes().mapTypes(this::carried), f.inlineAttributes(),
                f.attributeGroups(), f.gc(), f.prefixData(), f.prologueData(), f.personality());
        for (int i = 0; i < f.arguments().size(); i++) {
            Argument a = f.argument(i);
            Argument b = n.argument(i);
            b.setAttributes(a.attributes().mapTypes(this::carried));
            if (a.hasName()) {
                b.setName(a.name());
            }
            map.put(a, b);
        }
        replacements.put(f, n);
        map.put(f, n.type().equals(f.type()) ? n
                : new ConstantExpr(Opcode.BITCAST, List.of(), f.type(), null, List.of(n)));
        return n;
    }

    // ------------------------------------------------------------------ bodies

    /** Builds the body of {@code to} from that of {@code from}, instruction by instruction. */
    private void rebuildBody(Function from, Function to) {
        List<BasicBlock> blocks = new ArrayList<>(from.blocks());
        for (BasicBlock b : blocks) {
            map.put(b, to.appendBlock(b.name()));
        }
        for (BasicBlock b : blocks) {
            BasicBlock into = (BasicBlock) map.get(b);
            for (Instruction i : new ArrayList<>(b.instructions())) {
                rebuild(i, into);
            }
        }
    }

    private void rebuild(Instruction i, BasicBlock into) {
        if (isFp128Operation(i)) {
            bridge(i, into);
        } else if (i instanceof CastInst c && c.opcode() == Opcode.BITCAST
                && carried(c.sourceType()).equals(carried(c.destType()))) {
            alias(i);
        } else if (!touchesFp128(i)) {
            i.removeFromParent();
            into.append(i);
            moved.add(i);
        } else {
            Instruction built = switch (signOperation(i)) {
                case "fneg" -> bitwise(into, Opcode.XOR, i.operand(0), SIGN);
                case "fabs" -> bitwise(into, Opcode.AND, i.operand(1), MAGNITUDE);
                case "copysign" -> {
                    Instruction mag = bitwise(into, Opcode.AND, i.operand(1), MAGNITUDE);
                    Instruction sign = bitwise(into, Opcode.AND, i.operand(2), SIGN);
                    yield append(into, Instruction.read(Opcode.OR, IntegerType.I128, 0, null,
                            new Value[] {mag, sign}, null));
                }
                default -> append(into, rebuilt(i, into));
            };
            built.setMetadata(i.metadata());
            built.addDebugRecords(i.debugRecords());
            if (i.hasName()) {
                built.setName(i.name());
            }
            map.put(i, built);
        }
    }

    /**
     * A bitcast between fp128 and i128 is its operand. When the operand has no name of its own
     * (the lowering's runtime call, whose result bitcast took the instruction's name or number),
     * it takes the bitcast's.
     */
    private void alias(Instruction i) {
        Value v = resolveNow(i.operand(0));
        map.put(i, i.operand(0));
        if (v instanceof Instruction o && o.function() != null && (!o.hasName() || isAuto(o))) {
            if (!i.hasName()) {
                o.setName(""); // numbered, as the bitcast was
            } else if (!isAuto(i)) {
                o.setName(i.name());
            }
        }
    }

    private static boolean isAuto(Instruction i) {
        return AUTO_NAME.matcher(i.name()).matches();
    }

    /**
     * The new instruction: same opcode, carried types, carried operands. A call of a recreated
     * function calls the new one; a load or store through a typed pointer goes through a bitcast
     * of the pointer, appended to {@code into} first.
     */
    private Instruction rebuilt(Instruction i, BasicBlock into) {
        Instruction.Detail detail = switch (i) {
            case CallInst c -> {
                CallInst.Detail d = c.detail();
                yield new CallInst.Detail(d.tailKind(), (FunctionType) carried(d.calleeType()), d.argumentCount(),
                        d.callingConvention(), d.returnAttributes().mapTypes(this::carried),
                        d.paramAttributes().stream().map(a -> a.mapTypes(this::carried)).toList(), d.fnAttributes(),
                        d.attributeGroups(), d.bundles());
            }
            case MemoryInst m -> {
                MemoryInst.Access a = m.access();
                yield a.elementType() == null ? a : new MemoryInst.Access(carried(a.elementType()), a.align(),
                        a.ordering(), a.failureOrdering(), a.syncScope(), a.operation(), a.inrange());
            }
            case AggregateInst a -> a.indexList();
            case CmpInst c -> c.predicate();
            case TerminatorInst t -> t.handlers();
            case OtherInst o -> o.clauses();
            default -> null;
        };
        // fast-math flags belong to floating-point values: a value carried as i128 drops them
        FastMathFlags fmf = changes(i.type()) ? FastMathFlags.NONE : i.fastMathFlags();
        Instruction n = Instruction.read(i.opcode(), carried(i.type()), i.flagBits(), fmf,
                new Value[i.operandCount()], detail);
        int pointer = i instanceof LoadInst ? 0 : i instanceof StoreInst ? 1 : -1; // the address operand
        for (int k = 0; k < i.operandCount(); k++) {
            Value v = i.operand(k);
            if (k == 0 && i instanceof CallInst && v instanceof Function f && replacements.containsKey(f)) {
                n.resolveForwardOperand(0, replacements.get(f));
            } else if (k == pointer && v.type() instanceof PointerType p && p.pointee() != null
                    && changes(p.pointee())) {
                PointerType wanted = PointerType.to(carried(p.pointee()), p.addressSpace());
                Value now = v instanceof Constant ? resolve(v) : null;
                if (now instanceof ConstantExpr e && e.opcode() == Opcode.BITCAST
                        && e.operands().get(0).type().equals(wanted)) {
                    n.resolveForwardOperand(k, e.operands().get(0)); // a recreated global, seen as its old type
                } else {
                    Instruction cast = Instruction.read(Opcode.BITCAST, wanted, 0, null, new Value[] {null}, null);
                    operand(cast, 0, v);
                    append(into, cast);
                    n.resolveForwardOperand(k, cast);
                }
            } else {
                operand(n, k, v);
            }
        }
        return n;
    }

    /** Sets operand {@code k} of new instruction {@code n} to the replacement of {@code old}, now or at the end. */
    private void operand(Instruction n, int k, Value old) {
        if (old instanceof Instruction || old instanceof BasicBlock) {
            pending.add(new Pending(n, k, old));
        } else {
            n.resolveForwardOperand(k, resolve(old));
        }
    }

    /** The final replacement of {@code v}: mapped values followed to the end, constants carried. */
    private Value resolve(Value v) {
        Value cur = resolveNow(v);
        return cur instanceof Constant c && !(cur instanceof GlobalValue) ? carried(c) : cur;
    }

    private Value resolveNow(Value v) {
        Value cur = v;
        Value next = map.get(cur);
        while (next != null && next != cur) {
            cur = next;
            next = map.get(cur);
        }
        return cur;
    }

    /** The operands of an instruction that kept its type: each replaced value by its replacement. */
    private void remapOperands(Instruction i) {
        for (int k = 0; k < i.operandCount(); k++) {
            Value v = i.operand(k);
            Value now = v instanceof Constant c && !(v instanceof GlobalValue) ? carried(c) : resolve(v);
            if (now != v) {
                i.setOperand(k, now);
            }
        }
    }

    /** {@code op i128 v, mask} for the sign-bit operations. */
    private Instruction bitwise(BasicBlock into, Opcode op, Value v, BigInteger mask) {
        Instruction n = Instruction.read(op, IntegerType.I128, 0, null,
                new Value[] {null, Constants.integer(IntegerType.I128, mask)}, null);
        operand(n, 0, v);
        return append(into, n);
    }

    private static Instruction append(BasicBlock into, Instruction n) {
        into.append(n);
        return n;
    }

    /** "fneg", "fabs", "copysign" for the fp128 operations that are sign-bit edits, else "". */
    private static String signOperation(Instruction i) {
        if (i instanceof UnaryInst && i.type() == FloatType.FP128) { // fneg
            return "fneg";
        }
        if (i instanceof CallInst c && c.calledFunction() != null && c.type() == FloatType.FP128) {
            return switch (c.calledFunction().name()) {
                case "llvm.fabs.f128" -> "fabs";
                case "llvm.copysign.f128" -> "copysign";
                default -> "";
            };
        }
        return "";
    }

    /** An operation computing on fp128 (not moving it): it cannot be carried, only bridged. */
    private boolean isFp128Operation(Instruction i) {
        if (!signOperation(i).isEmpty()) {
            return false;
        }
        boolean fp128 = i.type().scalarType() == FloatType.FP128
                || i.operandCount() > 0 && i.operand(0) != null && i.operand(0).type().scalarType() == FloatType.FP128;
        return switch (i.opcode()) {
            case FNEG, FADD, FSUB, FMUL, FDIV, FREM, FCMP, FPTRUNC, FPEXT, FPTOUI, FPTOSI, UITOFP, SITOFP -> fp128;
            case CALL -> i instanceof CallInst c && c.calledFunction() != null
                    && c.calledFunction().name().startsWith("llvm.") && changes(c.calleeType());
            default -> false;
        };
    }

    /**
     * Keeps an fp128 operation as it is: moved into the new body, its fp128 operands bitcast from
     * the carried values, its result bitcast to the carried type for the users.
     */
    private void bridge(Instruction i, BasicBlock into) {
        List<Instruction> before = new ArrayList<>();
        for (int k = 0; k < i.operandCount(); k++) {
            Value v = i.operand(k);
            if (v != null && changes(v.type()) && !(v instanceof Function)) {
                Instruction back = Instruction.read(Opcode.BITCAST, v.type(), 0, null, new Value[] {null}, null);
                operand(back, 0, v);
                before.add(back);
                i.setOperand(k, back);
            }
        }
        i.removeFromParent();
        for (Instruction b : before) {
            into.append(b);
        }
        into.append(i);
        moved.add(i);
        if (changes(i.type())) {
            Instruction out = Instruction.read(Opcode.BITCAST, carried(i.type()), 0, null, new Value[] {i}, null);
            into.append(out);
            map.put(i, out);
        }
    }

    // ------------------------------------------------------------------ constants

    /** {@code c} with fp128 replaced by i128 and recreated globals by their replacements. */
    public Constant carried(Constant c) {
        return switch (c) {
            case ConstantFP f when f.type() == FloatType.FP128 -> Constants.integer(IntegerType.I128, f.bits());
            case ConstantKeyword k -> {
                Type t = carried(k.type());
                yield t == k.type() ? k : new ConstantKeyword(k.keyword(), t);
            }
            case ConstantAggregate a -> {
                List<Constant> elements = a.elements().stream().map(this::carried).toList();
                Type t = carried(a.type());
                yield t == a.type() && elements.equals(a.elements()) ? a : new ConstantAggregate(t, elements);
            }
            case ConstantExpr e -> {
                List<Constant> ops = e.operands().stream().map(this::carried).toList();
                Type t = carried(e.type());
                if (e.opcode() == Opcode.BITCAST && ops.get(0).type().equals(t)) {
                    yield ops.get(0);
                }
                Type source = e.sourceType() == null ? null : carried(e.sourceType());
                yield t == e.type() && source == e.sourceType() && ops.equals(e.operands()) ? e
                        : new ConstantExpr(e.opcode(), e.flags(), t, source, ops, e.inrangeOperand());
            }
            case GlobalValue g -> map.get(g) instanceof Constant n && n.type().equals(g.type()) ? n
                    : replacements.containsKey(g) && g instanceof Function ? new ConstantExpr(Opcode.BITCAST, List.of(),
                            g.type(), null, List.of(replacements.get(g))) : g;
            default -> c;
        };
    }
}

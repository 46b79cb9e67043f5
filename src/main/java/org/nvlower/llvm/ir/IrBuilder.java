package org.nvlower.llvm.ir;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Creates instructions at an insertion point, as LLVM's IRBuilder: at the end of a block, or
 * before or after an instruction. Every method checks its operands through the instruction's
 * typed factory, names the result and returns the new instruction. The name is optional and
 * last, as the {@code Name} parameter of LLVM's IRBuilder: each method has a form without it (the
 * value stays numbered) and one ending in {@code String name} (a name taken in the function gets
 * a fresh variant). No method takes the name elsewhere: where the operands are variable
 * (call arguments, aggregate indices, phi entries) the named form takes them as a list or array.
 * Phi entries are typed pairs ({@link PhiInst.Incoming}). Nothing is folded: what is asked for is
 * what is built. A vocabulary for one kind of code (such as the runtime bodies) extends it.
 */
public class IrBuilder {

    private final Module module;
    private BasicBlock block;
    private Instruction before;

    public IrBuilder(Module module) {
        this.module = module;
    }

    /** A builder inserting at the end of {@code block}. */
    public static IrBuilder atEnd(Module module, BasicBlock block) {
        return new IrBuilder(module).positionAtEnd(block);
    }

    public Module module() {
        return module;
    }

    // ------------------------------------------------------------------ insertion point

    public IrBuilder positionAtEnd(BasicBlock block) {
        this.block = block;
        this.before = null;
        return this;
    }

    /** Inserts before the terminator of {@code block} (at its end when it has none). */
    public IrBuilder positionBeforeTerminator(BasicBlock block) {
        Instruction t = block.terminator();
        return t == null ? positionAtEnd(block) : positionBefore(t);
    }

    public IrBuilder positionBefore(Instruction inst) {
        if (inst.parent() == null) {
            throw new IllegalArgumentException("the anchor is not in a block");
        }
        this.block = inst.parent();
        this.before = inst;
        return this;
    }

    public IrBuilder positionAfter(Instruction inst) {
        Instruction next = inst.next();
        return next == null ? positionAtEnd(inst.parent()) : positionBefore(next);
    }

    /** The block instructions go into. */
    public BasicBlock block() {
        return block;
    }

    public Function function() {
        return block == null ? null : block.parent();
    }

    /** Creates a block named {@code name} at the end of the current function (the insertion point stays). */
    public BasicBlock createBlock(String name) {
        return function().appendBlock(name);
    }

    /** Inserts a made instruction at the insertion point (numbered, or named already). */
    public <I extends Instruction> I insert(I inst) {
        return insert(inst, "");
    }

    /** Inserts a made instruction at the insertion point and names it. */
    public <I extends Instruction> I insert(I inst, String name) {
        if (block == null) {
            throw new IllegalStateException("the builder has no insertion point");
        }
        if (!name.isEmpty()) {
            if (!inst.hasResult()) {
                throw new IllegalArgumentException(inst.opcode() + " has no result to name");
            }
            inst.setName(name);
        }
        if (before == null) {
            block.append(inst);
        } else {
            block.insertBefore(before, inst);
        }
        return inst;
    }

    // ------------------------------------------------------------------ arithmetic

    public BinaryInst binary(Opcode op, Value lhs, Value rhs, String name) {
        return insert(BinaryInst.create(op, lhs, rhs), name);
    }

    public BinaryInst binary(Opcode op, Value lhs, Value rhs) {
        return binary(op, lhs, rhs, "");
    }

    /** An integer operation with {@code nuw}/{@code nsw}/{@code exact}/{@code disjoint} flags. */
    public BinaryInst binary(Opcode op, Value lhs, Value rhs, Set<InstFlag> flags, String name) {
        BinaryInst inst = BinaryInst.create(op, lhs, rhs);
        for (InstFlag f : flags) {
            inst.setFlag(f, true);
        }
        return insert(inst, name);
    }

    public BinaryInst add(Value a, Value b, String name) {
        return binary(Opcode.ADD, a, b, name);
    }

    public BinaryInst add(Value a, Value b) {
        return add(a, b, "");
    }

    public BinaryInst sub(Value a, Value b, String name) {
        return binary(Opcode.SUB, a, b, name);
    }

    public BinaryInst sub(Value a, Value b) {
        return sub(a, b, "");
    }

    public BinaryInst mul(Value a, Value b, String name) {
        return binary(Opcode.MUL, a, b, name);
    }

    public BinaryInst mul(Value a, Value b) {
        return mul(a, b, "");
    }

    public BinaryInst udiv(Value a, Value b, String name) {
        return binary(Opcode.UDIV, a, b, name);
    }

    public BinaryInst udiv(Value a, Value b) {
        return udiv(a, b, "");
    }

    public BinaryInst sdiv(Value a, Value b, String name) {
        return binary(Opcode.SDIV, a, b, name);
    }

    public BinaryInst sdiv(Value a, Value b) {
        return sdiv(a, b, "");
    }

    public BinaryInst urem(Value a, Value b, String name) {
        return binary(Opcode.UREM, a, b, name);
    }

    public BinaryInst urem(Value a, Value b) {
        return urem(a, b, "");
    }

    public BinaryInst srem(Value a, Value b, String name) {
        return binary(Opcode.SREM, a, b, name);
    }

    public BinaryInst srem(Value a, Value b) {
        return srem(a, b, "");
    }

    public BinaryInst shl(Value a, Value b, String name) {
        return binary(Opcode.SHL, a, b, name);
    }

    public BinaryInst shl(Value a, Value b) {
        return shl(a, b, "");
    }

    public BinaryInst lshr(Value a, Value b, String name) {
        return binary(Opcode.LSHR, a, b, name);
    }

    public BinaryInst lshr(Value a, Value b) {
        return lshr(a, b, "");
    }

    public BinaryInst ashr(Value a, Value b, String name) {
        return binary(Opcode.ASHR, a, b, name);
    }

    public BinaryInst ashr(Value a, Value b) {
        return ashr(a, b, "");
    }

    public BinaryInst and(Value a, Value b, String name) {
        return binary(Opcode.AND, a, b, name);
    }

    public BinaryInst and(Value a, Value b) {
        return and(a, b, "");
    }

    public BinaryInst or(Value a, Value b, String name) {
        return binary(Opcode.OR, a, b, name);
    }

    public BinaryInst or(Value a, Value b) {
        return or(a, b, "");
    }

    public BinaryInst xor(Value a, Value b, String name) {
        return binary(Opcode.XOR, a, b, name);
    }

    public BinaryInst xor(Value a, Value b) {
        return xor(a, b, "");
    }

    /** {@code xor v, -1}. */
    public BinaryInst not(Value v, String name) {
        return xor(v, Constants.integer((IntegerType) v.type().scalarType(), -1), name);
    }

    public BinaryInst not(Value v) {
        return not(v, "");
    }

    /** {@code sub 0, v}. */
    public BinaryInst neg(Value v, String name) {
        return sub(Constants.integer((IntegerType) v.type().scalarType(), 0), v, name);
    }

    public BinaryInst neg(Value v) {
        return neg(v, "");
    }

    public BinaryInst fadd(Value a, Value b, String name) {
        return binary(Opcode.FADD, a, b, name);
    }

    public BinaryInst fadd(Value a, Value b) {
        return fadd(a, b, "");
    }

    public BinaryInst fsub(Value a, Value b, String name) {
        return binary(Opcode.FSUB, a, b, name);
    }

    public BinaryInst fsub(Value a, Value b) {
        return fsub(a, b, "");
    }

    public BinaryInst fmul(Value a, Value b, String name) {
        return binary(Opcode.FMUL, a, b, name);
    }

    public BinaryInst fmul(Value a, Value b) {
        return fmul(a, b, "");
    }

    public BinaryInst fdiv(Value a, Value b, String name) {
        return binary(Opcode.FDIV, a, b, name);
    }

    public BinaryInst fdiv(Value a, Value b) {
        return fdiv(a, b, "");
    }

    public BinaryInst frem(Value a, Value b, String name) {
        return binary(Opcode.FREM, a, b, name);
    }

    public BinaryInst frem(Value a, Value b) {
        return frem(a, b, "");
    }

    public UnaryInst fneg(Value v, String name) {
        return insert(UnaryInst.fneg(v, FastMathFlags.NONE), name);
    }

    public UnaryInst fneg(Value v) {
        return fneg(v, "");
    }

    // ------------------------------------------------------------------ compares, casts, select

    public CmpInst icmp(Predicate p, Value a, Value b, String name) {
        if (p.isFloating()) {
            throw new IllegalArgumentException("icmp with fcmp predicate " + p);
        }
        return insert(CmpInst.create(p, a, b), name);
    }

    public CmpInst icmp(Predicate p, Value a, Value b) {
        return icmp(p, a, b, "");
    }

    public CmpInst fcmp(Predicate p, Value a, Value b, String name) {
        if (!p.isFloating()) {
            throw new IllegalArgumentException("fcmp with icmp predicate " + p);
        }
        return insert(CmpInst.create(p, a, b), name);
    }

    public CmpInst fcmp(Predicate p, Value a, Value b) {
        return fcmp(p, a, b, "");
    }

    public CastInst cast(Opcode op, Value v, Type to, String name) {
        return insert(CastInst.create(op, v, to), name);
    }

    public CastInst cast(Opcode op, Value v, Type to) {
        return cast(op, v, to, "");
    }

    public CastInst trunc(Value v, Type to, String name) {
        return cast(Opcode.TRUNC, v, to, name);
    }

    public CastInst trunc(Value v, Type to) {
        return trunc(v, to, "");
    }

    public CastInst zext(Value v, Type to, String name) {
        return cast(Opcode.ZEXT, v, to, name);
    }

    public CastInst zext(Value v, Type to) {
        return zext(v, to, "");
    }

    public CastInst sext(Value v, Type to, String name) {
        return cast(Opcode.SEXT, v, to, name);
    }

    public CastInst sext(Value v, Type to) {
        return sext(v, to, "");
    }

    public CastInst bitcast(Value v, Type to, String name) {
        return cast(Opcode.BITCAST, v, to, name);
    }

    public CastInst bitcast(Value v, Type to) {
        return bitcast(v, to, "");
    }

    /** {@code v} itself when it already has type {@code to}, else a zext or trunc. */
    public Value zextOrTrunc(Value v, IntegerType to, String name) {
        int from = ((IntegerType) v.type()).bits();
        return from == to.bits() ? v : from < to.bits() ? zext(v, to, name) : trunc(v, to, name);
    }

    public Value zextOrTrunc(Value v, IntegerType to) {
        return zextOrTrunc(v, to, "");
    }

    /** {@code v} itself when it already has type {@code to}, else a sext or trunc. */
    public Value sextOrTrunc(Value v, IntegerType to, String name) {
        int from = ((IntegerType) v.type()).bits();
        return from == to.bits() ? v : from < to.bits() ? sext(v, to, name) : trunc(v, to, name);
    }

    public Value sextOrTrunc(Value v, IntegerType to) {
        return sextOrTrunc(v, to, "");
    }

    public SelectInst select(Value cond, Value ifTrue, Value ifFalse, String name) {
        return insert(OtherInst.select(cond, ifTrue, ifFalse), name);
    }

    public SelectInst select(Value cond, Value ifTrue, Value ifFalse) {
        return select(cond, ifTrue, ifFalse, "");
    }

    public OtherInst freeze(Value v, String name) {
        return insert(OtherInst.freeze(v), name);
    }

    public OtherInst freeze(Value v) {
        return freeze(v, "");
    }

    /** A phi with the given entries: {@code phi(T, List.of(incoming(v0, b0), incoming(v1, b1)), "x")}. */
    public PhiInst phi(Type type, List<PhiInst.Incoming> incoming, String name) {
        PhiInst phi = PhiInst.create(type);
        phi.addIncoming(incoming);
        return insert(phi, name);
    }

    /** A phi named {@code name} with no entries yet: add them with {@link PhiInst#addIncoming} once the edges exist. */
    public PhiInst phi(Type type, String name) {
        return phi(type, List.of(), name);
    }

    /** An unnamed phi with the given entries (none: add them later with {@link PhiInst#addIncoming}). */
    public PhiInst phi(Type type, PhiInst.Incoming... incoming) {
        return phi(type, Arrays.asList(incoming), "");
    }

    /** A phi entry: the value when control comes from {@code block}. */
    public static PhiInst.Incoming incoming(Value value, BasicBlock block) {
        return new PhiInst.Incoming(value, block);
    }

    // ------------------------------------------------------------------ calls

    public CallInst call(Function callee, List<? extends Value> args, String name) {
        return insert(CallInst.create(callee, args), name);
    }

    public CallInst call(Function callee, List<? extends Value> args) {
        return call(callee, args, "");
    }

    public CallInst call(Function callee, Value... args) {
        return call(callee, Arrays.asList(args), "");
    }

    /** A call of the function {@code @name}, declared (get-or-insert) with the given signature. */
    public CallInst call(String callee, Type returnType, List<Type> params, List<? extends Value> args, String name) {
        return call(module.getOrInsertFunction(callee, returnType, params), args, name);
    }

    public CallInst call(String callee, Type returnType, List<Type> params, List<? extends Value> args) {
        return call(callee, returnType, params, args, "");
    }

    /** A call of an intrinsic such as {@code llvm.ctlz.i64}, declared from the argument types. */
    public CallInst intrinsic(String intrinsic, Type returnType, Value... args) {
        return intrinsic(intrinsic, returnType, Arrays.asList(args), "");
    }

    /** A call of an intrinsic named {@code name}, declared from the argument types. */
    public CallInst intrinsic(String intrinsic, Type returnType, List<? extends Value> args, String name) {
        List<Type> params = args.stream().map(Value::type).toList();
        return call(intrinsic, returnType, params, args, name);
    }

    // ------------------------------------------------------------------ memory

    public AllocaInst alloca(Type type, String name) {
        return insert(MemoryInst.alloca(module, type, 0, 0), name);
    }

    public AllocaInst alloca(Type type) {
        return alloca(type, "");
    }

    public LoadInst load(Type type, Value pointer, String name) {
        return insert(MemoryInst.load(type, pointer, 0), name);
    }

    public LoadInst load(Type type, Value pointer) {
        return load(type, pointer, "");
    }

    public StoreInst store(Value value, Value pointer) {
        return insert(MemoryInst.store(value, pointer, 0), "");
    }

    public GetElementPtrInst gep(Type sourceType, Value base, List<? extends Value> indices, String name) {
        return insert(MemoryInst.gep(module, sourceType, base, indices, false), name);
    }

    public GetElementPtrInst gep(Type sourceType, Value base, List<? extends Value> indices) {
        return gep(sourceType, base, indices, "");
    }

    public GetElementPtrInst inBoundsGep(Type sourceType, Value base, List<? extends Value> indices, String name) {
        return insert(MemoryInst.gep(module, sourceType, base, indices, true), name);
    }

    public GetElementPtrInst inBoundsGep(Type sourceType, Value base, List<? extends Value> indices) {
        return inBoundsGep(sourceType, base, indices, "");
    }

    // ------------------------------------------------------------------ aggregates

    public AggregateInst extractValue(Value aggregate, long... indices) {
        return extractValue(aggregate, indices, "");
    }

    public AggregateInst extractValue(Value aggregate, long[] indices, String name) {
        return insert(AggregateInst.extractValue(aggregate, indices), name);
    }

    public AggregateInst insertValue(Value aggregate, Value element, long... indices) {
        return insertValue(aggregate, element, indices, "");
    }

    public AggregateInst insertValue(Value aggregate, Value element, long[] indices, String name) {
        return insert(AggregateInst.insertValue(aggregate, element, indices), name);
    }

    public AggregateInst extractElement(Value vector, Value index, String name) {
        return insert(AggregateInst.extractElement(vector, index), name);
    }

    public AggregateInst extractElement(Value vector, Value index) {
        return extractElement(vector, index, "");
    }

    public AggregateInst insertElement(Value vector, Value element, Value index, String name) {
        return insert(AggregateInst.insertElement(vector, element, index), name);
    }

    public AggregateInst insertElement(Value vector, Value element, Value index) {
        return insertElement(vector, element, index, "");
    }

    // ------------------------------------------------------------------ terminators

    public TerminatorInst ret(Value v) {
        Function f = function();
        if (f != null && !v.type().equals(f.returnType())) {
            throw new IllegalArgumentException("ret " + v.type() + " in a function returning " + f.returnType());
        }
        return insert(TerminatorInst.ret(v), "");
    }

    public TerminatorInst retVoid() {
        Function f = function();
        if (f != null && !f.returnType().isVoid()) {
            throw new IllegalArgumentException("ret void in a function returning " + f.returnType());
        }
        return insert(TerminatorInst.retVoid(), "");
    }

    public TerminatorInst br(BasicBlock dest) {
        return insert(TerminatorInst.br(dest), "");
    }

    public TerminatorInst condBr(Value cond, BasicBlock ifTrue, BasicBlock ifFalse) {
        return insert(TerminatorInst.condBr(cond, ifTrue, ifFalse), "");
    }

    public TerminatorInst switchOf(Value v, BasicBlock defaultDest) {
        return insert(TerminatorInst.switchOf(v, defaultDest), "");
    }

    public TerminatorInst unreachable() {
        return insert(TerminatorInst.unreachable(), "");
    }
}

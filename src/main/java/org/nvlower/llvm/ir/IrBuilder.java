package org.nvlower.llvm.ir;

import java.util.Arrays;
import java.util.List;

/**
 * Creates instructions at an insertion point, as LLVM's IRBuilder: at the end of a block, or
 * before or after an instruction. Every method checks its operands through the instruction's
 * typed factory, names the result ({@code ""} leaves it numbered; a name taken in the function
 * gets a fresh variant) and returns the new instruction. Nothing is folded: what is asked for
 * is what is built.
 */
public final class IrBuilder {

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

    /** An integer operation with {@code nuw}/{@code nsw}/{@code exact}/{@code disjoint} flags. */
    public BinaryInst binary(Opcode op, Value lhs, Value rhs, String name, InstFlag... flags) {
        BinaryInst inst = BinaryInst.create(op, lhs, rhs);
        for (InstFlag f : flags) {
            inst.setFlag(f, true);
        }
        return insert(inst, name);
    }

    public BinaryInst add(Value a, Value b, String name) {
        return binary(Opcode.ADD, a, b, name);
    }

    public BinaryInst sub(Value a, Value b, String name) {
        return binary(Opcode.SUB, a, b, name);
    }

    public BinaryInst mul(Value a, Value b, String name) {
        return binary(Opcode.MUL, a, b, name);
    }

    public BinaryInst udiv(Value a, Value b, String name) {
        return binary(Opcode.UDIV, a, b, name);
    }

    public BinaryInst sdiv(Value a, Value b, String name) {
        return binary(Opcode.SDIV, a, b, name);
    }

    public BinaryInst urem(Value a, Value b, String name) {
        return binary(Opcode.UREM, a, b, name);
    }

    public BinaryInst srem(Value a, Value b, String name) {
        return binary(Opcode.SREM, a, b, name);
    }

    public BinaryInst shl(Value a, Value b, String name) {
        return binary(Opcode.SHL, a, b, name);
    }

    public BinaryInst lshr(Value a, Value b, String name) {
        return binary(Opcode.LSHR, a, b, name);
    }

    public BinaryInst ashr(Value a, Value b, String name) {
        return binary(Opcode.ASHR, a, b, name);
    }

    public BinaryInst and(Value a, Value b, String name) {
        return binary(Opcode.AND, a, b, name);
    }

    public BinaryInst or(Value a, Value b, String name) {
        return binary(Opcode.OR, a, b, name);
    }

    public BinaryInst xor(Value a, Value b, String name) {
        return binary(Opcode.XOR, a, b, name);
    }

    /** {@code xor v, -1}. */
    public BinaryInst not(Value v, String name) {
        return xor(v, Constants.integer((IntegerType) v.type().scalarType(), -1), name);
    }

    /** {@code sub 0, v}. */
    public BinaryInst neg(Value v, String name) {
        return sub(Constants.integer((IntegerType) v.type().scalarType(), 0), v, name);
    }

    public BinaryInst fadd(Value a, Value b, String name) {
        return binary(Opcode.FADD, a, b, name);
    }

    public BinaryInst fsub(Value a, Value b, String name) {
        return binary(Opcode.FSUB, a, b, name);
    }

    public BinaryInst fmul(Value a, Value b, String name) {
        return binary(Opcode.FMUL, a, b, name);
    }

    public BinaryInst fdiv(Value a, Value b, String name) {
        return binary(Opcode.FDIV, a, b, name);
    }

    public BinaryInst frem(Value a, Value b, String name) {
        return binary(Opcode.FREM, a, b, name);
    }

    public UnaryInst fneg(Value v, String name) {
        return insert(UnaryInst.fneg(v, FastMathFlags.NONE), name);
    }

    // ------------------------------------------------------------------ compares, casts, select

    public CmpInst icmp(Predicate p, Value a, Value b, String name) {
        if (p.isFloating()) {
            throw new IllegalArgumentException("icmp with fcmp predicate " + p);
        }
        return insert(CmpInst.create(p, a, b), name);
    }

    public CmpInst fcmp(Predicate p, Value a, Value b, String name) {
        if (!p.isFloating()) {
            throw new IllegalArgumentException("fcmp with icmp predicate " + p);
        }
        return insert(CmpInst.create(p, a, b), name);
    }

    public CastInst cast(Opcode op, Value v, Type to, String name) {
        return insert(CastInst.create(op, v, to), name);
    }

    public CastInst trunc(Value v, Type to, String name) {
        return cast(Opcode.TRUNC, v, to, name);
    }

    public CastInst zext(Value v, Type to, String name) {
        return cast(Opcode.ZEXT, v, to, name);
    }

    public CastInst sext(Value v, Type to, String name) {
        return cast(Opcode.SEXT, v, to, name);
    }

    public CastInst bitcast(Value v, Type to, String name) {
        return cast(Opcode.BITCAST, v, to, name);
    }

    /** {@code v} itself when it already has type {@code to}, else a zext or trunc. */
    public Value zextOrTrunc(Value v, IntegerType to, String name) {
        int from = ((IntegerType) v.type()).bits();
        return from == to.bits() ? v : from < to.bits() ? zext(v, to, name) : trunc(v, to, name);
    }

    /** {@code v} itself when it already has type {@code to}, else a sext or trunc. */
    public Value sextOrTrunc(Value v, IntegerType to, String name) {
        int from = ((IntegerType) v.type()).bits();
        return from == to.bits() ? v : from < to.bits() ? sext(v, to, name) : trunc(v, to, name);
    }

    public OtherInst select(Value cond, Value ifTrue, Value ifFalse, String name) {
        return insert(OtherInst.select(cond, ifTrue, ifFalse), name);
    }

    public OtherInst freeze(Value v, String name) {
        return insert(OtherInst.freeze(v), name);
    }

    /** A phi with the given entries, alternating value and block: {@code phi(T, "x", v0, b0, v1, b1)}. */
    public PhiInst phi(Type type, String name, Object... incoming) {
        PhiInst phi = PhiInst.create(type);
        if (incoming.length % 2 != 0) {
            throw new IllegalArgumentException("phi entries come in (value, block) pairs");
        }
        for (int i = 0; i < incoming.length; i += 2) {
            phi.addIncoming((Value) incoming[i], (BasicBlock) incoming[i + 1]);
        }
        return insert(phi, name);
    }

    // ------------------------------------------------------------------ calls

    public CallInst call(Function callee, List<? extends Value> args, String name) {
        return insert(CallInst.create(callee, args), name);
    }

    public CallInst call(Function callee, String name, Value... args) {
        return call(callee, Arrays.asList(args), name);
    }

    /** A call of the function {@code @name}, declared (get-or-insert) with the given signature. */
    public CallInst call(String callee, Type returnType, List<Type> params, List<? extends Value> args, String name) {
        return call(module.getOrInsertFunction(callee, returnType, params), args, name);
    }

    /** A call of an intrinsic such as {@code llvm.ctlz.i64}, declared from the argument types. */
    public CallInst intrinsic(String intrinsic, Type returnType, String name, Value... args) {
        List<Type> params = Arrays.stream(args).map(Value::type).toList();
        return call(intrinsic, returnType, params, Arrays.asList(args), name);
    }

    // ------------------------------------------------------------------ memory

    public MemoryInst alloca(Type type, String name) {
        return insert(MemoryInst.alloca(module, type, 0, 0), name);
    }

    public MemoryInst load(Type type, Value pointer, String name) {
        return insert(MemoryInst.load(type, pointer, 0), name);
    }

    public MemoryInst store(Value value, Value pointer) {
        return insert(MemoryInst.store(value, pointer, 0), "");
    }

    public MemoryInst gep(Type sourceType, Value base, List<? extends Value> indices, String name) {
        return insert(MemoryInst.gep(module, sourceType, base, indices, false), name);
    }

    public MemoryInst inBoundsGep(Type sourceType, Value base, List<? extends Value> indices, String name) {
        return insert(MemoryInst.gep(module, sourceType, base, indices, true), name);
    }

    // ------------------------------------------------------------------ aggregates

    public AggregateInst extractValue(Value aggregate, String name, long... indices) {
        return insert(AggregateInst.extractValue(aggregate, indices), name);
    }

    public AggregateInst insertValue(Value aggregate, Value element, String name, long... indices) {
        return insert(AggregateInst.insertValue(aggregate, element, indices), name);
    }

    public AggregateInst extractElement(Value vector, Value index, String name) {
        return insert(AggregateInst.extractElement(vector, index), name);
    }

    public AggregateInst insertElement(Value vector, Value element, Value index, String name) {
        return insert(AggregateInst.insertElement(vector, element, index), name);
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

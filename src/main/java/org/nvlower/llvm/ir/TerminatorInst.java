package org.nvlower.llvm.ir;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code ret br switch indirectbr resume unreachable catchswitch catchret cleanupret}
 * ({@code invoke} and {@code callbr} are {@link CallInst}s). Operands are values and blocks in
 * textual order: br [cond,] dest [, dest]; switch cond, default, (value, dest)...; indirectbr
 * address, dests...; catchswitch parent, handlers..., [unwind].
 */
public final class TerminatorInst extends Instruction {

    /** How many of a catchswitch's blocks are handlers (the rest is the unwind destination). */
    public record Handlers(int count) implements Instruction.Detail {
    }

    private final Handlers handlers;

    TerminatorInst(Opcode opcode, Type type, Value[] operands, Handlers handlers) {
        super(opcode, type, 0, FastMathFlags.NONE, operands);
        this.handlers = handlers;
    }

    /** {@code ret void}. */
    public static TerminatorInst retVoid() {
        return new TerminatorInst(Opcode.RET, PrimitiveType.VOID, new Value[0], null);
    }

    /** {@code ret T %v}. */
    public static TerminatorInst ret(Value value) {
        return new TerminatorInst(Opcode.RET, PrimitiveType.VOID, new Value[] {value}, null);
    }

    /** {@code br label %dest}. */
    public static TerminatorInst br(BasicBlock dest) {
        return new TerminatorInst(Opcode.BR, PrimitiveType.VOID, new Value[] {dest}, null);
    }

    /** {@code br i1 %cond, label %ifTrue, label %ifFalse}. */
    public static TerminatorInst condBr(Value cond, BasicBlock ifTrue, BasicBlock ifFalse) {
        if (!cond.type().isInteger(1)) {
            throw new IllegalArgumentException("branch condition of type " + cond.type());
        }
        return new TerminatorInst(Opcode.BR, PrimitiveType.VOID, new Value[] {cond, ifTrue, ifFalse}, null);
    }

    /** {@code switch T %v, label %default [ cases ]}; cases added with {@link #addCase}. */
    public static TerminatorInst switchOf(Value value, BasicBlock defaultDest) {
        if (!(value.type() instanceof IntegerType)) {
            throw new IllegalArgumentException("switch on " + value.type());
        }
        return new TerminatorInst(Opcode.SWITCH, PrimitiveType.VOID, new Value[] {value, defaultDest}, null);
    }

    /** {@code indirectbr ptr %address, [label %a, ...]}. */
    public static TerminatorInst indirectBr(Value address, List<BasicBlock> destinations) {
        if (!(address.type() instanceof PointerType)) {
            throw new IllegalArgumentException("indirectbr address of type " + address.type());
        }
        List<Value> ops = new ArrayList<>();
        ops.add(address);
        ops.addAll(destinations);
        return new TerminatorInst(Opcode.INDIRECTBR, PrimitiveType.VOID, ops.toArray(new Value[0]), null);
    }

    /** {@code resume T %exception}. */
    public static TerminatorInst resume(Value exception) {
        return new TerminatorInst(Opcode.RESUME, PrimitiveType.VOID, new Value[] {exception}, null);
    }

    /** {@code unreachable}. */
    public static TerminatorInst unreachable() {
        return new TerminatorInst(Opcode.UNREACHABLE, PrimitiveType.VOID, new Value[0], null);
    }

    /** Adds {@code T value, label %dest} to a switch; the value must be new. */
    public void addCase(ConstantInt value, BasicBlock dest) {
        if (opcode() != Opcode.SWITCH) {
            throw new IllegalStateException("addCase on " + opcode());
        }
        if (!value.type().equals(operand(0).type())) {
            throw new IllegalArgumentException("case of type " + value.type() + " in a switch on " + operand(0).type());
        }
        for (int i = 2; i < operandCount(); i += 2) {
            if (((ConstantInt) operand(i)).unsignedValue().equals(value.unsignedValue())) {
                throw new IllegalArgumentException("duplicate case value " + value.value());
            }
        }
        List<Value> ops = new ArrayList<>(operands());
        ops.add(value);
        ops.add(dest);
        replaceOperands(ops.toArray(new Value[0]));
    }

    /** Removes case {@code i} (0-based, the default is not a case) from a switch. */
    public void removeCase(int i) {
        List<Value> ops = new ArrayList<>(operands());
        ops.remove(2 + 2 * i);
        ops.remove(2 + 2 * i);
        replaceOperands(ops.toArray(new Value[0]));
    }

    /** The number of cases of a switch. */
    public int caseCount() {
        return opcode() == Opcode.SWITCH ? (operandCount() - 2) / 2 : 0;
    }

    public ConstantInt caseValue(int i) {
        return (ConstantInt) operand(2 + 2 * i);
    }

    public BasicBlock caseDest(int i) {
        return (BasicBlock) operand(3 + 2 * i);
    }

    /** Whether this is {@code br i1 %c, label %a, label %b}. */
    public boolean isConditional() {
        return opcode() == Opcode.BR && operandCount() == 3;
    }

    /** Whether this is a {@code br}, conditional or not. */
    public boolean isBranch() {
        return opcode() == Opcode.BR;
    }

    /** Whether this is {@code br label %dest}. */
    public boolean isUnconditional() {
        return opcode() == Opcode.BR && operandCount() == 1;
    }

    /** Whether this is a {@code switch}. */
    public boolean isSwitch() {
        return opcode() == Opcode.SWITCH;
    }

    /** Whether this is a {@code ret}, with a value or not. */
    public boolean isReturn() {
        return opcode() == Opcode.RET;
    }

    /** The value a {@code ret} returns, null for {@code ret void}. */
    public Value returnValue() {
        require(isReturn(), "a ret");
        return operandCount() == 0 ? null : operand(0);
    }

    /** The destination of {@code br label %dest}. */
    public BasicBlock dest() {
        require(isUnconditional(), "an unconditional br");
        return (BasicBlock) operand(0);
    }

    /** The condition of a conditional {@code br}, or the value a {@code switch} tests. */
    public Value condition() {
        require(isConditional() || isSwitch(), "a conditional br or a switch");
        return operand(0);
    }

    /** Where a conditional {@code br} goes when its condition is true. */
    public BasicBlock trueDest() {
        require(isConditional(), "a conditional br");
        return (BasicBlock) operand(1);
    }

    /** Where a conditional {@code br} goes when its condition is false. */
    public BasicBlock falseDest() {
        require(isConditional(), "a conditional br");
        return (BasicBlock) operand(2);
    }

    /**
     * Where a conditional {@code br} or a {@code switch} goes when its condition is {@code c}
     * (a switch: the matching case's destination, else the default).
     */
    public BasicBlock successorFor(ConstantInt c) {
        if (isConditional()) {
            return c.isZero() ? falseDest() : trueDest();
        }
        for (int i = 0; i < caseCount(); i++) {
            if (caseValue(i).unsignedValue().equals(c.unsignedValue())) {
                return caseDest(i);
            }
        }
        return defaultDest();
    }

    /** A {@code switch}'s default destination. */
    public BasicBlock defaultDest() {
        require(isSwitch(), "a switch");
        return (BasicBlock) operand(1);
    }

    private void require(boolean kind, String what) {
        if (!kind) {
            throw new IllegalStateException(opcode() + " is not " + what);
        }
    }

    /** For a catchswitch, how many blocks are handlers; null for the other terminators. */
    public Handlers handlers() {
        return handlers;
    }

    @Override
    public Instruction.Detail detail() {
        return handlers;
    }
}

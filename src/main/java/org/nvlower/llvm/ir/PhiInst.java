package org.nvlower.llvm.ir;

import java.util.List;

/** {@code phi T [v0, %bb0], [v1, %bb1]...}: operands alternate value, block. */
public final class PhiInst extends Instruction {

    /** One entry: the value the phi takes when control comes from {@code block}. */
    public record Incoming(Value value, BasicBlock block) {
    }

    /** The entries in order. */
    public java.util.List<Incoming> incoming() {
        java.util.List<Incoming> list = new java.util.ArrayList<>(incomingCount());
        for (int i = 0; i < incomingCount(); i++) {
            list.add(new Incoming(incomingValue(i), incomingBlock(i)));
        }
        return list;
    }

    PhiInst(Type type, FastMathFlags fastMath, Value[] operands) {
        super(Opcode.PHI, type, 0, fastMath, operands);
    }

    /** A phi of {@code type} with no incoming values yet (add them with {@link #addIncoming}). */
    public static PhiInst create(Type type) {
        if (!Types.isValueType(type) || type.isVoid()) {
            throw new IllegalArgumentException("phi of " + type);
        }
        return new PhiInst(type, FastMathFlags.NONE, new Value[0]);
    }

    public int incomingCount() {
        return operandCount() / 2;
    }

    public Value incomingValue(int i) {
        return operand(2 * i);
    }

    public BasicBlock incomingBlock(int i) {
        return (BasicBlock) operand(2 * i + 1);
    }

    /**
     * LLVM's hasConstantValue: the one value every entry other than the phi itself brings (equal
     * constants count as one), or null when they differ or there is none.
     */
    public Value hasConstantValue() {
        Value same = null;
        for (int i = 0; i < incomingCount(); i++) {
            Value v = incomingValue(i);
            if (v != this && same != null && !same.equals(v)) {
                return null;
            }
            same = v == this ? same : v;
        }
        return same;
    }

    /** The index of the first entry coming from {@code block}, or -1. */
    public int indexOfBlock(BasicBlock block) {
        for (int i = 0; i < incomingCount(); i++) {
            if (incomingBlock(i) == block) {
                return i;
            }
        }
        return -1;
    }

    /** The value coming from {@code block}; an error if there is none. */
    public Value incomingValueFor(BasicBlock block) {
        int i = indexOfBlock(block);
        if (i < 0) {
            throw new IllegalArgumentException("phi has no entry for " + block);
        }
        return incomingValue(i);
    }

    /** Adds {@code [value, %block]}. */
    public void addIncoming(Value value, BasicBlock block) {
        if (!value.type().equals(type())) {
            throw new IllegalArgumentException("phi of " + type() + " given a " + value.type());
        }
        appendOperands(value, block);
    }

    /** Adds the entries in order, in one step (a phi of thousands of entries stays linear). */
    public void addIncoming(List<Incoming> entries) {
        if (entries.isEmpty()) {
            return;
        }
        Value[] added = new Value[2 * entries.size()];
        for (int i = 0; i < entries.size(); i++) {
            Value v = entries.get(i).value();
            if (!v.type().equals(type())) {
                throw new IllegalArgumentException("phi of " + type() + " given a " + v.type());
            }
            added[2 * i] = v;
            added[2 * i + 1] = entries.get(i).block();
        }
        appendOperands(added);
    }

    /** Removes entry {@code i}. */
    public void removeIncoming(int i) {
        Value[] old = operands().toArray(new Value[0]);
        Value[] ops = new Value[old.length - 2];
        System.arraycopy(old, 0, ops, 0, 2 * i);
        System.arraycopy(old, 2 * i + 2, ops, 2 * i, old.length - 2 * i - 2);
        replaceOperands(ops);
    }

    /** Removes every entry coming from {@code block}; returns how many. */
    public int removeIncomingBlock(BasicBlock block) {
        int removed = 0;
        for (int i = incomingCount() - 1; i >= 0; i--) {
            if (incomingBlock(i) == block) {
                removeIncoming(i);
                removed++;
            }
        }
        return removed;
    }

    public void setIncomingValue(int i, Value value) {
        if (!value.type().equals(type())) {
            throw new IllegalArgumentException("phi of " + type() + " given a " + value.type());
        }
        setOperand(2 * i, value);
    }

    public void setIncomingBlock(int i, BasicBlock block) {
        setOperand(2 * i + 1, block);
    }

    /** Makes every entry from {@code from} come from {@code to} (an edge now starts elsewhere). */
    public void replaceIncomingBlock(BasicBlock from, BasicBlock to) {
        for (int i = 0; i < incomingCount(); i++) {
            if (incomingBlock(i) == from) {
                setIncomingBlock(i, to);
            }
        }
    }
}

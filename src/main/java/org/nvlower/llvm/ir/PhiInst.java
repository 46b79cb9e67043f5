package org.nvlower.llvm.ir;

import java.util.List;

/** {@code phi T [v0, %bb0], [v1, %bb1]...}: operands alternate value, block. */
public final class PhiInst extends Instruction {

    PhiInst(Type type, List<String> flags, Value[] operands) {
        super(Opcode.PHI, type, flags, operands);
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
}

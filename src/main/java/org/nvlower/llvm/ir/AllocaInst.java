package org.nvlower.llvm.ir;

/** {@code alloca T [, iN count] [, align A]}: LLVM's AllocaInst. */
public final class AllocaInst extends MemoryInst {

    AllocaInst(Type type, int flagBits, Value[] operands, Access access) {
        super(Opcode.ALLOCA, type, flagBits, operands, access);
    }

    /** The type of one allocated element. */
    public Type allocatedType() {
        return elementType();
    }

    /** The element count operand, or null when not written (one element). */
    public Value arraySize() {
        return operandCount() == 0 ? null : operand(0);
    }
}

package org.nvlower.llvm.ir;

import java.util.List;

/** {@code getelementptr [inbounds] T, ptr %base, indices...}: LLVM's GetElementPtrInst. */
public final class GetElementPtrInst extends MemoryInst {

    GetElementPtrInst(Type type, int flagBits, Value[] operands, Access access) {
        super(Opcode.GETELEMENTPTR, type, flagBits, operands, access);
    }

    /** The type the first index steps over. */
    public Type sourceType() {
        return elementType();
    }

    /** The base address. */
    public Value pointer() {
        return operand(0);
    }

    /** The indices, in order. */
    public List<Value> indices() {
        return operands().subList(1, operandCount());
    }

    public boolean isInBounds() {
        return hasFlag(InstFlag.INBOUNDS);
    }
}

package org.nvlower.llvm.ir;

/** {@code store [volatile] T %v, ptr %p [, align A]}: LLVM's StoreInst. */
public final class StoreInst extends MemoryInst {

    StoreInst(Type type, int flagBits, Value[] operands, Access access) {
        super(Opcode.STORE, type, flagBits, operands, access);
    }

    /** The value stored. */
    public Value value() {
        return operand(0);
    }

    /** The address stored to. */
    public Value pointer() {
        return operand(1);
    }
}

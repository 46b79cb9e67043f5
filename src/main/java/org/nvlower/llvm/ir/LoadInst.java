package org.nvlower.llvm.ir;

/** {@code load [volatile] T, ptr %p [, align A]}: LLVM's LoadInst. */
public final class LoadInst extends MemoryInst {

    LoadInst(Type type, int flagBits, Value[] operands, Access access) {
        super(Opcode.LOAD, type, flagBits, operands, access);
    }

    /** Only a {@linkplain #isSimple simple} load. */
    @Override
    public boolean wouldBeTriviallyDead() {
        return isSimple();
    }

    /** The address loaded from. */
    public Value pointer() {
        return operand(0);
    }

    /** The type loaded (the result type). */
    public Type loadedType() {
        return elementType();
    }
}

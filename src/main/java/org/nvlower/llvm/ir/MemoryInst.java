package org.nvlower.llvm.ir;

import java.util.List;

/**
 * {@code alloca load store getelementptr fence cmpxchg atomicrmw}. {@code elementType} is the
 * allocated type (alloca), the loaded type (load) or the GEP source element type; null otherwise.
 * Flags hold the qualifiers as written ({@code volatile}, {@code atomic}, an ordering, a
 * {@code syncscope("...")}, {@code inbounds}, the atomicrmw operation).
 */
public final class MemoryInst extends Instruction {

    private final Type elementType;

    MemoryInst(Opcode opcode, Type type, List<String> flags, Value[] operands, Type elementType) {
        super(opcode, type, flags, operands);
        this.elementType = elementType;
    }

    public Type elementType() {
        return elementType;
    }
}

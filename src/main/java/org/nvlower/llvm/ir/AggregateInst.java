package org.nvlower.llvm.ir;

import java.util.List;

/**
 * {@code extractelement insertelement shufflevector extractvalue insertvalue}; {@code indices}
 * are the constant indices of extractvalue/insertvalue (empty otherwise).
 */
public final class AggregateInst extends Instruction {

    private final long[] indices;

    AggregateInst(Opcode opcode, Type type, List<String> flags, Value[] operands, long[] indices) {
        super(opcode, type, flags, operands);
        this.indices = indices == null ? new long[0] : indices;
    }

    public long[] indices() {
        return indices.clone();
    }
}

package org.nvlower.llvm.ir;

import java.util.List;

/** {@code fneg}, with fast-math flags. */
public final class UnaryInst extends Instruction {

    UnaryInst(Opcode opcode, Type type, List<String> flags, Value[] operands) {
        super(opcode, type, flags, operands);
    }
}

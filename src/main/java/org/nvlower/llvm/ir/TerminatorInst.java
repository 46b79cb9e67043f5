package org.nvlower.llvm.ir;

import java.util.List;

/** {@code ret br switch indirectbr resume unreachable catchswitch catchret cleanupret} ({@code invoke} and {@code callbr} are {@link CallInst}s). Operands are values and blocks in textual order. */
public final class TerminatorInst extends Instruction {

    TerminatorInst(Opcode opcode, Type type, List<String> flags, Value[] operands) {
        super(opcode, type, flags, operands);
    }
}

package org.nvlower.llvm.ir;

import java.util.List;

/** {@code select freeze va_arg landingpad catchpad cleanuppad}. */
public final class OtherInst extends Instruction {

    OtherInst(Opcode opcode, Type type, List<String> flags, Value[] operands) {
        super(opcode, type, flags, operands);
    }
}

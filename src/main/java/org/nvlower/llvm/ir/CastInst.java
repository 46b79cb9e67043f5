package org.nvlower.llvm.ir;

import java.util.List;

/** {@code trunc ... addrspacecast}: one operand, the result type is the destination type. */
public final class CastInst extends Instruction {

    CastInst(Opcode opcode, Type type, List<String> flags, Value[] operands) {
        super(opcode, type, flags, operands);
    }

    /** {@code opcode T value to destType}. */
    public static CastInst create(Opcode opcode, Value value, Type destType) {
        if (opcode.kind() != Opcode.Kind.CAST) {
            throw new IllegalArgumentException(opcode + " is not a cast");
        }
        return new CastInst(opcode, destType, List.of(), new Value[] {value});
    }

    public Value value() {
        return operand(0);
    }

    public Type sourceType() {
        return operand(0).type();
    }

    public Type destType() {
        return type();
    }
}

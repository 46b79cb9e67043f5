package org.nvlower.llvm.ir;

import java.util.List;

/** The two-operand arithmetic and bitwise operators; flags: {@code nuw nsw exact disjoint} and fast-math. */
public final class BinaryInst extends Instruction {

    BinaryInst(Opcode opcode, Type type, List<String> flags, Value[] operands) {
        super(opcode, type, flags, operands);
    }

    /** {@code opcode flags T lhs, rhs}; both operands must have the result type. */
    public static BinaryInst create(Opcode opcode, List<String> flags, Value lhs, Value rhs) {
        if (opcode.kind() != Opcode.Kind.BINARY) {
            throw new IllegalArgumentException(opcode + " is not a binary operator");
        }
        if (!lhs.type().equals(rhs.type())) {
            throw new IllegalArgumentException(opcode + " of " + lhs.type() + " and " + rhs.type());
        }
        return new BinaryInst(opcode, lhs.type(), List.copyOf(flags), new Value[] {lhs, rhs});
    }

    public Value lhs() {
        return operand(0);
    }

    public Value rhs() {
        return operand(1);
    }
}

package org.nvlower.llvm.ir;

import java.util.List;

/** {@code icmp} and {@code fcmp}: a predicate, two operands, an {@code i1} (or vector of i1) result. */
public final class CmpInst extends Instruction {

    private final Predicate predicate;

    CmpInst(Opcode opcode, Type type, List<String> flags, Value[] operands, Predicate predicate) {
        super(opcode, type, flags, operands);
        this.predicate = predicate;
    }

    public static CmpInst create(Predicate predicate, Value lhs, Value rhs) {
        Type operandType = lhs.type();
        Type result = operandType instanceof VectorType v
                ? new VectorType(v.scalable(), v.count(), IntegerType.I1) : IntegerType.I1;
        return new CmpInst(predicate.isFloating() ? Opcode.FCMP : Opcode.ICMP, result, List.of(),
                new Value[] {lhs, rhs}, predicate);
    }

    public Predicate predicate() {
        return predicate;
    }

    public Value lhs() {
        return operand(0);
    }

    public Value rhs() {
        return operand(1);
    }
}

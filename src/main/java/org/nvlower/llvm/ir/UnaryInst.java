package org.nvlower.llvm.ir;

/** {@code fneg}, with fast-math flags. */
public final class UnaryInst extends Instruction {

    UnaryInst(Opcode opcode, Type type, FastMathFlags fastMath, Value[] operands) {
        super(opcode, type, 0, fastMath, operands);
    }

    /** {@code fneg [fmf] T value}; the operand must be floating point (or a vector of it). */
    public static UnaryInst fneg(Value value, FastMathFlags fastMath) {
        if (!(value.type().scalarType() instanceof FloatType)) {
            throw new IllegalArgumentException("fneg of " + value.type());
        }
        return new UnaryInst(Opcode.FNEG, value.type(), fastMath, new Value[] {value});
    }

    public Value value() {
        return operand(0);
    }
}

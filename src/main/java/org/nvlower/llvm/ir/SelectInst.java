package org.nvlower.llvm.ir;

/** {@code select i1 %c, T %a, T %b}: LLVM's SelectInst. */
public final class SelectInst extends OtherInst {

    SelectInst(Type type, int flagBits, FastMathFlags fastMath, Value[] operands) {
        super(Opcode.SELECT, type, flagBits, fastMath, operands, null);
    }

    /** The i1 (or vector of i1) that chooses. */
    public Value condition() {
        return operand(0);
    }

    /** The value when the condition is true. */
    public Value trueValue() {
        return operand(1);
    }

    /** The value when the condition is false. */
    public Value falseValue() {
        return operand(2);
    }
}

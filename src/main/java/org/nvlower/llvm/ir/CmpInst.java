package org.nvlower.llvm.ir;

/** {@code icmp} and {@code fcmp}: a predicate, two operands, an {@code i1} (or vector of i1) result. */
public final class CmpInst extends Instruction {

    private final Predicate predicate;

    CmpInst(Opcode opcode, Type type, int flagBits, FastMathFlags fastMath, Value[] operands, Predicate predicate) {
        super(opcode, type, flagBits, fastMath, operands);
        this.predicate = predicate;
    }

    /** {@code icmp}/{@code fcmp} by the predicate's kind; operands of one integer/pointer or floating-point type. */
    public static CmpInst create(Predicate predicate, Value lhs, Value rhs) {
        if (!lhs.type().equals(rhs.type())) {
            throw new IllegalArgumentException("compare of " + lhs.type() + " and " + rhs.type());
        }
        Type scalar = lhs.type().scalarType();
        if (predicate.isFloating() ? !(scalar instanceof FloatType)
                : !(scalar instanceof IntegerType || scalar instanceof PointerType)) {
            throw new IllegalArgumentException((predicate.isFloating() ? "fcmp" : "icmp") + " of " + lhs.type());
        }
        return new CmpInst(predicate.isFloating() ? Opcode.FCMP : Opcode.ICMP, resultType(lhs.type()), 0,
                FastMathFlags.NONE, new Value[] {lhs, rhs}, predicate);
    }

    /** {@code i1}, or a vector of i1 as wide as a vector operand. */
    public static Type resultType(Type operand) {
        return operand instanceof VectorType v ? new VectorType(v.scalable(), v.count(), IntegerType.I1)
                : IntegerType.I1;
    }

    public Predicate predicate() {
        return predicate;
    }

    @Override
    public Instruction.Detail detail() {
        return predicate;
    }

    public Value lhs() {
        return operand(0);
    }

    public Value rhs() {
        return operand(1);
    }
}

package org.nvlower.llvm.ir;

/** The two-operand arithmetic and bitwise operators; flags {@code nuw nsw exact disjoint} or fast-math. */
public final class BinaryInst extends Instruction {

    BinaryInst(Opcode opcode, Type type, int flagBits, FastMathFlags fastMath, Value[] operands) {
        super(opcode, type, flagBits, fastMath, operands);
    }

    /** {@code opcode T lhs, rhs}: both operands of one type, integer or floating point as the opcode needs. */
    public static BinaryInst create(Opcode opcode, Value lhs, Value rhs) {
        return create(opcode, lhs, rhs, FastMathFlags.NONE);
    }

    /** As {@link #create(Opcode, Value, Value)} with fast-math flags (floating-point opcodes only). */
    public static BinaryInst create(Opcode opcode, Value lhs, Value rhs, FastMathFlags fastMath) {
        if (opcode.kind() != Opcode.Kind.BINARY) {
            throw new IllegalArgumentException(opcode + " is not a binary operator");
        }
        if (!lhs.type().equals(rhs.type())) {
            throw new IllegalArgumentException(opcode + " of " + lhs.type() + " and " + rhs.type());
        }
        boolean fp = isFloatingPoint(opcode);
        Type scalar = lhs.type().scalarType();
        if (fp ? !(scalar instanceof FloatType) : !(scalar instanceof IntegerType)) {
            throw new IllegalArgumentException(opcode + " needs " + (fp ? "floating-point" : "integer")
                    + " operands, got " + lhs.type());
        }
        if (!fp && !fastMath.isEmpty()) {
            throw new IllegalArgumentException(opcode + " takes no fast-math flags");
        }
        return new BinaryInst(opcode, lhs.type(), 0, fastMath, new Value[] {lhs, rhs});
    }

    /** fadd fsub fmul fdiv frem. */
    public static boolean isFloatingPoint(Opcode opcode) {
        return opcode == Opcode.FADD || opcode == Opcode.FSUB || opcode == Opcode.FMUL || opcode == Opcode.FDIV
                || opcode == Opcode.FREM;
    }

    public Value lhs() {
        return operand(0);
    }

    public Value rhs() {
        return operand(1);
    }
}

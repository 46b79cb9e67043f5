package org.nvlower.llvm.ir;

/** {@code trunc ... addrspacecast}: one operand, the result type is the destination type. */
public final class CastInst extends Instruction {

    CastInst(Opcode opcode, Type type, int flagBits, FastMathFlags fastMath, Value[] operands) {
        super(opcode, type, flagBits, fastMath, operands);
    }

    /** {@code opcode T value to destType}, if LLVM allows that cast between those types. */
    public static CastInst create(Opcode opcode, Value value, Type destType) {
        if (opcode.kind() != Opcode.Kind.CAST) {
            throw new IllegalArgumentException(opcode + " is not a cast");
        }
        String why = invalidReason(opcode, value.type(), destType);
        if (why != null) {
            throw new IllegalArgumentException(opcode + " " + value.type() + " to " + destType + ": " + why);
        }
        return new CastInst(opcode, destType, 0, FastMathFlags.NONE, new Value[] {value});
    }

    /** Why LLVM's castIsValid rejects the cast, or null when it is valid. */
    public static String invalidReason(Opcode opcode, Type from, Type to) {
        if (from instanceof VectorType != to instanceof VectorType && opcode != Opcode.BITCAST) {
            return "vector to scalar or back";
        }
        if (from instanceof VectorType fv && to instanceof VectorType tv
                && (fv.count() != tv.count() || fv.scalable() != tv.scalable()) && opcode != Opcode.BITCAST) {
            return "different element counts";
        }
        Type f = from.scalarType();
        Type t = to.scalarType();
        return switch (opcode) {
            case TRUNC -> f instanceof IntegerType a && t instanceof IntegerType b && a.bits() > b.bits()
                    ? null : "needs a wider integer to a narrower one";
            case ZEXT, SEXT -> f instanceof IntegerType a && t instanceof IntegerType b && a.bits() < b.bits()
                    ? null : "needs a narrower integer to a wider one";
            case FPTRUNC -> f instanceof FloatType a && t instanceof FloatType b && a.bits() > b.bits()
                    ? null : "needs a wider floating-point type to a narrower one";
            case FPEXT -> f instanceof FloatType a && t instanceof FloatType b && a.bits() < b.bits()
                    ? null : "needs a narrower floating-point type to a wider one";
            case FPTOUI, FPTOSI -> f instanceof FloatType && t instanceof IntegerType ? null : "needs floating point to integer";
            case UITOFP, SITOFP -> f instanceof IntegerType && t instanceof FloatType ? null : "needs integer to floating point";
            case PTRTOINT, PTRTOADDR -> f instanceof PointerType && t instanceof IntegerType ? null : "needs pointer to integer";
            case INTTOPTR -> f instanceof IntegerType && t instanceof PointerType ? null : "needs integer to pointer";
            case ADDRSPACECAST -> f instanceof PointerType a && t instanceof PointerType b
                    && a.addressSpace() != b.addressSpace() ? null : "needs pointers in different address spaces";
            case BITCAST -> bitcastProblem(from, to);
            default -> "not a cast";
        };
    }

    /**
     * LLVM's bitcast rule: two non-pointer types of the same size ({@code x86_mmx} is 64 bits;
     * scalable vectors compare their minimum sizes), or
     * two pointers (or pointer vectors of the same lane count, a one-lane vector standing for a
     * scalar) in one address space.
     */
    private static String bitcastProblem(Type from, Type to) {
        Type f = from.scalarType();
        Type t = to.scalarType();
        if (!(f instanceof PointerType) && !(t instanceof PointerType)) {
            boolean scalable = from instanceof VectorType v && v.scalable();
            if (scalable != (to instanceof VectorType v && v.scalable())) {
                return "needs types of the same size";
            }
            long width = scalable ? width(f) * ((VectorType) from).count() : width(from);
            long other = scalable ? width(t) * ((VectorType) to).count() : width(to);
            return width > 0 && width == other ? null : "needs types of the same size";
        }
        if (!(f instanceof PointerType a) || !(t instanceof PointerType b)) {
            return "needs pointers on both sides";
        }
        if (a.addressSpace() != b.addressSpace()) {
            return "needs pointers in one address space";
        }
        VectorType fv = from instanceof VectorType v ? v : null;
        VectorType tv = to instanceof VectorType v ? v : null;
        if (fv != null && tv != null) {
            return fv.count() == tv.count() && fv.scalable() == tv.scalable() ? null : "needs the same number of pointers";
        }
        VectorType one = fv != null ? fv : tv;
        return one == null || one.count() == 1 && !one.scalable() ? null : "needs the same number of pointers";
    }

    private static long width(Type t) {
        return t == PrimitiveType.X86_MMX ? 64 : Types.bitWidth(t);
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

package org.nvlower.llvm.ir;

/**
 * Which instructions the fp128/i128 lowering replaces by runtime calls (seed 1): fp128
 * fadd/fsub/fmul/fdiv/frem and fcmp (but not {@code true}/{@code false}); i128
 * udiv/sdiv/urem/srem; conversions with fp128 on either side (fptoui, fptosi, uitofp, sitofp,
 * fptrunc, fpext) and float/double to or from i128. Scalars only: the pass works on scalar
 * operations.
 */
public final class Ops128 {

    private Ops128() {
    }

    public static boolean needsLowering(Instruction inst) {
        return switch (inst.opcode()) {
            case FADD, FSUB, FMUL, FDIV, FREM -> inst.type().isFp128();
            case UDIV, SDIV, UREM, SREM -> inst.type().isInteger(128);
            case FCMP -> inst.operand(0) != null && inst.operand(0).type().isFp128()
                    && inst instanceof CmpInst c && c.predicate() != Predicate.TRUE && c.predicate() != Predicate.FALSE;
            case FPTOUI, FPTOSI -> sourceType(inst).isFp128() && inst.type().isInteger()
                    || isFloatOrDouble(sourceType(inst)) && inst.type().isInteger(128);
            case UITOFP, SITOFP -> inst.type().isFp128() && sourceType(inst).isInteger()
                    || isFloatOrDouble(inst.type()) && sourceType(inst).isInteger(128);
            case FPTRUNC -> sourceType(inst).isFp128() && isFloatOrDouble(inst.type());
            case FPEXT -> inst.type().isFp128() && isFloatOrDouble(sourceType(inst));
            default -> false;
        };
    }

    private static Type sourceType(Instruction inst) {
        return inst.operand(0).type();
    }

    private static boolean isFloatOrDouble(Type t) {
        return t == FloatType.FLOAT || t == FloatType.DOUBLE;
    }
}

package org.nvlower.llvm.ir;

import java.util.List;

/** {@code select freeze va_arg landingpad catchpad cleanuppad}; a select is a {@link SelectInst}. */
public sealed class OtherInst extends Instruction permits SelectInst {

    /** A landingpad's clause kinds, one per operand. */
    public record Clauses(List<Kind> kinds) implements Instruction.Detail {
        public enum Kind { CATCH, FILTER }

        public Clauses {
            kinds = List.copyOf(kinds);
        }
    }

    private final Clauses clauses;

    OtherInst(Opcode opcode, Type type, int flagBits, FastMathFlags fastMath, Value[] operands, Clauses clauses) {
        super(opcode, type, flagBits, fastMath, operands);
        this.clauses = clauses;
    }

    /** An instruction of {@code opcode} from a reader's parts, of the class its opcode has. */
    static OtherInst read(Opcode opcode, Type type, int flagBits, FastMathFlags fastMath, Value[] operands,
            Clauses clauses) {
        return opcode == Opcode.SELECT ? new SelectInst(type, flagBits, fastMath, operands)
                : new OtherInst(opcode, type, flagBits, fastMath, operands, clauses);
    }

    /** {@code select i1 %c, T %a, T %b} (or a vector condition with vector values). */
    public static SelectInst select(Value cond, Value ifTrue, Value ifFalse) {
        if (!ifTrue.type().equals(ifFalse.type())) {
            throw new IllegalArgumentException("select of " + ifTrue.type() + " and " + ifFalse.type());
        }
        boolean vectorCond = cond.type() instanceof VectorType v && v.element().isInteger(1)
                && ifTrue.type() instanceof VectorType w && v.count() == w.count();
        if (!cond.type().isInteger(1) && !vectorCond) {
            throw new IllegalArgumentException("select condition of type " + cond.type());
        }
        return new SelectInst(ifTrue.type(), 0, FastMathFlags.NONE, new Value[] {cond, ifTrue, ifFalse});
    }

    /** {@code freeze T %v}. */
    public static OtherInst freeze(Value value) {
        return new OtherInst(Opcode.FREEZE, value.type(), 0, FastMathFlags.NONE, new Value[] {value}, null);
    }

    /** {@code va_arg ptr %list, T}. */
    public static OtherInst vaArg(Value list, Type type) {
        if (!(list.type() instanceof PointerType)) {
            throw new IllegalArgumentException("va_arg list of type " + list.type());
        }
        return new OtherInst(Opcode.VA_ARG, type, 0, FastMathFlags.NONE, new Value[] {list}, null);
    }

    /**
     * {@code landingpad T [cleanup] (catch|filter) ...}: clauses are the operands, {@code kinds}
     * says which is which.
     */
    public static OtherInst landingPad(Type type, boolean cleanup, List<Constant> clauses, List<Clauses.Kind> kinds) {
        if (clauses.size() != kinds.size() || !cleanup && clauses.isEmpty()) {
            throw new IllegalArgumentException("a landingpad needs cleanup or a clause, and one kind per clause");
        }
        return new OtherInst(Opcode.LANDINGPAD, type, cleanup ? Instruction.flagBits(InstFlag.CLEANUP) : 0,
                FastMathFlags.NONE, clauses.toArray(new Value[0]), new Clauses(kinds));
    }

    /** The landingpad clause kinds; null for other opcodes. */
    public Clauses clauses() {
        return clauses;
    }

    @Override
    public Instruction.Detail detail() {
        return clauses;
    }
}

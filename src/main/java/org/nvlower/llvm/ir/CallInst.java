package org.nvlower.llvm.ir;

import java.util.List;

/**
 * {@code call}, {@code invoke} and {@code callbr}. Operands in textual order: the callee, the
 * arguments, then (invoke, callbr) the destination blocks. Operand-bundle inputs follow the
 * arguments.
 */
public final class CallInst extends Instruction {

    /**
     * What the operand list does not say: {@code tail}/{@code musttail}/{@code notail} (or ""),
     * the callee's function type, and how many operands are arguments.
     */
    public record Detail(String tailKind, FunctionType calleeType, int argumentCount) {
    }

    private final Detail detail;

    CallInst(Opcode opcode, Type type, List<String> flags, Value[] operands, Detail detail) {
        super(opcode, type, flags, operands);
        this.detail = detail;
    }

    /** {@code call R @callee(args)}; the arguments must match the callee's parameter types. */
    public static CallInst create(Function callee, List<? extends Value> arguments) {
        FunctionType fnType = callee.functionType();
        int fixed = fnType.params().size();
        if (arguments.size() < fixed || arguments.size() > fixed && !fnType.varArgs()) {
            throw new IllegalArgumentException("@" + callee.name() + " takes " + fixed + " argument(s), got "
                    + arguments.size());
        }
        for (int i = 0; i < fixed; i++) {
            if (!arguments.get(i).type().equals(fnType.params().get(i))) {
                throw new IllegalArgumentException("argument " + i + " of @" + callee.name() + " is "
                        + fnType.params().get(i) + ", got " + arguments.get(i).type());
            }
        }
        Value[] operands = new Value[1 + arguments.size()];
        operands[0] = callee;
        for (int i = 0; i < arguments.size(); i++) {
            operands[1 + i] = arguments.get(i);
        }
        return new CallInst(Opcode.CALL, fnType.returnType(), List.of(), operands,
                new Detail("", fnType, arguments.size()));
    }

    public Detail detail() {
        return detail;
    }

    public Value callee() {
        return operand(0);
    }

    /** The called function when the callee is one directly, else null. */
    public Function calledFunction() {
        return callee() instanceof Function f ? f : null;
    }

    public FunctionType calleeType() {
        return detail.calleeType();
    }

    public List<Value> arguments() {
        return operands().subList(1, 1 + detail.argumentCount());
    }

    public String tailKind() {
        return detail.tailKind();
    }
}

package org.nvlower.llvm.ir;

import java.util.List;

/**
 * {@code call}, {@code invoke} and {@code callbr}. Operands in textual order: the callee, the
 * arguments, the operand-bundle inputs, then (invoke, callbr) the destination blocks.
 */
public final class CallInst extends Instruction {

    /** An operand bundle {@code "tag"(inputs)}: its inputs are {@code inputCount} operands after the arguments. */
    public record Bundle(String tag, int inputCount) {
    }

    /**
     * What the operand list does not say: {@code tail}/{@code musttail}/{@code notail} (or ""),
     * the callee's function type, how many operands are arguments, the calling convention ("" for
     * C), the attributes of the return value, of each argument (empty: none) and of the call
     * ({@code fnAttributes} written inline, {@code attributeGroups} as {@code #N}), and the
     * operand bundles.
     */
    public record Detail(String tailKind, FunctionType calleeType, int argumentCount, String callingConvention,
            AttributeSet returnAttributes, List<AttributeSet> paramAttributes, AttributeSet fnAttributes,
            List<Integer> attributeGroups, List<Bundle> bundles) implements Instruction.Detail {

        public Detail {
            paramAttributes = List.copyOf(paramAttributes);
            attributeGroups = List.copyOf(attributeGroups);
            bundles = List.copyOf(bundles);
            if (!paramAttributes.isEmpty() && paramAttributes.size() != argumentCount) {
                throw new IllegalArgumentException(paramAttributes.size() + " attribute sets for " + argumentCount
                        + " arguments");
            }
        }

        /** A plain call of a function of type {@code calleeType} with {@code argumentCount} arguments. */
        public static Detail plain(FunctionType calleeType, int argumentCount) {
            return new Detail("", calleeType, argumentCount, "", AttributeSet.EMPTY, List.of(), AttributeSet.EMPTY,
                    List.of(), List.of());
        }

        /** The attributes of argument {@code i}. */
        public AttributeSet paramAttributes(int i) {
            return paramAttributes.isEmpty() ? AttributeSet.EMPTY : paramAttributes.get(i);
        }

        public Detail withFnAttributes(AttributeSet attributes, List<Integer> groups) {
            return new Detail(tailKind, calleeType, argumentCount, callingConvention, returnAttributes,
                    paramAttributes, attributes, groups, bundles);
        }

        public Detail withTailKind(String kind) {
            return new Detail(kind, calleeType, argumentCount, callingConvention, returnAttributes, paramAttributes,
                    fnAttributes, attributeGroups, bundles);
        }

        int bundleInputCount() {
            int n = 0;
            for (Bundle b : bundles) {
                n += b.inputCount();
            }
            return n;
        }
    }

    private Detail detail;

    CallInst(Opcode opcode, Type type, FastMathFlags fastMath, Value[] operands, Detail detail) {
        super(opcode, type, 0, fastMath, operands);
        this.detail = detail;
    }

    /** {@code call R @callee(args)}; the arguments must match the callee's parameter types. */
    public static CallInst create(Function callee, List<? extends Value> arguments) {
        return create(callee.functionType(), callee, arguments);
    }

    /** A call through {@code callee} (a function or a pointer) of type {@code fnType}. */
    public static CallInst create(FunctionType fnType, Value callee, List<? extends Value> arguments) {
        checkArguments(fnType, callee, arguments);
        Value[] operands = new Value[1 + arguments.size()];
        operands[0] = callee;
        for (int i = 0; i < arguments.size(); i++) {
            operands[1 + i] = arguments.get(i);
        }
        return new CallInst(Opcode.CALL, fnType.returnType(), FastMathFlags.NONE, operands,
                Detail.plain(fnType, arguments.size()));
    }

    /** {@code invoke R @callee(args) to label %normal unwind label %unwind}. */
    public static CallInst invoke(Function callee, List<? extends Value> arguments, BasicBlock normal,
            BasicBlock unwind) {
        FunctionType fnType = callee.functionType();
        checkArguments(fnType, callee, arguments);
        Value[] operands = new Value[3 + arguments.size()];
        operands[0] = callee;
        for (int i = 0; i < arguments.size(); i++) {
            operands[1 + i] = arguments.get(i);
        }
        operands[1 + arguments.size()] = normal;
        operands[2 + arguments.size()] = unwind;
        return new CallInst(Opcode.INVOKE, fnType.returnType(), FastMathFlags.NONE, operands,
                Detail.plain(fnType, arguments.size()));
    }

    private static void checkArguments(FunctionType fnType, Value callee, List<? extends Value> arguments) {
        if (!(callee.type() instanceof PointerType)) {
            throw new IllegalArgumentException("callee is a " + callee.type() + ", not a pointer");
        }
        int fixed = fnType.params().size();
        if (arguments.size() < fixed || arguments.size() > fixed && !fnType.varArgs()) {
            throw new IllegalArgumentException(Names.ref(callee) + " takes " + fixed + " argument(s), got "
                    + arguments.size());
        }
        for (int i = 0; i < fixed; i++) {
            if (!arguments.get(i).type().equals(fnType.params().get(i))) {
                throw new IllegalArgumentException("argument " + i + " of " + Names.ref(callee) + " is "
                        + fnType.params().get(i) + ", got " + arguments.get(i).type());
            }
        }
    }

    @Override
    public Detail detail() {
        return detail;
    }

    /** Replaces the attributes, tail kind ... of the call; the call then prints canonically. */
    public void setDetail(Detail detail) {
        if (!detail.calleeType().equals(this.detail.calleeType()) || detail.argumentCount() != this.detail.argumentCount()
                || detail.bundleInputCount() != this.detail.bundleInputCount()) {
            throw new IllegalArgumentException("the detail must keep the callee type and operand layout");
        }
        if (!detail.equals(this.detail)) {
            this.detail = detail;
            detailChanged();
        }
    }

    /** Adds the attribute group {@code #id} to the call unless it has it (see {@link Module#attributeGroupFor}). */
    public void addAttributeGroup(int id) {
        if (!detail.attributeGroups().contains(id)) {
            List<Integer> groups = new java.util.ArrayList<>(detail.attributeGroups());
            groups.add(id);
            setDetail(detail.withFnAttributes(detail.fnAttributes(), groups));
        }
    }

    /** The attributes written on the call itself: inline, then those of its {@code #N} groups. */
    public AttributeSet attributes() {
        AttributeSet all = detail.fnAttributes();
        Module m = function() == null ? null : function().module();
        for (int id : detail.attributeGroups()) {
            AttributeGroup g = m == null ? null : m.attributeGroup(id);
            if (g != null) {
                all = all.union(g.attributeSet());
            }
        }
        return all;
    }

    public Value callee() {
        return operand(0);
    }

    /** The called function when the callee is one directly, else null. */
    public Function calledFunction() {
        return callee() instanceof Function f ? f : null;
    }

    /** The name of the called function ("" for an indirect call, or a numbered function such as {@code @0}). */
    public String calleeName() {
        return callee() instanceof Function f ? f.name() : "";
    }

    /** LLVM's doesNotAccessMemory: {@code readnone} or {@code memory(none)} on the call or its callee. */
    public boolean doesNotAccessMemory() {
        return hasMemoryAttribute("readnone", "memory(none)");
    }

    /** LLVM's onlyReadsMemory: {@link #doesNotAccessMemory}, or {@code readonly} / {@code memory(read)}. */
    public boolean onlyReadsMemory() {
        return hasMemoryAttribute("readnone", "memory(none)", "readonly", "memory(read)");
    }

    /**
     * A direct call that neither touches memory nor fails to return, so that an unused one may go:
     * {@link #doesNotAccessMemory}, of an intrinsic or a {@code willreturn nounwind} function that
     * is not {@code convergent}.
     */
    public boolean isPure() {
        Function f = calledFunction();
        if (f == null || !doesNotAccessMemory() || f.hasAttribute("convergent")) {
            return false;
        }
        return f.name().startsWith("llvm.") || f.hasAttribute("willreturn") && f.hasAttribute("nounwind");
    }

    /** Only a {@linkplain #isPure pure} {@code call} (never an invoke or callbr). */
    @Override
    public boolean wouldBeTriviallyDead() {
        return opcode() == Opcode.CALL && isPure();
    }

    /** Whether the direct callee or the call carries one of the attributes, spelled as given (the callee's read first). */
    private boolean hasMemoryAttribute(String... spellings) {
        Function f = calledFunction();
        return f != null && hasAny(f.attributes(), spellings) || hasAny(attributes(), spellings);
    }

    private static boolean hasAny(AttributeSet set, String... spellings) {
        for (Attribute a : set.attributes()) {
            String text = a.print(false);
            for (String s : spellings) {
                if (text.equals(s)) {
                    return true;
                }
            }
        }
        return false;
    }

    public FunctionType calleeType() {
        return detail.calleeType();
    }

    public List<Value> arguments() {
        return operands().subList(1, 1 + detail.argumentCount());
    }

    public Value argument(int i) {
        return operand(1 + i);
    }

    public String tailKind() {
        return detail.tailKind();
    }

    /** The inputs of the operand bundles, in order. */
    public List<Value> bundleInputs() {
        int from = 1 + detail.argumentCount();
        return operands().subList(from, from + detail.bundleInputCount());
    }

    /** The inputs of the first operand bundle tagged {@code tag}, or null when the call has none. */
    public List<Value> bundleInputs(String tag) {
        int at = 1 + detail.argumentCount();
        for (Bundle b : detail.bundles()) {
            if (b.tag().equals(tag)) {
                return operands().subList(at, at + b.inputCount());
            }
            at += b.inputCount();
        }
        return null;
    }

    /** How many operand bundles tagged {@code tag} the call has. */
    public int bundleCount(String tag) {
        int n = 0;
        for (Bundle b : detail.bundles()) {
            n += b.tag().equals(tag) ? 1 : 0;
        }
        return n;
    }

    /** The blocks after the bundle inputs: invoke's normal and unwind destinations, callbr's targets. */
    public List<BasicBlock> destinations() {
        int from = 1 + detail.argumentCount() + detail.bundleInputCount();
        return operands().subList(from, operandCount()).stream().map(v -> (BasicBlock) v).toList();
    }
}

package org.nvlower.llvm.ir;

import java.util.List;

/**
 * {@code extractelement insertelement shufflevector extractvalue insertvalue}; {@link Indices}
 * are the constant indices of extractvalue/insertvalue (empty otherwise).
 */
public final class AggregateInst extends Instruction {

    /** The constant indices of extractvalue/insertvalue. */
    public record Indices(List<Long> values) implements Instruction.Detail {
        public static final Indices NONE = new Indices(List.of());

        public Indices {
            values = List.copyOf(values);
        }
    }

    private final Indices indices;

    AggregateInst(Opcode opcode, Type type, Value[] operands, Indices indices) {
        super(opcode, type, 0, FastMathFlags.NONE, operands);
        this.indices = indices;
    }

    /** {@code extractvalue T %agg, i, j...}. */
    public static AggregateInst extractValue(Value aggregate, long... indices) {
        return new AggregateInst(Opcode.EXTRACTVALUE, Types.aggregateElement(aggregate.type(), indices),
                new Value[] {aggregate}, indices(indices));
    }

    /** {@code insertvalue T %agg, U %v, i, j...}. */
    public static AggregateInst insertValue(Value aggregate, Value element, long... indices) {
        Type slot = Types.aggregateElement(aggregate.type(), indices);
        if (!slot.equals(element.type())) {
            throw new IllegalArgumentException("insertvalue of " + element.type() + " into a " + slot + " slot");
        }
        return new AggregateInst(Opcode.INSERTVALUE, aggregate.type(), new Value[] {aggregate, element},
                indices(indices));
    }

    /** {@code extractelement <n x T> %v, iK %i}. */
    public static AggregateInst extractElement(Value vector, Value index) {
        if (!(vector.type() instanceof VectorType v) || !(index.type() instanceof IntegerType)) {
            throw new IllegalArgumentException("extractelement of " + vector.type() + " at " + index.type());
        }
        return new AggregateInst(Opcode.EXTRACTELEMENT, v.element(), new Value[] {vector, index}, Indices.NONE);
    }

    /** {@code insertelement <n x T> %v, T %e, iK %i}. */
    public static AggregateInst insertElement(Value vector, Value element, Value index) {
        if (!(vector.type() instanceof VectorType v) || !v.element().equals(element.type())
                || !(index.type() instanceof IntegerType)) {
            throw new IllegalArgumentException("insertelement of " + element.type() + " into " + vector.type());
        }
        return new AggregateInst(Opcode.INSERTELEMENT, vector.type(), new Value[] {vector, element, index},
                Indices.NONE);
    }

    /** {@code shufflevector <n x T> %a, <n x T> %b, <m x i32> mask}. */
    public static AggregateInst shuffleVector(Value a, Value b, Constant mask) {
        if (!(a.type() instanceof VectorType v) || !a.type().equals(b.type())
                || !(mask.type() instanceof VectorType m) || !m.element().isInteger(32)) {
            throw new IllegalArgumentException("shufflevector of " + a.type() + ", " + b.type() + ", " + mask.type());
        }
        return new AggregateInst(Opcode.SHUFFLEVECTOR, new VectorType(m.scalable(), m.count(), v.element()),
                new Value[] {a, b, mask}, Indices.NONE);
    }

    private static Indices indices(long... indices) {
        if (indices.length == 0) {
            throw new IllegalArgumentException("at least one index");
        }
        return new Indices(java.util.Arrays.stream(indices).boxed().toList());
    }

    /** The constant indices (extractvalue, insertvalue). */
    public long[] indices() {
        return indices.values().stream().mapToLong(Long::longValue).toArray();
    }

    public Indices indexList() {
        return indices;
    }

    @Override
    public Instruction.Detail detail() {
        return indices;
    }
}

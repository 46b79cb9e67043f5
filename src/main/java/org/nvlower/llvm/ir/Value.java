package org.nvlower.llvm.ir;

/**
 * Anything an instruction can use as an operand. Every value has a type. Values that can be
 * defined once and used many times ({@link TrackedValue}: instructions, arguments, blocks,
 * globals) know their users; constants are immutable records and do not.
 */
public sealed interface Value permits Constant, TrackedValue, MetadataValue, InlineAsm {

    Type type();

    /**
     * LLVM's stripPointerCasts: the value under any {@code bitcast}, {@code addrspacecast} and
     * all-zero {@code getelementptr}, instructions and constant expressions alike (the same
     * address); this value when it is none of them.
     */
    default Value stripPointerCasts() {
        Value v = this;
        for (int depth = 0; depth < 32; depth++) { // a cycle is possible only in unreachable code
            Value under = switch (v) {
                case CastInst c when c.opcode().isPointerCast() -> c.value();
                case GetElementPtrInst g when allZero(g.indices()) -> g.pointer();
                case ConstantExpr e when e.opcode().isPointerCast() || e.opcode() == Opcode.GETELEMENTPTR && allZero(e.operands().subList(1, e.operands().size())) ->
                    e.operands().get(0);
                default -> null;
            };
            if (under == null) {
                return v;
            }
            v = under;
        }
        return v;
    }

    private static boolean allZero(java.util.List<? extends Value> indices) {
        return indices.stream().allMatch(i -> i instanceof ConstantInt c && c.isZero());
    }
}

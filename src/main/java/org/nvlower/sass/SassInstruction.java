package org.nvlower.sass;

/**
 * One instruction: opcode, modifiers ({@link Mod}), guard predicate operand (PT when
 * unconditional), the tagged operands in the order of the opcode's layout, and its {@link Path}.
 */
public record SassInstruction(SassOpcode op, int mods, int guard, int[] operands, Path path) {

    public SassInstruction {
        if (operands.length != op.layout().length()) {
            throw new IllegalArgumentException(op + " takes " + op.layout().length() + " operands, got " + operands.length);
        }
        operands = operands.clone();
    }

    @Override
    public int[] operands() {
        return operands.clone();
    }

    public int operand(int i) {
        return operands[i];
    }

    public int operandCount() {
        return operands.length;
    }

    public boolean isGuarded() {
        return guard != Operand.PT;
    }
}

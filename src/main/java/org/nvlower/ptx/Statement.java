package org.nvlower.ptx;

import java.util.List;

/** A statement of a function body. */
public sealed interface Statement {

    /** {@code name:} */
    record Label(String name) implements Statement {}

    /**
     * A variable or register declaration: linkage ({@code .visible}, {@code .extern}, {@code .weak}
     * for module-level variables, else null), state space ({@code .reg .param .shared .global .const
     * .local}), qualifiers between space and type ({@code .align 4}, {@code .v4}, {@code .ptr}),
     * the type, the name, {@code count} for a range of registers ({@code %r<39>}, else -1), array
     * dimensions (-1 for {@code []}), the initializer's text or null.
     */
    record Variable(String linkage, String space, List<String> qualifiers, String type, String name, int count,
            List<Long> dims, String initializer) implements Statement, PtxModule.Item {
        public Variable {
            qualifiers = List.copyOf(qualifiers);
            dims = List.copyOf(dims);
        }

        /** Whether {@code reg} names one of the registers this declaration declares. */
        public boolean declares(String reg) {
            if (count < 0) {
                return reg.equals(name);
            }
            if (!reg.startsWith(name) || reg.length() == name.length()) {
                return false;
            }
            String index = reg.substring(name.length());
            if (!index.chars().allMatch(Character::isDigit) || index.length() > 9
                    || index.length() > 1 && index.charAt(0) == '0') {
                return false;
            }
            return Integer.parseInt(index) < count;
        }
    }

    /**
     * A directive nvlower keeps as it is ({@code .pragma "nounroll";}, {@code .loc 1 5 3},
     * {@code .maxntid 128, 1, 1}): its name and the text after it; {@code semicolon} when the
     * source ended it with one.
     */
    record Directive(String name, String text, boolean semicolon) implements Statement, PtxModule.Item {}

    /**
     * An instruction: the guard ({@code @%p} or {@code @!%p}, null if none), the opcode with all
     * its modifiers ({@code div.rn.ftz.f32}) and the operands.
     */
    record Instruction(Guard guard, String opcode, List<PtxOperand> operands) implements Statement {
        public Instruction {
            operands = List.copyOf(operands);
        }

        /** The opcode's first word: {@code div} of {@code div.rn.f32}. */
        public String base() {
            int dot = opcode.indexOf('.');
            return dot < 0 ? opcode : opcode.substring(0, dot);
        }
    }

    /** {@code @%p} or {@code @!%p}. */
    record Guard(boolean negated, String predicate) {}

    /** A {@code { ... }} scope (nvcc puts each call sequence in one). */
    record Block(List<Statement> body) implements Statement {
        public Block {
            body = List.copyOf(body);
        }
    }

    static void collect(List<Statement> body, List<Instruction> out) {
        for (Statement s : body) {
            if (s instanceof Instruction i) {
                out.add(i);
            } else if (s instanceof Block b) {
                collect(b.body(), out);
            }
        }
    }
}

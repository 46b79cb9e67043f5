package org.nvlower.ptx;

import java.util.List;

/** An instruction operand. */
public sealed interface Operand {

    /** A register, a special register ({@code %tid.x}), a label or a variable name. */
    record Name(String name) implements Operand {}

    /** {@code !%p}: a negated predicate source. */
    record Not(String name) implements Operand {}

    /** {@code %p|%q}: setp's pair of destination predicates. */
    record PredicatePair(String first, String second) implements Operand {}

    /**
     * A literal as written ({@code 7}, {@code -4294967296}, {@code 0x7F}, {@code 0f3F800000},
     * {@code 0d3FF0000000000000}, {@code 1.5}).
     */
    record Immediate(String text) implements Operand {}

    /** {@code [base]}, {@code [base+offset]}: base a register, variable name or absolute address. */
    record Address(String base, long offset) implements Operand {}

    /** {@code {%f1, %f2, _}}: a vector of operands (ld/st .v2/.v4, mov to/from pairs). */
    record Vector(List<Operand> elements) implements Operand {
        public Vector {
            elements = List.copyOf(elements);
        }
    }

    /** {@code (retval0)}, {@code (param0, param1)}: a call's return and argument lists. */
    record Group(List<Operand> elements) implements Operand {
        public Group {
            elements = List.copyOf(elements);
        }
    }
}

package org.nvlower.ptx;

import java.util.List;

/** An instruction operand. */
public sealed interface PtxOperand {

    /** A register, a special register ({@code %tid.x}), a label or a variable name. */
    record Name(String name) implements PtxOperand {}

    /** {@code !%p}: a negated predicate source. */
    record Not(String name) implements PtxOperand {}

    /** {@code %p|%q}: setp's pair of destination predicates. */
    record PredicatePair(String first, String second) implements PtxOperand {}

    /**
     * A literal as written ({@code 7}, {@code -4294967296}, {@code 0x7F}, {@code 0f3F800000},
     * {@code 0d3FF0000000000000}, {@code 1.5}).
     */
    record Immediate(String text) implements PtxOperand {
        /** The value's bits: integers two's complement, {@code 0f}/{@code 0d} literals their IEEE bits. */
        public long bits() {
            String t = text.endsWith("U") ? text.substring(0, text.length() - 1) : text;
            boolean minus = t.startsWith("-");
            if (minus) {
                t = t.substring(1);
            }
            long v;
            if (t.length() > 2 && t.charAt(0) == '0' && "xXfFdD".indexOf(t.charAt(1)) >= 0) {
                v = Long.parseUnsignedLong(t.substring(2), 16);
            } else if (t.contains(".") || t.contains("e") || t.contains("E")) {
                return Double.doubleToRawLongBits((minus ? -1 : 1) * Double.parseDouble(t));
            } else {
                v = Long.parseUnsignedLong(t);
            }
            return minus ? -v : v;
        }
    }

    /** {@code [base]}, {@code [base+offset]}: base a register, variable name or absolute address. */
    record Address(String base, long offset) implements PtxOperand {}

    /** {@code {%f1, %f2, _}}: a vector of operands (ld/st .v2/.v4, mov to/from pairs). */
    record Vector(List<PtxOperand> elements) implements PtxOperand {
        public Vector {
            elements = List.copyOf(elements);
        }
    }

    /** {@code (retval0)}, {@code (param0, param1)}: a call's return and argument lists. */
    record Group(List<PtxOperand> elements) implements PtxOperand {
        public Group {
            elements = List.copyOf(elements);
        }
    }
}

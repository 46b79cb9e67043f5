package org.nvlower.sass;

/** A predicate register (P0..): {@link #op()} as a source, {@link #not()} negated. */
public record Pred(int id) {
    public int op() {
        return Operand.pred(id);
    }

    public int not() {
        return Operand.negate(op());
    }
}

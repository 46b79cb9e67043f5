package org.nvlower.sass;

/** A branch or call target inside a {@link Program}, placed by {@link ProgramBuilder#place}. */
public record Label(int id) {
    public int op() {
        return Operand.label(id);
    }
}

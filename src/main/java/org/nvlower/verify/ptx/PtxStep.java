package org.nvlower.verify.ptx;

import org.nvlower.ptx.PtxOperand;
import org.nvlower.ptx.Statement;
import org.nvlower.ptx.Statement.Instruction;

/**
 * One statement of a {@link PtxLayout}, decoded once: what the thread does with it ({@link Kind}),
 * and for an instruction its opcode's first word, guard and operands ({@link PtxArg}) resolved to
 * register slots as seen from this statement's block, its {@link PtxShape} and a branch's target,
 * the latter two on first use (an instruction never run is never refused).
 */
final class PtxStep {

    /** What {@link PtxThread#run} does with a statement. */
    enum Kind { SKIP, PARAM, LOCAL, RET, BRA, BAR, WARP, CALL, ATOMIC, EXECUTE }

    final Statement statement;
    final Kind kind;
    /** The instruction, or null. */
    final Instruction in;
    /** The opcode's first word ({@link Instruction#base}, which builds it anew each time). */
    final String base;
    /** The guard's predicate ({@code kind NAME}), or null; and whether it is negated. */
    final PtxArg guard;
    final boolean negated;
    final PtxArg[] ops;
    /** A .param declaration's bytes (at least 8). */
    final long paramBytes;
    private volatile PtxShape shape;
    /** Where a branch goes, once resolved (-1: not yet); a race resolves it twice to the same index. */
    volatile int target = -1;

    PtxStep(Statement s, PtxLayout layout, int at) {
        statement = s;
        if (s instanceof Instruction i) {
            in = i;
            base = i.base().intern(); // string switches on it find their case by identity
            guard = i.guard() == null ? null : PtxArg.of(new PtxOperand.Name(i.guard().predicate()), layout, at);
            negated = i.guard() != null && i.guard().negated();
            ops = i.operands().stream().map(o -> PtxArg.of(o, layout, at)).toArray(PtxArg[]::new);
            paramBytes = 0;
            kind = switch (base) {
                case "ret", "exit" -> Kind.RET;
                case "bra" -> Kind.BRA;
                case "bar", "barrier" -> Kind.BAR;
                case "shfl", "vote", "redux" -> Kind.WARP;
                case "call" -> Kind.CALL;
                case "atom", "red" -> Kind.ATOMIC;
                default -> Kind.EXECUTE;
            };
        } else {
            in = null;
            base = null;
            guard = null;
            negated = false;
            ops = new PtxArg[0];
            paramBytes = s instanceof Statement.Variable v ? Math.max(8, PtxThread.paramBytes(v)) : 0;
            kind = s instanceof Statement.Variable v && v.space().equals(".param") ? Kind.PARAM
                    : s instanceof Statement.Variable v && v.space().equals(".local") ? Kind.LOCAL : Kind.SKIP;
        }
    }

    PtxShape shape() {
        PtxShape s = shape;
        if (s == null) {
            s = PtxShape.of(in.opcode());
            shape = s;
        }
        return s;
    }

    /** The decoded operand that is {@code o} (by identity: {@link WarpOps} reads the instruction's own), or null. */
    PtxArg arg(PtxOperand o) {
        for (int k = 0; k < ops.length; k++) {
            if (in.operands().get(k) == o) {
                return ops[k];
            }
        }
        return null;
    }
}

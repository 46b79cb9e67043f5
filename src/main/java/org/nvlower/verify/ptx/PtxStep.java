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

    /**
     * The opcode's first word where {@link PtxThread#execute} and its integer arithmetic tell them
     * apart (a switch on the enum, not on the string each step); any other word is OTHER.
     */
    enum Op {
        LD, ST, CVTA, MOV, CVT, SETP, SELP, LOP3, BFE, COPYSIGN, BMSK, SHF, ADDC, SUBC, MADC,
        ADD, SUB, MUL, MAD, AND, OR, XOR, MIN, MAX, CLZ, POPC, BREV, NOT, NEG, ABS, SHL, SHR, OTHER;

        static Op of(String base) {
            for (Op op : values()) {
                if (op != OTHER && op.name().toLowerCase(java.util.Locale.ROOT).equals(base)) {
                    return op;
                }
            }
            return OTHER;
        }
    }

    final Statement statement;
    final Kind kind;
    /** The instruction, or null. */
    final Instruction in;
    /** The opcode's first word ({@link Instruction#base}, which builds it anew each time). */
    final String base;
    /** {@code base} as an {@link Op} (null for a statement that is no instruction). */
    final Op op;
    /** The guard's predicate ({@code kind NAME}), or null; and whether it is negated. */
    final PtxArg guard;
    final boolean negated;
    final PtxArg[] ops;
    /** A .param declaration's bytes (at least 8), and its parameter slot ({@link PtxLayout#paramSlot}). */
    final long paramBytes;
    final int paramSlot;
    /** Filled on first use; a record of final fields, so a thread that reads it sees it whole. */
    private PtxShape shape;
    /** Where a branch goes, once resolved (-1: not yet); a race resolves it twice to the same index. */
    volatile int target = -1;

    PtxStep(Statement s, PtxLayout layout, int at) {
        statement = s;
        if (s instanceof Instruction i) {
            in = i;
            base = i.base().intern(); // a string switch on it matches at equals' identity test
            op = Op.of(base);
            guard = i.guard() == null ? null : PtxArg.of(new PtxOperand.Name(i.guard().predicate()), layout, at);
            negated = i.guard() != null && i.guard().negated();
            ops = i.operands().stream().map(o -> PtxArg.of(o, layout, at)).toArray(PtxArg[]::new);
            paramBytes = 0;
            paramSlot = -1;
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
            op = null;
            guard = null;
            negated = false;
            ops = new PtxArg[0];
            kind = s instanceof Statement.Variable v && v.space().equals(".param") ? Kind.PARAM
                    : s instanceof Statement.Variable v && v.space().equals(".local") ? Kind.LOCAL : Kind.SKIP;
            paramBytes = s instanceof Statement.Variable v ? Math.max(8, PtxThread.paramBytes(v)) : 0;
            paramSlot = kind == Kind.PARAM ? layout.paramSlot(((Statement.Variable) s).name()) : -1;
        }
    }

    PtxShape shape() {
        PtxShape s = shape;
        if (s == null) {
            s = PtxShape.forOpcode(in.opcode());
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

package org.nvlower.sass.template;

import static org.nvlower.sass.Operand.RZ;

import java.util.List;

import org.nvlower.sass.Label;
import org.nvlower.sass.Mod.Cmp;
import org.nvlower.sass.Pred;
import org.nvlower.sass.ProgramBuilder;
import org.nvlower.sass.Reg;

/**
 * The special operands of the FP64 unary templates as rows (for rcp.rn.f64 and sqrt.rn.f64 the
 * DRCP/DSQRT coordinator's Part 6; rsqrt.approx.f64's slow path too): a test of x (DSETP), the
 * result, and a branch to the end; tried in order.
 */
record Exceptions(List<Row> rows) {

    /** What a row returns. */
    enum Result {
        /** x + x: x's NaN quieted for a NaN (as the GPU's DADD gives it), x itself for a zero. */
        X_PLUS_X,
        /** The GPU's NaN for an invalid operation, 0xFFF8000000000000 (docs/nan.md). */
        INVALID_NAN,
        /** The infinity of x's sign. */
        SIGNED_INFINITY,
        /** The zero of x's sign. */
        SIGNED_ZERO,
        POSITIVE_INFINITY,
        POSITIVE_ZERO
    }

    /** DSETP.cmp x (|x| when {@code abs}) against {@code against} (x itself when null). */
    record Row(Cmp cmp, boolean abs, Double against, Result result) {}

    static final Exceptions DRCP = new Exceptions(List.of(
            new Row(Cmp.NAN, false, null, Result.X_PLUS_X),
            new Row(Cmp.EQ, false, 0.0, Result.SIGNED_INFINITY),
            new Row(Cmp.EQ, true, Double.POSITIVE_INFINITY, Result.SIGNED_ZERO)));

    static final Exceptions DSQRT = new Exceptions(List.of(
            new Row(Cmp.NAN, false, null, Result.X_PLUS_X),
            new Row(Cmp.EQ, false, 0.0, Result.X_PLUS_X),
            new Row(Cmp.LT, false, 0.0, Result.INVALID_NAN),
            new Row(Cmp.EQ, false, Double.POSITIVE_INFINITY, Result.POSITIVE_INFINITY)));

    static final Exceptions RSQRT = new Exceptions(List.of(
            new Row(Cmp.NAN, false, null, Result.X_PLUS_X),
            new Row(Cmp.EQ, false, 0.0, Result.SIGNED_INFINITY),
            new Row(Cmp.LT, false, 0.0, Result.INVALID_NAN),
            new Row(Cmp.EQ, false, Double.POSITIVE_INFINITY, Result.POSITIVE_ZERO)));

    void emit(ProgramBuilder b, Reg x, Reg out, Label end) {
        Pred p = b.pred();
        for (Row row : rows) {
            b.dsetp(row.cmp(), p, row.abs() ? x.abs() : x.op(), row.against() == null ? x.op() : b.f64(row.against()));
            int g = p.op();
            switch (row.result()) {
                case X_PLUS_X -> b.dadd(g, out, x.op(), x.op());
                case INVALID_NAN -> {
                    b.mov(g, out.lo(), RZ);
                    b.mov(g, out.hi(), b.imm(0xFFF80000));
                }
                case SIGNED_INFINITY -> {
                    b.mov(g, out.lo(), RZ);
                    b.lop3(g, out.hi(), x.hi().op(), b.imm(0x7FF00000), RZ, 0xFC);
                }
                case SIGNED_ZERO -> {
                    b.mov(g, out.lo(), RZ);
                    b.lop3(g, out.hi(), x.hi().op(), b.imm(0x80000000), RZ, 0xC0);
                }
                case POSITIVE_INFINITY -> {
                    b.mov(g, out.lo(), RZ);
                    b.mov(g, out.hi(), b.imm(0x7FF00000));
                }
                case POSITIVE_ZERO -> {
                    b.mov(g, out.lo(), RZ);
                    b.mov(g, out.hi(), RZ);
                }
            }
            b.bra(g, end);
        }
    }
}

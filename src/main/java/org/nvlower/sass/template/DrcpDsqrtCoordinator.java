package org.nvlower.sass.template;

import static org.nvlower.sass.Operand.PT;
import static org.nvlower.sass.Operand.RZ;
import static org.nvlower.sass.template.RegisterPool.Descriptor.input;
import static org.nvlower.sass.template.RegisterPool.Descriptor.output;
import static org.nvlower.sass.template.RegisterPool.Descriptor.temp;

import java.util.List;

import org.nvlower.sass.Label;
import org.nvlower.sass.Mod;
import org.nvlower.sass.Path;
import org.nvlower.sass.Pred;
import org.nvlower.sass.Program;
import org.nvlower.sass.ProgramBuilder;
import org.nvlower.sass.Reg;
import org.nvlower.sass.Reg.RegClass;
import org.nvlower.sass.template.RegisterPool.Descriptor;

/**
 * The DRCP/DSQRT coordinator (seed 3, "FP64 Reciprocal and Square Root"): rcp.rn.f64 and
 * sqrt.rn.f64 from one descriptor table ({@link #TABLE}, the seed's dword_2398940) whose register
 * pool is allocated before anything is emitted; the PTX op selects the path, DRCP = Parts 1-4,
 * DSQRT = Parts 5-6 with the shared Parts 2-4 (the seed's numbering, nvlower's contents):
 *
 * <ul>
 * <li>Part 1 (DRCP): the seed y ~ 1/v, MUFU.RCP64H or the float MUFU.RCP ({@link Fp64Division#seed}).
 * <li>Part 5 (DSQRT): the seed y ~ 1/sqrt(v), MUFU.RSQ64H or the float MUFU.RSQ
 *     ({@link Fp64Rsqrt#seed}); g = v y, h = y/2.
 * <li>Parts 2 and 3: two Newton-Raphson iterations, each one {@link #iteration}: a residual
 *     r = c - p q, then every estimate t += t r. DRCP: r = 1 - v y on y (Part 2 with the cubic
 *     term, r + r^2, so that y is within an ulp after it); DSQRT: r = 1/2 - g h on g and h.
 *     DRCP's Part 3 writes the result: y + y (1 - v y) = RN(1/v) when v's significand is not all
 *     ones (Markstein). DSQRT then ends with Part 6's correction g + (v - g^2) h (Markstein).
 * <li>Part 4 (slow path, both): the result q_s 2^E rounded once from the significand's result
 *     q_s and its residual ({@link Fp64Division#scaleOnce}), then the operand's sign.
 * <li>Part 6 (exceptions, both; the seed gives DRCP's to Part 1): NaN, zeros, infinities and
 *     (DSQRT) negative operands, as rows of {@link Exceptions}.
 * </ul>
 *
 * <p>Fast paths: DRCP |x| in [2^-1022, 2^1021) with a significand not all ones; DSQRT x in
 * [2^-970, 2^1024). The slow paths run the same parts on x's significand m (in [1, 2) for DRCP, [1, 4)
 * with the exponent's parity for DSQRT; subnormals normalised by 2^54 first) and scale by
 * 2^-e (DRCP; subnormal results and overflow round there) or 2^floor(e/2) (DSQRT; exact).
 */
final class DrcpDsqrtCoordinator {

    /** The PTX ops the coordinator serves. */
    enum Op {
        DRCP("rcp.rn.f64", " (MUFU.RCP seed)"), DSQRT("sqrt.rn.f64", " (MUFU.RSQ seed)");

        final String ptx;
        final String floatSeed;

        Op(String ptx, String floatSeed) {
            this.ptx = ptx;
            this.floatSeed = floatSeed;
        }
    }

    /** The descriptor table: every register either path uses; the two paths' programs have this one table. */
    static final List<Descriptor> TABLE = List.of(
            input("x"),
            output("out"),
            temp("test", RegClass.R32),   // DRCP's slow path: the all-ones test
            // Parts 1-3, 5, 6 on x (fast path) and on m (slow path, "...m"): separate registers, so that
            // the fast path's are dead at the CALL and the allocator does not keep them through the slow path
            temp("y", RegClass.R64),      // the seed (its low word first the guard's), then DRCP's 1/v
            temp("g", RegClass.R64),      // DSQRT: v y refined towards sqrt(v)
            temp("h", RegClass.R64),      // DSQRT: y/2 refined towards 1/(2 sqrt(v))
            temp("r", RegClass.R64),      // each iteration's residual
            temp("ym", RegClass.R64), temp("gm", RegClass.R64), temp("hm", RegClass.R64), temp("rm", RegClass.R64),
            temp("m", RegClass.R64),      // slow path: x's significand
            temp("e", RegClass.R32),      // its exponent, then the result's E
            temp("parity", RegClass.R32), // DSQRT: e's parity, moved into m
            temp("qs", RegClass.R64),     // the result on m
            temp("rs", RegClass.R64),     // its exact residual (which side of q_s the true result lies)
            // Part 4's scaling (Fp64Division.scaleOnce)
            temp("scale", RegClass.R64), temp("halfStep", RegClass.R64), temp("back", RegClass.R64),
            temp("k100", RegClass.R32));

    private final ProgramBuilder b;
    private final RegisterPool pool;
    private final Op op;
    private final boolean mufu64h;
    /** The result's {@link Mod} rounding: RN, or a directed one (the .rn result corrected once, {@link DirectedRounding}). */
    private final int rounding;

    private DrcpDsqrtCoordinator(Op op, boolean mufu64h, int rounding) {
        this.op = op;
        this.mufu64h = mufu64h;
        this.rounding = rounding;
        this.b = new ProgramBuilder(ptx() + (mufu64h ? "" : op.floatSeed));
        this.pool = RegisterPool.allocate(b, TABLE);
    }

    /** rcp.rn.f64 or sqrt.rn.f64, seeded by MUFU.RCP64H / RSQ64H ({@code mufu64h}) or the float MUFU. */
    static Program build(Op op, boolean mufu64h) {
        return build(op, mufu64h, Mod.RN);
    }

    /** rcp or sqrt .{rn,rz,rm,rp}.f64. */
    static Program build(Op op, boolean mufu64h, int rounding) {
        return new DrcpDsqrtCoordinator(op, mufu64h, rounding).emit();
    }

    /** The PTX op: rcp.rz.f64 ... */
    private String ptx() {
        return op.ptx.replace(".rn.", "." + DirectedRounding.spelling(rounding) + ".");
    }

    /** Part 4 alone on the pool (for the test that both paths emit it identically). */
    static Program roundingPart(Op op) {
        DrcpDsqrtCoordinator c = new DrcpDsqrtCoordinator(op, true, Mod.RN);
        c.b.path(Path.SLOW);
        c.rounding();
        c.b.exit();
        return c.b.build();
    }

    private Reg reg(String name) {
        return pool.get(name);
    }

    private Program emit() {
        Reg x = reg("x");
        Pred outside = b.pred();
        b.path(Path.FAST);
        guard(x, outside);
        refine(x, reg("out"), "");
        if (rounding != Mod.RN) {
            // the residual of RN(1/x) or RN(sqrt(x)), then the correction (y: the result itself, or h)
            Reg out = reg("out");
            Reg r = reg("r");
            if (op == Op.DRCP) {
                b.dfma(r, x.neg(), out.op(), b.f64(1.0));
                DirectedRounding.correct64(b, rounding, out, r, out.op(), out);
            } else {
                b.dfma(r, out.neg(), out.op(), x.op());
                DirectedRounding.correct64(b, rounding, out, r, reg("h").op(), out);
            }
        }
        SlowPathCall.emit(b, outside, ptx());
        Label end = b.label();
        (op == Op.DRCP ? Exceptions.DRCP : Exceptions.DSQRT).emit(b, x, reg("out"), end);
        slowCore();
        rounding();
        b.place(end);
        b.ret();
        return b.build();
    }

    /**
     * DRCP: biased exponent in [0x001, 0x7fc) (x normal, |x| < 2^1021: 1/x and every step normal, as
     * wide as ptxas's own fast path), significand not all ones; DSQRT: x positive and finite with an
     * exponent from 0x035 (x >= 2^-970: the residual x - g^2, a multiple of ulp(g)^2, is exact, as in
     * ptxas's guard).
     */
    private void guard(Reg x, Pred outside) {
        Reg g = reg("y").lo(); // the seed's low word: any value will do there (Fp64Division.seed)
        if (op == Op.DSQRT) {
            Fp64Rsqrt.rootOutside(b, g, x, 0x035, 0x7FF, outside);
            return;
        }
        Pred regular = b.pred();
        Fp64Division.notAllOnes(b, regular, x);
        Fp64Division.exponentOutside(b, g, x, 0x001, 0x7FC, outside, regular.not());
    }

    /**
     * Parts 1-3 (DRCP) or 5, 2, 3, 6 (DSQRT): {@code out} = RN(1/v) or RN(sqrt(v)), v well inside the
     * normal range, on the pool's registers for x ({@code on} = "") or for m ("m").
     */
    private void refine(Reg v, Reg out, String on) {
        Reg y = reg("y" + on);
        Reg r = reg("r" + on);
        int one = b.f64(1.0);
        int half = b.f64(0.5);
        if (op == Op.DRCP) {
            Fp64Division.seed(b, mufu64h, v, y, on.isEmpty());
            iteration(r, one, v, y, true, y, y);
            iteration(r, one, v, y, false, out, y);
            return;
        }
        Reg g = reg("g" + on);
        Reg h = reg("h" + on);
        Fp64Rsqrt.seed(b, mufu64h, v, y, on.isEmpty());
        b.dmul(g, v.op(), y.op());
        b.dmul(h, y.op(), half);
        iteration(r, half, g, h, false, g, g, h, h);
        iteration(r, half, g, h, false, g, g, h, h);
        b.dfma(r, g.neg(), g.op(), v.op());
        b.dfma(out, r.op(), h.op(), g.op());
    }

    /**
     * One Newton-Raphson iteration: r = c - p q (with {@code cubic}, r + r^2), then for each pair
     * (to, from) of {@code estimates} to = from + from r.
     */
    private void iteration(Reg r, int c, Reg p, Reg q, boolean cubic, Reg... estimates) {
        b.dfma(r, p.neg(), q.op(), c);
        if (cubic) {
            b.dfma(r, r.op(), r.op(), r.op());
        }
        for (int i = 0; i < estimates.length; i += 2) {
            b.dfma(estimates[i], estimates[i + 1].op(), r.op(), estimates[i + 1].op());
        }
    }

    /** The slow path's finite nonzero x: q_s on the significand m, its residual r_s and the exponent E. */
    private void slowCore() {
        Reg m = reg("m");
        Reg e = reg("e");
        Reg qs = reg("qs");
        Reg rs = reg("rs");
        Fp64Division.significand(b, reg("x"), m, e);
        if (op == Op.DRCP) {
            Pred allOnes = b.pred();
            Fp64Division.allOnes(b, allOnes, reg("test"), m);
            refine(m, qs, "m");
            Fp64Division.allOnesReciprocal(b, allOnes, qs);
            b.dfma(rs, m.neg(), qs.op(), b.f64(1.0));
            b.iadd3(e, e.neg(), RZ, RZ);
            if (rounding != Mod.RN) {
                // q_s and r_s take x's sign; q_s + r_s / 2 (m in [1, 2)) rounded in the mode
                Reg x = reg("x");
                b.lop3(PT, qs.hi(), qs.hi().op(), x.hi().op(), b.imm(0x80000000), 0xF8);
                b.lop3(PT, rs.hi(), rs.hi().op(), x.hi().op(), b.imm(0x80000000), 0x78);
                DirectedRounding.correct64(b, rounding, qs, rs, b.f64(0.5), qs);
            }
            return;
        }
        Reg parity = reg("parity");
        b.lop3(PT, parity, e.op(), b.imm(1), RZ, 0xC0); // x = m 2^(2k), m in [1, 4)
        b.lea(m.hi(), parity.op(), m.hi().op(), 20);
        b.shf(false, Mod.IntType.S32, true, e, RZ, b.imm(1), e.op()); // k = floor(e / 2), signed
        refine(m, qs, "m");
        b.dfma(rs, qs.neg(), qs.op(), m.op());
        if (rounding != Mod.RN) { // q_s + r_s / 4 (sqrt(m) + q_s in [2, 4)) rounded in the mode
            DirectedRounding.correct64(b, rounding, qs, rs, b.f64(0.25), qs);
        }
    }

    /** Part 4: out = q_s 2^E rounded once, with x's sign (DSQRT's x is positive here). */
    private void rounding() {
        Reg out = reg("out");
        if (rounding != Mod.RN) {
            DirectedRounding.scaleF64(b, pool, rounding, reg("qs"), reg("e"), out);
        } else {
            Fp64Division.scaleOnce(b, pool, reg("qs"), reg("rs"), reg("e"), out, true);
        }
        b.lop3(PT, out.hi(), out.hi().op(), reg("x").hi().op(), b.imm(0x80000000), 0xF8);
    }
}

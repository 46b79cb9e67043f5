package org.nvlower.sass.template;

import static org.nvlower.sass.Operand.PT;
import static org.nvlower.sass.Operand.RZ;

import org.nvlower.ptx.PtxMathOp;
import org.nvlower.sass.Mod;
import org.nvlower.sass.Mod.Cmp;
import org.nvlower.sass.Mod.IntType;
import org.nvlower.sass.Pred;
import org.nvlower.sass.ProgramBuilder;
import org.nvlower.sass.Reg;
import org.nvlower.sass.Reg.RegClass;

/**
 * The directed roundings (.rz .rm .rp) of div, rcp and sqrt: the .rn result q (proven for every
 * MUFU output in the bound), its exact residual, and one FFMA (DFMA) rounded in the mode,
 * q + residual y, as ptxas's div.rz.f32 ends (its second residual and FFMA.RZ).
 *
 * <p>Why one correction suffices: let v be the exact value and q = RN(v). The residual is exact
 * (a - b q for a quotient, 1 - x q for a reciprocal, x - q^2 for a root) and equals (v - q) times
 * a positive factor f (b; x; sqrt(x) + q); y is any positive number with f y in (0, 2) (an
 * approximation of 1/b, 1/x, 1/(2 sqrt x), or a constant where f's range is known). The FFMA's
 * exact value q + (v - q) f y then has the sign of v - q relative to q and lies strictly closer
 * to q than q's neighbour on that side (|v - q| is at most half the gap to that neighbour, q being
 * the nearest), or is q itself when v = q. v lies in the same open interval between q and that
 * neighbour (it is not the neighbour: it is at most half a gap away), so every directed rounding of
 * the FFMA's value is the same float as that of v. ptxas's own .rz sequences (rcp.rz.f32,
 * sqrt.rz.f32: one Newton step whose last FFMA is .RZ; ptxas 11.8, sm_90) skip the .rn step and
 * are right only for the real MUFU tables: with an RN quotient q0 one ulp off an exact quotient
 * (a = (2 - 2^-11)^2, b = 2 - 2^-11, y = RN(1/b) one half-ulp up) a single FFMA.RZ gives the
 * float below a/b.
 */
final class DirectedRounding {

    private DirectedRounding() {}

    /** The {@link Mod} rounding of an op's result ({@link PtxMathOp#rounding()}; RN for "rn"). */
    static int of(PtxMathOp op) {
        return switch (op.rounding()) {
            case "rz" -> Mod.RZ;
            case "rm" -> Mod.RM;
            case "rp" -> Mod.RP;
            default -> Mod.RN;
        };
    }

    /** The PTX instruction's name: {@code op.rounding[.ftz].f32}, as div.rz.ftz.f32. */
    static String f32Name(String op, int rounding, boolean ftz) {
        return op + "." + spelling(rounding) + (ftz ? ".ftz" : "") + ".f32";
    }

    /** The PTX spelling of a {@link Mod} rounding: rn, rz, rm, rp. */
    static String spelling(int rounding) {
        return switch (rounding) {
            case Mod.RZ -> "rz";
            case Mod.RM -> "rm";
            case Mod.RP -> "rp";
            default -> "rn";
        };
    }

    /** out = base + residual y, rounded in {@code rounding} (FFMA, with {@code mods} such as .FTZ). */
    static void correct(ProgramBuilder b, int rounding, int mods, Reg out, Reg residual, Reg y, Reg base) {
        b.ffma(PT, rounding | mods, out, residual.op(), y.op(), base.op());
    }

    /**
     * q = a/b rounded in {@code rounding} from qn = RN(a/b) and y ~ 1/b: the residual a - b qn
     * (exact) into {@code scratch}, then the correction. Nothing for RN (q is qn).
     */
    static void correctQuotient(ProgramBuilder b, int rounding, int mods, Reg q, Reg qn, Reg a, Reg d, Reg y,
            Reg scratch) {
        if (rounding == Mod.RN) {
            return;
        }
        b.ffma(scratch, d.neg(), qn.op(), a.op());
        correct(b, rounding, mods, q, scratch, y, qn);
    }

    /**
     * out = qd 2^e with one rounding in {@code rounding} (.ftz: a result tiny after that rounding
     * is a zero, as Env.ftz): qd (a normal float, directed-rounded already) with its exponent
     * replaced by 0, the total exponent E clamped to [-160, 160] (beyond, every result is a zero,
     * the smallest subnormal or an overflow either way), times 2^(E -+ 64) (exact, normal) and
     * then times 2^(+-64), the only rounding. Rounding in the same direction twice to ever coarser
     * grids is rounding once, so qd's own rounding does not matter.
     */
    static void scaleF32(ProgramBuilder b, int rounding, boolean ftz, Reg qd, Reg e, Reg out) {
        Reg big = b.temp("E");
        Reg qm = b.temp("qm");
        Reg k = b.temp("k");
        Reg s = b.temp("s");
        Reg t = b.temp("t");
        Pred p = b.pred();
        Pred neg = b.pred();
        b.shf(false, IntType.U32, true, big, RZ, b.imm(23), qd.op());
        b.lop3(PT, big, big.op(), b.imm(0xFF), RZ, 0xC0);                        // qd's exponent field
        b.iadd3(big, big.op(), e.op(), b.imm(-127));                              // E
        b.lop3(PT, qm, qd.op(), b.imm(0x807FFFFF), b.imm(0x3F800000), 0xEA);      // qd's significand, sign kept
        splitExponent(b, p, neg, big, k, 160, 64);                                // E + 64 or E - 64
        b.lea(s, k.op(), b.imm(0x3F800000), 23);                                  // 2^k
        b.fmul(PT, 0, t, qm.op(), s.op());                                         // exact
        b.sel(s, b.imm(0x1F800000), b.imm(0x5F800000), neg.op());                 // 2^-64 or 2^64
        b.fmul(PT, rounding | (ftz ? Mod.FTZ : 0), out, t.op(), s.op());
    }

    /**
     * The exponent split the scalings by 2^e share: e clamped to [-bound, bound] (beyond, the
     * result is the same zero, smallest subnormal or overflow), neg = e < 0, and k = e + m when e is
     * negative, else e - m: the scaling multiplies by 2^k (exact, normal) and then by 2^(-+m).
     */
    static void splitExponent(ProgramBuilder b, Pred p, Pred neg, Reg e, Reg k, int bound, int m) {
        clamp(b, p, e, e, -bound, bound);
        b.isetp(Cmp.LT, 0, neg, e.op(), RZ);
        b.sel(k, b.imm(m), b.imm(-m), neg.op());
        b.iadd3(k, e.op(), k.op(), RZ);
    }

    /** dst = src clamped to [lo, hi] (signed): two ISETP and SEL pairs through p. */
    static void clamp(ProgramBuilder b, Pred p, Reg dst, Reg src, int lo, int hi) {
        b.isetp(Cmp.LT, 0, p, src.op(), b.imm(lo));
        b.sel(dst, b.imm(lo), src.op(), p.op());
        b.isetp(Cmp.GT, 0, p, dst.op(), b.imm(hi));
        b.sel(dst, b.imm(hi), dst.op(), p.op());
    }

    /** The binary64 correction: out = base + residual y, rounded in {@code rounding} (DFMA). */
    static void correct64(ProgramBuilder b, int rounding, Reg out, Reg residual, int y, Reg base) {
        b.dfma(PT, rounding, out, residual.op(), y, base.op());
    }

    /**
     * out = qd 2^e with one rounding in {@code rounding}, qd a normal binary64 in (1/4, 4)
     * (directed-rounded already, signed): e clamped to [-1100, 1100], qd 2^(e -+ 100) (exact,
     * normal) times 2^(+-100), the only rounding (as {@link Fp64Division#scaleOnce} for RN, without
     * its midpoint step: a directed rounding of a directed rounding is one rounding).
     */
    static void scaleF64(ProgramBuilder b, Temps temps, int rounding, Reg qd, Reg e, Reg out) {
        Pred p = b.pred();
        Pred neg = b.pred();
        Reg s = temps.temp("scale", RegClass.R64);
        Reg k = temps.temp("k100", RegClass.R32);
        splitExponent(b, p, neg, e, k, 1100, 100);
        b.mov(PT, s.lo(), RZ);
        b.lea(s.hi(), k.op(), b.imm(0x3FF00000), 20);                            // 2^k
        b.dmul(out, qd.op(), s.op());                                             // exact
        b.sel(s.hi(), b.imm(0x39B00000), b.imm(0x46300000), neg.op());            // 2^-100 or 2^100
        b.dmul(PT, rounding, out, out.op(), s.op());
    }
}

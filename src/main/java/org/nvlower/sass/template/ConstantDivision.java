package org.nvlower.sass.template;

import static org.nvlower.sass.Operand.NOT_PT;
import static org.nvlower.sass.Operand.PT;
import static org.nvlower.sass.Operand.RZ;

import java.math.BigInteger;

import org.nvlower.ptx.PtxMathOp;
import org.nvlower.sass.Mod;
import org.nvlower.sass.Mod.Cmp;
import org.nvlower.sass.Mod.IntType;
import org.nvlower.sass.SassOpcode;
import org.nvlower.sass.Operand;
import org.nvlower.sass.Path;
import org.nvlower.sass.Pred;
import org.nvlower.sass.Program;
import org.nvlower.sass.ProgramBuilder;
import org.nvlower.sass.Reg;
import org.nvlower.sass.Reg.RegClass;

/**
 * Division and remainder by a compile-time constant (div/rem.{u32,s32,u64,s64} with an immediate
 * divisor; seed 3, "Division by Constant"): Granlund and Montgomery's multiply-high-and-shift.
 *
 * <p>Unsigned, N bits, divisor d: 1 -> a; 2^k -> a >> k; d > 2^(N-1) -> (a >= d); otherwise the
 * smallest s with m = ceil(2^(N+s) / d) < 2^N and m d - 2^(N+s) <= 2^s gives q = mulhi(a, m) >> s
 * (exact for every N-bit a: the error m/2^(N+s) - 1/d is below 1/(d 2^N)); when no such s exists,
 * the (N+1)-bit magic 2^N + m' (l = ceil(log2 d), m' = floor(2^N (2^l - d) / d) + 1) gives t =
 * mulhi(a, m'), q = (t + ((a - t) >> 1)) >> (l - 1). Signed: |d| = 2^k by a biased arithmetic shift;
 * otherwise the signed magic M and shift s (Hacker's Delight's search), q = mulhi_s(a, M) (+ a when
 * d > 0 > M, - a when d < 0 < M) >> s, plus 1 when negative. Remainders are a - q d.
 */
public final class ConstantDivision {

    private ConstantDivision() {}

    /** A template for {@code op} (div.u32, rem.s64, ...) with the immediate divisor d (nonzero). */
    public static Template template(PtxMathOp mathOp, long divisor) {
        if (!mathOp.isIntegerDivision() || mathOp.spelling().endsWith("16")) { // 16-bit: the variable template
            throw new IllegalArgumentException(noForm(mathOp.spelling()));
        }
        String op = mathOp.spelling();
        boolean wide = op.endsWith("64");
        boolean signed = op.endsWith(".s32") || op.endsWith(".s64");
        boolean rem = op.startsWith("rem.");
        long d = wide ? divisor : signed ? (int) divisor : divisor & 0xFFFFFFFFL;
        if (d == 0) {
            throw new IllegalArgumentException("the divisor must be nonzero");
        }
        if (!wide && (signed ? d != (int) divisor : divisor >>> 32 != 0 && divisor >> 31 != -1)) {
            throw new IllegalArgumentException("divisor " + divisor + " does not fit " + op);
        }
        Program p = new Builder(op + " by " + (signed ? Long.toString(d) : Long.toUnsignedString(d)), wide ? 64 : 32,
                signed, rem, d).build();
        return new Template(TemplateKey.of(mathOp), op + "/" + (signed ? Long.toString(d) : Long.toUnsignedString(d)),
                wide ? Template.Operands.I64_UNARY : Template.Operands.I32_UNARY, true, 0, -1, p);
    }

    /** The message for an op (as typed) that has no division by a constant. */
    public static String noForm(String op) {
        return "no constant-divisor form of '" + op + "' (div/rem .u32 .s32 .u64 .s64)";
    }

    /** Emits one program; values are 32-bit registers or pairs by width. */
    private static final class Builder {
        final ProgramBuilder b;
        final int n;
        final boolean signed;
        final boolean rem;
        final long d;
        final RegClass cls;
        final Reg a;
        final Reg out;

        Builder(String name, int n, boolean signed, boolean rem, long d) {
            this.b = new ProgramBuilder(name);
            this.n = n;
            this.signed = signed;
            this.rem = rem;
            this.d = d;
            this.cls = n == 64 ? RegClass.R64 : RegClass.R32;
            this.a = b.input("a", cls);
            this.out = b.output(rem ? "r" : "q", cls);
        }

        Program build() {
            b.path(Path.FAST);
            Reg q = rem ? b.temp("q", cls) : out;
            if (signed) {
                signedQuotient(q);
            } else {
                unsignedQuotient(q);
            }
            if (rem) {
                Reg t = b.temp("qd", cls);
                mulLow(t, q, d);
                sub(out, a, t);
            }
            b.path(Path.GLUE);
            b.exit();
            return b.build();
        }

        private BigInteger two(int k) {
            return BigInteger.ONE.shiftLeft(k);
        }

        private BigInteger unsigned(long v) {
            return n == 64 ? new BigInteger(Long.toUnsignedString(v)) : BigInteger.valueOf(v & 0xFFFFFFFFL);
        }

        void unsignedQuotient(Reg q) {
            BigInteger dv = unsigned(d);
            if (dv.equals(BigInteger.ONE)) {
                move(q, a);
                return;
            }
            if (dv.bitCount() == 1) {
                shr(q, a, dv.getLowestSetBit(), false);
                return;
            }
            if (dv.compareTo(two(n - 1)) > 0) { // q is 0 or 1
                Pred p = b.pred();
                cmpGeU(p, a, d);
                b.sel(q.lo(), b.imm(1), RZ, p.op());
                if (n == 64) {
                    b.mov(PT, q.hi(), RZ);
                }
                return;
            }
            int l = dv.subtract(BigInteger.ONE).bitLength(); // ceil(log2 d)
            for (int s = 0; s <= l; s++) {
                BigInteger[] qr = two(n + s).divideAndRemainder(dv);
                BigInteger m = qr[1].signum() == 0 ? qr[0] : qr[0].add(BigInteger.ONE);
                if (m.compareTo(two(n)) < 0 && m.multiply(dv).subtract(two(n + s)).compareTo(two(s)) <= 0) {
                    mulhiU(q, a, m.longValue());
                    if (s > 0) {
                        shr(q, q, s, false);
                    }
                    return;
                }
            }
            long m = two(n).multiply(two(l).subtract(dv)).divide(dv).add(BigInteger.ONE).longValue();
            Reg t = b.temp("t", cls);
            Reg u = b.temp("u", cls);
            mulhiU(t, a, m);
            sub(u, a, t);
            shr(u, u, 1, false);
            add(u, u, t);
            shr(q, u, l - 1, false);
        }

        void signedQuotient(Reg q) {
            if (d == 1 || d == -1) {
                if (d == 1) {
                    move(q, a);
                } else {
                    neg(q, a);
                }
                return;
            }
            BigInteger ad = BigInteger.valueOf(d).abs();
            if (ad.bitCount() == 1) {
                int k = ad.getLowestSetBit();
                Reg t = b.temp("t", cls);
                shr(t, a, n - 1, true); // 0 or -1
                shr(t, t, n - k, false); // 2^k - 1 for negative a
                add(t, t, a);
                shr(q, t, k, true);
                if (d < 0) {
                    neg(q, q);
                }
                return;
            }
            // Hacker's Delight's signed magic number search, in BigInteger
            BigInteger twoN1 = two(n - 1);
            BigInteger t = twoN1.add(d < 0 ? BigInteger.ONE : BigInteger.ZERO);
            BigInteger anc = t.subtract(BigInteger.ONE).subtract(t.mod(ad));
            int p = n - 1;
            BigInteger q1 = twoN1.divide(anc);
            BigInteger r1 = twoN1.subtract(q1.multiply(anc));
            BigInteger q2 = twoN1.divide(ad);
            BigInteger r2 = twoN1.subtract(q2.multiply(ad));
            BigInteger delta;
            do {
                p++;
                q1 = q1.shiftLeft(1);
                r1 = r1.shiftLeft(1);
                if (r1.compareTo(anc) >= 0) {
                    q1 = q1.add(BigInteger.ONE);
                    r1 = r1.subtract(anc);
                }
                q2 = q2.shiftLeft(1);
                r2 = r2.shiftLeft(1);
                if (r2.compareTo(ad) >= 0) {
                    q2 = q2.add(BigInteger.ONE);
                    r2 = r2.subtract(ad);
                }
                delta = ad.subtract(r2);
            } while (q1.compareTo(delta) < 0 || (q1.equals(delta) && r1.signum() == 0));
            BigInteger mBig = q2.add(BigInteger.ONE);
            long magic = mBig.longValue(); // as an N-bit two's complement pattern
            if (d < 0) {
                magic = -magic;
            }
            if (n == 32) {
                magic = (int) magic;
            }
            int s = p - n;
            mulhiS(q, a, magic);
            if (d > 0 && magic < 0) {
                add(q, q, a);
            } else if (d < 0 && magic > 0) {
                sub(q, q, a);
            }
            if (s > 0) {
                shr(q, q, s, true);
            }
            Reg sign = b.temp("sign", cls);
            shr(sign, q, n - 1, false);
            add(q, q, sign);
        }

        // ------------------------------------------------------------------ N-bit operations

        int lo(long v) {
            return b.imm((int) v);
        }

        int hi(long v) {
            return b.imm((int) (v >>> 32));
        }

        void move(Reg dst, Reg src) {
            b.mov(PT, dst.lo(), src.lo().op());
            if (n == 64) {
                b.mov(PT, dst.hi(), src.hi().op());
            }
        }

        void add(Reg dst, Reg x, Reg y) {
            if (n == 32) {
                b.iadd3(dst, x.op(), y.op(), RZ);
                return;
            }
            Pred c = b.pred();
            b.iadd3(PT, dst.lo(), c.op(), x.lo().op(), y.lo().op(), RZ);
            b.iadd3x(dst.hi(), PT, x.hi().op(), y.hi().op(), RZ, c.op(), NOT_PT);
        }

        /** x - y = x + ~y + 1. */
        void sub(Reg dst, Reg x, Reg y) {
            if (n == 32) {
                b.iadd3(dst, x.op(), y.neg(), RZ);
                return;
            }
            Pred c = b.pred();
            b.iadd3(PT, dst.lo(), c.op(), x.lo().op(), y.lo().neg(), RZ);
            b.iadd3x(dst.hi(), PT, x.hi().op(), y.hi().not(), RZ, c.op(), NOT_PT);
        }

        void neg(Reg dst, Reg x) {
            Reg z = b.temp("zero", cls);
            b.mov(PT, z.lo(), RZ);
            if (n == 64) {
                b.mov(PT, z.hi(), RZ);
            }
            sub(dst, z, x);
        }

        void shr(Reg dst, Reg x, int s, boolean arithmetic) {
            if (n == 32) {
                if (arithmetic) {
                    b.shf(false, IntType.S32, true, dst, RZ, b.imm(s), x.op());
                } else {
                    b.shf(false, IntType.U32, false, dst, x.op(), b.imm(s), RZ);
                }
                return;
            }
            Reg t = b.temp("shr", RegClass.R32);
            b.shf(false, arithmetic ? IntType.S64 : IntType.U64, false, t, x.lo().op(), b.imm(s), x.hi().op());
            b.shf(false, arithmetic ? IntType.S64 : IntType.U64, true, dst.hi(), x.lo().op(), b.imm(s), x.hi().op());
            b.mov(PT, dst.lo(), t.op());
        }

        /** p = (x >= c) unsigned. */
        void cmpGeU(Pred p, Reg x, long c) {
            if (n == 32) {
                b.isetp(Cmp.GE, Mod.U32, p, x.op(), lo(c));
                return;
            }
            Pred low = b.pred();
            b.isetp(Cmp.GE, Mod.U32, low, x.lo().op(), lo(c));
            b.isetpEx(Cmp.GE, Mod.U32, p, x.hi().op(), hi(c), low.op());
        }

        /** The high N bits of the unsigned 2N-bit product x m. */
        void mulhiU(Reg dst, Reg x, long m) {
            if (n == 32) {
                b.imadHi(dst, PT, x.op(), lo(m), RZ);
                return;
            }
            // x = x1:x0, m = m1:m0; the partial products' carries through IMAD.WIDE.U32 accumulators
            Reg acc = b.temp("acc", RegClass.R64);
            Reg v = b.temp("v", RegClass.R64);
            b.mov(PT, acc.hi(), RZ);
            b.imadHi(acc.lo(), PT, x.lo().op(), lo(m), RZ);        // hi(x0 m0)
            b.imadWide(acc, PT, x.lo().op(), hi(m), acc.op());     // x0 m1 + hi(x0 m0)
            b.mov(PT, v.lo(), acc.lo().op());
            b.mov(PT, v.hi(), RZ);
            b.mov(PT, acc.lo(), acc.hi().op());
            b.mov(PT, acc.hi(), RZ);
            b.imadWide(v, PT, x.hi().op(), lo(m), v.op());         // x1 m0 + lo(previous)
            b.imadWide(acc, PT, x.hi().op(), hi(m), acc.op());     // x1 m1 + hi(previous)
            Pred c = b.pred();
            b.iadd3(PT, dst.lo(), c.op(), acc.lo().op(), v.hi().op(), RZ);
            b.iadd3x(dst.hi(), PT, acc.hi().op(), RZ, RZ, c.op(), NOT_PT);
        }

        /** The high N bits of the signed product x m (m an N-bit pattern). */
        void mulhiS(Reg dst, Reg x, long m) {
            if (n == 32) {
                b.emit(SassOpcode.IMAD, Mod.HI, Operand.dest(dst.id()), PT, x.op(), lo(m), RZ, NOT_PT);
                return;
            }
            // mulhs(x, m) = mulhu(x, m) - (m < 0 ? x : 0) - (x < 0 ? m : 0)
            mulhiU(dst, x, m);
            if (m < 0) {
                sub(dst, dst, x);
            }
            Reg mm = b.temp("m", RegClass.R64);
            Pred negative = b.pred();
            b.isetp(Cmp.LT, 0, negative, x.hi().op(), RZ);
            b.sel(mm.lo(), lo(m), RZ, negative.op());
            b.sel(mm.hi(), hi(m), RZ, negative.op());
            sub(dst, dst, mm);
        }

        /** dst = x c mod 2^N. */
        void mulLow(Reg dst, Reg x, long c) {
            if (n == 32) {
                b.imad(dst, x.op(), lo(c), RZ);
                return;
            }
            Reg z = b.temp("z", RegClass.R64);
            b.mov(PT, z.lo(), RZ);
            b.mov(PT, z.hi(), RZ);
            b.imadWide(dst, PT, x.lo().op(), lo(c), z.op());
            b.imad(dst.hi(), x.lo().op(), hi(c), dst.hi().op());
            b.imad(dst.hi(), x.hi().op(), lo(c), dst.hi().op());
        }
    }
}

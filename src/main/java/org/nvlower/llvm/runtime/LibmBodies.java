package org.nvlower.llvm.runtime;

import static org.nvlower.llvm.runtime.BodyBuilder.I128;
import static org.nvlower.llvm.runtime.BodyBuilder.I32;
import static org.nvlower.llvm.runtime.BodyBuilder.bit128;
import static org.nvlower.llvm.runtime.BodyBuilder.i1;
import static org.nvlower.llvm.runtime.BodyBuilder.i128;
import static org.nvlower.llvm.runtime.BodyBuilder.i32;
import static org.nvlower.llvm.runtime.BodyBuilder.mask128;
import static org.nvlower.llvm.runtime.BodyBuilder.pow2;
import static org.nvlower.llvm.runtime.RuntimeLibrary.BIAS;
import static org.nvlower.llvm.runtime.RuntimeLibrary.F128_INF;
import static org.nvlower.llvm.runtime.RuntimeLibrary.F128_NAN;
import static org.nvlower.llvm.runtime.RuntimeLibrary.isNaN;
import static org.nvlower.llvm.runtime.RuntimeLibrary.sign;

import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.PhiInst;
import org.nvlower.llvm.ir.Value;

/**
 * The bodies of the C library's quad functions that are not IEEE basic operations: cbrt and
 * hypot (correctly rounded, by exact digit-by-digit integer roots), modf and remquo's quotient
 * (exact, composed of the table's rows), logb and ilogb (the exponent). 256-bit quantities travel as {hi, lo} pairs of i128:
 * the interpreter and NVPTX both handle i128, and the pairs need only add, subtract, shift and
 * compare.
 */
final class LibmBodies {

    private LibmBodies() {
    }

    // ------------------------------------------------------------------ 256-bit pairs

    private record Pair(Value hi, Value lo) {
    }

    private static Pair add(BodyBuilder b, Pair x, Pair y) {
        Value lo = b.add(x.lo, y.lo);
        Value carry = b.zext(b.ult(lo, x.lo), I128);
        return new Pair(b.add(b.add(x.hi, y.hi), carry), lo);
    }

    private static Pair sub(BodyBuilder b, Pair x, Pair y) {
        Value borrow = b.zext(b.ult(x.lo, y.lo), I128);
        return new Pair(b.sub(b.sub(x.hi, y.hi), borrow), b.sub(x.lo, y.lo));
    }

    /** x << k for a constant 0 < k < 128. */
    private static Pair shl(BodyBuilder b, Pair x, int k) {
        return new Pair(b.or(b.shl(x.hi, i128(k)), b.lshr(x.lo, i128(128 - k))), b.shl(x.lo, i128(k)));
    }

    private static Value uge(BodyBuilder b, Pair x, Pair y) {
        return b.or(b.ugt(x.hi, y.hi), b.and(b.eq(x.hi, y.hi), b.uge(x.lo, y.lo)));
    }

    private static Pair select(BodyBuilder b, Value c, Pair x, Pair y) {
        return new Pair(b.select(c, x.hi, y.hi), b.select(c, x.lo, y.lo));
    }

    private static PhiInst[] phis(BodyBuilder b, String name, Pair start, BasicBlock entry) {
        PhiInst hi = b.phi(I128, name + ".hi");
        PhiInst lo = b.phi(I128, name + ".lo");
        hi.addIncoming(start.hi, entry);
        lo.addIncoming(start.lo, entry);
        return new PhiInst[] {hi, lo};
    }

    private static void back(PhiInst[] phi, Pair next, BasicBlock loop) {
        phi[0].addIncoming(next.hi, loop);
        phi[1].addIncoming(next.lo, loop);
    }

    // ------------------------------------------------------------------ bodies

    /**
     * cbrt(a), correctly rounded: a = sig * 2^E with sig's leading one at bit 112 is written
     * N * 2^(3k), N = sig * 2^s (s in 233..235, so that 3 divides E - s and N has 346..348
     * bits); the integer cube root of N is taken three bits of N per step (restoring: with q the
     * root so far, r = N's prefix - q^3 and q2 = q^2, the next bit is 1 when 8r + digits >=
     * 12 q2 + 6q + 1), 116 steps; q (116 bits) with r's nonzero-ness jammed is rounded once.
     */
    static void cbrt(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        Value a = b.arg(0);
        Value abs = b.and(a, mask128(127));
        b.returnIf(isNaN(b, a), i128(F128_NAN), "number");
        b.returnIf(b.or(b.eq(abs, i128(0)), b.eq(abs, i128(F128_INF))), a, "finiteNonzero");
        Value n = b.call(lib.normSig(), a);
        Value field = b.extractValue(n, 0);
        Value sig = b.extractValue(n, 1);
        // E = field - 16495 - 233, made positive by 3 * 20000 before the unsigned mod and divide
        Value off = b.add(field, i32(60000 - 16495 - 233));
        Value m = b.binary(org.nvlower.llvm.ir.Opcode.UREM, off, i32(3));
        Value k = b.sub(b.udiv(b.sub(off, m), i32(3)), i32(20000));
        // N = W * 2^228, W = sig << (5 + m) below 2^120: its 40 groups of three bits from the top, then zeros
        Value xs0 = b.shl(sig, b.zext(b.add(m, i32(13)), I128));
        BodyBuilder.Loop l = b.beginLoop();
        BasicBlock entry = l.entry();
        PhiInst q = b.phi(I128, "q");
        PhiInst[] q2 = phis(b, "q2", new Pair(i128(0), i128(0)), entry);
        PhiInst[] r = phis(b, "r", new Pair(i128(0), i128(0)), entry);
        PhiInst xs = b.phi(I128, "xs");
        PhiInst i = b.phi(I32, "i");
        Pair rq = new Pair(r[0], r[1]);
        Pair q2q = new Pair(q2[0], q2[1]);
        Value digits = b.lshr(xs, i128(125));
        Pair r8 = shl(b, rq, 3);
        r8 = new Pair(r8.hi, b.or(r8.lo, digits));
        Value q4 = b.shl(q, i128(2));
        Value sixQ1 = b.add(b.add(q4, b.shl(q, i128(1))), i128(1));
        Pair trial = add(b, add(b, shl(b, q2q, 3), shl(b, q2q, 2)), new Pair(i128(0), sixQ1));
        Value fits = uge(b, r8, trial);
        Pair r1 = select(b, fits, sub(b, r8, trial), r8);
        Pair q21 = add(b, shl(b, q2q, 2), new Pair(i128(0), b.select(fits, b.add(q4, i128(1)), i128(0))));
        Value q1 = b.or(b.shl(q, i128(1)), b.zext(fits, I128));
        Value xs1 = b.shl(xs, i128(3));
        Value i1 = b.add(i, i32(1));
        b.loopBack(b.ult(i1, i32(116)), l.loop(), l.done());
        q.addIncoming(i128(0), entry);
        q.addIncoming(q1, l.loop());
        back(q2, q21, l.loop());
        back(r, r1, l.loop());
        xs.addIncoming(xs0, entry);
        xs.addIncoming(xs1, l.loop());
        i.addIncoming(i32(0), entry);
        i.addIncoming(i1, l.loop());
        b.at(l.done());
        Value inexact = b.ne(b.or(r1.hi, r1.lo), i128(0));
        Value root = b.or(b.shl(q1, i128(11)), b.zext(inexact, I128));
        b.retBits(b.call(lib.roundPack(RuntimeLibrary.Format.F128), sign(b, a), b.add(k, i32(16497)), root));
    }

    /**
     * hypot(a, b), correctly rounded: with |x| >= |y| (significands at bit 112, exponent distance
     * d), S = (mx^2 + my^2 / 2^2d) * 2^28 as a 256-bit pair (the shifted-out bits of my^2 jammed
     * into bit 0, which only the sticky sees), its square root taken two bits per step from the
     * top for 120 steps (the remainder stays below 2^123), the rest of S and the remainder jammed,
     * then normalized and rounded once. An infinity wins over a NaN (C Annex F).
     */
    static void hypot(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        Value a = b.arg(0);
        Value c = b.arg(1);
        Value absA = b.and(a, mask128(127));
        Value absC = b.and(c, mask128(127));
        b.returnIf(b.or(b.eq(absA, i128(F128_INF)), b.eq(absC, i128(F128_INF))), i128(F128_INF), "finite");
        b.returnIf(b.or(isNaN(b, a), isNaN(b, c)), i128(F128_NAN), "numbers");
        b.returnIf(b.eq(absC, i128(0)), absA, "cNonzero");
        b.returnIf(b.eq(absA, i128(0)), absC, "nonzero");
        Value swap = b.ult(absA, absC);
        Value nx = b.call(lib.normSig(), b.select(swap, absC, absA));
        Value ny = b.call(lib.normSig(), b.select(swap, absA, absC));
        Value ex = b.extractValue(nx, 0);
        Value d = b.sub(ex, b.extractValue(ny, 0));
        Value[] xx = RuntimeLibrary.wideProduct(b, b.extractValue(nx, 1), b.extractValue(nx, 1));
        Value[] yy = RuntimeLibrary.wideProduct(b, b.extractValue(ny, 1), b.extractValue(ny, 1));
        Pair big = shl(b, new Pair(xx[0], xx[1]), 28);
        Pair small = shl(b, new Pair(yy[0], yy[1]), 28);
        Value[] aligned = lib.shiftRightJam256(b, small.hi, small.lo, b.shl(d, i32(1)));
        Pair s = add(b, big, new Pair(aligned[0], aligned[1]));
        BodyBuilder.Loop l = b.beginLoop();
        BasicBlock entry = l.entry();
        PhiInst q = b.phi(I128, "q");
        PhiInst r = b.phi(I128, "r");
        PhiInst[] rest = phis(b, "s", s, entry);
        PhiInst i = b.phi(I32, "i");
        Value r2 = b.or(b.shl(r, i128(2)), b.lshr(rest[0], i128(126)));
        Value trial = b.or(b.shl(q, i128(2)), i128(1));
        Value fits = b.uge(r2, trial);
        Value q1 = b.or(b.shl(q, i128(1)), b.zext(fits, I128));
        Value r1 = b.select(fits, b.sub(r2, trial), r2);
        Pair rest1 = shl(b, new Pair(rest[0], rest[1]), 2);
        Value i1 = b.add(i, i32(1));
        b.loopBack(b.ult(i1, i32(120)), l.loop(), l.done());
        q.addIncoming(i128(0), entry);
        q.addIncoming(q1, l.loop());
        r.addIncoming(i128(0), entry);
        r.addIncoming(r1, l.loop());
        back(rest, rest1, l.loop());
        i.addIncoming(i32(0), entry);
        i.addIncoming(i1, l.loop());
        b.at(l.done());
        Value inexact = b.ne(b.or(r1, b.or(rest1.hi, rest1.lo)), i128(0));
        Value root = b.or(b.shl(q1, i128(1)), b.zext(inexact, I128));
        b.retBits(b.call(lib.normRoundPack(), i1(false), b.add(ex, i32(6)), root));
    }

    /** modf's fraction: |a| - trunc(|a|) (exact) with a's sign; +-0 for infinities. */
    static void modf(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        Value a = b.arg(0);
        Value abs = b.and(a, mask128(127));
        Value signA = b.and(a, bit128(127));
        b.returnIf(isNaN(b, a), i128(F128_NAN), "number");
        b.returnIf(b.eq(abs, i128(F128_INF)), signA, "finite");
        Value integral = lib.callRow(b, RuntimeFunction.TRUNC_FP128, abs);
        b.retBits(b.or(lib.callRow(b, RuntimeFunction.SUB_FP128, abs, integral), signA));
    }

    /** C logb: a's exponent (subnormals normalized first) converted exactly; -inf, +inf and NaN for the specials. */
    static void logb(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        Value a = b.arg(0);
        Value abs = b.and(a, mask128(127));
        b.returnIf(isNaN(b, a), i128(F128_NAN), "number");
        b.returnIf(b.eq(abs, i128(0)), i128(F128_INF.setBit(127)), "nonzero");
        b.returnIf(b.eq(abs, i128(F128_INF)), i128(F128_INF), "finite");
        b.retBits(lib.callRow(b, RuntimeFunction.INT32_TO_FP128, exponent(lib, b, a)));
    }

    /** C ilogb: a's exponent; glibc's INT_MIN for a zero or a NaN, INT_MAX for an infinity. */
    static void ilogb(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        Value a = b.arg(0);
        Value abs = b.and(a, mask128(127));
        b.returnIf(b.or(isNaN(b, a), b.eq(abs, i128(0))), i32(Integer.MIN_VALUE), "number");
        b.returnIf(b.eq(abs, i128(F128_INF)), i32(Integer.MAX_VALUE), "finite");
        b.retBits(exponent(lib, b, a));
    }

    /** floor(log2 |a|) of a finite nonzero a: normSig's biased exponent (that of the normalized significand) less the bias. */
    private static Value exponent(RuntimeLibrary lib, BodyBuilder b, Value a) {
        return b.sub(b.extractValue(b.call(lib.normSig(), a), 0), i32(BIAS));
    }

    /**
     * remquo's quotient bits: x = fmod(|a|, 8p) (p = |b|; |a| itself when 8p overflows) is
     * reduced by 4p, 2p and p in turn (each subtraction exact), which gives floor(|a|/p) mod 8;
     * one more when the rest exceeds p/2, or equals it with the count odd (compared as 2x, exact
     * or infinite); signed by a/b. 0 where the remainder is NaN or p is infinite.
     */
    static void remquoQuotient(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        Value a = b.arg(0);
        Value c = b.arg(1);
        Value absA = b.and(a, mask128(127));
        Value p = b.and(c, mask128(127));
        Value none = b.or(b.or(isNaN(b, a), isNaN(b, c)), b.or(b.eq(absA, i128(F128_INF)), b.eq(p, i128(0))));
        none = b.or(none, b.or(b.eq(p, i128(F128_INF)), b.eq(absA, i128(0))));
        b.returnIf(none, i32(0), "finite");
        Value x = lib.callRow(b, RuntimeFunction.REM_FP128, absA, lib.callRow(b, RuntimeFunction.MUL_FP128, p, pow2(3)));
        Value n = i32(0);
        for (int k = 2; k >= 0; k--) {
            Value multiple = k == 0 ? p : lib.callRow(b, RuntimeFunction.MUL_FP128, p, pow2(k));
            Value ge = b.uge(x, multiple);
            x = b.select(ge, lib.callRow(b, RuntimeFunction.SUB_FP128, x, multiple), x);
            n = b.or(n, b.select(ge, i32(1 << k), i32(0)));
        }
        Value twoX = lib.callRow(b, RuntimeFunction.MUL_FP128, x, pow2(1));
        Value odd = b.ne(b.and(n, i32(1)), i32(0));
        Value up = b.or(b.ugt(twoX, p), b.and(b.eq(twoX, p), odd));
        n = b.and(b.add(n, b.zext(up, I32)), i32(7));
        Value negative = b.xor(sign(b, a), sign(b, c));
        b.retBits(b.select(negative, b.sub(i32(0), n), n));
    }
}

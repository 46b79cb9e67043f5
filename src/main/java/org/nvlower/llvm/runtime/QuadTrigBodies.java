package org.nvlower.llvm.runtime;

import static org.nvlower.llvm.runtime.BodyBuilder.I128;
import static org.nvlower.llvm.runtime.BodyBuilder.I32;
import static org.nvlower.llvm.runtime.BodyBuilder.bit128;
import static org.nvlower.llvm.runtime.BodyBuilder.i128;
import static org.nvlower.llvm.runtime.BodyBuilder.i32;
import static org.nvlower.llvm.runtime.BodyBuilder.mask128;
import static org.nvlower.llvm.runtime.BodyBuilder.pow2;
import static org.nvlower.llvm.runtime.RuntimeLibrary.BIAS;
import static org.nvlower.llvm.runtime.RuntimeLibrary.F128_INF;
import static org.nvlower.llvm.runtime.RuntimeLibrary.F128_NAN;
import static org.nvlower.llvm.runtime.RuntimeLibrary.F128_ONE;

import java.math.BigInteger;
import java.util.List;

import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.StructType;
import org.nvlower.llvm.ir.TerminatorInst;
import org.nvlower.llvm.ir.Value;
import org.nvlower.softfloat.QuadTrigReference;

/**
 * The quad math library's sin, cos and tan, in {@link DoubleQuad} arithmetic after an exact-enough
 * argument reduction.
 *
 * <p>Reduction (Payne-Hanek, in integer arithmetic, for every |x| >= 3/4): x = m 2^e (m < 2^113)
 * times 2/pi modulo 4 needs only the bits of 2/pi from weight 2^(1-e) on (the earlier ones give
 * multiples of 4); a window of 576 of them, V, read from a table of 2/pi's bits (a switch in
 * {@code __nvl_f128_twoOverPi}, 64-bit words, 128 leading zero bits so that small exponents read
 * zeros), gives m V = (k mod 4) 2^574 + f 2^574 exactly in nine 64-bit words; the bits of 2/pi
 * beyond the window change f by less than 2^-461. k = round(x 2/pi) mod 4 and r = f pi/2 with f in
 * [-1/2, 1/2) (the fraction's bits complemented when it is 1/2 or more: 1 - f within 2^-574);
 * f's leading 226 bits (after its leading zeros: x within 2^-130 of a multiple of pi/2 leaves
 * about 130) become a double-quad, times pi/2 in two parts. |x| < 3/4 is its own r (k = 0).
 *
 * <p>sin r = r (1 + z P(z)) and cos r = 1 + z Q(z) (z = r^2, 25 terms each, Horner in double-quad,
 * cos kept as 1 + c so that c keeps its relative precision); the quadrant picks +-sin r or +-cos r
 * (the latter rounded once by {@link #roundedSum}); tan is sin r / cos r or -cos r / sin r.
 * Annex F: NaN and +-inf give NaN; |x| < 2^-60 (zeros and subnormals included) gives x (sin, tan)
 * or 1 (cos), the correctly rounded results there.
 */
final class QuadTrigBodies extends DoubleQuad {

    QuadTrigBodies(RuntimeLibrary lib, BodyBuilder b) {
        super(lib, b);
    }

    /** Leading zero bits before 2/pi's first bit in the table (exponents down to -126 read zeros). */
    private static final int PAD = 128;
    /** 64-bit words in the table: the window of the largest exponent (16271) ends at bit 16397 + 640. */
    private static final int WORDS = 268;
    /** The table's words: PAD zero bits, then 2/pi = 0.101000101111... in binary. */
    private static final long[] TWO_OVER_PI = twoOverPiWords();
    /** Horner terms for sin r / r - 1 and cos r - 1 (|r| <= pi/4: the 26th is below 2^-235). */
    private static final int TERMS = 25;

    private static long[] twoOverPiWords() {
        int bits = WORDS * 64 - PAD;
        int w = bits + 64;
        // floor(2/pi 2^bits): 2^(bits + w) / (pi/2 2^w) within one unit at bits + 64 (then truncated)
        BigInteger v = BigInteger.ONE.shiftLeft(bits + w).divide(QuadTrigReference.halfPi(w));
        long[] words = new long[WORDS];
        for (int i = 0; i < WORDS; i++) {
            words[i] = v.shiftRight((WORDS - 1 - i) * 64).longValue();
        }
        return words;
    }

    // ------------------------------------------------------------------ the rows

    /** sin(x) = sign(x) (+-sin r or +-cos r by the quadrant). */
    static void sin(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        new QuadTrigBodies(lib, b).body(Kind.SIN);
    }

    /** cos(x) = +-cos r or +-sin r by the quadrant. */
    static void cos(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        new QuadTrigBodies(lib, b).body(Kind.COS);
    }

    /** tan(x) = sign(x) (sin r / cos r, or -cos r / sin r for an odd quadrant). */
    static void tan(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        new QuadTrigBodies(lib, b).body(Kind.TAN);
    }

    private enum Kind { SIN, COS, TAN }

    private void body(Kind kind) {
        Value x = b.arg(0);
        Value abs = b.and(x, mask128(127));
        Value sign = b.and(x, bit128(127));
        // the shared pure helpers first, in the entry block, whatever x is (NaN, inf and tiny x
        // give results unused below): sin and cos of one x, inlined together (sincos), then share
        // one reduction and one series by common-subexpression elimination
        Value red = b.call(reduction(), abs);
        Value sc = b.call(sinCos(), b.extractValue(red, 1), b.extractValue(red, 2));
        Value q = b.and(b.extractValue(red, 0), i128(3));
        b.returnIf(b.uge(abs, i128(F128_INF)), i128(F128_NAN), "finite");
        b.returnIf(b.ult(abs, pow2(-60)), kind == Kind.COS ? i128(F128_ONE) : x, "notTiny");
        DQ s = new DQ(b.extractValue(sc, 0), b.extractValue(sc, 1));
        DQ c = new DQ(b.extractValue(sc, 2), b.extractValue(sc, 3));
        Value odd = b.ne(b.and(q, i128(1)), i128(0));
        Value upper = b.uge(q, i128(2)); // quadrants 2 and 3
        if (kind == Kind.TAN) {
            DQ cosR = add(new DQ(i128(F128_ONE), i128(0)), c);
            DQ num = new DQ(b.select(odd, cosR.hi(), s.hi()), b.select(odd, cosR.lo(), s.lo()));
            DQ den = new DQ(b.select(odd, s.hi(), cosR.hi()), b.select(odd, s.lo(), cosR.lo()));
            Value t = div(num, den).hi();
            b.retBits(b.xor(t, b.xor(sign, b.select(odd, bit128(127), i128(0)))));
            return;
        }
        Value sinR = s.hi();
        Value cosR = roundedSum(i128(F128_ONE), c);
        if (kind == Kind.SIN) { // q: 0 sin, 1 cos, 2 -sin, 3 -cos
            Value v = b.select(odd, cosR, sinR);
            b.retBits(b.xor(v, b.xor(sign, b.select(upper, bit128(127), i128(0)))));
        } else { // q: 0 cos, 1 -sin, 2 -cos, 3 sin
            Value v = b.select(odd, sinR, cosR);
            Value negative = b.xor(odd, upper); // 1 and 2
            b.retBits(b.xor(v, b.select(negative, bit128(127), i128(0))));
        }
    }

    // ------------------------------------------------------------------ reduction

    /** {@code __nvl_f128_twoOverPi(j)}: table words j and j + 1 as one i128 (word j high). */
    private Function twoOverPi() {
        return lib.helper("__nvl_f128_twoOverPi", I128, List.of(I32), new String[] {"j"}, hb -> {
            BasicBlock none = hb.createBlock("none");
            TerminatorInst sw = hb.insert(TerminatorInst.switchOf(hb.arg(0), none));
            for (int j = 0; j + 1 < WORDS; j++) {
                BasicBlock w = hb.createBlock("w" + j);
                sw.addCase((ConstantInt) i32(j), w);
                hb.at(w);
                BigInteger hi = new BigInteger(Long.toUnsignedString(TWO_OVER_PI[j]));
                BigInteger lo = new BigInteger(Long.toUnsignedString(TWO_OVER_PI[j + 1]));
                hb.retBits(i128(hi.shiftLeft(64).or(lo)));
            }
            hb.at(none);
            hb.retBits(i128(0));
        });
    }

    /**
     * {@code __nvl_f128_trigReduce(abs)}: {k mod 4, r.hi, r.lo} with |x| = k pi/2 + r, for a finite
     * |x|; |x| < 3/4 gives {0, |x|, 0} (NaN and inf read the table's last words: a result nobody uses).
     */
    private Function reduction() {
        return lib.helper("__nvl_f128_trigReduce", StructType.of(I128, I128, I128), List.of(I128), new String[] {"abs"},
                hb -> new QuadTrigBodies(lib, hb).reduce(hb.arg(0)));
    }

    private Value low64(Value v) {
        return b.and(v, mask128(64));
    }

    private void reduce(Value abs) {
        b.returnIf(b.ult(abs, i128(BigInteger.valueOf(BIAS - 1).shiftLeft(112).or(BigInteger.ONE.shiftLeft(111)))),
                pack(b, i128(0), abs, i128(0)), "large");
        Value field = b.trunc(b.lshr(abs, i128(112)), I32);
        Value m = b.or(b.and(abs, mask128(112)), bit128(112));
        // the window starts at table bit j0 = (e - 2) + PAD, e = field - BIAS - 112
        Value j0 = b.add(field, i32(-BIAS - 112 - 2 + PAD));
        Value word = b.lshr(j0, i32(6));
        Value sh = b.zext(b.and(j0, i32(63)), I128);
        Value[] v = new Value[9]; // v[t]: window word t, t = 0 the most significant
        for (int t = 0; t < 9; t++) {
            Value pair = b.call(twoOverPi(), b.add(word, i32(t)));
            v[t] = b.lshr(b.shl(pair, sh), i128(64));
        }
        // m V mod 2^576 in nine words, r[0] the least significant
        Value mLo = low64(m);
        Value mHi = b.lshr(m, i128(64));
        Value[] lowP = new Value[9];
        Value[] highP = new Value[9];
        Value[] r = new Value[9];
        Value carry = i128(0);
        for (int u = 0; u < 9; u++) {
            lowP[u] = b.mul(mLo, v[8 - u]);
            highP[u] = b.mul(mHi, v[8 - u]);
            Value s = b.add(carry, low64(lowP[u]));
            if (u >= 1) {
                s = b.add(s, b.add(b.lshr(lowP[u - 1], i128(64)), low64(highP[u - 1])));
            }
            if (u >= 2) {
                s = b.add(s, b.lshr(highP[u - 2], i128(64)));
            }
            r[u] = low64(s);
            carry = b.lshr(s, i128(64));
        }
        // k mod 4: bits 63 and 62 of r[8]; bit 61 says the fraction is 1/2 or more (then k + 1, f - 1)
        Value kq = b.lshr(r[8], i128(62));
        Value upHalf = b.ne(b.and(r[8], bit128(61)), i128(0));
        Value k = b.and(b.add(kq, b.zext(upHalf, I128)), i128(3));
        Value flip = b.select(upHalf, mask128(64), i128(0));
        // the fraction's words shifted left by 2 (its top bit at 2^-1), complemented for f >= 1/2: 1 - f
        Value[] g = new Value[9];
        for (int u = 8; u >= 0; u--) {
            Value below = u == 0 ? i128(0) : b.lshr(r[u - 1], i128(62));
            g[u] = b.xor(low64(b.or(b.shl(r[u], i128(2)), below)), flip);
        }
        Value a0 = b.or(b.shl(g[8], i128(64)), g[7]);
        Value a1 = b.or(b.shl(g[6], i128(64)), g[5]);
        Value a2 = b.or(b.shl(g[4], i128(64)), g[3]);
        Value a3 = b.or(b.shl(g[2], i128(64)), g[1]);
        Value a4 = b.shl(g[0], i128(64));
        // skip whole zero chunks (at most two: |f| > 2^-256 for every binary128), then ctlz within one
        Value z0 = b.eq(a0, i128(0));
        Value z1 = b.eq(a1, i128(0));
        Value top = b.select(z0, b.select(z1, a2, a1), a0);
        Value next = b.select(z0, b.select(z1, a3, a2), a1);
        Value next2 = b.select(z0, b.select(z1, a4, a3), a2);
        Value base = b.select(z0, b.select(z1, i128(256), i128(128)), i128(0));
        Value c = b.ctlz(top);
        Value back = b.sub(i128(127), c);
        Value h = b.or(b.shl(top, c), b.lshr(b.lshr(next, i128(1)), back));
        Value l = b.or(b.shl(next, c), b.lshr(b.lshr(next2, i128(1)), back));
        Value zz = b.add(base, c); // f = (h 2^128 + l) 2^(-256 - zz), h's top bit set
        Value hiBits = b.or(b.shl(b.sub(i128(BIAS - 1), zz), i128(112)), b.and(b.lshr(h, i128(15)), mask128(112)));
        Value loInt = b.or(b.shl(b.and(h, mask128(15)), i128(98)), b.lshr(l, i128(30)));
        Value loBits = lib.callRow(b, RuntimeFunction.LDEXP_FP128, lib.callRow(b, RuntimeFunction.UINT128_TO_FP128, loInt),
                b.sub(i32(-226), b.trunc(zz, I32)));
        Value[] halfPi = parts(QuadTrigReference.halfPi(F), 2);
        DQ rr = mul(new DQ(hiBits, loBits), new DQ(halfPi[0], halfPi[1]));
        Value neg = b.select(upHalf, bit128(127), i128(0));
        b.retBits(pack(b, k, b.xor(rr.hi(), neg), b.xor(rr.lo(), neg)));
    }

    // ------------------------------------------------------------------ sin r, cos r

    /** {@code __nvl_f128_sinCos(r.hi, r.lo)}: {sin r as a double-quad, cos r - 1 as a double-quad}, |r| <= pi/4 (+ a rounding). */
    private Function sinCos() {
        return lib.helper("__nvl_f128_sinCos", StructType.of(I128, I128, I128, I128), List.of(I128, I128),
                new String[] {"hi", "lo"}, hb -> {
                    QuadTrigBodies t = new QuadTrigBodies(lib, hb);
                    DQ[] sc = t.sinCosOf(new DQ(hb.arg(0), hb.arg(1)));
                    hb.retBits(pack(hb, sc[0].hi(), sc[0].lo(), sc[1].hi(), sc[1].lo()));
                });
    }

    /** (-1)^n / d as a double-quad constant. */
    private static DQ coefficient(int n, BigInteger d) {
        return constant(parts(fixedOf(n % 2 == 0 ? BigInteger.ONE : BigInteger.ONE.negate(), d), 2));
    }

    private DQ[] sinCosOf(DQ r) {
        DQ z = mul(r, r);
        // sin r = r + r z P(z), P = sum_{n>=1} (-1)^n z^(n-1) / (2n+1)!; cos r - 1 = z Q(z), Q = sum (-1)^n z^(n-1) / (2n)!
        DQ p = coefficient(TERMS, factorial(2 * TERMS + 1));
        DQ qq = coefficient(TERMS, factorial(2 * TERMS));
        for (int n = TERMS - 1; n >= 1; n--) {
            p = add(mul(p, z), coefficient(n, factorial(2 * n + 1)));
            qq = add(mul(qq, z), coefficient(n, factorial(2 * n)));
        }
        DQ s = add(r, mul(r, mul(z, p)));
        return new DQ[] {s, mul(z, qq)};
    }

    /** {sin r, cos r - 1} as double-quads for |r| <= pi/4 through {@code __nvl_f128_sinCos} (tgamma's reflection). */
    DQ[] callSinCos(DQ r) {
        Value sc = b.call(sinCos(), r.hi(), r.lo());
        return new DQ[] {new DQ(b.extractValue(sc, 0), b.extractValue(sc, 1)), new DQ(b.extractValue(sc, 2), b.extractValue(sc, 3))};
    }
}

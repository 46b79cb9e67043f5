package org.nvlower.llvm.runtime;

import static org.nvlower.llvm.runtime.BodyBuilder.I128;
import static org.nvlower.llvm.runtime.BodyBuilder.I64;
import static org.nvlower.llvm.runtime.BodyBuilder.bit128;
import static org.nvlower.llvm.runtime.BodyBuilder.i128;
import static org.nvlower.llvm.runtime.BodyBuilder.i32;
import static org.nvlower.llvm.runtime.BodyBuilder.i64;
import static org.nvlower.llvm.runtime.BodyBuilder.mask128;
import static org.nvlower.llvm.runtime.BodyBuilder.pow2;
import static org.nvlower.llvm.runtime.RuntimeLibrary.BIAS;
import static org.nvlower.llvm.runtime.RuntimeLibrary.F128_INF;
import static org.nvlower.llvm.runtime.RuntimeLibrary.F128_NAN;
import static org.nvlower.llvm.runtime.RuntimeLibrary.F128_ONE;
import static org.nvlower.llvm.runtime.RuntimeLibrary.isNaN;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import org.nvlower.llvm.ir.ArrayType;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantAggregate;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.GlobalVariable;
import org.nvlower.llvm.ir.Linkage;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.PhiInst;
import org.nvlower.llvm.ir.Value;
import org.nvlower.softfloat.F128Libm;
import org.nvlower.softfloat.QuadGammaReference;
import org.nvlower.softfloat.QuadInverseReference;
import org.nvlower.softfloat.QuadReference;

/**
 * The quad math library's lgamma and tgamma in {@link DoubleQuad} arithmetic, on log's and
 * exp's parts ({@link QuadMathBodies}) and sin's series ({@link QuadTrigBodies}).
 *
 * <ul>
 * <li>{@code __nvl_f128_lgammaPositive(x)}, 2^-110 <= x < 2^16360, as a double-quad: |x - 2| <
 * 1/16 by lgamma's Taylor series at 2, (1 - gamma) e + sum (-1)^k (zeta(k) - 1) / k e^k (48 terms,
 * e = x - 2 exact: relative to e, so the zero at 2 keeps its precision); |x - 1| < 1/16 as
 * lgamma(2 + e) - log1p(e), e = x - 1 exact (relative too); else x + N >= 48 with P = x (x + 1)
 * ... (x + N - 1) in double-quad (a loop; each factor a two-sum), and Stirling's series at w = x
 * + N: (w - 1/2) log w - w + log(2 pi)/2 + sum_{k <= 30} B_2k / (2k (2k - 1) w^(2k-1)) (the 31st
 * term is below 2^-232 at w = 48), minus log P.
 * <li>x < 0, not an integer: the reflection lgamma(x) = log pi - log sin(pi t) - log|x| -
 * lgamma(|x|), t = |x|'s distance to the nearest integer (exact), sin(pi t) by sin's series
 * (or cos(pi (1/2 - t)) beyond t = 1/4, 1/2 - t exact) and log of the double-quad;
 * t < 2^-120 gives log t + log pi. Near lgamma's negative zeros the terms cancel (the result
 * would lose relative precision), so there, for |lgamma| below about 2^-12 around each of the 78
 * zeros in (-41, -2), lgamma's Taylor series at the zero ({@link LgammaZeros}) is used instead.
 * <li>tgamma = +-e^lgamma through exp's reduction of the double-quad (the sign of Gamma negative
 * on (-2k - 1, -2k)); |x| < 2^-110 gives 1/x - gamma (lgamma -log|x| - gamma x), a positive
 * integer up to 40 its factorial from a table (38! is a rounding midpoint: e^lgamma could round
 * either way).
 * </ul>
 *
 * <p>Annex F: NaN gives NaN; lgamma(1) = lgamma(2) = +0, lgamma of +-0, a negative integer or
 * +-inf +inf; tgamma(+-0) = +-inf, tgamma of a negative integer or -inf NaN, tgamma(+inf) = +inf,
 * x > 1800 +inf, x < -1800 +-0 (below the subnormals), |x| <= 2^-16384 +-inf. lgamma(x) for
 * x >= 2^16360 is x (log x - 1) scaled once (overflowing to +inf beyond 2^16370.5).
 */
final class QuadGammaBodies extends DoubleQuad {

    private final QuadMathBodies math;

    QuadGammaBodies(RuntimeLibrary lib, BodyBuilder b) {
        super(lib, b);
        this.math = new QuadMathBodies(lib, b);
    }

    /** Stirling's series from w >= W: its 31st term is below 2^-232 there. */
    private static final int W = 48;
    private static final int STIRLING_TERMS = 30;
    /** Terms of lgamma's series at 2 for |e| < 1/16: (zeta(k) - 1)/k e^(k-1) < 2^-232 of the first beyond k = 47. */
    private static final int SERIES_TERMS = 48;

    private static final BigInteger[] STIRLING = stirlingCoefficients();
    private static final BigInteger[] AT_TWO = seriesAtTwo();
    /** The constants' precision (2^-320: far beyond the double-quad's 2^-226), scaled to F bits. */
    private static final int CONSTANT_BITS = 320;
    private static final BigInteger EULER = QuadGammaReference.eulerGamma(CONSTANT_BITS).shiftLeft(F - CONSTANT_BITS);
    private static final BigInteger HALF_LOG_TWO_PI = QuadGammaReference.halfLogTwoPi(F)[0];
    private static final BigInteger LOG_PI = HALF_LOG_TWO_PI.shiftLeft(1).subtract(QuadReference.ln2(F));

    private static BigInteger[] stirlingCoefficients() {
        BigInteger[] c = new BigInteger[STIRLING_TERMS];
        for (int k = 1; k <= STIRLING_TERMS; k++) {
            BigInteger[] q = QuadGammaReference.stirlingCoefficient(k);
            c[k - 1] = fixedOf(q[0], q[1]);
        }
        return c;
    }

    /** The Taylor coefficients of lgamma at 2 (index k - 1): 1 - gamma, then (-1)^k (zeta(k) - 1) / k. */
    private static BigInteger[] seriesAtTwo() {
        BigInteger[] c = new BigInteger[SERIES_TERMS];
        c[0] = BigInteger.ONE.shiftLeft(F).subtract(QuadGammaReference.eulerGamma(CONSTANT_BITS).shiftLeft(F - CONSTANT_BITS));
        for (int k = 2; k <= SERIES_TERMS; k++) {
            BigInteger z = QuadGammaReference.zetaMinusOne(k, CONSTANT_BITS).shiftLeft(F - CONSTANT_BITS).divide(BigInteger.valueOf(k));
            c[k - 1] = k % 2 == 0 ? z : z.negate();
        }
        return c;
    }

    /** The binary128 bits of n / 16. */
    private static Value sixteenths(int n) {
        long[] r = F128Libm.round(false, BigInteger.valueOf(n), -4, false);
        return i128(BigInteger.valueOf(r[0]).shiftLeft(64).or(new BigInteger(Long.toUnsignedString(r[1]))));
    }

    private static DQ of(Value v) {
        return new DQ(v, i128(0));
    }

    private DQ minus(DQ x, DQ y) {
        return add(x, y.negate(b));
    }

    private DQ select(Value c, DQ x, DQ y) {
        return new DQ(b.select(c, x.hi(), y.hi()), b.select(c, x.lo(), y.lo()));
    }

    private DQ log(Value x) {
        DQ[] p = math.callLogParts(x);
        return add(p[1], p[2]);
    }

    private static DQ unpack(BodyBuilder b, Value v) {
        return new DQ(b.extractValue(v, 0), b.extractValue(v, 1));
    }

    private void retPair(DQ v) {
        b.retBits(pack(b, v.hi(), v.lo()));
    }

    // ------------------------------------------------------------------ lgamma of a positive number

    /** {@code __nvl_f128_lgammaAtTwo(e)}: lgamma(2 + e) for |e| <= 1/16 (+ a rounding), e sum c_k e^(k-1) by Horner. */
    private DQ callAtTwo(Value e) {
        Function fn = lib.helper("__nvl_f128_lgammaAtTwo", PAIR, List.of(I128), new String[] {"e"}, hb -> {
            QuadGammaBodies q = new QuadGammaBodies(lib, hb);
            DQ x = of(hb.arg(0));
            DQ p = constant(parts(AT_TWO[SERIES_TERMS - 1], 2));
            for (int k = SERIES_TERMS - 2; k >= 0; k--) {
                p = q.add(q.mul(p, x), constant(parts(AT_TWO[k], 2)));
            }
            q.retPair(q.mul(p, x));
        });
        return unpack(b, b.call(fn, e));
    }

    /** Stirling's series at a double-quad w >= 48 (w < 2^16360: (w - 1/2) log w stays finite). */
    private DQ stirling(DQ w) {
        DQ main = mul(add(w, of(b.or(pow2(-1), bit128(127)))), math.callLogOfSum(w));
        DQ u = div(of(i128(F128_ONE)), w);
        DQ u2 = mul(u, u);
        DQ p = constant(parts(STIRLING[STIRLING_TERMS - 1], 2));
        for (int k = STIRLING_TERMS - 2; k >= 0; k--) {
            p = add(mul(p, u2), constant(parts(STIRLING[k], 2)));
        }
        return add(minus(main, w), add(constant(parts(HALF_LOG_TWO_PI, 2)), mul(p, u)));
    }

    /** {@code __nvl_f128_lgammaPositive(x)}: lgamma(x) as a double-quad for 2^-110 <= x < 2^16360. */
    private DQ callLgammaPositive(Value x) {
        Function fn = lib.helper("__nvl_f128_lgammaPositive", PAIR, List.of(I128), new String[] {"x"},
                hb -> new QuadGammaBodies(lib, hb).lgammaPositive(hb.arg(0)));
        return unpack(b, b.call(fn, x));
    }

    private void lgammaPositive(Value x) {
        Value one = i128(F128_ONE);
        b.returnIf(b.and(b.ugt(x, sixteenths(31)), b.ult(x, sixteenths(33))), "nearTwo",
                () -> retPair(callAtTwo(sub(x, bitsOf(2)))));
        b.returnIf(b.and(b.ugt(x, sixteenths(15)), b.ult(x, sixteenths(17))), "nearOne", () -> {
            Value e = sub(x, one);
            retPair(minus(callAtTwo(e), math.callLogOfSum(twoSum(one, e))));
        });
        // P = x (x + 1) ... (x + N - 1) while x + N < W (each factor exact as a two-sum)
        BodyBuilder.Loop l = b.beginLoop("shift");
        PhiInst j = b.phi(I128, "j");
        PhiInst ph = b.phi(I128, "ph");
        PhiInst pl = b.phi(I128, "pl");
        b.condBr(b.ult(add(x, j), bitsOf(W)), l.body(), l.done());
        b.at(l.body());
        DQ p1 = mul(new DQ(ph, pl), twoSum(x, j));
        Value j1 = add(j, one);
        b.loopBack(l.loop());
        j.addIncoming(i128(0), l.entry());
        j.addIncoming(j1, l.body());
        ph.addIncoming(one, l.entry());
        ph.addIncoming(p1.hi(), l.body());
        pl.addIncoming(i128(0), l.entry());
        pl.addIncoming(p1.lo(), l.body());
        b.at(l.done());
        DQ w = twoSum(x, j);
        retPair(minus(stirling(w), math.callLogOfSum(new DQ(ph, pl))));
    }

    // ------------------------------------------------------------------ lgamma of a negative number

    /** {@code __nvl_f128_logSinPi(t)}: log sin(pi t) for 0 < t <= 1/2 as a double-quad. */
    private DQ callLogSinPi(Value t) {
        Function fn = lib.helper("__nvl_f128_logSinPi", PAIR, List.of(I128), new String[] {"t"},
                hb -> new QuadGammaBodies(lib, hb).logSinPi(hb.arg(0)));
        return unpack(b, b.call(fn, t));
    }

    private void logSinPi(Value t) {
        b.returnIf(b.ult(t, pow2(-120)), "tiny", () -> retPair(add(log(t), constant(parts(LOG_PI, 2)))));
        Value quarter = b.ugt(t, pow2(-2));
        Value s = b.select(quarter, sub(pow2(-1), t), t); // exact
        Value[] pi = parts(QuadInverseReference.pi(F), 2);
        DQ p = twoProd(s, pi[0]);
        DQ r = fastTwoSum(p.hi(), add(p.lo(), mul(s, pi[1])));
        DQ[] sc = new QuadTrigBodies(lib, b).callSinCos(r);
        DQ v = select(quarter, add(of(i128(F128_ONE)), sc[1]), sc[0]);
        retPair(math.callLogOfSum(v));
    }

    /** lgamma(-a) for a in [2^-110, 2^112), not an integer: log pi - log sin(pi t) - log a - lgamma(a). */
    private DQ lgammaNegative(Value a) {
        Value fl = lib.callRow(b, RuntimeFunction.FLOOR_FP128, a);
        Value fr = sub(a, fl); // exact
        Value t = b.select(b.ugt(fr, pow2(-1)), sub(i128(F128_ONE), fr), fr); // exact
        DQ right = add(log(a), callLgammaPositive(a));
        return minus(minus(constant(parts(LOG_PI, 2)), callLogSinPi(t)), right);
    }

    // ------------------------------------------------------------------ next to lgamma's negative zeros

    private static final ArrayType ZEROS_TYPE = new ArrayType((long) LgammaZeros.count() * LgammaZeros.ROW, I128);

    /** The internal constant array of {@link LgammaZeros}' rows. */
    private static GlobalVariable zerosTable(BodyBuilder hb) {
        Module m = hb.module();
        String name = "__nvl_f128_lgammaZeros";
        if (m.global(name) instanceof GlobalVariable g) {
            return g;
        }
        List<Constant> elements = new ArrayList<>();
        for (BigInteger e : LgammaZeros.elements()) {
            elements.add((Constant) i128(e));
        }
        return m.addGlobalVariable(name, ZEROS_TYPE, true, new ConstantAggregate(ZEROS_TYPE, elements), Linkage.INTERNAL, 0);
    }

    /**
     * The first element of the table's row for the zero in |x|'s half of (n, n + 1), n = floor|x|,
     * for 2 <= |x| < N_MAX + 1 (row 2 (n - 2), or the next one beyond n + 1/2).
     */
    private Value zeroRow(Value abs) {
        Value e = b.sub(b.lshr(abs, i128(112)), i128(BIAS)); // 1 .. 5
        Value m = b.or(b.and(abs, mask128(112)), bit128(112));
        Value n = b.lshr(m, b.sub(i128(112), e));
        Value half = b.and(b.lshr(m, b.sub(i128(111), e)), i128(1));
        Value row = b.add(b.sub(b.shl(n, i128(1)), i128(4)), half);
        return b.mul(b.trunc(row, I64), i64(LgammaZeros.ROW));
    }

    /** The binary128 bits of the interval's magnitude ends of the zero whose row starts at {@code row}. */
    private Value[] zeroEnds(Value row) {
        return new Value[] {tableAt(b, row, 0), tableAt(b, row, 1)};
    }

    private static Value tableAt(BodyBuilder hb, Value row, int i) {
        return hb.load(I128, hb.inBoundsGep(ZEROS_TYPE, zerosTable(hb), List.of(i64(0), hb.add(row, i64(i)))));
    }

    /**
     * {@code __nvl_f128_lgammaNearZero(x, row)}: lgamma(x) = sum c_k d^k (Horner in double-quad), d
     * = x - x0 from x0's three parts: x - x0's leading part is exact (both within a factor of 2),
     * the next part's subtraction a two-sum, the last one's a double-quad addition, so d keeps
     * its relative precision and so does the result (c_1 d dominates: the later terms are below
     * 2^-TAU_BITS of it).
     */
    private Value callNearZero(Value x, Value row) {
        Function fn = lib.helper("__nvl_f128_lgammaNearZero", I128, List.of(I128, I64), new String[] {"x", "row"}, hb -> {
            QuadGammaBodies q = new QuadGammaBodies(lib, hb);
            Value r = hb.arg(1);
            Value e = q.sub(hb.arg(0), tableAt(hb, r, LgammaZeros.X0));
            DQ d = q.add(q.twoSum(e, q.neg(tableAt(hb, r, LgammaZeros.X0 + 1))), of(q.neg(tableAt(hb, r, LgammaZeros.X0 + 2))));
            int last = LgammaZeros.C1 + 2 * (LgammaZeros.TERMS - 1);
            DQ p = new DQ(tableAt(hb, r, last), tableAt(hb, r, last + 1));
            for (int k = LgammaZeros.TERMS - 2; k >= 0; k--) {
                int at = LgammaZeros.C1 + 2 * k;
                p = q.add(q.mul(p, d), new DQ(tableAt(hb, r, at), tableAt(hb, r, at + 1)));
            }
            hb.retBits(q.mul(p, d).hi());
        });
        return b.call(fn, x, row);
    }

    // ------------------------------------------------------------------ the rows

    /** lgamma(x) = log|Gamma(x)| (the sign of Gamma is not stored: no signgam on the GPU). */
    static void lgamma(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        QuadGammaBodies q = new QuadGammaBodies(lib, b);
        Value x = b.arg(0);
        Value abs = b.and(x, mask128(127));
        Value inf = i128(F128_INF);
        b.returnIf(isNaN(b, x), i128(F128_NAN), "number");
        b.returnIf(b.or(b.eq(abs, inf), b.eq(abs, i128(0))), inf, "finiteNonzero");
        b.returnIf(b.or(b.eq(x, i128(F128_ONE)), b.eq(x, bitsOf(2))), i128(0), "notOneOrTwo");
        b.returnIf(b.ult(abs, pow2(-110)), "tiny", () -> {
            DQ gx = q.mul(constant(parts(EULER, 2)), of(x));
            b.retBits(q.add(q.log(abs), gx).negate(b).hi());
        });
        Value negative = b.slt(x, i128(0));
        b.returnIf(b.and(negative, b.eq(lib.callRow(b, RuntimeFunction.TRUNC_FP128, x), x)), inf, "notPole");
        b.returnIf(negative, "negative", () -> {
            // next to a zero in (-N_MAX - 1, -2): the local expansion (the reflection's terms cancel there)
            Value inRange = b.and(b.uge(abs, bitsOf(2)), b.ult(abs, bitsOf(LgammaZeros.N_MAX + 1)));
            Value row = q.zeroRow(b.select(inRange, abs, bitsOf(2))); // no shift beyond 127 out of range
            Value[] ends = q.zeroEnds(row);
            b.returnIf(b.and(inRange, b.and(b.uge(abs, ends[0]), b.ule(abs, ends[1]))), "nearZero",
                    () -> b.retBits(q.callNearZero(x, row)));
            b.retBits(q.lgammaNegative(abs).hi());
        });
        b.returnIf(b.uge(x, pow2(16360)), "huge", () -> {
            DQ y = q.mul(of(q.mul(x, pow2(-64))), q.add(q.log(x), of(bitsOf(-1))));
            b.retBits(q.math.scaled(y, i32(64)));
        });
        b.retBits(q.callLgammaPositive(x).hi());
    }

    /** tgamma(x) = Gamma(x). */
    static void tgamma(RuntimeLibrary lib, RuntimeFunction f, BodyBuilder b) {
        QuadGammaBodies q = new QuadGammaBodies(lib, b);
        Value x = b.arg(0);
        Value abs = b.and(x, mask128(127));
        Value sign = b.and(x, bit128(127));
        Value inf = i128(F128_INF);
        Value negative = b.slt(x, i128(0));
        b.returnIf(b.or(isNaN(b, x), b.eq(x, b.or(inf, bit128(127)))), i128(F128_NAN), "number");
        b.returnIf(b.eq(x, inf), inf, "finite");
        b.returnIf(b.ule(abs, i128(BigInteger.ONE.shiftLeft(110))), b.or(inf, sign), "notPole"); // |x| <= 2^-16384: 1/x overflows
        b.returnIf(b.and(negative, b.eq(lib.callRow(b, RuntimeFunction.TRUNC_FP128, x), x)), i128(F128_NAN), "notNegativeInteger");
        b.returnIf(b.ult(abs, pow2(-110)), "tiny", () -> {
            DQ r = q.add(q.div(of(i128(F128_ONE)), of(x)), constant(parts(EULER.negate(), 2)));
            b.retBits(r.hi());
        });
        b.returnIf(b.and(b.eq(sign, i128(0)), b.ugt(x, bitsOf(1800))), inf, "notOver");
        // (n - 1)! for a positive integer n <= 40 from a table (38! is a rounding midpoint)
        Value small = b.and(b.ule(x, bitsOf(40)), b.eq(lib.callRow(b, RuntimeFunction.TRUNC_FP128, x), x));
        Value table = i128(0);
        BigInteger fact = BigInteger.ONE;
        for (int n = 1; n <= 40; n++) {
            fact = n > 1 ? fact.multiply(BigInteger.valueOf(n - 1)) : fact;
            long[] r = F128Libm.round(false, fact, 0, false);
            table = b.select(b.eq(x, bitsOf(n)), i128(BigInteger.valueOf(r[0]).shiftLeft(64).or(new BigInteger(Long.toUnsignedString(r[1])))), table);
        }
        b.returnIf(b.and(b.eq(sign, i128(0)), small), table, "notFactorial");
        // the sign of Gamma(x) for x < 0: negative on (-2k - 1, -2k), floor|x| even
        Value fl = lib.callRow(b, RuntimeFunction.FLOOR_FP128, abs);
        Value half = q.mul(fl, pow2(-1));
        Value odd = b.ne(lib.callRow(b, RuntimeFunction.TRUNC_FP128, half), half);
        Value resultSign = b.select(b.and(negative, b.eq(odd, BodyBuilder.i1(false))), bit128(127), i128(0));
        b.returnIf(b.and(negative, b.ugt(abs, bitsOf(1800))), resultSign, "notUnder");
        b.returnIf(negative, "negative", () -> q.retExp(q.lgammaNegative(abs), resultSign));
        q.retExp(q.callLgammaPositive(x), i128(0));
    }

    /** Returns sign | e^t: t > 11400 gives inf, t < -11500 zero (beyond both thresholds). */
    private void retExp(DQ t, Value sign) {
        b.returnIf(b.sgt(t.hi(), bitsOf(11400)), b.or(i128(F128_INF), sign), "notOverflow");
        b.returnIf(b.and(b.slt(t.hi(), i128(0)), b.ugt(b.and(t.hi(), mask128(127)), bitsOf(11500))), sign, "notUnderflow");
        b.retBits(b.or(math.expOf(t), sign));
    }
}

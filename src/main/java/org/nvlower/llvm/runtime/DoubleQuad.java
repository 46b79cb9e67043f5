package org.nvlower.llvm.runtime;

import static org.nvlower.llvm.runtime.BodyBuilder.I128;
import static org.nvlower.llvm.runtime.BodyBuilder.bit128;
import static org.nvlower.llvm.runtime.BodyBuilder.i128;
import static org.nvlower.llvm.runtime.BodyBuilder.pow2;

import java.math.BigInteger;

import org.nvlower.llvm.ir.Value;
import org.nvlower.softfloat.F128Libm;
import org.nvlower.softfloat.QuadReference;

/**
 * Double-quad arithmetic in IR, the building block of the quad math library's bodies: a value is
 * an unevaluated sum hi + lo of two binary128 numbers (|lo| at most half an ulp of hi), about 226
 * bits, composed of the table's exact rows (add, sub, mul, div, fma: each correctly rounded) with
 * Dekker's and Knuth's error-free transformations (two-sum, two-product through fma). A function
 * family's bodies extend it, so that their formulas read as arithmetic.
 */
class DoubleQuad {

    final RuntimeLibrary lib;
    final BodyBuilder b;

    DoubleQuad(RuntimeLibrary lib, BodyBuilder b) {
        this.lib = lib;
        this.b = b;
    }

    /** A double-quad value: binary128 bits hi and lo. */
    record DQ(Value hi, Value lo) {

        DQ negate(BodyBuilder b) {
            return new DQ(b.xor(hi, bit128(127)), b.xor(lo, bit128(127)));
        }
    }

    // ------------------------------------------------------------------ constants

    /** The binary128 nearest to {@code fixed * 2^-f} (its bits), and the exact rest at the same scale. */
    static BigInteger[] split(BigInteger fixed, int f) {
        long[] r = F128Libm.round(fixed.signum() < 0, fixed.abs(), -f, false);
        BigInteger bits = BigInteger.valueOf(r[0]).shiftLeft(64).or(new BigInteger(Long.toUnsignedString(r[1])));
        bits = bits.and(BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE));
        int field = bits.shiftRight(112).intValue() & 0x7FFF;
        BigInteger m = bits.and(BigInteger.ONE.shiftLeft(112).subtract(BigInteger.ONE));
        if (field != 0) {
            m = m.setBit(112);
        }
        int e = field == 0 ? -16494 : field - 16495;
        BigInteger value = m.shiftLeft(e + f);
        return new BigInteger[] {bits, fixed.subtract(fixed.signum() < 0 ? value.negate() : value)};
    }

    static final int F = 700;

    /** {@code fixed * 2^-F} as {@code parts} binary128 numbers whose sum approximates it. */
    static Value[] parts(BigInteger fixed, int parts) {
        Value[] out = new Value[parts];
        BigInteger rest = fixed;
        for (int i = 0; i < parts; i++) {
            BigInteger[] s = split(rest, F);
            out[i] = i128(s[0]);
            rest = s[1];
        }
        return out;
    }

    static BigInteger fixedOf(BigInteger num, BigInteger den) {
        return num.shiftLeft(F).divide(den);
    }

    /** n!, for the series' coefficients. */
    static BigInteger factorial(int n) {
        BigInteger r = BigInteger.ONE;
        for (int i = 2; i <= n; i++) {
            r = r.multiply(BigInteger.valueOf(i));
        }
        return r;
    }

    static Value[] ln2(int parts) {
        return parts(QuadReference.ln2(F), parts);
    }

    /** The binary128 bits of the integer {@code n}. */
    static Value bitsOf(long n) {
        long[] r = F128Libm.round(n < 0, BigInteger.valueOf(Math.abs(n)), 0, false);
        return i128(BigInteger.valueOf(r[0]).shiftLeft(64).or(new BigInteger(Long.toUnsignedString(r[1]))));
    }

    // ------------------------------------------------------------------ the rows

    Value add(Value x, Value y) {
        return lib.callRowOutOfLine(b, RuntimeFunction.ADD_FP128, x, y);
    }

    Value sub(Value x, Value y) {
        return lib.callRowOutOfLine(b, RuntimeFunction.SUB_FP128, x, y);
    }

    Value mul(Value x, Value y) {
        return lib.callRowOutOfLine(b, RuntimeFunction.MUL_FP128, x, y);
    }

    Value neg(Value x) {
        return b.xor(x, bit128(127));
    }

    // ------------------------------------------------------------------ double-quad arithmetic

    /** a + c exactly as s + err (Knuth's two-sum, any magnitudes). */
    DQ twoSum(Value a, Value c) {
        Value s = add(a, c);
        Value bb = sub(s, a);
        Value err = add(sub(a, sub(s, bb)), sub(c, bb));
        return new DQ(s, err);
    }

    /** a + c exactly as s + err when |a| >= |c| (Dekker's fast two-sum). */
    DQ fastTwoSum(Value a, Value c) {
        Value s = add(a, c);
        return new DQ(s, sub(c, sub(s, a)));
    }

    /** a * c exactly as p + err (the error through one fma). */
    DQ twoProd(Value a, Value c) {
        Value p = mul(a, c);
        return new DQ(p, lib.callRowOutOfLine(b, RuntimeFunction.FMA_FP128, a, c, neg(p)));
    }

    DQ add(DQ x, DQ y) {
        DQ s = twoSum(x.hi(), y.hi());
        return fastTwoSum(s.hi(), add(s.lo(), add(x.lo(), y.lo())));
    }

    DQ mul(DQ x, DQ y) {
        DQ p = twoProd(x.hi(), y.hi());
        return fastTwoSum(p.hi(), add(p.lo(), add(mul(x.hi(), y.lo()), mul(x.lo(), y.hi()))));
    }

    static DQ constant(Value[] parts) {
        return new DQ(parts[0], parts[1]);
    }

    // ------------------------------------------------------------------ internal functions

    static final org.nvlower.llvm.ir.StructType PAIR = org.nvlower.llvm.ir.StructType.of(I128, I128);

    static Value pack(BodyBuilder b, Value... fields) {
        org.nvlower.llvm.ir.Type[] types = new org.nvlower.llvm.ir.Type[fields.length];
        java.util.Arrays.fill(types, I128);
        org.nvlower.llvm.ir.StructType t = org.nvlower.llvm.ir.StructType.of(types);
        Value v = org.nvlower.llvm.ir.Constants.poison(t);
        for (int i = 0; i < fields.length; i++) {
            v = b.insertValue(v, fields[i], i);
        }
        return v;
    }

    // ------------------------------------------------------------------ division and halving

    DQ div(DQ a, DQ d) {
        Value q1 = lib.callRowOutOfLine(b, RuntimeFunction.DIV_FP128, a.hi(), d.hi());
        DQ p = twoProd(d.hi(), q1);
        DQ prod = fastTwoSum(p.hi(), add(p.lo(), mul(d.lo(), q1)));
        DQ r = add(a, new DQ(neg(prod.hi()), neg(prod.lo())));
        return fastTwoSum(q1, lib.callRowOutOfLine(b, RuntimeFunction.DIV_FP128, r.hi(), d.hi()));
    }

    Value halve(Value v) {
        return mul(v, pow2(-1));
    }

    // ------------------------------------------------------------------ the last rounding

    /**
     * a + c rounded once to binary128, for |a| >= |c.hi()| (a an exact binary128 such as 1): the
     * two-sum a + c.hi() = s + err is exact, so s is the correctly rounded a + c unless err is
     * exactly half an ulp of s (a tie between s and s + 2 err), where c.lo()'s sign decides
     * (c.lo() lies below the lattice of c.hi()'s ulp that err and the midpoint sit on, so it cannot
     * move a sum that is not a tie across a midpoint). A plain renormalization would lose that
     * sign: cosh(2^-56) = 1 + 2^-113 + 2^-224/24 would round to 1.
     */
    Value roundedSum(Value a, DQ c) {
        DQ s = fastTwoSum(a, c.hi());
        Value twice = add(s.lo(), s.lo());
        Value other = add(s.hi(), twice);
        Value tie = b.and(b.ne(s.lo(), i128(0)), b.eq(sub(other, s.hi()), twice));
        // the tail continues past the tie when c.lo() is nonzero and has err's sign
        Value sameSign = b.eq(b.and(b.xor(s.lo(), c.lo()), bit128(127)), i128(0));
        Value loNonzero = b.ne(b.and(c.lo(), BodyBuilder.mask128(127)), i128(0));
        return b.select(b.and(tie, b.and(sameSign, loNonzero)), other, s.hi());
    }
}

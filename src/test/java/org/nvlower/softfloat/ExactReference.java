package org.nvlower.softfloat;

import java.math.BigInteger;

/**
 * The test oracle, written independently of the code under test: exact values as
 * {@code (-1)^negative * m * 2^k} with BigInteger m, and ONE function that rounds an exact
 * rational to a binary format in a rounding mode with IEEE flags (tininess after rounding).
 * Straight from the definitions: no shortcuts shared with the implementation.
 */
final class ExactReference {

    private ExactReference() {}

    /** Binary interchange formats by field widths. */
    enum Fmt {
        B16(5, 10), BF16(8, 7), B32(8, 23), B64(11, 52), B128(15, 112);

        final int expBits, fracBits, width, p, bias, emin, emax;

        Fmt(int expBits, int fracBits) {
            this.expBits = expBits;
            this.fracBits = fracBits;
            this.width = 1 + expBits + fracBits;
            this.p = fracBits + 1;
            this.bias = (1 << (expBits - 1)) - 1;
            this.emin = 1 - bias;
            this.emax = bias;
        }

        BigInteger infinity(boolean negative) {
            BigInteger inf = BigInteger.ONE.shiftLeft(expBits).subtract(BigInteger.ONE).shiftLeft(fracBits);
            return negative ? inf.setBit(width - 1) : inf;
        }

        BigInteger maxFinite(boolean negative) {
            BigInteger max = infinity(false).subtract(BigInteger.ONE);
            return negative ? max.setBit(width - 1) : max;
        }

        BigInteger zero(boolean negative) {
            return negative ? BigInteger.ZERO.setBit(width - 1) : BigInteger.ZERO;
        }
    }

    /** A finite value (-1)^negative * m * 2^k. */
    record Exact(boolean negative, BigInteger m, int k) {
        boolean isZero() {
            return m.signum() == 0;
        }

        /** The signed integer m' with this = m' * 2^k'. */
        BigInteger signedAt(int kTarget) {
            BigInteger v = m.shiftLeft(k - kTarget);
            return negative ? v.negate() : v;
        }
    }

    /** A rounded result: bits and flags. */
    record Rounded(BigInteger bits, int flags) {}

    static boolean isNaN(Fmt f, BigInteger bits) {
        int exp = bits.shiftRight(f.fracBits).intValue() & ((1 << f.expBits) - 1);
        return exp == (1 << f.expBits) - 1 && frac(f, bits).signum() != 0;
    }

    static boolean isFinite(Fmt f, BigInteger bits) {
        int exp = bits.shiftRight(f.fracBits).intValue() & ((1 << f.expBits) - 1);
        return exp != (1 << f.expBits) - 1;
    }

    private static BigInteger frac(Fmt f, BigInteger bits) {
        return bits.and(BigInteger.ONE.shiftLeft(f.fracBits).subtract(BigInteger.ONE));
    }

    /** The exact value of finite bits. */
    static Exact decode(Fmt f, BigInteger bits) {
        boolean negative = bits.testBit(f.width - 1);
        int exp = bits.shiftRight(f.fracBits).intValue() & ((1 << f.expBits) - 1);
        BigInteger frac = frac(f, bits);
        if (exp == 0) {
            return new Exact(negative, frac, f.emin - f.fracBits);
        }
        return new Exact(negative, frac.setBit(f.fracBits), exp - f.bias - f.fracBits);
    }

    /**
     * Rounds (-1)^negative * num / den * 2^k (num >= 0, den > 0) to format f in mode rm. A zero
     * value gives a zero with the given sign.
     */
    static Rounded round(Fmt f, boolean negative, BigInteger num, BigInteger den, int k, RoundingMode rm) {
        if (num.signum() == 0) {
            return new Rounded(f.zero(negative), 0);
        }
        // e = floor(log2(value)).
        int e = num.bitLength() - den.bitLength() + k;
        if (compareScaled(num, den, k, e) < 0) {
            e--;
        }
        Step bounded = roundAt(negative, num, den, k, Math.max(e, f.emin) - (f.p - 1), rm);
        Step unbounded = roundAt(negative, num, den, k, e - (f.p - 1), rm);
        int flags = bounded.inexact ? ExceptionFlags.INEXACT : 0;
        boolean tiny = unbounded.q + unbounded.m.bitLength() - 1 < f.emin;
        if (tiny && bounded.inexact) {
            flags |= ExceptionFlags.UNDERFLOW;
        }
        BigInteger m = bounded.m;
        int q = bounded.q;
        if (m.bitLength() > f.p) { // rounded up to 2^p
            m = m.shiftRight(1);
            q++;
        }
        if (q + m.bitLength() - 1 > f.emax) {
            flags |= ExceptionFlags.OVERFLOW | ExceptionFlags.INEXACT;
            boolean toInf = switch (rm) {
                case NEAR_EVEN, NEAR_MAX_MAG -> true;
                case MIN -> negative;
                case MAX -> !negative;
                case MIN_MAG, ODD -> false;
            };
            return new Rounded(toInf ? f.infinity(negative) : f.maxFinite(negative), flags);
        }
        BigInteger bits;
        if (m.signum() == 0) {
            bits = BigInteger.ZERO;
        } else if (m.bitLength() == f.p) {
            long biased = q + f.fracBits + f.bias;
            bits = BigInteger.valueOf(biased).shiftLeft(f.fracBits).or(m.clearBit(f.fracBits));
        } else {
            bits = m; // subnormal: q == emin - fracBits
        }
        if (negative) {
            bits = bits.setBit(f.width - 1);
        }
        return new Rounded(bits, flags);
    }

    private record Step(BigInteger m, int q, boolean inexact) {}

    /** Rounds the value to an integer multiple of 2^q. */
    private static Step roundAt(boolean negative, BigInteger num, BigInteger den, int k, int q, RoundingMode rm) {
        // value / 2^q = num * 2^(k - q) / den
        int s = k - q;
        BigInteger n = s >= 0 ? num.shiftLeft(s) : num;
        BigInteger d = s >= 0 ? den : den.shiftLeft(-s);
        BigInteger[] qr = n.divideAndRemainder(d);
        BigInteger m = qr[0];
        BigInteger r = qr[1];
        if (r.signum() == 0) {
            return new Step(m, q, false);
        }
        int half = r.shiftLeft(1).compareTo(d);
        boolean up = switch (rm) {
            case NEAR_EVEN -> half > 0 || (half == 0 && m.testBit(0));
            case NEAR_MAX_MAG -> half >= 0;
            case MIN -> negative;
            case MAX -> !negative;
            case MIN_MAG -> false;
            case ODD -> !m.testBit(0);
        };
        return new Step(up ? m.add(BigInteger.ONE) : m, q, true);
    }

    /** Sign of num / den * 2^k - 2^e. */
    private static int compareScaled(BigInteger num, BigInteger den, int k, int e) {
        int s = k - e;
        return s >= 0 ? num.shiftLeft(s).compareTo(den) : num.compareTo(den.shiftLeft(-s));
    }

    /** Rounds an exact value. */
    static Rounded round(Fmt f, Exact x, RoundingMode rm) {
        return round(f, x.negative, x.m, BigInteger.ONE, x.k, rm);
    }

    /** x + y exactly; an exact zero gets IEEE's sign (+0, or -0 in MIN, unless both are -0). */
    static Exact add(Exact x, Exact y, RoundingMode rm) {
        int k = Math.min(x.k, y.k);
        BigInteger s = x.signedAt(k).add(y.signedAt(k));
        if (s.signum() == 0) {
            boolean negative = x.negative && y.negative
                    || (x.negative != y.negative && rm == RoundingMode.MIN);
            return new Exact(negative, BigInteger.ZERO, 0);
        }
        return new Exact(s.signum() < 0, s.abs(), k);
    }

    static Exact mul(Exact x, Exact y) {
        return new Exact(x.negative ^ y.negative, x.m.multiply(y.m), x.k + y.k);
    }

    static Exact negate(Exact x) {
        return new Exact(!x.negative, x.m, x.k);
    }

    /** x / y (y not zero), rounded. */
    static Rounded div(Fmt f, Exact x, Exact y, RoundingMode rm) {
        return round(f, x.negative ^ y.negative, x.m, y.m, x.k - y.k, rm);
    }

    /**
     * sqrt(x), x >= 0 and not zero, rounded: s = isqrt(m * 4^t) with enough bits, then s plus a
     * half when the root is inexact (it then lies strictly between s and s + 1, and s has at least
     * p + 2 bits, so s + 1/2 rounds the same way as the true root).
     */
    static Rounded sqrt(Fmt f, Exact x, RoundingMode rm) {
        BigInteger m = x.m;
        int k = x.k;
        if ((k & 1) != 0) {
            m = m.shiftLeft(1);
            k--;
        }
        int t = Math.max(0, f.p + 4 - m.bitLength() / 2);
        BigInteger scaled = m.shiftLeft(2 * t);
        BigInteger s = scaled.sqrt();
        boolean exact = s.multiply(s).equals(scaled);
        BigInteger num = s.shiftLeft(1).add(exact ? BigInteger.ZERO : BigInteger.ONE);
        return round(f, false, num, BigInteger.ONE, k / 2 - t - 1, rm);
    }

    /** fmod (nearest = false) or IEEE remainder (true) of finite x, y (y not zero): exact. */
    static Exact remainder(Exact x, Exact y, boolean nearest) {
        int k = Math.min(x.k, y.k);
        BigInteger a = x.m.shiftLeft(x.k - k);
        BigInteger b = y.m.shiftLeft(y.k - k);
        BigInteger[] qr = a.divideAndRemainder(b); // |x| = q |y| + r
        BigInteger r = qr[1];
        boolean negative = x.negative;
        if (nearest) {
            int c = r.shiftLeft(1).compareTo(b);
            if (c > 0 || (c == 0 && qr[0].testBit(0))) {
                r = b.subtract(r);
                negative = !negative;
            }
        }
        if (r.signum() == 0) {
            return new Exact(x.negative, BigInteger.ZERO, 0);
        }
        return new Exact(negative, r, k);
    }

    /** x rounded to an integer in mode rm (as a BigInteger), and whether inexact. */
    record IntResult(BigInteger value, boolean inexact) {}

    static IntResult toInteger(Exact x, RoundingMode rm) {
        if (x.k >= 0) {
            BigInteger v = x.m.shiftLeft(x.k);
            return new IntResult(x.negative ? v.negate() : v, false);
        }
        Step s = roundAt(x.negative, x.m, BigInteger.ONE, x.k, 0, rm);
        return new IntResult(x.negative ? s.m.negate() : s.m, s.inexact);
    }

    static BigInteger bits(long hi, long lo) {
        return new BigInteger(1, java.nio.ByteBuffer.allocate(16).putLong(hi).putLong(lo).array());
    }

    static BigInteger bits(long v) {
        return bits(0, v);
    }
}

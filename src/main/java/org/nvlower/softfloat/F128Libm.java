package org.nvlower.softfloat;

import java.math.BigInteger;

/**
 * The C library's quad functions beyond IEEE's basic operations, as exact oracles for the
 * runtime bodies: cbrt and hypot correctly rounded (nearest even), modf and remquo's quotient
 * bits exact. The roots are computed on exact integers with {@link BigInteger} (the value scaled
 * to an integer, its integer root, the root's exactness as a sticky bit) and rounded once, so
 * they share no step with the bodies' digit-by-digit recurrences. NaN results are the canonical
 * NVPTX NaN; results are {hi, lo} bit patterns.
 */
public final class F128Libm {

    private F128Libm() {
    }

    private static final long[] NAN = {0x7FFFFFFFFFFFFFFFL, -1L};
    private static final long INF_HI = 0x7FFF000000000000L;
    private static final BigInteger TWO_112 = BigInteger.ONE.shiftLeft(112);

    /** A finite nonzero binary128 magnitude as {@code m * 2^e}, m an integer below 2^113. */
    private record Exact(BigInteger m, int e) {
        static Exact of(long hi, long lo) {
            int field = (int) (hi >>> 48) & 0x7FFF;
            BigInteger frac = new BigInteger(1, bytes(hi & 0xFFFFFFFFFFFFL, lo));
            return field == 0 ? new Exact(frac, -16494) : new Exact(frac.or(TWO_112), field - 16495);
        }
    }

    private static byte[] bytes(long hi, long lo) {
        byte[] b = new byte[16];
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (hi >>> (56 - 8 * i));
            b[8 + i] = (byte) (lo >>> (56 - 8 * i));
        }
        return b;
    }

    private static boolean isZero(long hi, long lo) {
        return ((hi & Long.MAX_VALUE) | lo) == 0;
    }

    private static boolean isInf(long hi, long lo) {
        return (hi & Long.MAX_VALUE) == INF_HI && lo == 0;
    }

    /**
     * The binary128 nearest (ties to even) to {@code (m + s) * 2^e} where {@code 0 <= s < 1} is
     * nonzero exactly when {@code sticky}: the rounding of a value known by its integer part at
     * some scale and whether anything lies below it. With {@code sticky}, {@code m} must reach at
     * least one bit below the result's last place (so that s stays below the rounding bit).
     */
    public static long[] round(boolean negative, BigInteger m, int e, boolean sticky) {
        long sign = negative ? Long.MIN_VALUE : 0;
        if (m.signum() == 0) {
            return new long[] {sign, 0};
        }
        int top = m.bitLength() - 1 + e; // the leading bit's exponent
        if (top > 16383) {
            return new long[] {sign | INF_HI, 0};
        }
        // the quantum: 2^(top - 112) for a normal result, 2^-16494 below the normal range
        int quantum = Math.max(top - 112, -16494);
        int shift = quantum - e;
        BigInteger kept;
        if (shift > 0) {
            kept = m.shiftRight(shift);
            BigInteger rest = m.subtract(kept.shiftLeft(shift));
            BigInteger half = BigInteger.ONE.shiftLeft(shift - 1);
            int c = rest.compareTo(half);
            if (c == 0 && sticky) {
                c = 1;
            }
            if (c > 0 || c == 0 && kept.testBit(0)) {
                kept = kept.add(BigInteger.ONE);
            }
        } else {
            kept = m.shiftLeft(-shift); // exact; a sticky rest is below half a quantum
        }
        // kept * 2^quantum; kept may have reached 2^113 (then the exponent field takes the carry)
        BigInteger bits = BigInteger.valueOf(quantum + 16494).shiftLeft(112).add(kept);
        if (kept.bitLength() <= 112) {
            bits = kept; // subnormal (quantum is -16494)
        }
        long hi = bits.shiftRight(64).longValue();
        long lo = bits.longValue();
        if (Long.compareUnsigned(hi, INF_HI) >= 0) {
            return new long[] {sign | INF_HI, 0};
        }
        return new long[] {sign | hi, lo};
    }

    /** The integer cube root: the largest q with q^3 <= n. */
    static BigInteger floorCbrt(BigInteger n) {
        if (n.signum() == 0) {
            return n;
        }
        // Newton from above: q' = (2q + n / q^2) / 3 decreases to the floor
        BigInteger q = BigInteger.ONE.shiftLeft(n.bitLength() / 3 + 1);
        while (true) {
            BigInteger next = q.shiftLeft(1).add(n.divide(q.multiply(q))).divide(BigInteger.valueOf(3));
            if (next.compareTo(q) >= 0) {
                return q;
            }
            q = next;
        }
    }

    /** cbrt(a), correctly rounded; cbrt(-a) = -cbrt(a); zeros, infinities as they are. */
    public static long[] cbrt(long hi, long lo) {
        if (F128.isNaN(hi, lo)) {
            return NAN.clone();
        }
        if (isZero(hi, lo) || isInf(hi, lo)) {
            return new long[] {hi, lo};
        }
        Exact x = Exact.of(hi, lo);
        // n = m * 2^s with e - s a multiple of 3 and n of at least 360 bits: its root has 120
        int s = 360 - x.m().bitLength();
        s += Math.floorMod(x.e() - s, 3);
        BigInteger n = x.m().shiftLeft(s);
        BigInteger q = floorCbrt(n);
        boolean inexact = !q.pow(3).equals(n);
        return round(hi < 0, q, (x.e() - s) / 3, inexact);
    }

    /** hypot(a, b) = sqrt(a^2 + b^2), correctly rounded: +inf if either is infinite, else NaN for a NaN. */
    public static long[] hypot(long aHi, long aLo, long bHi, long bLo) {
        if (isInf(aHi, aLo) || isInf(bHi, bLo)) {
            return new long[] {INF_HI, 0};
        }
        if (F128.isNaN(aHi, aLo) || F128.isNaN(bHi, bLo)) {
            return NAN.clone();
        }
        boolean zeroA = isZero(aHi, aLo);
        boolean zeroB = isZero(bHi, bLo);
        if (zeroA || zeroB) {
            return zeroA ? new long[] {bHi & Long.MAX_VALUE, bLo} : new long[] {aHi & Long.MAX_VALUE, aLo};
        }
        Exact x = Exact.of(aHi, aLo);
        Exact y = Exact.of(bHi, bLo);
        if (x.e() < y.e()) {
            Exact t = x;
            x = y;
            y = t;
        }
        int d = x.e() - y.e();
        if (d > 400) { // y^2 lies far below half an ulp of x^2: the root is |x| plus a sliver
            return round(false, x.m().shiftLeft(8), x.e() - 8, true);
        }
        // a^2 + b^2 = (mx^2 * 2^2d + my^2) * 2^(2 ey); scaled up by an even power so the root has 120+ bits
        BigInteger sum = x.m().pow(2).shiftLeft(2 * d).add(y.m().pow(2));
        int up = Math.max(0, 240 - sum.bitLength());
        up += up & 1;
        BigInteger n = sum.shiftLeft(up);
        BigInteger q = n.sqrt();
        boolean inexact = !q.multiply(q).equals(n);
        return round(false, q, y.e() - up / 2, inexact);
    }

    /** modf's fraction: a minus its integral part (exactly), with a's sign; +-0 for infinities. */
    public static long[] modf(long hi, long lo) {
        if (F128.isNaN(hi, lo)) {
            return NAN.clone();
        }
        long sign = hi & Long.MIN_VALUE;
        if (isInf(hi, lo) || isZero(hi, lo)) {
            return new long[] {sign, 0};
        }
        Exact x = Exact.of(hi, lo);
        if (x.e() >= 0) {
            return new long[] {sign, 0};
        }
        BigInteger frac = x.e() < -113 ? x.m() : x.m().subtract(x.m().shiftRight(-x.e()).shiftLeft(-x.e()));
        return round(hi < 0, frac, x.e(), false);
    }

    /**
     * remquo's quotient bits: with n the integer nearest a/b (ties to even), the sign of a/b
     * times n mod 8 (C asks for at least 3 low bits); 0 where the remainder is NaN or b is
     * infinite. The low bits come from 2^D mod 8*mb (a modular power), never from n itself,
     * which may have 32,000 bits.
     */
    public static int remquoQuotient(long aHi, long aLo, long bHi, long bLo) {
        if (F128.isNaN(aHi, aLo) || F128.isNaN(bHi, bLo) || isInf(aHi, aLo) || isZero(bHi, bLo)
                || isInf(bHi, bLo) || isZero(aHi, aLo)) {
            return 0;
        }
        Exact x = Exact.of(aHi, aLo);
        Exact y = Exact.of(bHi, bLo);
        int d = x.e() - y.e();
        BigInteger mb = y.m();
        BigInteger low; // floor(|a/b|) mod 8
        int half; // the rest of |a/b| - floor against 1/2: -1, 0, 1
        if (d >= 0) {
            BigInteger eight = mb.shiftLeft(3);
            BigInteger t = x.m().multiply(BigInteger.TWO.modPow(BigInteger.valueOf(d), eight)).mod(eight);
            BigInteger[] qr = t.divideAndRemainder(mb);
            low = qr[0];
            half = qr[1].shiftLeft(1).compareTo(mb);
        } else {
            BigInteger den = mb.shiftLeft(-d);
            BigInteger[] qr = x.m().divideAndRemainder(den);
            low = qr[0].and(BigInteger.valueOf(7));
            half = qr[1].shiftLeft(1).compareTo(den);
        }
        int n = low.intValue();
        if (half > 0 || half == 0 && (n & 1) == 1) {
            n = (n + 1) & 7;
        }
        return (aHi ^ bHi) < 0 ? -n : n;
    }
}

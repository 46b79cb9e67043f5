package org.nvlower.verify.sass;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Significands whose reciprocals lie within 2^-40 ulp of a rounding midpoint, for rcp.rn.f64's
 * hard cases: the divisors X of 2^n - t (t odd, |t| < 2^(q - 40), n = 104, 105, 106) with q = 51 to 53 bits.
 * With X M = 2^n - t (M odd, as 2^n - t is), 2^n / X = M + t / X: in units of half an ulp of
 * the result, 1/X is t / X from the odd M, a midpoint, i.e. |t| / (2X) < 2^-40 ulp away.
 *
 * <p>Which n for which X: a normal x (53-bit X) with a normal reciprocal, n = 106, any exponent;
 * a 53-bit X with a subnormal reciprocal (biased exponent 2150 - n: 2045 or 2046, 52 or 51 bits of
 * result), n = 105 or 104; a subnormal x of q bits (the overflow edge: 1/x in (2^1022, 2^1024]),
 * n = 53 + q, q = 52 or 51.
 *
 * <p>Found exactly, without factoring large numbers: the t are sieved by the odd primes below
 * 2^20 (t = 2^n mod p), and each 2^n - t whose part left over after dividing them out has at most
 * 54 bits is split into all its divisors (the left-over part kept whole). About 2,900 significands,
 * computed once (half a second).
 */
final class ReciprocalMidpoints {

    /** A significand X (integer, q = its bit length) with 2^n - t = X M, M odd. */
    record Hit(long x, int n, int t) {

        int bits() {
            return 64 - Long.numberOfLeadingZeros(x);
        }
    }

    private static final int PRIME_BOUND = 1 << 20;
    private static final int T = 1 << 13;

    private static List<Hit> normal;
    private static List<Hit> subnormalResult;
    private static List<Hit> subnormalOperand;

    private ReciprocalMidpoints() {}

    /** 53-bit X, n = 106: the reciprocal normal for every exponent that keeps it normal. */
    static synchronized List<Hit> normal() {
        compute();
        return normal;
    }

    /** 53-bit X, n = 104 or 105: 1/x subnormal for the biased exponent 2150 - n. */
    static synchronized List<Hit> subnormalResult() {
        compute();
        return subnormalResult;
    }

    /** X of 51 or 52 bits, n = 53 + q: x = X 2^-1074 subnormal, 1/x in (2^1022, 2^1024]. */
    static synchronized List<Hit> subnormalOperand() {
        compute();
        return subnormalOperand;
    }

    private static void compute() {
        if (normal != null) {
            return;
        }
        List<Hit> nor = new ArrayList<>();
        List<Hit> subRes = new ArrayList<>();
        List<Hit> subOp = new ArrayList<>();
        int[] primes = oddPrimes();
        for (int n = 104; n <= 106; n++) {
            for (Hit h : hits(n, primes)) {
                if (h.bits() < 53) {
                    subOp.add(h);
                } else if (n == 106) {
                    nor.add(h);
                } else {
                    subRes.add(h);
                }
            }
        }
        normal = List.copyOf(nor);
        subnormalResult = List.copyOf(subRes);
        subnormalOperand = List.copyOf(subOp);
    }

    private static int[] oddPrimes() {
        boolean[] composite = new boolean[PRIME_BOUND];
        List<Integer> ps = new ArrayList<>();
        for (int i = 3; i < PRIME_BOUND; i += 2) {
            if (!composite[i]) {
                ps.add(i);
                for (long j = (long) i * i; j < PRIME_BOUND; j += 2L * i) {
                    composite[(int) j] = true;
                }
            }
        }
        return ps.stream().mapToInt(Integer::intValue).toArray();
    }

    private static long pow2Mod(int n, long p) {
        long r = 1;
        for (int i = 0; i < n; i++) {
            r = (r << 1) % p;
        }
        return r;
    }

    /** Every divisor of 2^n - t, t odd in [-T, T), of the bit lengths n allows. */
    private static List<Hit> hits(int n, int[] primes) {
        double[] sieved = new double[2 * T]; // log2 of the primes found in 2^n - t, index t + T
        List<List<Integer>> found = new ArrayList<>();
        for (int i = 0; i < 2 * T; i++) {
            found.add(new ArrayList<>());
        }
        for (int p : primes) {
            long c = pow2Mod(n, p);
            double lg = Math.log(p) / Math.log(2);
            for (long t = c - Math.floorDiv(c + T, p) * p; t < T; t += p) {
                sieved[(int) (t + T)] += lg;
                found.get((int) (t + T)).add(p);
            }
        }
        List<Hit> out = new ArrayList<>();
        BigInteger pow = BigInteger.ONE.shiftLeft(n);
        for (int t = -T + 1; t < T; t += 2) {
            if (sieved[t + T] < n - 55) { // prime powers count once here: a margin of one bit
                continue;
            }
            BigInteger rest = pow.subtract(BigInteger.valueOf(t));
            List<BigInteger> divisors = new ArrayList<>(List.of(BigInteger.ONE));
            for (int p : found.get(t + T)) {
                BigInteger bp = BigInteger.valueOf(p);
                int m = divisors.size();
                for (BigInteger power = bp; rest.mod(bp).signum() == 0; power = power.multiply(bp)) {
                    rest = rest.divide(bp);
                    for (int i = 0; i < m; i++) {
                        divisors.add(divisors.get(i).multiply(power));
                    }
                }
            }
            if (rest.bitLength() > 54) {
                continue;
            }
            if (!rest.equals(BigInteger.ONE)) {
                int m = divisors.size();
                for (int i = 0; i < m; i++) {
                    divisors.add(divisors.get(i).multiply(rest));
                }
            }
            for (BigInteger d : divisors) {
                int q = d.bitLength();
                if ((q == 53 || q == n - 53) && Math.abs(t) < 1 << (q - 40)) { // |t| / (2X) < 2^-40
                    out.add(new Hit(d.longValueExact(), n, t));
                }
            }
        }
        return out;
    }
}

package org.nvlower.verify.sass;

import java.math.BigInteger;

/**
 * The binary64 cases of {@link CaseSet}: edge values, random operands (uniform bit patterns
 * and operands of nearby exponents) and hard cases (quotients and roots within a few units of
 * 2^-106 relative of a rounding midpoint, subnormal results, the overflow and underflow edges;
 * for rcp.rn the same from {@link ReciprocalMidpoints}, and exponent edges with special significands).
 */
final class Fp64Cases {

    private static final long HARD_SEED = 0x64D1_5EEDL;
    private static final long FRAC = 0xFFFFFFFFFFFFFL;

    private Fp64Cases() {}

    private static long[] edges;

    static synchronized long[] edges() {
        if (edges == null) {
            long[] mags = {0, 1, 2, FRAC, 0x8000000000000L, 0x10000000000000L, 0x10000000000001L, 0x1FFFFFFFFFFFFFL,
                0x3FEFFFFFFFFFFFFFL, 0x3FF0000000000000L, 0x3FF0000000000001L, 0x3FFFFFFFFFFFFFFFL, 0x4000000000000000L,
                0x3FE0000000000000L, 0x20B0000000000000L, 0x20AFFFFFFFFFFFFFL, 0x5F30000000000000L, 0x5F2FFFFFFFFFFFFFL,
                0x7FE0000000000000L, 0x7FEFFFFFFFFFFFFFL, 0x7FD0000000000000L, 0x0020000000000000L,
                0x7FF0000000000000L, 0x7FF0000000000001L, 0x7FF8000000000000L, 0x7FFFFFFFFFFFFFFFL,
                // NaNs with payloads (the GPU keeps them; docs/nan.md): signaling with a low or a high payload, quiet
                0x7FF0000000000789L, 0x7FF347D518754190L, 0x7FFA8A96A0D5FA21L};
            edges = new long[2 * mags.length];
            for (int k = 0; k < mags.length; k++) {
                edges[2 * k] = mags[k];
                edges[2 * k + 1] = mags[k] | Long.MIN_VALUE;
            }
        }
        return edges;
    }

    static void random(boolean unary, long seed, long i, long[] out) {
        long h = Generators.mix(seed, i, 0);
        if ((h & 1) == 0) {
            out[0] = Generators.mix(seed, i, 1);
            out[1] = Generators.mix(seed, i, 2);
            return;
        }
        int ea = 1 + (int) Long.remainderUnsigned(Generators.mix(seed, i, 3), 2046);
        int eb = unary ? ea : Math.max(1, Math.min(2046, ea - 60 + (int) Long.remainderUnsigned(Generators.mix(seed, i, 4), 121)));
        out[0] = bits(Generators.mix(seed, i, 5), ea);
        out[1] = bits(Generators.mix(seed, i, 6), eb);
        if (unary && (h & 2) == 0) {
            out[0] &= Long.MAX_VALUE;
        }
    }

    /** A double with biased exponent e, a random sign and a significand all-ones-like, sparse or random. */
    private static long bits(long h, int e) {
        long frac = switch ((int) (h >>> 62)) {
            case 0 -> FRAC ^ (1L << ((h >>> 40) % 52));
            case 1 -> 1L << ((h >>> 40) % 52);
            default -> h & FRAC;
        };
        return (h >>> 61 & 1) << 63 | ((long) e << 52) | frac;
    }

    private static int rnd(long i, int k, int n) {
        return (int) Long.remainderUnsigned(Generators.mix(HARD_SEED, i, k), n);
    }

    static void hard(SassOp.Kind kind, long i, long[] out) {
        switch (kind) {
            case DIV_F64 -> hardDivision(i, out);
            case RCP_F64 -> hardReciprocal(i, out);
            case RCP_APPROX_FTZ_F64, RSQRT_APPROX_FTZ_F64 -> hardHighWord(i, out);
            default -> hardRoot(i, out);
        }
    }

    /**
     * 1/x near a midpoint ({@link ReciprocalMidpoints}; categories 0-6 of i mod 8): a normal
     * reciprocal anywhere (0-3) or with x at the fast path's guard exponents (4), a subnormal
     * reciprocal (5), a subnormal x with 1/x at the overflow edge (6); category 7: x's exponent at
     * the edges with special significands (all ones, sparse, random).
     */
    private static void hardReciprocal(long i, long[] out) {
        out[1] = 0;
        long sign = rnd(i, 8, 2) == 0 ? 0 : Long.MIN_VALUE;
        int category = (int) (i & 7);
        if (category == 7) {
            out[0] = sign | exponentEdgeReciprocal(i);
            return;
        }
        java.util.List<ReciprocalMidpoints.Hit> hits = switch (category) {
            case 5 -> ReciprocalMidpoints.subnormalResult();
            case 6 -> ReciprocalMidpoints.subnormalOperand();
            default -> ReciprocalMidpoints.normal();
        };
        ReciprocalMidpoints.Hit h = hits.get(rnd(i, 12, hits.size()));
        int e = switch (category) {
            case 4 -> (rnd(i, 7, 2) == 0 ? 0x20B : 0x5F3) + rnd(i, 13, 3) - 1;
            case 5 -> 2150 - h.n();
            case 6 -> 0;
            default -> 1 + rnd(i, 7, 2044); // 1/x normal: x below 2^1022
        };
        out[0] = sign | (e == 0 ? h.x() : ((long) e << 52) | (h.x() & FRAC));
    }

    /** |x| with a biased exponent at the edges (1/x subnormal, x subnormal or tiny, x near 1) and special significands. */
    private static long exponentEdgeReciprocal(long i) {
        long j = i >>> 3;
        long h = Generators.mix(HARD_SEED, i, 11);
        long frac = switch ((int) (j >>> 2) & 3) {
            case 0 -> 0;
            case 1 -> FRAC ^ (h & 0xFFFF);
            case 2 -> 1L << (h >>> 58 & 31) | 1;
            default -> h & FRAC;
        };
        int e = switch ((int) (j & 3)) {
            case 0 -> 1 + rnd(i, 7, 2046);
            case 1 -> 2040 + rnd(i, 7, 7); // 1/x subnormal
            case 2 -> rnd(i, 7, 3);         // x subnormal or tiny: 1/x near overflow
            default -> 1023 + rnd(i, 7, 3) - 1;
        };
        if (e == 0) {
            return Generators.mix(HARD_SEED, i, 9) >>> (12 + rnd(i, 10, 40));
        }
        return ((long) e << 52) | frac;
    }

    /**
     * For rcp/rsqrt.approx.ftz.f64, which read the high word alone (categories of i mod 8): a
     * random normal high word (0); the high word's exponent where 1/h is flushed (0x7fc-0x7fe, 1);
     * a subnormal or tiny high word (2); an infinite high word, so a NaN double (3); a NaN high word
     * (4); a power of two or an all-ones significand (5); 1/h (6) or 1/sqrt(h) (7) the nearest
     * to a midpoint of the 20-bit grid the exact MUFU model rounds to among 64 neighbouring high
     * words; either sign, and always a random nonzero low word.
     */
    private static void hardHighWord(long i, long[] out) {
        out[1] = 0;
        long h = Generators.mix(HARD_SEED, i, 21);
        long frac = (h >>> 12) & 0xFFFFF;
        int e = 1 + rnd(i, 22, 2046);
        long hi = switch ((int) (i & 7)) {
            case 1 -> ((long) (0x7FC + rnd(i, 22, 3)) << 20) | frac;
            case 2 -> ((long) rnd(i, 22, 3) << 20) | (frac >>> rnd(i, 23, 20));
            case 3 -> 0x7FF00000L;
            case 4 -> 0x7FF00000L | Math.max(1, frac);
            case 5 -> ((long) e << 20) | (rnd(i, 23, 2) == 0 ? 0 : 0xFFFFF);
            case 6, 7 -> nearMidpointHighWord((i & 7) == 7, ((long) (1023 + 2 * (rnd(i, 25, 400) - 200)) << 20) | frac);
            default -> ((long) e << 20) | frac;
        };
        long sign = rnd(i, 26, 2) == 0 ? 0 : Long.MIN_VALUE;
        out[0] = sign | hi << 32 | Math.max(1, Generators.mix(HARD_SEED, i, 27) & 0xFFFFFFFFL);
    }

    /**
     * Of the 64 high words from {@code start} on (one binade), the one whose 1/h (1/sqrt(h) with
     * {@code rsqrt}) lies the nearest to a midpoint of the 20-bit grid, relative to its ulp.
     */
    private static long nearMidpointHighWord(boolean rsqrt, long start) {
        long best = start;
        double bestDistance = 1;
        for (long hi = start; hi < start + 64 && (hi & 0xFFFFF) >= (start & 0xFFFFF); hi++) {
            double hv = Double.longBitsToDouble(hi << 32);
            double v = rsqrt ? 1 / Math.sqrt(hv) : 1 / hv;
            long bits = Double.doubleToRawLongBits(v);
            double distance = Math.abs((bits & 0xFFFFFFFFL) - 0x80000000L) / 0x1p32; // from the midpoint, in ulps of 2^-20
            if (distance < bestDistance) {
                bestDistance = distance;
                best = hi;
            }
        }
        return best;
    }

    /** a / b near a midpoint of the result grid, placed anywhere, at the overflow edge, or subnormal. */
    private static void hardDivision(long i, long[] out) {
        long[] ab = new long[3];
        int category = (int) (i & 7);
        boolean exact = category == 7;
        if (exact) {
            long q = (1L << 25) | (Generators.mix(HARD_SEED, i, 3) >>> 39);
            long b = (1L << 25) | (Generators.mix(HARD_SEED, i, 4) >>> 39);
            long a = q * b;
            ab[0] = a << (53 - (64 - Long.numberOfLeadingZeros(a)));
            ab[1] = b << 27;
        } else {
            nearMidpointQuotient(i, ab);
        }
        int ea;
        int eb;
        switch (category) {
            case 1, 2 -> { // subnormal results: the quotient below 2^-1022 by up to 54 binades
                eb = 1100 + rnd(i, 5, 900);
                ea = eb - 1022 - rnd(i, 6, 56);
            }
            case 3 -> { // overflow edge
                eb = 1 + rnd(i, 5, 1000);
                ea = Math.min(2046, eb + 1023 + rnd(i, 6, 2));
            }
            case 4 -> { // underflow edge: around 2^-1022 and 2^-1074
                eb = 1200 + rnd(i, 5, 800);
                ea = eb - (rnd(i, 6, 2) == 0 ? 1022 : 1074) + rnd(i, 7, 3) - 1;
            }
            case 5 -> { // around the fast path's guard
                eb = (rnd(i, 5, 2) == 0 ? 0x20B : 0x5F3) + rnd(i, 6, 3) - 1;
                ea = 0x20B + rnd(i, 7, 0x3E8);
            }
            default -> {
                ea = 1 + rnd(i, 5, 2046);
                eb = Math.max(1, Math.min(2046, ea - 200 + rnd(i, 6, 400)));
            }
        }
        ea = Math.max(1, Math.min(2046, ea));
        eb = Math.max(1, Math.min(2046, eb));
        long signs = Generators.mix(HARD_SEED, i, 14);
        out[0] = (signs & 1) << 63 | ((long) ea << 52) | (ab[0] & FRAC);
        out[1] = (signs & 2) << 62 | ((long) eb << 52) | (ab[1] & FRAC);
    }

    /**
     * Significands A, B (53 bits) with B M = A 2^w + t, M odd of 54 bits, |t| <= 3: A / B is
     * within 3 / B of the midpoint M / 2^w.
     */
    private static void nearMidpointQuotient(long i, long[] ab) {
        for (int attempt = 0; attempt < 200; attempt++) {
            int t = rnd(i, 20 + attempt, 7) - 3;
            if (t == 0) {
                t = 1;
            }
            long m = (1L << 53) | (Generators.mix(HARD_SEED, i, 40 + attempt) >>> 11) | 1;
            int w = 52 + rnd(i, 60 + attempt, 4);
            long mod = 1L << w;
            long inv = Generators.inverseModPow2(m);
            long b0 = (t * inv) & (mod - 1);
            for (long b = b0; b < (1L << 53); b += mod) {
                if (b < (1L << 52)) {
                    continue;
                }
                BigInteger prod = BigInteger.valueOf(b).multiply(BigInteger.valueOf(m)).subtract(BigInteger.valueOf(t));
                BigInteger a = prod.shiftRight(w);
                if (a.bitLength() == 53 && a.shiftLeft(w).equals(prod)) {
                    ab[0] = a.longValueExact();
                    ab[1] = b;
                    return;
                }
            }
        }
        ab[0] = (1L << 52) | (Generators.mix(HARD_SEED, i, 99) >>> 12);
        ab[1] = (1L << 52) | (Generators.mix(HARD_SEED, i, 98) >>> 12);
    }

    /** Roots near a midpoint: M odd of 54 bits, M^2 = t (mod 2^w), x = (M^2 - t) / 2^w of 53 bits; or subnormal x. */
    private static void hardRoot(long i, long[] out) {
        out[1] = 0;
        if (i % 5 == 4) {
            out[0] = Generators.mix(HARD_SEED, i, 1) >>> (12 + rnd(i, 2, 50)); // subnormal
            return;
        }
        for (int attempt = 0; attempt < 200; attempt++) {
            int t = 1 + 8 * (rnd(i, 3 + attempt, 64) - 32);
            int w = 54 + rnd(i, 100 + attempt, 2);
            long r = Generators.sqrtModPow2(t, w);
            if (r < 0) {
                continue;
            }
            long mask = (1L << w) - 1;
            long[] roots = {r, ((1L << w) - r) & mask, (r + (1L << (w - 1))) & mask, ((1L << (w - 1)) - r) & mask};
            for (long base : roots) {
                for (long m = base; m < (1L << 54); m += 1L << w) {
                    if (m < (1L << 53) || (m & 1) == 0) {
                        continue;
                    }
                    BigInteger sq = BigInteger.valueOf(m).pow(2).subtract(BigInteger.valueOf(t));
                    if (sq.getLowestSetBit() < w) {
                        continue;
                    }
                    BigInteger x = sq.shiftRight(w);
                    if (x.bitLength() == 53) {
                        int e = 2 * (100 + rnd(i, 5, 800)) + ((w + 1) & 1); // e - 1075 - w even
                        out[0] = ((long) e << 52) | (x.longValueExact() & FRAC);
                        return;
                    }
                }
            }
        }
        out[0] = ((long) (1 + rnd(i, 6, 2046)) << 52) | (Generators.mix(HARD_SEED, i, 7) & FRAC);
    }
}

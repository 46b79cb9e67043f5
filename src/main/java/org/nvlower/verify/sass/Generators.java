package org.nvlower.verify.sass;

/**
 * The random and hard case generators: each case is computed from (seed, index) alone through
 * {@link #mix}, so any index range can be generated anywhere.
 */
final class Generators {

    /** The hard set does not depend on the seed. */
    private static final long HARD_SEED = 0x4A5D_C0DEL;

    private Generators() {}

    /** splitmix64 of (seed, i, k): the k-th random word of case i. */
    static long mix(long seed, long i, int k) {
        long z = seed * 0x9E3779B97F4A7C15L + i * 0xD1B54A32D192ED03L + k * 0x8CB92BA72F3D8DD7L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static int bits(long seed, long i, int k, int n) {
        return (int) (mix(seed, i, k) >>> (64 - n));
    }

    // ------------------------------------------------------------------ random

    static void random(SassOp op, long seed, long i, long[] out) {
        long h = mix(seed, i, 0);
        if (op.isDouble()) {
            Fp64Cases.random(op.unary(), seed, i, out);
            return;
        }
        if (op.isFloat()) {
            if ((h & 1) == 0) {
                out[0] = (h >>> 32) & 0xFFFFFFFFL;
                out[1] = h & 0xFFFFFFFEL | (mix(seed, i, 1) & 1);
            } else {
                // exponents near each other: mostly the fast path, with its boundaries in reach
                int ea = 1 + bits(seed, i, 2, 8) % 254;
                int eb = Math.max(1, Math.min(254, ea - 40 + bits(seed, i, 3, 7) % 81));
                if (op.unary()) {
                    eb = ea;
                }
                out[0] = floatBits(mix(seed, i, 4), ea);
                out[1] = floatBits(mix(seed, i, 5), 127 + (op.unary() ? 0 : eb - 127));
                if (op.unary() && (h & 2) == 0) {
                    out[0] &= 0x7FFFFFFFL; // positive: sqrt's fast path
                }
            }
            return;
        }
        int width = op.operands().bits;
        out[0] = integer(seed, i, 1, width, op.signed());
        out[1] = integer(seed, i, 2, width, op.signed());
    }

    /** A float with biased exponent e (1..254), a random sign and a significand biased to all-ones, sparse or random. */
    private static long floatBits(long h, int e) {
        long frac = switch ((int) (h >>> 60) & 3) {
            case 0 -> 0x7FFFFF ^ (1L << ((h >>> 40) % 23));
            case 1 -> 1L << ((h >>> 40) % 23);
            default -> h & 0x7FFFFF;
        };
        long sign = (h >>> 59 & 1) << 31;
        return sign | ((long) e << 23) | frac;
    }

    /** A random integer of random bit length (uniform lengths), random sign when signed. */
    private static long integer(long seed, long i, int k, int width, boolean signed) {
        long h = mix(seed, i, k);
        int len = 1 + (int) ((h >>> 57) % width);
        long v = mix(seed, i, k + 8) >>> (64 - len);
        if (signed && (h & 1) != 0) {
            v = -v;
        }
        return width == 32 ? v & 0xFFFFFFFFL : v;
    }

    // ------------------------------------------------------------------ hard

    static void hard(SassOp op, long i, long[] out) {
        switch (op.kind()) {
            case DIV_F32, APPROX_DIV_F32 -> hardDivision(i, out);
            case DIV_F64, RCP_F64, SQRT_F64, RSQRT_F64, RCP_APPROX_FTZ_F64, RSQRT_APPROX_FTZ_F64 -> Fp64Cases.hard(op.kind(), i, out);
            case RCP_F32, RCP_APPROX_F32 -> hardReciprocal(i, out);
            case SQRT_F32, RSQRT_F32, SQRT_APPROX_F32 -> hardRoot(i, out);
            case EX2_F32, LG2_F32, SIN_F32, COS_F32, TANH_F32 -> hardTranscendental(op.kind(), i, out);
            default -> hardInteger(op, i, out);
        }
    }

    /**
     * Where ptxas's sequences around MUFU.EX2/LG2/SIN/COS change or lose accuracy: ex2 at and below
     * -126 (the halving and squaring, subnormal results), near -252 and 128 (underflow to 0,
     * overflow); lg2 of subnormals (the 2^24 scaling), near 1 and near powers of two; sin/cos near
     * multiples of pi/4 up to 2 pi (the largest argument error per range), in [-100 pi, 100 pi] and
     * beyond; a few ulps around each point, of either sign where the op takes both.
     */
    private static void hardTranscendental(SassOp.Kind kind, long i, long[] out) {
        long s = HARD_SEED;
        int category = (int) (i & 3);
        long h = mix(s, i, 1);
        int sign = (int) (h >>> 63) << 31;
        int ulps = (int) (h % 9) - 4; // a few floats around a point
        double u = (mix(s, i, 2) >>> 11) * 0x1p-53; // uniform [0, 1)
        float point = switch (kind) {
            case EX2_F32 -> switch (category) {
                case 0 -> (float) (-150 + 24 * u);                              // the scaled path, subnormal results
                case 1 -> new float[] {-126, -252, 128, -149, -150, -127}[(int) (u * 6)];
                case 2 -> (float) ((int) (u * 256) - 128) + Float.intBitsToFloat(sign | 0x34000000); // integers, tiny parts
                default -> (float) (-160 + 290 * u);
            };
            case LG2_F32 -> switch (category) {
                case 0 -> Float.intBitsToFloat((int) (h & 0x7FFFFF));            // subnormal
                case 1 -> 1;
                case 2 -> Math.scalb(1f, (int) (u * 254) - 126);
                default -> Float.intBitsToFloat((int) (h & 0x7FFFFFFF) % 0x7F800000);
            };
            case TANH_F32 -> (sign == 0 ? 1 : -1) * switch (category) {
                case 0 -> Math.scalb(1f, (int) (u * 140) - 126);                  // tiny: tanh x ~ x, near 2^-126
                case 1 -> (float) (8 + 2 * u);                                    // where tanh x reaches 1 in float
                case 2 -> (float) (0.25 + u);                                     // the steep part
                default -> (float) (20 * u);
            };
            default -> switch (category) {
                case 0 -> (float) (Math.PI / 4 * ((int) (u * 17) - 8));          // k pi/4, |k| <= 8
                case 1 -> (float) (Math.PI * (1 + u)) * (sign == 0 ? 1 : -1);     // pi <= |x| < 2 pi
                case 2 -> (float) (Math.PI * (200 * u - 100));
                default -> (float) (2 * Math.PI * ((int) (u * 1_000_000)));       // 2 pi k up to 2 pi 10^6
            };
        };
        int bits = Float.floatToRawIntBits(point);
        if (kind != SassOp.Kind.LG2_F32 || category != 0) {
            bits += ulps;
        }
        out[0] = bits & 0xFFFFFFFFL;
        out[1] = 0;
    }

    /**
     * a / b within about 2^-24 of a representable quotient's ulp from a midpoint (with the bits of
     * the quotient chosen), or exact, subnormal, at the overflow or underflow threshold, or on
     * FCHK's boundary exponents.
     */
    private static void hardDivision(long i, long[] out) {
        long s = HARD_SEED;
        int category = (int) (i & 7);
        long[] ab = new long[3];
        int bitsOfQuotient = category == 3 ? 2 + bits(s, i, 9, 5) % 23 : 25; // fewer bits: subnormal grid midpoints
        if (category == 2) {
            exactQuotient(s, i, ab);
        } else {
            nearMidpoint(s, i, bitsOfQuotient, ab);
        }
        int ea;
        int eb;
        int base = 1 + bits(s, i, 10, 8) % 254;
        switch (category) {
            case 3 -> { // a midpoint of the subnormal grid: quotient M 2^-150 with M odd of few bits
                eb = 150 + bits(s, i, 11, 6);
                ea = eb + (int) ab[2] - 150;
            }
            case 4 -> { // subnormal results and the underflow threshold, near 24-bit midpoints
                eb = 127 + bits(s, i, 11, 6);
                ea = eb - 126 - bits(s, i, 12, 5) % 26 + 1;
            }
            case 5 -> { // the overflow threshold
                eb = 1 + bits(s, i, 11, 7);
                ea = Math.min(254, eb + 126 + bits(s, i, 12, 2));
            }
            case 6 -> { // FCHK's boundary lines
                int[][] lines = {{126, 0}, {127, 0}, {-125, 0}, {-126, 0}, {0, 252}, {0, 253}, {0, 254}, {0, 24}};
                int[] line = lines[bits(s, i, 11, 3)];
                if (line[1] == 0) {
                    eb = Math.max(1, Math.min(254, 64 + bits(s, i, 12, 7)));
                    ea = eb + line[0];
                    if (ea < 1 || ea > 254) {
                        ea = Math.max(1, Math.min(254, ea));
                    }
                } else if (line[1] == 24) {
                    ea = 23 + bits(s, i, 12, 2);
                    eb = Math.max(1, ea - 10 + bits(s, i, 13, 4));
                } else {
                    eb = line[1];
                    ea = Math.max(1, Math.min(254, eb - 3 + bits(s, i, 12, 3)));
                }
            }
            default -> { // anywhere
                ea = base;
                eb = Math.max(1, Math.min(254, base - 30 + bits(s, i, 11, 6)));
            }
        }
        ea = Math.max(1, Math.min(254, ea));
        eb = Math.max(1, Math.min(254, eb));
        long signs = mix(s, i, 14);
        out[0] = (signs & 1) << 31 | ((long) ea << 23) | (ab[0] & 0x7FFFFF);
        out[1] = (signs & 2) << 30 | ((long) eb << 23) | (ab[1] & 0x7FFFFF);
    }

    /**
     * Significands A, B (24 bits, leading one at bit 23) whose quotient A / B lies within about
     * t / B (|t| <= 3) of M, an odd number of {@code qbits} bits scaled: B M = A 2^w + t, so
     * A / B = (M - t / B) / 2^w (w goes to ab[2]). M odd makes M a midpoint between two
     * representable quotients (24-bit ones for 25-bit M, subnormal ones for shorter M at 2^-150).
     */
    private static void nearMidpoint(long s, long i, int qbits, long[] ab) {
        for (int attempt = 0; attempt < 64; attempt++) {
            long m = (1L << (qbits - 1)) | (mix(s, i, 20 + attempt) >>> (65 - qbits)) | 1;
            int t = (int) Math.floorMod(mix(s, i, 40 + attempt), 7L) - 3;
            if (t == 0) {
                t = 1;
            }
            long inverse = inverseModPow2(m);
            for (int w = Math.max(1, qbits - 2); w <= qbits + 1; w++) {
                long step = 1L << w;
                long b0 = (t * inverse) & (step - 1); // b m = t (mod 2^w)
                // a = (b m - t) / 2^w must have 24 bits: b m in [2^(23+w), 2^(24+w)), and b 24 bits
                long lo = Math.max(1L << 23, ((1L << (23 + w)) + m - 1) / m);
                long hi = Math.min((1L << 24) - 1, ((1L << (24 + w)) - 1) / m);
                long kmin = Math.ceilDiv(lo - b0, step);
                long kmax = Math.floorDiv(hi - b0, step);
                if (kmin > kmax) {
                    continue;
                }
                long k = kmin + Long.remainderUnsigned(mix(s, i, 60 + attempt), kmax - kmin + 1);
                long b = b0 + k * step;
                long a = (b * m - t) >> w;
                if (a >= (1L << 23) && a < (1L << 24) && b * m - t == a << w) {
                    ab[0] = a;
                    ab[1] = b;
                    ab[2] = w;
                    return;
                }
            }
        }
        // not reached for these sizes; a plain case keeps the generator total
        ab[0] = (1L << 23) | (mix(s, i, 99) & 0x7FFFFF);
        ab[1] = (1L << 23) | (mix(s, i, 98) & 0x7FFFFF);
        ab[2] = 0;
    }

    /** The inverse of odd m modulo 2^64 (Newton: each step doubles the correct bits). */
    static long inverseModPow2(long m) {
        long x = m; // correct to 3 bits for odd m
        for (int k = 0; k < 5; k++) {
            x *= 2 - m * x;
        }
        return x;
    }

    /** A = B Q exactly (B and Q of 12 bits). */
    private static void exactQuotient(long s, long i, long[] ab) {
        long q = (1L << 11) | (mix(s, i, 21) >>> 53);
        long b = (1L << 11) | (mix(s, i, 22) >>> 53);
        long a = q * b; // 22 or 23 bits
        a <<= 24 - (64 - Long.numberOfLeadingZeros(a));
        ab[0] = a;
        ab[1] = b << 12;
    }

    /** Reciprocals: exact (powers of two, their neighbours), subnormal and overflowing results, and random x. */
    private static void hardReciprocal(long i, long[] out) {
        long s = HARD_SEED;
        long h = mix(s, i, 1);
        int frac = (int) (h & 0x7FFFFF);
        int e = switch ((int) (i & 7)) {
            case 0 -> { frac = (int) (i >>> 3) % 3 == 0 ? 0 : frac; yield 1 + bits(s, i, 2, 8) % 254; }
            case 1 -> 252 + bits(s, i, 2, 2) % 3; // |x| near 2^126: subnormal and threshold results
            case 2 -> bits(s, i, 2, 2) % 3;       // subnormal x: overflow threshold
            case 3 -> { frac = frac | 0x7FFF00; yield 1 + bits(s, i, 2, 8) % 254; }
            default -> 1 + bits(s, i, 2, 8) % 254;
        };
        out[0] = ((h >>> 40 & 1) << 31) | ((long) e << 23) | frac;
        out[1] = 0;
    }

    /**
     * Square roots within about t / (2 M) of a midpoint M: M odd of 25 bits with M^2 = t (mod
     * 2^w), t = 1 (mod 8) small, x = (M^2 - t) / 2^w; the exponent's parity then decides the scale.
     */
    private static void hardRoot(long i, long[] out) {
        long s = HARD_SEED;
        int category = (int) (i % 6);
        if (category == 5) { // subnormal and tiny normal x
            long h = mix(s, i, 1);
            out[0] = (h & 0x7FFFFF) | ((long) (bits(s, i, 2, 5) % 27) << 23);
            out[1] = 0;
            return;
        }
        for (int attempt = 0; ; attempt++) {
            int t = 1 + 8 * ((int) (mix(s, i, 3 + attempt) % 64) - 32);
            int w = 24 + (int) (mix(s, i, 100 + attempt) & 1);
            long r = sqrtModPow2(t, w);
            if (r < 0) {
                continue;
            }
            long[] roots = {r, (1L << w) - r, r + (1L << (w - 1)), (1L << (w - 1)) - r};
            for (int k = 0; k < 4; k++) {
                long base = roots[(int) ((k + i) & 3)] & ((1L << w) - 1);
                for (long m = base; m < (1L << 25); m += 1L << w) {
                    if (m < (1L << 24) || (m & 1) == 0) {
                        continue;
                    }
                    long sq = m * m - t;
                    if ((sq & ((1L << w) - 1)) != 0) {
                        continue;
                    }
                    long x = sq >>> w;
                    int len = 64 - Long.numberOfLeadingZeros(x);
                    if (len == 24) {
                        // x 2^w = M^2 - t, and w's parity must match the exponent's: value x 2^(e - 150)
                        int e = 2 * (20 + bits(s, i, 5, 6)) + ((w & 1) == 0 ? 0 : 1);
                        out[0] = ((long) e << 23) | (x & 0x7FFFFF);
                        out[1] = 0;
                        return;
                    }
                }
            }
            if (attempt > 64) {
                out[0] = ((long) (1 + bits(s, i, 6, 8) % 254) << 23) | (mix(s, i, 7) & 0x7FFFFF);
                out[1] = 0;
                return;
            }
        }
    }

    /** A square root of t modulo 2^w for t = 1 (mod 8), bit by bit (Hensel), or -1. */
    static long sqrtModPow2(long t, int w) {
        if ((t & 7) != 1) {
            return -1;
        }
        long r = 1;
        for (int j = 2; j < w - 1; j++) {
            if (((r * r - t) >>> (j + 1) & 1) != 0) {
                r += 1L << j;
            }
        }
        long mask = (1L << w) - 1;
        return ((r * r - t) & mask) == 0 ? r : -1;
    }

    /** a = q b + r with r in {0, 1, b - 1} (plus random signs when signed), or edge pairs. */
    private static void hardInteger(SassOp op, long i, long[] out) {
        long s = HARD_SEED;
        int width = op.operands().bits;
        int lb = 1 + (int) ((mix(s, i, 1) >>> 40) % (width - 1));
        int lq = 1 + (int) ((mix(s, i, 2) >>> 40) % Math.max(1, width - lb));
        long b = (mix(s, i, 3) >>> (64 - lb)) | (1L << (lb - 1));
        long q = (mix(s, i, 4) >>> (64 - lq));
        long r = switch ((int) (i % 3)) {
            case 0 -> 0;
            case 1 -> 1;
            default -> b - 1;
        };
        long a = q * b + r;
        if (width == 32) {
            a &= 0xFFFFFFFFL;
            b &= 0xFFFFFFFFL;
        }
        if (op.signed()) {
            long h = mix(s, i, 5);
            if ((h & 1) != 0) {
                a = -a;
            }
            if ((h & 2) != 0) {
                b = -b;
            }
            if (width == 32) {
                a &= 0xFFFFFFFFL;
                b &= 0xFFFFFFFFL;
            }
        }
        out[0] = a;
        out[1] = b;
    }
}

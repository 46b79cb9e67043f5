package org.nvlower.sass;

import org.nvlower.sass.Mod.MufuFn;

/**
 * What every MUFU model shares: the special cases (which real GPUs give exactly), the correctly
 * rounded reference of each function, its documented error bound, and the admissible outputs
 * (all floats within the bound of the exact value). docs/templates.md cites the source of each
 * bound. MUFU flushes: a subnormal input reads as zero and a subnormal result is a zero (but
 * MUFU.TANH, which passes a subnormal input through: the PTX ISA's tanh.approx.f32).
 *
 * <p>Values are binary32 bit patterns; RCP64H/RSQ64H take and give the high word of a binary64
 * (PTX rcp.approx.ftz.f64 / rsqrt.approx.ftz.f64: 1.11.20 format, low word zero).
 */
public final class Mufu {

    /** The canonical NaN of MUFU (and of every FP32 instruction). */
    public static final int NAN = 0x7FFFFFFF;
    /** rcp/rsq/rsqrt of f64: the canonical NaN's high word (PTX: 0x7fffffff00000000). */
    public static final int NAN64H = 0x7FFFFFFF;
    private static final int POS_INF = 0x7F800000;
    private static final int NO_SPECIAL = 0x7FBFFFFF; // a signalling NaN (a huge normal as a high word): no special case returns it

    /** How a function's bound is stated. */
    public enum BoundKind {
        /** |y - f(x)| <= value * ulp(f(x)), ulp of the exact value's binade. */
        ULP,
        /** At most {@code value} units in the last place away from the correctly rounded result. */
        ULP_FROM_ROUNDED,
        /** |y - f(x)| <= value * |f(x)|. */
        RELATIVE,
        /** |y - f(x)| <= value. */
        ABSOLUTE
    }

    /** A function's bound and where it comes from. */
    public record Bound(BoundKind kind, double value, String text, String source) {}

    private static final double LOG2 = Math.log(2);
    /**
     * MUFU.SIN/COS's assumed absolute error: the PTX ISA states none for the unit alone (its figures
     * include ptxas's argument rounding, which alone reaches 2^-20.6 near |x| = 2 pi).
     */
    public static final double SIN_COS_BOUND = 0x1p-22;
    /** Applied to bounds checked with rounded double arithmetic, so that every admitted output is inside. */
    private static final double MARGIN = 0x1p-48;

    private Mufu() {}

    /** The documented bound of fn (docs/templates.md, "MUFU models"). */
    public static Bound bound(MufuFn fn) {
        return switch (fn) {
            case RCP -> new Bound(BoundKind.ULP, 1, "1 ulp",
                    "PTX ISA rcp.approx.f32: \"The maximum ulp error is 1 across the full range of inputs\"");
            case RSQ -> new Bound(BoundKind.RELATIVE, Math.pow(2, -22.9), "2^-22.9 relative",
                    "PTX ISA rsqrt.approx.f32: \"maximum relative error ... over the entire positive finite range is 2^-22.9\"");
            case SQRT -> new Bound(BoundKind.RELATIVE, 0x1p-23, "2^-23 relative",
                    "PTX ISA sqrt.approx.f32: \"maximum relative error over the entire positive finite range is 2^-23\"");
            case EX2 -> new Bound(BoundKind.ULP_FROM_ROUNDED, 2, "2 ulp from the correctly rounded result",
                    "PTX ISA ex2.approx.f32: \"maximum ulp error is 2 ulp from correctly rounded result\"");
            case LG2 -> new Bound(BoundKind.ABSOLUTE, 0x1p-22, "2^-22 absolute in (0.5, 2), else 2^-22 relative",
                    "PTX ISA lg2.approx.f32");
            case SIN, COS -> new Bound(BoundKind.ABSOLUTE, SIN_COS_BOUND,
                    "2^-22 absolute of sin(2 pi t) / cos(2 pi t), t in revolutions (assumed)",
                    "PTX ISA sin.approx.f32 / cos.approx.f32 bound the instruction, FMUL.RZ by 1/(2 pi) then MUFU"
                            + " (2^-20.5 absolute in [-2pi, 2pi], 2^-14.7 in [-100pi, 100pi]), not MUFU alone;"
                            + " nvlower assumes 2^-22 for MUFU.SIN/COS (docs/templates.md)");
            case TANH -> new Bound(BoundKind.RELATIVE, 0x1p-11, "2^-11 relative",
                    "PTX ISA tanh.approx.f32 (9.0): \"The maximum relative error over the entire floating point range is"
                            + " 2^-11\"; subnormal inputs pass through to the output");
            case RCP64H, RSQ64H -> new Bound(BoundKind.RELATIVE, 0x1p-20, "2^-20 relative (assumed)",
                    "PTX ISA rcp.approx.ftz.f64 calls it a \"gross approximation\" from 20 mantissa bits and states no"
                            + " bound; nvlower assumes one ulp of the 1.11.20 result");
        };
    }

    // ------------------------------------------------------------------ special cases

    private static boolean isNaN(int x) {
        return (x & 0x7FFFFFFF) > POS_INF;
    }

    /** Zero or subnormal: what MUFU reads as a zero. */
    private static boolean flushesToZero(int x) {
        return (x & POS_INF) == 0;
    }

    /** The exact result every model gives for x, or {@link #NO_SPECIAL} when x is approximated. */
    public static int special(MufuFn fn, int x) {
        int sign = x & 0x80000000;
        int abs = x & 0x7FFFFFFF;
        boolean nan = isNaN(x);
        boolean inf = abs == POS_INF;
        // RCP64H/RSQ64H read a binary64 high word: zero or subnormal by its 11-bit exponent
        boolean zero = fn == MufuFn.RCP64H || fn == MufuFn.RSQ64H ? (x & 0x7FF00000) == 0 : flushesToZero(x);
        return switch (fn) {
            case RCP -> nan ? NAN : zero ? sign | POS_INF : inf ? sign
                    : abs > 0x7E800000 ? sign : NO_SPECIAL; // |x| > 2^126: 1/x is subnormal, flushed
            case RSQ -> nan ? NAN : zero ? sign | POS_INF : sign != 0 ? NAN : inf ? 0 : NO_SPECIAL;
            case SQRT -> nan ? NAN : zero ? sign : sign != 0 ? NAN : inf ? POS_INF : NO_SPECIAL;
            case EX2 -> nan ? NAN : zero ? 0x3F800000 : inf ? (sign != 0 ? 0 : POS_INF)
                    : sign == 0 && abs >= 0x43000000 ? POS_INF : NO_SPECIAL; // x >= 128: 2^x overflows
            case LG2 -> nan ? NAN : zero ? 0xFF800000 : sign != 0 ? NAN : inf ? POS_INF : NO_SPECIAL;
            case SIN -> nan || inf ? NAN : zero ? sign : NO_SPECIAL;
            case COS -> nan || inf ? NAN : zero ? 0x3F800000 : NO_SPECIAL;
            case TANH -> nan ? NAN : inf ? sign | 0x3F800000 : zero ? x : NO_SPECIAL; // +-0 and subnormals: x itself
            case RCP64H -> nan64h(x) ? NAN64H : zero ? sign | 0x7FF00000 : (abs == 0x7FF00000) ? sign
                    : abs >= 0x7FD00000 ? sign : NO_SPECIAL; // |x| >= 2^1022: 1/x is subnormal, flushed
            case RSQ64H -> nan64h(x) ? NAN64H : zero ? sign | 0x7FF00000 : sign != 0 ? NAN64H
                    : abs == 0x7FF00000 ? 0 : NO_SPECIAL;
        };
    }

    private static boolean nan64h(int hi) {
        return (hi & 0x7FFFFFFF) > 0x7FF00000 || ((hi & 0x7FF00000) == 0x7FF00000 && (hi & 0xFFFFF) != 0);
    }

    // ------------------------------------------------------------------ the exact functions

    /** The correctly rounded function value (special cases included), the centre of the admissible outputs. */
    public static int exact(MufuFn fn, int x) {
        if (fn == MufuFn.RSQ && x >= 0x00800000 && x < POS_INF) {
            // a positive normal: no special case (special() gives NO_SPECIAL), a normal result (so
            // flushResult keeps it): what the general path below computes
            return rsqrt(x);
        }
        int s = special(fn, x);
        if (s != NO_SPECIAL) {
            return s;
        }
        float f = Float.intBitsToFloat(x);
        int y = switch (fn) {
            case RCP -> Float.floatToRawIntBits(1.0f / f);
            case RSQ -> rsqrt(x);
            case SQRT -> Float.floatToRawIntBits((float) Math.sqrt(f)); // double then float: correctly rounded (p >= 2*24 + 2)
            case EX2 -> Float.floatToRawIntBits((float) StrictMath.pow(2, f));
            case LG2 -> Float.floatToRawIntBits((float) (StrictMath.log(f) / LOG2));
            case SIN, COS -> Float.floatToRawIntBits((float) revolutions(fn, f));
            case TANH -> Float.floatToRawIntBits((float) StrictMath.tanh(f));
            case RCP64H -> roundHigh(1.0 / highWord(x));
            case RSQ64H -> roundHigh(1.0 / StrictMath.sqrt(highWord(x)));
        };
        return flushResult(fn, y);
    }

    /**
     * sin(2 pi t) or cos(2 pi t) in double: MUFU.SIN/COS take their argument in revolutions (ptxas
     * multiplies by 1/(2 pi) first). The period is removed exactly (t - rint(t) of a float is exact
     * in double); quarter periods, where the value is 0 or +-1, are given exactly.
     */
    public static double revolutions(MufuFn fn, double t) {
        double frac = t - Math.rint(t); // [-0.5, 0.5]
        double q = frac * 4;
        if (q == Math.rint(q)) { // 0, +-1/4, +-1/2 of a turn
            int k = (int) q; // -2 .. 2
            int[] sin = {0, -1, 0, 1, 0};
            int[] cos = {-1, 0, 1, 0, -1};
            double v = fn == MufuFn.SIN ? sin[k + 2] : cos[k + 2];
            return fn == MufuFn.SIN && v == 0 ? Math.copySign(0.0, t) : v;
        }
        double a = 2 * Math.PI * frac;
        return fn == MufuFn.SIN ? StrictMath.sin(a) : StrictMath.cos(a);
    }

    /** MUFU flushes subnormal results to zero. */
    private static int flushResult(MufuFn fn, int y) {
        if (fn == MufuFn.RCP64H || fn == MufuFn.RSQ64H) {
            return (y & 0x7FF00000) == 0 ? y & 0x80000000 : y;
        }
        return flushesToZero(y) ? y & 0x80000000 : y;
    }

    private static double highWord(int hi) {
        return Double.longBitsToDouble((long) hi << 32);
    }

    /** A positive normal double rounded to nearest even at 20 fraction bits, as the high word. */
    private static int roundHigh(double v) {
        long bits = Double.doubleToRawLongBits(v);
        long low = bits & 0xFFFFFFFFL;
        long hi = bits >>> 32;
        if (low > 0x80000000L || (low == 0x80000000L && (hi & 1) != 0)) {
            hi++;
        }
        return (int) hi;
    }

    /**
     * 1/sqrt(x), positive normal x, correctly rounded to binary32: the double value is within
     * 2^-52 relative of the root; only when it is that close to a midpoint m between two floats
     * is the side decided exactly, by the sign of 1 - m^2 x (in integers: m^2 x has 74 bits).
     */
    static int rsqrt(int x) {
        double r = 1.0 / Math.sqrt(Float.intBitsToFloat(x));
        // r is a normal double and its float is normal (x in [2^-126, 2^128): r in (2^-64, 2^63]),
        // so r's low 29 significand bits t say where r lies between the floats below and above it,
        // and the midpoint between them is t = 2^28. The test below decides only when
        // |r - mid| <= |mid| 2^-50 < 8 ulps of r's binade (|mid| < 2^(e+1), an ulp is 2^(e-52)); r
        // more than 8 ulps from that midpoint is outside it, and then the answer is the nearest
        // float, which the test below returns too (when r is a float, t = 0, the midpoint it
        // measures against lies half a float ulp away: also outside).
        long t = Double.doubleToRawLongBits(r) & ((1L << 29) - 1);
        if (Math.abs(t - (1L << 28)) > 8) {
            return Float.floatToRawIntBits((float) r);
        }
        return rsqrtByMidpoint(x, r);
    }

    /**
     * The nearest float to 1/sqrt(x) from r = 1.0 / Math.sqrt(x) (within 2^-52 relative of the
     * root), for any positive normal x: r's nearest float, unless r lies within 2^-50 of the
     * midpoint m on its side, where the sign of 1 - m^2 x decides exactly.
     */
    static int rsqrtByMidpoint(int x, double r) {
        float nearest = (float) r;
        int n = Float.floatToRawIntBits(nearest);
        // the midpoint on r's side of the nearest float
        double other = r > nearest ? Math.nextUp(nearest) : Math.nextDown(nearest);
        double mid = (nearest + other) / 2; // exact in double (25 bits)
        if (Math.abs(r - mid) > Math.abs(mid) * 0x1p-50) {
            return n;
        }
        // mid = M 2^em (M odd, 25 bits), x = X 2^ex (24 bits): compare M^2 X with 2^-(2 em + ex)
        long mBits = Double.doubleToRawLongBits(mid);
        long mSig = (mBits & 0xFFFFFFFFFFFFFL) | (1L << 52);
        int em = (int) ((mBits >>> 52) & 0x7FF) - 1075;
        int tz = Long.numberOfTrailingZeros(mSig);
        mSig >>>= tz;
        em += tz;
        int xSig = (x & 0x7FFFFF) | 0x800000;
        int ex = ((x >>> 23) & 0xFF) - 150;
        int tzx = Integer.numberOfTrailingZeros(xSig);
        xSig >>>= tzx;
        ex += tzx;
        long sqLo = mSig * mSig; // mSig < 2^25: exact
        long pHi = Math.unsignedMultiplyHigh(sqLo, xSig);
        long pLo = sqLo * xSig;
        int e = -(2 * em + ex); // compare (pHi, pLo) with 2^e
        int cmp; // sign of m^2 x - 1
        if (e < 0) {
            cmp = 1; // M^2 X >= 1 > 2^e
        } else if (e >= 128) {
            cmp = -1;
        } else {
            long tHi = e >= 64 ? 1L << (e - 64) : 0;
            long tLo = e >= 64 ? 0 : 1L << e;
            int c = Long.compareUnsigned(pHi, tHi);
            cmp = c != 0 ? c : Long.compareUnsigned(pLo, tLo);
        }
        // m^2 x > 1 means 1/sqrt(x) < m: the root is below the midpoint
        boolean rootBelowMid = cmp > 0;
        boolean midAbove = mid > nearest;
        if (cmp == 0) {
            return n; // impossible (m has 25 odd bits), kept for totality
        }
        return rootBelowMid == midAbove ? n : Float.floatToRawIntBits((float) other);
    }

    // ------------------------------------------------------------------ admissible outputs

    /**
     * Writes the admissible outputs for x (ascending values) into {@code out} and returns how
     * many; a special case has exactly one. {@code out} needs room for 8.
     */
    public static int candidates(MufuFn fn, int x, int[] out) {
        int c = exact(fn, x);
        // a special case, or a zero result (a flushed underflow: ex2 below -126, sin of a tiny t;
        // lg2(1), sin/cos at quarter turns): MUFU returns no subnormal, and no sign change is admitted
        if (special(fn, x) != NO_SPECIAL || (c & 0x7FFFFFFF) == 0) {
            out[0] = c;
            return 1;
        }
        if (fn == MufuFn.TANH) {
            return tanhCandidates(x, c, out);
        }
        int n = 0;
        boolean wide = fn == MufuFn.RCP64H || fn == MufuFn.RSQ64H;
        for (int k = -4; k <= 4; k++) {
            int y = c + k;
            if (((y ^ c) & 0x80000000) != 0) {
                continue; // no sign change
            }
            if (admissible(fn, x, y, c, k, wide)) {
                out[n++] = y;
            }
        }
        if ((c & 0x80000000) != 0) { // negative values: ascending value is descending bits
            for (int i = 0, j = n - 1; i < j; i++, j--) {
                int t = out[i];
                out[i] = out[j];
                out[j] = t;
            }
        }
        return n;
    }

    /**
     * TANH's bound (2^-11 relative) admits thousands of floats: the candidates are its two ends,
     * the rounded value and its neighbours, and a float halfway to each end (ascending values).
     * Every candidate is normal (|tanh x| >= 2^-126 for normal x: the low end is clipped there).
     */
    private static int tanhCandidates(int x, int c, int[] out) {
        int sign = c & 0x80000000;
        double t = Math.abs(StrictMath.tanh(Float.intBitsToFloat(x)));
        double b = bound(MufuFn.TANH).value();
        double loValue = t * (1 - b) * (1 + MARGIN);
        double hiValue = t * (1 + b) * (1 - MARGIN);
        int lo = Float.floatToRawIntBits((float) loValue);
        if (Float.intBitsToFloat(lo) < loValue) {
            lo++;
        }
        lo = Math.max(lo, 0x00800000);
        int hi = Float.floatToRawIntBits((float) hiValue);
        if (Float.intBitsToFloat(hi) > hiValue) {
            hi--;
        }
        int mid = c & 0x7FFFFFFF;
        int[] mags = {lo, lo + (mid - lo) / 2, mid - 1, mid, mid + 1, mid + (hi - mid) / 2, hi};
        int n = 0;
        int last = -1;
        for (int m : mags) {
            if (m >= lo && m <= hi && m > last) {
                out[n++] = m;
                last = m;
            }
        }
        if (sign != 0) { // negative values: ascending value is descending magnitude
            for (int i = 0, j = n - 1; i <= j; i++, j--) {
                int a = out[i] | sign;
                out[i] = out[j] | sign;
                out[j] = a;
            }
        }
        return n;
    }

    private static boolean admissible(MufuFn fn, int x, int y, int c, int k, boolean wide) {
        int abs = y & 0x7FFFFFFF;
        if (wide ? (abs & 0x7FF00000) == 0 || (abs & 0x7FF00000) == 0x7FF00000
                : (abs & POS_INF) == 0 || (abs & POS_INF) == POS_INF) {
            return false; // MUFU never returns a subnormal (or an infinite approximation)
        }
        if (k == 0) {
            return true;
        }
        double xv = wide ? highWord(x) : Float.intBitsToFloat(x);
        double yv = wide ? highWord(y) : Float.intBitsToFloat(y);
        Bound b = bound(fn);
        switch (fn) {
            case RCP -> {
                // |y - 1/x| <= ulp(1/x), i.e. |y x - 1| <= ulp(1/x) |x| = m 2^-23 (m = 1) or m 2^-24
                // (m = significand of x in [1, 2)); all exact in double.
                double m = Float.intBitsToFloat((x & 0x7FFFFF) | 0x3F800000);
                double limit = m == 1 ? 0x1p-23 : m * 0x1p-24;
                return Math.abs(yv * xv - 1) <= limit;
            }
            case RSQ, RSQ64H -> {
                double lo = (1 - b.value()) * (1 - b.value()) * (1 + MARGIN);
                double hi = (1 + b.value()) * (1 + b.value()) * (1 - MARGIN);
                double z = yv * yv * xv;
                return z >= lo && z <= hi;
            }
            case SQRT -> {
                double lo = (1 - b.value()) * (1 - b.value()) * (1 + MARGIN) * xv;
                double hi = (1 + b.value()) * (1 + b.value()) * (1 - MARGIN) * xv;
                double z = yv * yv;
                return z >= lo && z <= hi;
            }
            case RCP64H -> {
                double e = Math.abs(yv * xv - 1);
                return e <= b.value() * (1 - MARGIN);
            }
            case EX2 -> {
                return Math.abs(k) <= 2;
            }
            case LG2 -> {
                double f = StrictMath.log(xv) / LOG2;
                double limit = xv > 0.5 && xv < 2 ? 0x1p-22 : 0x1p-22 * Math.abs(f);
                return Math.abs(yv - f) <= limit * (1 - MARGIN) - Math.ulp(f);
            }
            case SIN, COS -> {
                double f = revolutions(fn, xv);
                return Math.abs(yv - f) <= b.value() * (1 - MARGIN) - Math.ulp(f);
            }
            default -> throw new AssertionError(fn);
        }
    }
}

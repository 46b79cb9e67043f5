package org.nvlower.softfloat;

import static org.nvlower.softfloat.ExceptionFlags.INEXACT;
import static org.nvlower.softfloat.ExceptionFlags.INFINITE;
import static org.nvlower.softfloat.ExceptionFlags.INVALID;
import static org.nvlower.softfloat.ExceptionFlags.OVERFLOW;
import static org.nvlower.softfloat.ExceptionFlags.UNDERFLOW;

/**
 * IEEE 754 binary128, the engine of the package: every operation of the narrower formats is
 * computed here. A value is two longs, high word first (sign, 15-bit exponent, top 48 fraction
 * bits; then the low 64 fraction bits). Results go to {@code env.zHi/zLo}; flags are ORed into
 * {@code env.flags}; nothing allocates.
 *
 * <p>Every operation has SoftFloat's shape: unpack, special operands as early exits (NaN,
 * infinity, zero), normalize subnormals, exact integer arithmetic on the significands, and one
 * exit through {@link #roundPack}, which alone applies the rounding mode, detects tininess
 * (after rounding), overflow and inexactness. Internally a significand is 113 bits
 * {@code sig64:sig0} with the leading one at bit 48 of {@code sig64}, plus 64 bits
 * {@code extra} below it whose lowest bit is sticky ("jammed"); the exponent passed to
 * roundPack is the biased exponent minus one, so that packing by addition absorbs the leading one.
 */
public final class F128 {

    static final long SIGN = Long.MIN_VALUE;
    static final long FRAC_HI = 0x0000FFFFFFFFFFFFL;
    static final long IMPLICIT = 0x0001000000000000L;
    static final int EXP_MAX = 0x7FFF;
    static final int BIAS = 0x3FFF;
    /** The largest significand, 2^113 - 1, as sig64:sig0. */
    private static final long SIG_ALL_ONES_HI = 0x0001FFFFFFFFFFFFL;

    private F128() {}

    // ------------------------------------------------------------------ fields and predicates

    static int exp(long hi) {
        return (int) (hi >>> 48) & EXP_MAX;
    }

    public static boolean isNaN(long hi, long lo) {
        return exp(hi) == EXP_MAX && ((hi & FRAC_HI) | lo) != 0;
    }

    public static boolean isSignalingNaN(long hi, long lo) {
        return (hi & 0x7FFF800000000000L) == 0x7FFF000000000000L && ((hi & 0x00007FFFFFFFFFFFL) | lo) != 0;
    }

    static boolean isInf(long hi, long lo) {
        return (hi & ~SIGN) == 0x7FFF000000000000L && lo == 0;
    }

    static boolean isZero(long hi, long lo) {
        return ((hi & ~SIGN) | lo) == 0;
    }

    public static FloatClass classify(long hi, long lo) {
        int exp = exp(hi);
        boolean fracZero = ((hi & FRAC_HI) | lo) == 0;
        if (exp == EXP_MAX && !fracZero) {
            return isSignalingNaN(hi, lo) ? FloatClass.SIGNALING_NAN : FloatClass.QUIET_NAN;
        }
        int kind = exp == EXP_MAX ? 3 : exp != 0 ? 2 : fracZero ? 0 : 1;
        return FloatClass.of(hi < 0, kind);
    }

    private static void z(Env env, long hi, long lo) {
        env.zHi = hi;
        env.zLo = lo;
    }

    private static long signBit(boolean sign) {
        return sign ? SIGN : 0;
    }

    private static void infinity(boolean sign, Env env) {
        z(env, signBit(sign) | 0x7FFF000000000000L, 0);
    }

    private static void invalid(Env env) {
        env.flags |= INVALID;
        NanPolicy.defaultNaN128(env);
    }

    // ------------------------------------------------------------------ rounding

    /** Whether rounding the magnitude up is due, for bits {@code extra} below the last kept bit. */
    private static boolean roundsUp(boolean sign, long extra, RoundingMode rm) {
        // Reference comparisons rather than a switch: an enum switch loads the mode's ordinal and a
        // synthetic switch map on every call and makes this method too large for C2 to inline at
        // a rarely taken call site (more than 35 bytecodes).
        if (rm == RoundingMode.NEAR_EVEN || rm == RoundingMode.NEAR_MAX_MAG) {
            return extra < 0; // extra >= one half
        }
        return extra != 0 && rm == (sign ? RoundingMode.MIN : RoundingMode.MAX); // MIN_MAG, ODD: never
    }

    /**
     * Rounds {@code sig64:sig0.extra} x 2^(exp + 1 - BIAS - 112) to binary128 in mode rm and
     * packs it. The only place where rounding, tininess, overflow and inexactness are decided.
     */
    static void roundPack(boolean sign, int exp, long sig64, long sig0, long extra, RoundingMode rm, Env env) {
        if (exp >= 0 && exp < 0x7FFD) {
            // The common case, kept small enough for the JIT to inline: a normal result that
            // cannot overflow (rounding up carries at most into exponent 0x7FFE), any mode.
            if (extra != 0) {
                env.flags |= INEXACT;
                if (rm == RoundingMode.NEAR_EVEN) {
                    if (extra < 0) {
                        sig0++;
                        if (sig0 == 0) {
                            sig64++;
                        }
                        if ((extra << 1) == 0) {
                            sig0 &= ~1L; // a tie: to even
                        }
                    }
                } else if (rm == RoundingMode.ODD) {
                    sig0 |= 1;
                } else if (rm == RoundingMode.NEAR_MAX_MAG ? extra < 0
                        : rm == (sign ? RoundingMode.MIN : RoundingMode.MAX)) {
                    // roundsUp for extra != 0 and the modes left (MIN_MAG: never), written out:
                    // roundsUp is over C2's 35-bytecode limit for rarely taken call sites, and a
                    // caller profiled in near_even first (the modes share one profile) kept it as
                    // a call in the other modes
                    sig0++;
                    if (sig0 == 0) {
                        sig64++;
                    }
                }
            }
            env.zHi = signBit(sign) + ((long) exp << 48) + sig64;
            env.zLo = sig0;
            return;
        }
        roundPackAnyMode(sign, exp, sig64, sig0, extra, rm, env);
    }

    /**
     * {@link #roundPack} for a value known to be inexact and off every half-ulp:
     * {@code sig64:sig0} followed by the round bit {@code round} (0 or 1) and nonzero bits below.
     * A normal result is rounded without a branch on the data (the round bit and the sign are
     * coin tosses, and a mispredicted branch at the end of a long division throws away the next
     * operation's work); any other goes to roundPack with the same value.
     */
    static void roundPackInexact(boolean sign, int exp, long sig64, long sig0, long round, RoundingMode rm,
            Env env) {
        if (exp < 0 || exp >= 0x7FFD) {
            roundPackAnyMode(sign, exp, sig64, sig0, (round << 63) | 1, rm, env);
            return;
        }
        env.flags |= INEXACT;
        long s = sign ? 1 : 0;
        // by reference comparisons, as in packInexactProduct (an enum switch reloads the mode's
        // ordinal and a synthetic switch map in every call of a loop that keeps a call)
        long inc;
        if (rm == RoundingMode.NEAR_EVEN || rm == RoundingMode.NEAR_MAX_MAG) {
            inc = round; // never a tie
        } else if (rm == RoundingMode.MIN) {
            inc = s;
        } else if (rm == RoundingMode.MAX) {
            inc = s ^ 1;
        } else {
            // MIN_MAG and ODD truncate: no increment to add and carry, as in packInexactProduct
            env.zHi = (s << 63) + ((long) exp << 48) + sig64;
            env.zLo = sig0 | (rm == RoundingMode.ODD ? 1 : 0);
            return;
        }
        long z0 = sig0 + inc;
        // a carry out of the significand's top bit moves into the exponent field, as it should
        env.zHi = (s << 63) + ((long) exp << 48) + sig64 + (ult(z0, sig0) ? 1 : 0);
        env.zLo = z0;
    }

    /**
     * div's quotient, rounded and packed (its own copy of {@link #roundPackInexact}, q10m; rounding on
     * the quotient's digits since q11f, 2026-11-28). The quotient Q = A 2^120 / B lies strictly
     * between P - 1 and P + 2 with P = h 2^58 + low + 1 (h = 2^62 + d1, low = d2 - 1 signed, |low| <
     * 2^60), and no multiple of 128 (a half-ulp: bits 120..8 are the significand, bit 7 the round
     * bit) lies in that interval, so Q is inexact and never a tie, and floor(Q / 128) = floor((P - 1)
     * / 128) = m. The significand is then floor((P - 1 + b) / 256) with b = 128 for nearest (m + 1
     * halved: the round bit added), 256 away from zero (m halved plus 1) and 0 toward zero (m
     * halved); as b is a multiple of 128, the bits of low below 7 change nothing. With k = low + b
     * and h 2^58 a multiple of 256 that is h 2^50 + floor(k / 2^8): its low word (h << 50) + (k >> 8)
     * modulo 2^64, its high word floor((h + floor(k / 2^58)) / 2^14) (h is an integer, so the floors
     * nest), h + (k >> 58) positive. No compare for a carry: the increment was an add to the
     * significand's low word and a carry into its high word after the round bit was known (the
     * round bit at the end of the division's chain). The significand's high word holds the leading
     * one at bit 48 (2^49 after a carry out of the significand), so adding it to {@code exp << 48}
     * yields the exponent field exp + 1 (exp + 2 and a zero fraction after such a carry), as
     * roundPack's normal path does. The sign as a bit (0 or SIGN) and the exponent as a long (q10m,
     * 2026-11-28): with an int exponent and a boolean sign, C2 rebuilt {@code (long) exp << 48} in
     * div's loop from values it kept through the division. Subnormal and overflowing results go to
     * roundPackAnyMode with the significand, the round bit and a sticky bit.
     */
    private static void roundPackQuotient(long sign, long exp, long h, long low, RoundingMode rm, Env env) {
        if (Long.compareUnsigned(exp, 0x7FFD) >= 0) { // exp < 0 or exp >= 0x7FFD
            long q0 = (h << 58) + (low & ~127L);
            long q64 = (h >>> 6) + (low >> 63) + (ult(q0, h << 58) ? 1 : 0);
            // bits 120..8 of q are the significand, bit 7 (to bit 63 of extra) the round bit, then
            // the sticky bit (q's bits 6..0 are zeros)
            roundPackAnyMode(sign != 0, (int) exp, q64 >>> 8, (q64 << 56) | (q0 >>> 8), (q0 << 56) | 1, rm, env);
            return;
        }
        env.flags |= INEXACT;
        // by reference comparisons, as in packInexactProduct (an enum switch reloads the mode's
        // ordinal and a synthetic switch map in every call of a loop that keeps a call)
        long b;
        if (rm == RoundingMode.NEAR_EVEN || rm == RoundingMode.NEAR_MAX_MAG) {
            b = 128; // never a tie
        } else if (rm == RoundingMode.MIN) {
            b = (sign >>> 63) << 8;
        } else if (rm == RoundingMode.MAX) {
            b = (~sign >>> 63) << 8;
        } else {
            b = 0; // MIN_MAG and ODD truncate (ODD then sets the last bit)
        }
        long k = low + b;
        env.zHi = sign + (exp << 48) + ((h + (k >> 58)) >>> 14);
        env.zLo = ((h << 50) + (k >> 8)) | (rm == RoundingMode.ODD ? 1 : 0);
    }

    /** {@link #roundPack} for subnormal and overflowing results. */
    private static void roundPackAnyMode(boolean sign, int exp, long sig64, long sig0, long extra, RoundingMode rm,
            Env env) {
        boolean up = roundsUp(sign, extra, rm);
        if (exp < 0 || exp >= 0x7FFD) {
            if (exp < 0) {
                // Tiny after rounding unless rounding at full precision carries up to 2^emin.
                boolean tiny = exp < -1 || !up || sig64 != SIG_ALL_ONES_HI || sig0 != -1L;
                extra = shiftRightJamExtra(sig64, sig0, extra, -exp, env);
                sig64 = env.zHi;
                sig0 = env.zLo;
                exp = 0;
                if (tiny && extra != 0) {
                    env.flags |= UNDERFLOW;
                }
                up = roundsUp(sign, extra, rm);
            } else if (exp > 0x7FFD || (sig64 == SIG_ALL_ONES_HI && sig0 == -1L && up)) {
                env.flags |= OVERFLOW | INEXACT;
                boolean toInfinity = rm == RoundingMode.NEAR_EVEN || rm == RoundingMode.NEAR_MAX_MAG
                        || rm == (sign ? RoundingMode.MIN : RoundingMode.MAX);
                if (toInfinity) {
                    infinity(sign, env);
                } else {
                    z(env, signBit(sign) | 0x7FFEFFFFFFFFFFFFL, -1L);
                }
                return;
            }
        }
        if (extra != 0) {
            env.flags |= INEXACT;
            if (rm == RoundingMode.ODD) {
                sig0 |= 1;
            }
        }
        if (up) {
            sig0++;
            if (sig0 == 0) {
                sig64++;
            }
            if (rm == RoundingMode.NEAR_EVEN && (extra << 1) == 0) {
                sig0 &= ~1L; // a tie: to even
            }
        } else if ((sig64 | sig0) == 0) {
            exp = 0;
        }
        z(env, signBit(sign) + ((long) exp << 48) + sig64, sig0);
    }

    /**
     * Normalizes {@code sig64:sig0} (not zero) so its leading one is at bit 112, then rounds and
     * packs; {@code exp} is the roundPack exponent for a leading one already at bit 112.
     */
    static void normRoundPack(boolean sign, int exp, long sig64, long sig0, RoundingMode rm, Env env) {
        int shift = clz128(sig64, sig0) - 15;
        exp -= shift;
        long extra = 0;
        if (shift > 0) {
            shiftLeft(sig64, sig0, shift, env);
            sig64 = env.zHi;
            sig0 = env.zLo;
        } else if (shift < 0) {
            extra = shiftRightJamExtra(sig64, sig0, 0, -shift, env);
            sig64 = env.zHi;
            sig0 = env.zLo;
        }
        roundPack(sign, exp, sig64, sig0, extra, rm, env);
    }

    // ------------------------------------------------------------------ 128-bit helpers

    static int clz128(long hi, long lo) {
        return hi != 0 ? Long.numberOfLeadingZeros(hi) : 64 + Long.numberOfLeadingZeros(lo);
    }

    private static boolean ult(long a, long b) {
        return Long.compareUnsigned(a, b) < 0;
    }

    /** (a64:a0) < (b64:b0), unsigned. */
    private static boolean lt128(long a64, long a0, long b64, long b0) {
        return a64 != b64 ? ult(a64, b64) : ult(a0, b0);
    }

    /** (a64:a0) << dist for 0 <= dist < 128, into env.zHi/zLo. */
    static void shiftLeft(long a64, long a0, int dist, Env env) {
        if (dist == 0) {
            z(env, a64, a0);
        } else if (dist < 64) {
            z(env, (a64 << dist) | (a0 >>> (64 - dist)), a0 << dist);
        } else {
            z(env, a0 << (dist - 64), 0);
        }
    }

    /**
     * Shifts the 192-bit {@code a64:a0:extra} right by {@code dist >= 0} (any size), ORing every
     * bit shifted out of the low word into its lowest bit. The top two words go to env.zHi/zLo;
     * returns the new low word.
     */
    static long shiftRightJamExtra(long a64, long a0, long extra, int dist, Env env) {
        if (dist > 0 && dist < 64) {
            env.zHi = a64 >>> dist;
            env.zLo = (a64 << (64 - dist)) | (a0 >>> dist);
            return (a0 << (64 - dist)) | (extra != 0 ? 1 : 0);
        }
        return shiftRightJamExtraFar(a64, a0, extra, dist, env);
    }

    private static long shiftRightJamExtraFar(long a64, long a0, long extra, int dist, Env env) {
        if (dist == 0) {
            z(env, a64, a0);
            return extra;
        }
        long sticky;
        long out;
        if (dist < 64) {
            out = a0 << (64 - dist);
            sticky = extra;
            z(env, a64 >>> dist, (a64 << (64 - dist)) | (a0 >>> dist));
        } else if (dist == 64) {
            out = a0;
            sticky = extra;
            z(env, 0, a64);
        } else if (dist < 128) {
            out = (a64 << (128 - dist)) | (a0 >>> (dist - 64));
            sticky = extra | (a0 << (128 - dist));
            z(env, 0, a64 >>> (dist - 64));
        } else if (dist == 128) {
            out = a64;
            sticky = extra | a0;
            z(env, 0, 0);
        } else {
            out = 0;
            sticky = extra | a0 | a64;
            z(env, 0, 0);
        }
        return out | (sticky != 0 ? 1 : 0);
    }

    /**
     * Shifts the 192-bit {@code a2:a1:a0} right by {@code dist >= 0} (any size); unlike
     * {@link #shiftRightJamExtra} the low word's bits move too, and only bits leaving the low
     * word are jammed into its lowest bit. Top two words to env.zHi/zLo; returns the low word.
     */
    static long shiftRightJam192(long a2, long a1, long a0, int dist, Env env) {
        if (dist >= 192) {
            z(env, 0, 0);
            return (a2 | a1 | a0) != 0 ? 1 : 0;
        }
        long sticky = 0;
        for (; dist >= 64; dist -= 64) {
            sticky |= a0;
            a0 = a1;
            a1 = a2;
            a2 = 0;
        }
        if (dist > 0) {
            sticky |= a0 << (64 - dist);
            a0 = (a1 << (64 - dist)) | (a0 >>> dist);
            a1 = (a2 << (64 - dist)) | (a1 >>> dist);
            a2 >>>= dist;
        }
        z(env, a2, a1);
        return a0 | (sticky != 0 ? 1 : 0);
    }

    /**
     * Normalizes the nonzero subnormal significand {@code sig64:sig0} so its leading one is at
     * bit 112 (into env.zHi/zLo) and returns the matching exponent (1 - shift). Each caller
     * repeats the three lines that take the result back (exponent, env.zHi, env.zLo) per
     * operand on purpose: a helper returning all three needs an object or a second trip
     * through env, and these are the hot paths (mul, div, mulAdd, sqrt).
     */
    private static int normSubnormal(long sig64, long sig0, Env env) {
        int shift = clz128(sig64, sig0) - 15;
        shiftLeft(sig64, sig0, shift, env);
        return 1 - shift;
    }

    // ------------------------------------------------------------------ add, sub

    /** a + b, rounded in mode rm. */
    public static void add(long aHi, long aLo, long bHi, long bLo, RoundingMode rm, Env env) {
        addOrSub(aHi, aLo, bHi, bLo, false, rm, env);
    }

    /** a - b, rounded in mode rm. */
    public static void sub(long aHi, long aLo, long bHi, long bLo, RoundingMode rm, Env env) {
        addOrSub(aHi, aLo, bHi, bLo, true, rm, env);
    }

    static void addOrSub(long aHi, long aLo, long bHi, long bLo, boolean negateB, RoundingMode rm, Env env) {
        boolean signA = aHi < 0;
        boolean signB = (bHi < 0) ^ negateB;
        int expA = exp(aHi);
        int expB = exp(bHi);
        int dist = expA - expB;
        if ((dist >= 116 || dist <= -116) && Math.max(expA, expB) != EXP_MAX) {
            // Exponents 116 or more apart: selected without a branch on the data (which operand
            // is larger, and whether the magnitudes add or subtract, are coin tosses).
            boolean aBig = dist > 0;
            long smallHi = aBig ? bHi : aHi;
            long smallLo = aBig ? bLo : aLo;
            if (((smallHi & ~SIGN) | smallLo) != 0) {
                addOrSubFar(aBig ? aHi : bHi, aBig ? aLo : bLo, aBig ? signA : signB, signA != signB, rm, env);
                return;
            }
        }
        if (signA == signB) {
            addMags(aHi, aLo, bHi, bLo, signA, rm, env);
        } else {
            subMags(aHi, aLo, bHi, bLo, signA, rm, env);
        }
    }

    /**
     * big +- small for a finite big and a nonzero small at least 2^115 times smaller (exponent
     * fields 116 or more apart; 115 for a subnormal small): small's leading one lies at least 3
     * bits below big's last bit. The sum rounds as big followed by the bits 0...01 (the sticky
     * bit), the difference as (big - 1 unit) followed by 1...1: the round bit and a nonzero rest
     * are all that the rounding reads of small. When big's significand is a power of two the
     * difference loses its leading bit and shifts left by one. Always inexact, never a tie: rounded
     * by {@link #roundPackInexact}, without a branch on the sign.
     */
    private static void addOrSubFar(long bigHi, long bigLo, boolean signZ, boolean subtract, RoundingMode rm,
            Env env) {
        long m = subtract ? -1L : 0; // added to big as a 128-bit value
        long sig0 = bigLo + m;
        long sig64 = (bigHi & FRAC_HI | IMPLICIT) + m + (ult(sig0, bigLo) ? 1 : 0);
        int expZ = exp(bigHi) - 1;
        if (sig64 < IMPLICIT) {
            expZ--;
            sig64 = (sig64 << 1) | (sig0 >>> 63);
            sig0 = (sig0 << 1) | 1;
        }
        roundPackInexact(signZ, expZ, sig64, sig0, -m, rm, env); // the round bit: 1 for a difference
    }

    /** |a| + |b| with sign signZ. */
    private static void addMags(long aHi, long aLo, long bHi, long bLo, boolean signZ, RoundingMode rm, Env env) {
        int expA = exp(aHi);
        int expB = exp(bHi);
        if (expA == EXP_MAX || expB == EXP_MAX) {
            infOrNaN(aHi, aLo, bHi, bLo, signZ, false, env);
            return;
        }
        if (expA == expB) {
            addMagsSameExp(aHi, aLo, bLo, signZ, rm, env, expA, bHi);
            return;
        }
        if (expA > expB) {
            addMagsFar(aHi & FRAC_HI | IMPLICIT, aLo, expA, bHi & FRAC_HI, bLo, expB, signZ, rm, env);
        } else {
            addMagsFar(bHi & FRAC_HI | IMPLICIT, bLo, expB, aHi & FRAC_HI, aLo, expA, signZ, rm, env);
        }
    }

    /** big + small for finite operands with expBig > expSmall; big64 includes the leading one. */
    private static void addMagsFar(long big64, long big0, int expBig, long small64, long small0, int expSmall,
            boolean signZ, RoundingMode rm, Env env) {
        int dist = expBig - expSmall;
        if (expSmall == 0) {
            dist--; // a subnormal has the scale of exponent 1
        } else {
            small64 |= IMPLICIT;
        }
        long extra = shiftRightJamExtra(small64, small0, 0, dist, env);
        long sum0 = big0 + env.zLo;
        long sum64 = big64 + env.zHi + (ult(sum0, big0) ? 1 : 0);
        int expZ = expBig - 1;
        if (sum64 >= 2 * IMPLICIT) {
            expZ++;
            extra = (sum0 << 63) | (extra != 0 ? 1 : 0);
            sum0 = (sum64 << 63) | (sum0 >>> 1);
            sum64 >>>= 1;
        }
        roundPack(signZ, expZ, sum64, sum0, extra, rm, env);
    }

    private static void addMagsSameExp(long aHi, long aLo, long bLo, boolean signZ, RoundingMode rm, Env env,
            int exp, long bHi) {
        long sum0 = aLo + bLo;
        long sum64 = (aHi & FRAC_HI) + (bHi & FRAC_HI) + (ult(sum0, aLo) ? 1 : 0);
        if (exp == 0) {
            // Two subnormals: exact; a carry into bit 112 makes the exponent field 1.
            z(env, signBit(signZ) + sum64, sum0);
            return;
        }
        sum64 += 2 * IMPLICIT;
        roundPack(signZ, exp, sum64 >>> 1, (sum64 << 63) | (sum0 >>> 1), sum0 << 63, rm, env);
    }

    /** A NaN or infinite operand of add (subtract = false) or of an effective subtraction. */
    private static void infOrNaN(long aHi, long aLo, long bHi, long bLo, boolean signA, boolean subtract, Env env) {
        int expA = exp(aHi);
        if (isNaN(aHi, aLo) || isNaN(bHi, bLo)) {
            NanPolicy.propagate128(aHi, aLo, bHi, bLo, env);
        } else if (subtract && expA == exp(bHi)) {
            invalid(env); // inf - inf
        } else {
            infinity(expA == EXP_MAX ? signA : signA ^ subtract, env);
        }
    }

    /** |a| - |b| with the sign of a (signA), flipped when |b| > |a|. */
    private static void subMags(long aHi, long aLo, long bHi, long bLo, boolean signA, RoundingMode rm, Env env) {
        int expA = exp(aHi);
        int expB = exp(bHi);
        if (expA == EXP_MAX || expB == EXP_MAX) {
            infOrNaN(aHi, aLo, bHi, bLo, signA, true, env);
            return;
        }
        if (expA > expB) {
            if (expA - Math.max(expB, 1) <= 1) {
                subMagsNear(aHi, aLo, bHi, bLo, signA, rm, env);
            } else {
                subMagsFar(aHi & FRAC_HI | IMPLICIT, aLo, expA, bHi & FRAC_HI, bLo, expB, signA, rm, env);
            }
        } else if (expB - Math.max(expA, 1) <= 1) {
            subMagsNear(aHi, aLo, bHi, bLo, signA, rm, env);
        } else {
            subMagsFar(bHi & FRAC_HI | IMPLICIT, bLo, expB, aHi & FRAC_HI, aLo, expA, !signA, rm, env);
        }
    }

    /**
     * big - small with sign signZ for finite operands whose scales differ by at least two;
     * big64 includes the leading one.
     */
    private static void subMagsFar(long big64, long big0, int expBig, long small64, long small0, int expSmall,
            boolean signZ, RoundingMode rm, Env env) {
        int dist = expBig - expSmall;
        if (expSmall == 0) {
            dist--; // a subnormal has the scale of exponent 1 (dist stays >= 2)
        } else {
            small64 |= IMPLICIT;
        }
        long sExtra = shiftRightJamExtra(small64, small0, 0, dist, env);
        long s64 = env.zHi;
        long s0 = env.zLo;
        // 192-bit big:0 - s64:s0:sExtra. At most one leading bit cancels (dist >= 2), and the jam
        // bit keeps the difference's lowest bit set whenever bits were lost, so rounding is exact.
        long extra = -sExtra;
        long borrow = sExtra != 0 ? 1 : 0;
        long d0 = big0 - s0 - borrow;
        long borrow2 = (ult(big0, s0) || (big0 == s0 && borrow != 0)) ? 1 : 0;
        long d64 = big64 - s64 - borrow2;
        int expZ = expBig - 1;
        if (d64 < IMPLICIT) {
            expZ--;
            d64 = (d64 << 1) | (d0 >>> 63);
            d0 = (d0 << 1) | (extra >>> 63);
            extra <<= 1;
        }
        roundPack(signZ, expZ, d64, d0, extra, rm, env);
    }

    /**
     * Effective subtraction of operands whose scales differ by at most one (or that involve the
     * smallest normal exponent): deep cancellation is possible but no bit is lost, so subtract
     * exactly at the smaller scale and let normRoundPack normalize either way.
     */
    private static void subMagsNear(long aHi, long aLo, long bHi, long bLo, boolean signA, RoundingMode rm, Env env) {
        int expA = exp(aHi);
        int expB = exp(bHi);
        long sigA64 = aHi & FRAC_HI | (expA != 0 ? IMPLICIT : 0);
        long sigB64 = bHi & FRAC_HI | (expB != 0 ? IMPLICIT : 0);
        // Scales: exponent max(exp, 1); shift the larger-scale operand left by the difference.
        int scaleA = Math.max(expA, 1);
        int scaleB = Math.max(expB, 1);
        int scale = Math.min(scaleA, scaleB);
        if (scaleA > scale) {
            sigA64 = (sigA64 << 1) | (aLo >>> 63);
            aLo <<= 1;
        } else if (scaleB > scale) {
            sigB64 = (sigB64 << 1) | (bLo >>> 63);
            bLo <<= 1;
        }
        if (sigA64 == sigB64 && aLo == bLo) {
            z(env, signBit(rm == RoundingMode.MIN), 0); // exact cancellation
            return;
        }
        boolean bBigger = lt128(sigA64, aLo, sigB64, bLo);
        long d0 = bBigger ? bLo - aLo : aLo - bLo;
        long d64 = bBigger ? sigB64 - sigA64 - (ult(bLo, aLo) ? 1 : 0) : sigA64 - sigB64 - (ult(aLo, bLo) ? 1 : 0);
        normRoundPack(signA ^ bBigger, scale - 1, d64, d0, rm, env);
    }

    // ------------------------------------------------------------------ mul

    /** a * b, rounded in mode rm. */
    public static void mul(long aHi, long aLo, long bHi, long bLo, RoundingMode rm, Env env) {
        // One branch for "an operand is zero, subnormal, infinite or NaN" (exponent 0 or 0x7FFF):
        // adding 1 to the exponent field leaves bits 49..62 all zero exactly for those two (0x7FFF
        // carries into the sign bit, outside the mask). No exponent is kept as a value of its own:
        // mulNormal reads them from aHi and bHi, which the rare exits keep alive anyway (with the
        // fields extracted here, both stayed in registers through the multiplies).
        if ((((aHi + (1L << 48)) & MUL_SPECIAL_MASK) - 1 | ((bHi + (1L << 48)) & MUL_SPECIAL_MASK) - 1) < 0) {
            mulSpecialOrSubnormal(aHi, aLo, bHi, bLo, rm, env);
            return;
        }
        mulNormal(aHi, aLo, bHi, bLo, rm, env);
    }

    /** Bits 49..62: an exponent field plus one has none of them set when the field is 0 or 0x7FFF. */
    private static final long MUL_SPECIAL_MASK = 0x7FFEL << 48;

    private static boolean isSubnormal(long hi, long lo) {
        return exp(hi) == 0 && ((hi & FRAC_HI) | lo) != 0;
    }

    /**
     * Whether roundPack's exponent {@code exp} (out of [0, 0x7FFD)) is far from the normal range:
     * at least twice the largest finite value, or below a quarter of the smallest subnormal.
     */
    private static boolean farOut(int exp) {
        return exp > 0x7FFD || exp < -114;
    }

    /**
     * The rounded result of a nonzero value far out of range ({@link #farOut}): overflow to infinity
     * or the largest finite value, or underflow to zero or the smallest subnormal, by the mode.
     */
    private static void farOutResult(long sign, int exp, RoundingMode rm, Env env) {
        boolean away = rm == (sign != 0 ? RoundingMode.MIN : RoundingMode.MAX);
        if (exp > 0) {
            env.flags |= OVERFLOW | INEXACT;
            boolean inf = away || rm == RoundingMode.NEAR_EVEN || rm == RoundingMode.NEAR_MAX_MAG;
            env.zHi = sign | (inf ? 0x7FFF000000000000L : 0x7FFEFFFFFFFFFFFFL);
            env.zLo = inf ? 0 : -1L;
        } else {
            env.flags |= UNDERFLOW | INEXACT;
            env.zHi = sign;
            env.zLo = away || rm == RoundingMode.ODD ? 1 : 0;
        }
    }

    /**
     * The product of two normal operands from four 64 x 64-bit multiplies: A' = A 2^13 and
     * B' = B 2^13 as words a1:a0 and b1:b0 (leading ones at bit 125); H = a1 b1 + hi(a1 b0) +
     * hi(a0 b1) is floor(A' B' / 2^128) or up to 2 less (the dropped low words and a0 b0 add less
     * than 3 units). H's leading one is bit 123 (t = 1) or 122, its significand H >> (10 + t),
     * its round bit bit 9 + t. When H's low 9 bits lie in [1, 2^9 - 3], adding 0..2 changes no
     * higher bit and leaves a nonzero bit below the round bit: H decides the rounding, and the
     * product is inexact and no tie. Otherwise (3 in 512 random products, and every product with
     * at most 9 bits below the round bit, exact ones included) {@link #mulSignificands} takes the
     * exact 226-bit product. The roundPack exponent is the exponent fields' sum - 0x4000 + t.
     *
     * <p>Why 2^13 and not 2^15 (the words' full width): a1 and b1 are below 2^62, so
     * hi(a1 b0) < a1 and hi(a0 b1) < b1 add to less than 2^63 without a carry, and adding that
     * sum u to the low word of a1 b1 carries exactly when that word has its top bit and the sum
     * has not (u's top bit is clear): no carry is a compare, which C2 emitted as setcc or as a
     * branch on a coin toss. Nine bits below the round bit still leave 509 of 512 products to H.
     */
    private static void mulNormal(long aHi, long aLo, long bHi, long bLo, RoundingMode rm, Env env) {
        long a1 = ((aHi << 16) >>> 3) | (1L << 61) | (aLo >>> 51);
        long a0 = aLo << 13;
        long b1 = ((bHi << 16) >>> 3) | (1L << 61) | (bLo >>> 51);
        long b0 = bLo << 13;
        long u = Math.unsignedMultiplyHigh(a1, b0) + Math.unsignedMultiplyHigh(a0, b1); // < 2^63
        long lo11 = a1 * b1;
        long hLo = lo11 + u;
        long hHi = Math.unsignedMultiplyHigh(a1, b1) + ((lo11 & ~hLo) >>> 63);
        long t = hHi >>> 59;
        // the exponent fields as longs: no sign extension
        long exp = ((aHi >>> 48) & EXP_MAX) + ((bHi >>> 48) & EXP_MAX) - 0x4000 + t;
        // Both rare exits call one method with the operands as they came: every rare path of
        // mul (these, and mulSpecialOrSubnormal) is a call of (aHi, aLo, bHi, bLo, rm, env), so
        // a caller's loop keeps fewer values alive across calls (measured faster than calls with
        // the values computed here, and than NaNs, infinities and zeros answered in line).
        if (((hLo + 2) & 0x1FF) <= 2 || Long.compareUnsigned(exp, 0x7FFD) >= 0) { // or exp < 0, exp >= 0x7FFD
            mulExactOrOutOfRange(aHi, aLo, bHi, bLo, rm, env);
            return;
        }
        // H <= A' B' / 2^128 < 2^124, so rounding it up by at most 2^11 never carries out of hHi
        packInexactProduct((aHi ^ bHi) & SIGN, exp, 10 + (int) t, hHi, hLo, rm, env);
    }

    /**
     * mul of normal operands where mulNormal's H does not decide (its low bits at a window's edge)
     * or the product is subnormal or overflows: products far out of range ({@link #farOut}, for
     * either position of the leading one) take {@link #farOutResult}, the rest the exact product.
     */
    private static void mulExactOrOutOfRange(long aHi, long aLo, long bHi, long bLo, RoundingMode rm, Env env) {
        int expA = exp(aHi);
        int expB = exp(bHi);
        int expSum = expA + expB - 0x4000; // roundPack's exponent is expSum or expSum + 1
        if (farOut(expSum) && farOut(expSum + 1)) {
            farOutResult((aHi ^ bHi) & SIGN, expSum, rm, env);
            return;
        }
        mulSignificands((aHi ^ bHi) < 0, expA, aHi & FRAC_HI | IMPLICIT, aLo, expB, bHi & FRAC_HI | IMPLICIT, bLo,
                rm, env);
    }

    /**
     * A product estimate H (mulNormal's or mulAddProductFar's) when subnormal or overflowing:
     * H's significand H >> sh, its round bit (bit sh - 1) and a sticky bit.
     */
    private static void packOutOfRange(long sign, int exp, int sh, long hHi, long hLo, RoundingMode rm, Env env) {
        if (farOut(exp)) {
            farOutResult(sign, exp, rm, env);
            return;
        }
        roundPackAnyMode(sign != 0, exp, hHi >>> sh, (hHi << -sh) | (hLo >>> sh), ((hLo << -sh) & SIGN) | 1, rm,
                env);
    }

    /**
     * Rounds and packs H >> sh for a normal, inexact, never tied product estimate H (mulNormal's
     * or mulAddProductFar's; the round bit is bit sh - 1), by adding half an ulp (to nearest), an
     * ulp (away from zero) or nothing to H before the shift; {@code top} is the sign and the
     * roundPack exponent in place (sign + exp 2^48). The increment, at most 2^15, is below 2^63,
     * so H's low word carries exactly when it had its top bit and the sum has not. A carry out of
     * the significand moves into the exponent field, as it should. Kept apart from mulNormal so
     * that both stay under C2's inlining limit (325 bytecodes).
     */
    private static void packInexactProduct(long sign, long exp, int sh, long hHi, long hLo, RoundingMode rm,
            Env env) {
        env.flags |= INEXACT;
        if (rm == RoundingMode.NEAR_EVEN || rm == RoundingMode.NEAR_MAX_MAG) {
            long n0 = hLo + (1L << (sh - 1)); // half an ulp
            long n1 = hHi + ((hLo & ~n0) >>> 63);
            env.zHi = sign + (exp << 48) + (n1 >>> sh);
            env.zLo = (n1 << -sh) | (n0 >>> sh);
            return;
        }
        // The directed modes truncate H and then add an ulp (1) or nothing to the significand:
        // adding 2^sh to H before the shift gives the same. H's low word is read once, at the
        // start (with the increment added to H, C2 kept it alive to the end and spilled it in
        // MIN and MAX: one JVM per cell read 83-86 Mop/s there against near_even's 98-101).
        long sig0 = (hHi << -sh) | (hLo >>> sh);
        long sig64 = hHi >>> sh;
        long inc;
        if (rm == RoundingMode.MIN) {
            inc = sign >>> 63;
        } else if (rm == RoundingMode.MAX) {
            inc = (sign >>> 63) ^ 1;
        } else {
            // MIN_MAG and ODD: nothing to add and carry (SoftFloat's odd is its fastest mode;
            // with an increment of 0 added, odd read 1.09-1.13 of it, not 1.2)
            env.zHi = sign + (exp << 48) + sig64;
            env.zLo = sig0 | (rm == RoundingMode.ODD ? 1 : 0);
            return;
        }
        long z0 = sig0 + inc;
        // inc < 2^63: sig0 + inc carries exactly when sig0 has its top bit and the sum has not
        env.zHi = sign + (exp << 48) + sig64 + ((sig0 & ~z0) >>> 63);
        env.zLo = z0;
    }

    /** mul with a NaN, infinite, zero or subnormal operand. */
    private static void mulSpecialOrSubnormal(long aHi, long aLo, long bHi, long bLo, RoundingMode rm, Env env) {
        boolean signZ = (aHi ^ bHi) < 0;
        int expA = exp(aHi);
        int expB = exp(bHi);
        if (expA == EXP_MAX || expB == EXP_MAX) {
            if (isNaN(aHi, aLo) || isNaN(bHi, bLo)) {
                NanPolicy.propagate128(aHi, aLo, bHi, bLo, env);
            } else if (isZero(aHi, aLo) || isZero(bHi, bLo)) {
                invalid(env); // inf * 0
            } else {
                infinity(signZ, env);
            }
            return;
        }
        long sigA64 = aHi & FRAC_HI;
        long sigA0 = aLo;
        long sigB64 = bHi & FRAC_HI;
        long sigB0 = bLo;
        if (expA == 0) {
            if ((sigA64 | sigA0) == 0) {
                z(env, signBit(signZ), 0);
                return;
            }
            expA = normSubnormal(sigA64, sigA0, env);
            sigA64 = env.zHi;
            sigA0 = env.zLo;
        }
        if (expB == 0) {
            if ((sigB64 | sigB0) == 0) {
                z(env, signBit(signZ), 0);
                return;
            }
            expB = normSubnormal(sigB64, sigB0, env);
            sigB64 = env.zHi;
            sigB0 = env.zLo;
        }
        mulSignificands(signZ, expA, sigA64 | IMPLICIT, sigA0, expB, sigB64 | IMPLICIT, sigB0, rm, env);
    }

    /** The product of two normalized significands (leading one at bit 112), rounded and packed. */
    private static void mulSignificands(boolean signZ, int expA, long sigA64, long sigA0, int expB, long sigB64,
            long sigB0, RoundingMode rm, Env env) {
        // The 226-bit product P = w3:w2:w1:w0 from four 64 x 64-bit products, where A's and B's
        // high words have 49 bits: the cross terms' sum fits in 114 bits, and the 98-bit high
        // product absorbs the carries, so three carries in all. w0 is sticky only.
        long w0 = sigA0 * sigB0;
        long hi00 = Math.unsignedMultiplyHigh(sigA0, sigB0);
        long crossA = sigA64 * sigB0;
        long cross0 = crossA + sigA0 * sigB64;
        long cross64 = Math.unsignedMultiplyHigh(sigA64, sigB0) + Math.unsignedMultiplyHigh(sigA0, sigB64)
                + (ult(cross0, crossA) ? 1 : 0);
        long lo11 = sigA64 * sigB64;
        long w1 = cross0 + hi00;
        long w2 = lo11 + cross64 + (ult(w1, cross0) ? 1 : 0);
        long w3 = Math.multiplyHigh(sigA64, sigB64) + (ult(w2, lo11) ? 1 : 0);
        // P's leading one is bit 33 of w3 (P >= 2^225, carry = 1) or bit 32: shifting w3:w2:w1
        // left by 16 - carry puts it at bit 48 of sig64. No branch on carry, which random
        // operands make a coin toss.
        int carry = (int) (w3 >>> 33);
        int left = 16 - carry;
        long sig64 = (w3 << left) | (w2 >>> -left);
        long sig0 = (w2 << left) | (w1 >>> -left);
        long extra = (w1 << left) | (w0 != 0 ? 1 : 0);
        roundPack(signZ, expA + expB - 0x4000 + carry, sig64, sig0, extra, rm, env);
    }

    /**
     * The 256-bit product of a64:a0 and b1:b0 (unsigned): words 3 and 2 to env.zHi/zLo, word 1
     * returned; word 0 is simply {@code a0 * b0}.
     */
    private static long multiply(long a64, long a0, long b1, long b0, Env env) {
        long hi00 = Math.unsignedMultiplyHigh(a0, b0);
        long lo01 = a0 * b1;
        long hi01 = Math.unsignedMultiplyHigh(a0, b1);
        long lo10 = a64 * b0;
        long hi10 = Math.unsignedMultiplyHigh(a64, b0);
        long lo11 = a64 * b1;
        long hi11 = Math.unsignedMultiplyHigh(a64, b1);
        long t = hi00 + lo01;
        long c1 = ult(t, hi00) ? 1 : 0;
        long w1 = t + lo10;
        c1 += ult(w1, t) ? 1 : 0;
        long u = hi01 + hi10;
        long c2 = ult(u, hi01) ? 1 : 0;
        long u2 = u + lo11;
        c2 += ult(u2, u) ? 1 : 0;
        long w2 = u2 + c1;
        c2 += ult(w2, u2) ? 1 : 0;
        env.zHi = hi11 + c2;
        env.zLo = w2;
        return w1;
    }

    // ------------------------------------------------------------------ mulAdd

    /** a * b + c with one rounding. */
    public static void mulAdd(long aHi, long aLo, long bHi, long bLo, long cHi, long cLo, RoundingMode rm, Env env) {
        int expA = exp(aHi);
        int expB = exp(bHi);
        int expC = exp(cHi);
        // a and b normal (exponent neither 0 nor 0x7FFF) and c finite, in one branch
        if (((((expA + 1) & EXP_MAX) - 2) | (((expB + 1) & EXP_MAX) - 2) | (EXP_MAX - 1 - expC)) >= 0) {
            // |a b| < 2^(expP + 1 - BIAS + 1): below every value of exponent field expP + 1
            int expP = expA + expB - BIAS;
            if (expC >= expP + 117 && expC != 0) {
                // c is normal and the product lies below a number of exponent field expP + 1, which
                // is 116 or more below c's: add's far case (addOrSubFar's argument), as a sum or a
                // difference by the signs; the nonzero product only decides the sticky bit
                addOrSubFar(cHi, cLo, cHi < 0, (aHi ^ bHi ^ cHi) < 0, rm, env);
                return;
            }
            if (Math.max(expC, 1) <= expP - 127 && mulAddProductFar(aHi, aLo, bHi, bLo, expP - 1, rm, env)) {
                return;
            }
        }
        mulAddGeneral(aHi, aLo, bHi, bLo, cHi, cLo, expA, expB, expC, rm, env);
    }

    /**
     * mulAdd where |c| is below one unit of mulNormal's H (2^(expP - BIAS - 126) for the product
     * a b of exponent field about expP: |c| < 2^(max(expC, 1) - BIAS + 1) <= that unit). Then
     * A' B' / 2^128 + c / unit lies in (H - 1, H + 4), so when H's low 13 bits are in
     * [1, 2^13 - 4] the exact a b + c has H's bits from 13 up, the product's sign, and a nonzero
     * value below the round bit: H decides the rounding as in mulNormal (inexact, never a tie).
     * Returns false (nothing written) otherwise. {@code expSum} is mulNormal's (expP - 1).
     */
    private static boolean mulAddProductFar(long aHi, long aLo, long bHi, long bLo, int expSum, RoundingMode rm,
            Env env) {
        long a1 = (aHi << 15) | (aLo >>> 49) | SIGN;
        long a0 = aLo << 15;
        long b1 = (bHi << 15) | (bLo >>> 49) | SIGN;
        long b0 = bLo << 15;
        long x = Math.unsignedMultiplyHigh(a1, b0);
        long y = Math.unsignedMultiplyHigh(a0, b1);
        long lo11 = a1 * b1;
        long hi11 = Math.unsignedMultiplyHigh(a1, b1);
        long u = x + y;
        long hLo = lo11 + u;
        long hHi = hi11 + (ult(u, x) ? 1 : 0) + (ult(hLo, u) ? 1 : 0);
        // one unit more of margin than mulNormal's on each side; hHi = -1 excluded as there
        if (((hLo + 3) & 0x1FFF) <= 3 || hHi == -1L) {
            return false;
        }
        int exp = expSum + (int) (hHi >>> 63);
        int sh = 14 + (int) (hHi >>> 63);
        if (exp < 0 || exp >= 0x7FFD) {
            packOutOfRange((aHi ^ bHi) & SIGN, exp, sh, hHi, hLo, rm, env);
        } else {
            packInexactProduct((aHi ^ bHi) & SIGN, exp, sh, hHi, hLo, rm, env);
        }
        return true;
    }

    /** mulAdd's general path: special operands, and the exact product and c aligned in 256 bits. */
    private static void mulAddGeneral(long aHi, long aLo, long bHi, long bLo, long cHi, long cLo, int expA,
            int expB, int expC, RoundingMode rm, Env env) {
        boolean signP = (aHi ^ bHi) < 0;
        boolean signC = cHi < 0;
        if (expA == EXP_MAX || expB == EXP_MAX) {
            if (isNaN(aHi, aLo) || isNaN(bHi, bLo)) {
                NanPolicy.propagate128(aHi, aLo, bHi, bLo, env);
                NanPolicy.propagate128(env.zHi, env.zLo, cHi, cLo, env);
            } else if (isZero(aHi, aLo) || isZero(bHi, bLo)) {
                invalid(env); // inf * 0, even when c is a quiet NaN
                if (isNaN(cHi, cLo)) {
                    NanPolicy.propagate128(env.zHi, env.zLo, cHi, cLo, env);
                }
            } else if (isNaN(cHi, cLo)) {
                NanPolicy.propagate128(signBit(signP) | 0x7FFF000000000000L, 0, cHi, cLo, env);
            } else if (expC == EXP_MAX && signC != signP) {
                invalid(env); // inf - inf
            } else {
                infinity(signP, env);
            }
            return;
        }
        if (expC == EXP_MAX) {
            if (isNaN(cHi, cLo)) {
                NanPolicy.propagate128(0, 0, cHi, cLo, env);
            } else {
                z(env, cHi, cLo);
            }
            return;
        }
        long sigA64 = aHi & FRAC_HI;
        long sigA0 = aLo;
        long sigB64 = bHi & FRAC_HI;
        long sigB0 = bLo;
        if (((expA == 0) && (sigA64 | sigA0) == 0) || ((expB == 0) && (sigB64 | sigB0) == 0)) {
            // A zero product: c unchanged, except that zeros of opposite signs sum to +-0.
            if (isZero(cHi, cLo) && signC != signP) {
                z(env, signBit(rm == RoundingMode.MIN), 0);
            } else {
                z(env, cHi, cLo);
            }
            return;
        }
        if (expA == 0) {
            expA = normSubnormal(sigA64, sigA0, env);
            sigA64 = env.zHi;
            sigA0 = env.zLo;
        }
        if (expB == 0) {
            expB = normSubnormal(sigB64, sigB0, env);
            sigB64 = env.zHi;
            sigB0 = env.zLo;
        }
        sigA64 |= IMPLICIT;
        sigB64 |= IMPLICIT;
        // Exact product P = A * B, held as X = P << 15 in 256 bits x3:x2:x1:x0 (X < 2^241).
        long b1 = (sigB64 << 15) | (sigB0 >>> 49);
        long b0 = sigB0 << 15;
        long x1 = multiply(sigA64, sigA0, b1, b0, env);
        long x3 = env.zHi;
        long x2 = env.zLo;
        long x0 = sigA0 * b0;
        // X * 2^(eX - 239) is the product, eX = expA + expB - 2 BIAS; c is Y * 2^(eY - 239) with
        // Y = C << 127 in [2^239, 2^240). The operand at the smaller scale is shifted right by
        // the scale difference d with jamming, on its top three words only: cancellation of more
        // than two leading bits needs d <= 2, and such shifts lose no bit (X's low 15 bits and
        // Y's low 127 bits are zero); otherwise the jam bit lies far below the rounding position.
        int e = expA + expB - 2 * BIAS;
        long y3 = 0;
        long y2 = 0;
        long y1 = 0;
        long y0 = 0;
        long sigC64 = cHi & FRAC_HI;
        long sigC0 = cLo;
        boolean cIsZero = expC == 0 && (sigC64 | sigC0) == 0;
        if (!cIsZero) {
            if (expC == 0) {
                expC = normSubnormal(sigC64, sigC0, env);
                sigC64 = env.zHi;
                sigC0 = env.zLo;
            }
            sigC64 |= IMPLICIT;
            int eY = expC - BIAS;
            if (e >= eY) {
                // Y >> d = C << (127 - d): exact while d <= 127, else C jammed into bit 0,
                // below the product's lowest possible bit (15).
                int s = 127 - (e - eY);
                if (s >= 64) {
                    int s64 = s - 64;
                    y1 = sigC0 << s64;
                    y2 = s64 == 0 ? sigC64 : (sigC64 << s64) | (sigC0 >>> (64 - s64));
                    y3 = s64 == 0 ? 0 : sigC64 >>> (64 - s64);
                } else if (s >= 0) {
                    y0 = sigC0 << s;
                    y1 = s == 0 ? sigC64 : (sigC64 << s) | (sigC0 >>> (64 - s));
                    y2 = s == 0 ? 0 : sigC64 >>> (64 - s);
                } else {
                    long extra = shiftRightJamExtra(sigC64, sigC0, 0, -s, env);
                    y1 = env.zHi;
                    y0 = env.zLo | (extra != 0 ? 1 : 0);
                }
            } else {
                // X >> d, d >= 1. C << 127 has no bit below 127, so jamming X into bit 64 is
                // safe; with d <= 15 nothing is lost (X's low 15 bits are zero).
                y3 = sigC64 >>> 1;
                y2 = (sigC64 << 63) | (sigC0 >>> 1);
                y1 = sigC0 << 63;
                int d = eY - e;
                if (d <= 15) {
                    x0 = (x0 >>> d) | (x1 << (64 - d));
                    x1 = (x1 >>> d) | (x2 << (64 - d));
                    x2 = (x2 >>> d) | (x3 << (64 - d));
                    x3 >>>= d;
                } else {
                    x1 = shiftRightJam192(x3, x2, x1 | (x0 != 0 ? 1 : 0), d, env);
                    x3 = env.zHi;
                    x2 = env.zLo;
                    x0 = 0;
                }
                e = eY;
            }
        }
        boolean signZ = signP;
        long w3;
        long w2;
        long w1;
        long w0;
        if (cIsZero) {
            w3 = x3;
            w2 = x2;
            w1 = x1;
            w0 = x0;
        } else if (signP == signC) {
            w0 = x0 + y0;
            long k = ult(w0, x0) ? 1 : 0;
            long s1 = x1 + y1;
            long k1 = ult(s1, x1) ? 1 : 0;
            w1 = s1 + k;
            k1 += ult(w1, s1) ? 1 : 0;
            long s2 = x2 + y2;
            long k2 = ult(s2, x2) ? 1 : 0;
            w2 = s2 + k1;
            k2 += ult(w2, s2) ? 1 : 0;
            w3 = x3 + y3 + k2;
        } else {
            // X - Y over 256 bits, then negate if negative.
            w0 = x0 - y0;
            long b = ult(x0, y0) ? 1 : 0;
            long d1 = x1 - y1;
            long bw1 = ult(x1, y1) ? 1 : 0;
            w1 = d1 - b;
            bw1 += ult(d1, b) ? 1 : 0;
            long d2 = x2 - y2;
            long b2 = ult(x2, y2) ? 1 : 0;
            w2 = d2 - bw1;
            b2 += ult(d2, bw1) ? 1 : 0;
            w3 = x3 - y3 - b2;
            if (w3 < 0) {
                signZ = signC;
                w0 = -w0;
                long n = w0 == 0 ? 1 : 0;
                w1 = ~w1 + n;
                n = (n == 1 && w1 == 0) ? 1 : 0;
                w2 = ~w2 + n;
                n = (n == 1 && w2 == 0) ? 1 : 0;
                w3 = ~w3 + n;
            }
            if ((w3 | w2 | w1 | w0) == 0) {
                z(env, signBit(rm == RoundingMode.MIN), 0); // exact cancellation
                return;
            }
        }
        // Normalize W so its leading one is at bit 240 (bit 48 of w3).
        int shift = (w3 != 0 ? Long.numberOfLeadingZeros(w3)
                : w2 != 0 ? 64 + Long.numberOfLeadingZeros(w2)
                : w1 != 0 ? 128 + Long.numberOfLeadingZeros(w1)
                : 192 + Long.numberOfLeadingZeros(w0)) - 15;
        int expZ = e - shift + BIAS;
        if (shift < 0) {
            w0 = (w1 << 63) | (w0 != 0 ? 1 : 0);
            w1 = (w2 << 63) | (w1 >>> 1);
            w2 = (w3 << 63) | (w2 >>> 1);
            w3 >>>= 1;
        } else {
            for (; shift >= 64; shift -= 64) {
                w3 = w2;
                w2 = w1;
                w1 = w0;
                w0 = 0;
            }
            if (shift > 0) {
                w3 = (w3 << shift) | (w2 >>> (64 - shift));
                w2 = (w2 << shift) | (w1 >>> (64 - shift));
                w1 = (w1 << shift) | (w0 >>> (64 - shift));
                w0 <<= shift;
            }
        }
        roundPack(signZ, expZ, w3, w2, w1 | (w0 != 0 ? 1 : 0), rm, env);
    }

    // ------------------------------------------------------------------ div

    /** Quotient bits per division step: two steps after the leading one give the 114 needed. */
    private static final int DIGIT_BITS = 57;

    /** a / b, rounded in mode rm; INFINITE for a finite nonzero a over zero. */
    public static void div(long aHi, long aLo, long bHi, long bLo, RoundingMode rm, Env env) {
        int expA = exp(aHi);
        int expB = exp(bHi);
        // one branch for "an operand is zero, subnormal, infinite or NaN" (exponent 0 or 0x7FFF)
        if (((((expA + 1) & EXP_MAX) - 2) | (((expB + 1) & EXP_MAX) - 2)) < 0) {
            // NaNs, infinities and zeros written out here (as in mul); subnormals in the call
            long sign = (aHi ^ bHi) & SIGN;
            if (isNaN(aHi, aLo) || isNaN(bHi, bLo)) {
                NanPolicy.propagate128(aHi, aLo, bHi, bLo, env);
            } else if (isSubnormal(aHi, aLo) || isSubnormal(bHi, bLo)) {
                divSpecialOrSubnormal(aHi, aLo, bHi, bLo, rm, env);
            } else if (expA == EXP_MAX) {
                if (expB == EXP_MAX) {
                    invalid(env); // inf / inf
                } else {
                    z(env, sign | 0x7FFF000000000000L, 0);
                }
            } else if (expB == EXP_MAX) {
                z(env, sign, 0); // finite / inf
            } else if (isZero(bHi, bLo)) {
                if (isZero(aHi, aLo)) {
                    invalid(env); // 0 / 0
                } else {
                    env.flags |= INFINITE;
                    z(env, sign | 0x7FFF000000000000L, 0);
                }
            } else {
                z(env, sign, 0); // 0 / finite
            }
            return;
        }
        divSignificands((aHi ^ bHi) & SIGN, expA - expB, aHi & FRAC_HI | IMPLICIT, aLo, bHi & FRAC_HI | IMPLICIT,
                bLo, rm, env);
    }

    /** div with a NaN, infinite, zero or subnormal operand. */
    private static void divSpecialOrSubnormal(long aHi, long aLo, long bHi, long bLo, RoundingMode rm, Env env) {
        boolean signZ = (aHi ^ bHi) < 0;
        int expA = exp(aHi);
        int expB = exp(bHi);
        if (expA == EXP_MAX || expB == EXP_MAX) {
            if (isNaN(aHi, aLo) || isNaN(bHi, bLo)) {
                NanPolicy.propagate128(aHi, aLo, bHi, bLo, env);
            } else if (expA == expB) {
                invalid(env); // inf / inf
            } else if (expA == EXP_MAX) {
                infinity(signZ, env);
            } else {
                z(env, signBit(signZ), 0); // finite / inf
            }
            return;
        }
        long sigA64 = aHi & FRAC_HI;
        long sigA0 = aLo;
        long sigB64 = bHi & FRAC_HI;
        long sigB0 = bLo;
        if (expB == 0) {
            if ((sigB64 | sigB0) == 0) {
                if (expA == 0 && (sigA64 | sigA0) == 0) {
                    invalid(env); // 0 / 0
                } else {
                    env.flags |= INFINITE;
                    infinity(signZ, env);
                }
                return;
            }
            expB = normSubnormal(sigB64, sigB0, env);
            sigB64 = env.zHi;
            sigB0 = env.zLo;
        }
        if (expA == 0) {
            if ((sigA64 | sigA0) == 0) {
                z(env, signBit(signZ), 0);
                return;
            }
            expA = normSubnormal(sigA64, sigA0, env);
            sigA64 = env.zHi;
            sigA0 = env.zLo;
        }
        divSignificands(signBit(signZ), expA - expB, sigA64 | IMPLICIT, sigA0, sigB64 | IMPLICIT, sigB0, rm, env);
    }

    /** The quotient of two normalized significands (leading one at bit 112), rounded and packed. */
    private static void divSignificands(long signZ, int expDiff, long sigA64, long sigA0, long sigB64, long sigB0,
            RoundingMode rm, Env env) {
        // A - B, exact in two's complement (|A - B| < 2^113): its sign says whether A < B, without
        // a branch (lt128 compiled to a branch on equal high words, which the benchmark's pairs of
        // equal and nearly equal operands take one time in eight, unpredictably). A == B: the
        // quotient is exactly 2^expDiff, rounded (subnormal or out of range) or packed by roundPack
        // with no extra bits, before the division (it was the commonest exact quotient, each
        // through the whole division and divExact).
        long diff0 = sigA0 - sigB0;
        long diff64 = sigA64 - sigB64 - (ult(sigA0, sigB0) ? 1 : 0);
        if ((diff64 | diff0) == 0) {
            roundPack(signZ != 0, expDiff + 0x3FFE, IMPLICIT, 0, 0, rm, env);
            return;
        }
        // A < B: double A, so that B <= A < 2B; r1 = 2A - B = (A - B) + A, added under a mask
        long below = diff64 >>> 63;
        long expZ = expDiff + 0x3FFE - below;
        long m0 = sigA0 & -below;
        long r0 = diff0 + m0;
        long r64 = diff64 + (sigA64 & -below) + (ult(r0, m0) ? 1 : 0);
        // Now B <= A < 2B: A / B = 1 + r1 / B with r1 = A - B < B. Two digits, neither corrected:
        // d1 ~ r1 2^62 / B and d2 ~ r2 2^58 / B, r2 = r1 2^62 - d1 B (exact, signed, small), so
        // that A 2^120 / B = 2^120 + d1 2^58 + x2 with x2 = r2 2^58 / B in (d2 - 1, d2 + 2)
        // (the bounds below). The quotient has 121 bits: 113 for the significand, a round bit
        // and 7 bits whose error never reaches the half-ulp boundaries except in ~2% of cases,
        // which take the exact remainder (divExact).
        long v = divReciprocal(sigB64, sigB0);
        // d1 = floor(rTop v / 2^64) with rTop = floor(r1 / 2^49): v = 2^175 / B + e, e in (-1.01, 2.01)
        // (divReciprocal), so rTop v / 2^64 is in (x1 - 1.52, x1 + 2.01) (r1 < B < 2^113, the floor of
        // rTop costs under v / 2^64 < 0.51) and d1 in (x1 - 2.52, x1 + 2.01), x1 = r1 2^62 / B: r2 =
        // (x1 - d1) B lies in (-2.01 B, 2.52 B), |r2| < 2^115.
        long d1 = Math.unsignedMultiplyHigh((r64 << 15) | (r0 >>> 49), v);
        long p0 = d1 * sigB0;
        long p64 = Math.unsignedMultiplyHigh(d1, sigB0) + d1 * sigB64;
        long s0 = r0 << 62;
        long s64 = (r64 << 62) | (r0 >>> 2);
        long r2Lo = s0 - p0;
        long r2Hi = s64 - p64 - (ult(s0, p0) ? 1 : 0);
        // d2 = floor(floor(r2 / 2^52) w / 2^64), signed, w = floor(v / 2) = 2^174 / B + e', e' in
        // (-1.01, 1.01): the floor of r2 costs under w / 2^64 < 1/4 + 2^-62, |r2| e' / 2^116 < 2.52 /
        // 8 * 1.01 < 0.319, so d2 lies in (x2 - 1.57, x2 + 0.32), x2 = r2 2^58 / B.
        divLastDigit(signZ, expZ, d1, r2Hi, r2Lo, v, sigB64, sigB0, rm, env);
    }

    /**
     * divSignificands' second digit and rounding, kept apart so that both halves stay under C2's
     * inlining limit (325 bytecodes) and the whole division inlines into a caller's loop.
     */
    private static void divLastDigit(long signZ, long expZ, long d1, long r2Hi, long r2Lo, long v, long sigB64,
            long sigB0, RoundingMode rm, Env env) {
        long d2 = Math.multiplyHigh((r2Hi << 12) | (r2Lo >>> 52), v >>> 1);
        // Q = A 2^120 / B lies in (P - 1, P + 2), P = (2^62 + d1) 2^58 + d2. Rounding depends only
        // on the open interval between multiples of 128 (half-ulps) that holds Q: when (P - 1, P + 2)
        // holds none, floor(Q / 128) = floor((P - 1) / 128) and Q is inexact.
        long low = d2 - 1;
        if ((low & 127) >= 126) {
            divExact(signZ, expZ, d1, d2, r2Hi, r2Lo, sigB64, sigB0, rm, env);
            return;
        }
        roundPackQuotient(signZ, expZ, (1L << 62) + d1, low, rm, env);
    }

    /**
     * divSignificands when the estimate of the last digit d2 is too close to a half-ulp: the exact
     * remainder r3 = r2 2^58 - d2 B (in (-2B, 3B)) corrects d2 and gives the sticky bit.
     */
    private static void divExact(long signZ, long expZ, long d1, long d2, long r2Hi, long r2Lo, long sigB64,
            long sigB0, RoundingMode rm, Env env) {
        long s0 = r2Lo << 58;
        long s64 = (r2Hi << 58) | (r2Lo >>> 6);
        long p0 = d2 * sigB0;
        long p64 = Math.unsignedMultiplyHigh(d2, sigB0) - ((d2 >> 63) & sigB0) + d2 * sigB64;
        long r0 = s0 - p0;
        long r64 = s64 - p64 - (ult(s0, p0) ? 1 : 0);
        while (r64 < 0) { // d2 too large
            d2--;
            long n0 = r0 + sigB0;
            r64 += sigB64 + (ult(n0, r0) ? 1 : 0);
            r0 = n0;
        }
        while (!lt128(r64, r0, sigB64, sigB0)) { // d2 too small
            d2++;
            long n0 = r0 - sigB0;
            r64 -= sigB64 + (ult(r0, sigB0) ? 1 : 0);
            r0 = n0;
        }
        long h = (1L << 62) + d1;
        long q0 = (h << 58) + d2;
        long q64 = (h >>> 6) + (d2 >> 63) + (ult(q0, h << 58) ? 1 : 0);
        long sticky = (r64 | r0) != 0 ? 1 : 0;
        roundPack(signZ != 0, (int) expZ, q64 >>> 8, (q64 << 56) | (q0 >>> 8), (q0 << 56) | sticky, rm, env);
    }

    /**
     * The seeds of {@link #divReciprocal}: for b = B / 2^112 in [1, 2) (B a normalized significand),
     * entry i (b's 8 bits after the leading one, bits 47..40 of sigB64) holds c0 (high half) and c1
     * (low half) of a line q0 = c0 - floor(c1 f / 2^24) in f (the next 16 bits, bits 39..24) close
     * to 2^31 / b on b's interval [a, c] = [1 + i / 256, 1 + (i + 1) / 256]: the chord of 2^31 / b
     * across it moved down by half its largest distance from the curve, 2^31 (a^-1/2 - c^-1/2)^2 at
     * b = sqrt(a c) (the best line in the largest error: it equioscillates), which is under 2^31
     * (2^-9)^2 = 2^13; so half of it is under 2^12, and within an f-cell (b known to 2^-24) 2^31 / b
     * moves by under 2^7: |q0 - 2^31 / b| < 2^12 + 2^7 + 2 (c0's and c1's rounding, the floor),
     * relative error under 2^-17.9 as 2^31 / b > 2^30. The worst over every (i, f) and both ends of
     * its cell is 2^-18.96 (exhaustive: F128DivisionProperties.reciprocalSeedsAreWithin2ToMinus189).
     * Computed in doubles with IEEE's correctly rounded operations only (+ - * / and Math.sqrt, no
     * Math.pow), so every JVM builds the same table; c1 < 2^31 and q0 in (2^29, 2^31).
     */
    private static final long[] RECIPROCAL_SEEDS = reciprocalSeeds();

    private static long[] reciprocalSeeds() {
        long[] seeds = new long[256];
        for (int i = 0; i < 256; i++) {
            double a = 1 + i / 256.0;
            double c = 1 + (i + 1) / 256.0;
            double root = 1 / Math.sqrt(a) - 1 / Math.sqrt(c);
            double dip = 0x1p31 * root * root;
            long c0 = Math.round(0x1p31 / a - dip / 2);
            long c1 = Math.round(0x1p39 * (1 / a - 1 / c)); // the chord's slope per unit of f, times 2^24
            seeds[i] = (c0 << 32) | c1;
        }
        return seeds;
    }

    /** div's seed q0 ~ 2^31 / b for the significand's high word sigB64 (see RECIPROCAL_SEEDS). */
    static long reciprocalSeed(long sigB64) {
        long seed = RECIPROCAL_SEEDS[(int) (sigB64 >>> 40) & 0xFF];
        return (seed >>> 32) - (((seed & 0xFFFFFFFFL) * ((sigB64 >>> 24) & 0xFFFF)) >>> 24);
    }

    /**
     * div's reciprocal (q12f, 2026-11-29): v = 2^175 / B + e with e in (-1.01, 2.01) for a
     * normalized significand B = sigB64:sigB0 (leading one at bit 112), all in integers, from a seed
     * q0 ~ 2^31 / b (a table and a line, reciprocalSeed) and one step of third order. (Before, a
     * double division of B's top 53 bits and a Newton step: the conversions and the divider, ~22
     * cycles at the head of the division's dependency chain.)
     * <p>
     * With bTop = floor(B / 2^49) (leading one at bit 63), E = 2^94 - bTop q0 exactly and eps = E /
     * 2^94, |eps| < 2^-18.9 (the seed's bound), 2^126 / bTop = 2^32 q0 / (1 - eps) = 2^32 q0 (1 + eps
     * + eps^2 + eps^3) + 2^32 q0 eps^4 / (1 - eps), the last term in [0, 2^63 2^-75.6) = [0, 2^-12).
     * f = ((2^30 - hi) << 48) - (lo >>> 16) for E = (2^30 - hi) 2^64 - lo lies in [E / 2^16, E / 2^16
     * + 1), |f| < 2^60 (|2^30 - hi| < 2^12). t = floor(q0 2^18 f / 2^64) is T = 2^32 q0 eps to within
     * (-1, 2^-15) (|T| < 2^44.1); g = f + floor(f^2 / 2^78) is (eps + eps^2) 2^78 to within (-1.01,
     * 1.01); floor(t g / 2^78) is T (eps + eps^2) to within (-1 - 2^-17, 2^-17) (t's error times
     * |eps + eps^2| < 2^-18.8, T's times g's error / 2^78 < 2^-32). So 2^32 q0 + t + floor(t g / 2^78)
     * lies in (2^126 / bTop - 2 - 2^-11, 2^126 / bTop + 2^-14), and v, one more, in (2^126 / bTop -
     * 1.001, 2^126 / bTop + 1.0001); 2^175 / B lies in (2^126 / bTop - 1, 2^126 / bTop] (B / 2^49 in
     * [bTop, bTop + 1)), so e is in (-1.001, 2.0001). The added 1 centres the floors' error: without
     * it e would be in (-2.001, 1.0001), and d2's window (divSignificands) would keep 0.08 of margin
     * instead of 0.43. v is in (2^62 - 2, 2^63 + 2), an unsigned long. Checked against 2^175 / B by
     * F128DivisionProperties (random significands, significands near 1 and 2, all ones, 1 + 2^-112,
     * both ends of every seed's cell).
     */
    static long divReciprocal(long sigB64, long sigB0) {
        long q0 = reciprocalSeed(sigB64);
        long bTop = (sigB64 << 15) | (sigB0 >>> 49); // B's top 64 bits, leading one at bit 63
        long lo = bTop * q0;
        long hi = Math.unsignedMultiplyHigh(bTop, q0); // bTop q0 = hi 2^64 + lo, < 2^95
        long f = (((1L << 30) - hi) << 48) - (lo >>> 16);
        long t = Math.multiplyHigh(q0 << 18, f);
        long g = f + (Math.multiplyHigh(f, f) >> 14);
        return (q0 << 32) + 1 + t + (Math.multiplyHigh(t, g) >> 14);
    }

    /**
     * About 2^126 / bTop (within a few units) for bTop in [2^63, 2^64), as an unsigned long: a
     * double estimate from B's top 53 bits (exact in a double), good to 2^-51, then one Newton
     * step v + v * (2^126 - v * bTop) / 2^126 in integers, which squares the relative error.
     */
    private static long reciprocal(long bTop, long sigB64, long sigB0) {
        long v = (long) (0x1p115 / (double) ((sigB64 << 4) | (sigB0 >>> 60))); // in (2^62, 2^63]
        // e = 2^126 - v * bTop, |e| < 2^75: only its bits 12..75 matter below.
        long lo = v * bTop;
        long hi = Math.unsignedMultiplyHigh(v, bTop);
        long eHi = (1L << 62) - hi - (lo != 0 ? 1 : 0);
        long e = (eHi << 52) | (-lo >>> 12); // e >> 12, signed, fits
        return v + (Math.multiplyHigh(v, e) >> 50);
    }

    /**
     * Estimate of floor(r * 2^bits / B) for 0 <= r < B, B in [2^112, 2^113), 1 <= bits <= 57,
     * from the top 64 bits of r and {@code v} = 2^126 / bTop to a few units: rTop * v / 2^64 is
     * r * 2^62 / B within a few units, so after the shift the estimate is within one.
     */
    private static long digit(long r64, long r0, long v, int bits) {
        long rTop = (r64 << 15) | (r0 >>> 49);
        return Math.unsignedMultiplyHigh(rTop, v) >>> (62 - bits);
    }

    /**
     * r' = r * 2^bits - d * B for an estimate d within one of floor(r * 2^bits / B), brought
     * into [0, B) by adding or subtracting B: the high word to env.zHi, the correction of d
     * (-1, 0 or +1, rarely more) to env.zLo; returns the low word. Computed modulo 2^128: the
     * true value before correction lies in (-B, 2B).
     */
    private static long remainderStep(long r64, long r0, long d, int bits, long sigB64, long sigB0, Env env) {
        long s64 = (r64 << bits) | (r0 >>> (64 - bits));
        long s0 = r0 << bits;
        long p0 = d * sigB0;
        long p64 = Math.unsignedMultiplyHigh(d, sigB0) + d * sigB64;
        r0 = s0 - p0;
        r64 = s64 - p64 - (ult(s0, p0) ? 1 : 0);
        long fix = 0;
        while (r64 < 0) { // the estimate was too large
            fix--;
            long n0 = r0 + sigB0;
            r64 += sigB64 + (ult(n0, r0) ? 1 : 0);
            r0 = n0;
        }
        while (!lt128(r64, r0, sigB64, sigB0)) { // too small
            fix++;
            long n0 = r0 - sigB0;
            r64 -= sigB64 + (ult(r0, sigB0) ? 1 : 0);
            r0 = n0;
        }
        env.zHi = r64;
        env.zLo = fix;
        return r0;
    }

    // ------------------------------------------------------------------ sqrt

    /** The square root, rounded in mode rm; sqrt(-0) = -0, negative operands are INVALID. */
    public static void sqrt(long aHi, long aLo, RoundingMode rm, Env env) {
        // one branch for "a positive normal operand": the sign and exponent field (aHi >>> 48) in
        // [1, 0x7FFE]; the rest (zeros, subnormals, negatives, infinities, NaNs) in a call of its
        // own, so that this method and sqrtNormal stay under C2's inlining limit (325 bytecodes)
        if ((char) ((int) (aHi >>> 48) - 1) >= 0x7FFE) {
            sqrtSpecialOrSubnormal(aHi, aLo, rm, env);
            return;
        }
        sqrtNormal(exp(aHi), aHi & FRAC_HI | IMPLICIT, aLo, rm, env);
    }

    /** sqrt of a zero, subnormal, negative, infinite or NaN operand. */
    private static void sqrtSpecialOrSubnormal(long aHi, long aLo, RoundingMode rm, Env env) {
        int expA = exp(aHi);
        long sigA64 = aHi & FRAC_HI;
        long sigA0 = aLo;
        if (expA == EXP_MAX) {
            if ((sigA64 | sigA0) != 0) {
                NanPolicy.propagate128(aHi, aLo, 0, 0, env);
            } else if (aHi < 0) {
                invalid(env);
            } else {
                z(env, aHi, aLo);
            }
            return;
        }
        if (expA == 0 && (sigA64 | sigA0) == 0) {
            z(env, aHi, aLo); // sqrt(+-0) = +-0
            return;
        }
        if (aHi < 0) {
            invalid(env);
            return;
        }
        expA = normSubnormal(sigA64, sigA0, env);
        sqrtNormal(expA, env.zHi | IMPLICIT, env.zLo, rm, env);
    }

    private static final int BIAS_DOUBLE = 1023;
    private static final long DOUBLE_FRAC = (1L << 52) - 1;

    /**
     * The square root of S 2^(expA - BIAS - 112), S = sigA64:sigA0 normalized (leading one at
     * bit 112), rounded and packed.
     */
    private static void sqrtNormal(int expA, long sigA64, long sigA0, RoundingMode rm, Env env) {
        // a = S * 2^(e - 112); with e made even (S doubled when e is odd), sqrt(a) =
        // sqrt(S << 116) * 2^(e/2 - 114). R = isqrt(S << 116) lies in [2^114, 2^115).
        int e = expA - BIAS;
        // without a branch: e's parity is a coin toss on random operands
        int odd = e & 1;
        // t = M >> 142 = S' >> 10 (S' = S doubled when e is odd) as a double, from the bits: S's 52
        // bits after its leading one (bit 112), truncated, under the exponent of 2^102 (2^103 when
        // e is odd); t (1 - 2^-52) < radicand <= t. (Instead of two conversions, a multiply and an add.)
        double radicand = Double.longBitsToDouble(((long) (BIAS_DOUBLE + 102 + odd) << 52)
                | ((sigA64 << 4 | sigA0 >>> 60) & DOUBLE_FRAC));
        sigA64 = (sigA64 << odd) | ((sigA0 >>> 63) & odd);
        sigA0 <<= odd;
        e -= odd;
        // R = isqrt(M), M = S << 132 < 2^246: 123 bits, of which the top 113 are the result's
        // significand and the other 10 (with the remainder's sticky) decide the rounding. R is
        // built as (r 2^32 + d1) 2^39 + d2 in the radix of the digit recurrence
        // rem = rem 4^k + bits - d (2 root 2^k + d), root = root 2^k + d: r comes from Math.sqrt of
        // M's top 104 bits (t = S >> 10), off by under 2 units; the digits are estimated as
        // rem 2^k / (2 root) with one reciprocal y = 2^114 / (2 r) (in (2^61, 2^62]) by
        // Math.multiplyHigh, so they may be off by a unit or two (or negative). Quantities are kept
        // modulo 2^128 (the true remainders are small and signed).
        // (Integer digits instead of double ones: 1.10-1.14x, docs/performance-log.md.)
        long t0 = (sigA64 << 54) | (sigA0 >>> 10);
        double rootEstimate = Math.sqrt(radicand);
        // 2^114 / (2 root) = sqrt(t) 2^113 / t: the division starts beside the square root instead
        // of after it (both ~13-20 cycles on the one divider, the chain's longest links); relative
        // error under 2^-51 (three roundings and the radicand's truncation), where sqrtLastDigit's
        // argument allows 2^-49
        long y = (long) (rootEstimate * (0x1p113 / radicand));
        long r = (long) rootEstimate;
        long rem1 = t0 - r * r; // t - r^2, small: its low word is its value
        // k = 32: the radicand bits brought down are S's low 10 bits
        long d = Math.multiplyHigh(rem1, y) >> 18; // rem1 2^32 / (2 r), floored
        // The new remainder rem = rem1 2^64 + bits - d (2 r 2^32 + d) = h 2^33 + bits - d^2 with
        // h = rem1 2^31 - d r. |rem| < 2^87 (sqrtLastDigit), bits < 2^64 and d^2 < 2^68 (|d| <
        // 2^34), so |h| < 2^55: h is exact modulo 2^64. sqrtLastDigit's digit needs only rem's
        // top bits, ms = floor(rem / 2^26) = h 2^7 + (bits >>> 26) - ceil(d^2 / 2^26) (bits' low
        // 54 bits are zeros); it gets h 2^7 + (bits >>> 26) - floor(d^2 / 2^26), ms or ms + 1
        // (|ms| < 2^61). The three products (d r, d^2's two words) run side by side, where the
        // exact 128-bit rem took d (2 r 2^32 + d) after that sum, then a 128-bit subtraction.
        // rem's low word (rem0, exact) goes to sqrtExact.
        long bits = sigA0 << 54;
        long dr = d * r;
        long dd0 = d * d;
        long h = (rem1 << 31) - dr;
        long top = (h << 7) + (bits >>> 26) - ((Math.multiplyHigh(d, d) << 38) | (dd0 >>> 26));
        long rem0 = bits - (dr << 33) - dd0;
        long root0 = (r << 32) + d;
        long root64 = (r >>> 32) + (d >> 63) + (ult(root0, r << 32) ? 1 : 0);
        sqrtLastDigit((e >> 1) + BIAS - 1, root64, root0, top, rem0, y, rm, env);
    }

    /**
     * sqrtNormal's second digit and rounding, kept apart so that both halves stay under C2's
     * inlining limit (325 bytecodes) and the whole square root inlines into a caller's loop.
     */
    private static void sqrtLastDigit(int expZ, long root64, long root0, long top, long rem0, long y,
            RoundingMode rm, Env env) {
        // k = 39: no radicand bits left. d is within about one unit of its digit, so |rem| <
        // 2^87 and rem >> 26 fits in 61 bits; d2 = floor(top y / 2^81) with top = floor(rem /
        // 2^26) or one more (sqrtNormal), i.e. rem 2^39 y / 2^114 / 2^32. Its error: y stands for
        // 1 / (2 root 2^-32) within a relative 2^-49 (the double's rounding, r truncated from the
        // double root, and d / (r 2^32) < 2^-50 that root moved by), at most 2^-8 of |d2| < 2^41,
        // plus the two floors and top's extra unit (y / 2^81 < 2^-19): d2 lies in (x - 1.01, x +
        // 0.01), x = rem 2^39 / (2 root); and R = root 2^39 + x up to 2^-40 (the recurrence's
        // second-order term).
        long d2 = Math.multiplyHigh(top, y) >> 17;
        // z = root 2^39 + d2, and now |z - R| < 2 (3 is kept as the margin). Unless z's low 9
        // bits (d2's: root 2^39 has 39 zero bits) are within 3 of a multiple of 512 (the ulp and
        // half-ulp boundaries of the result), R has z's bits 9 and up and is inexact.
        if (((d2 + 3) & 511) <= 6) {
            long shifted64 = (root64 << 39) | (root0 >>> 25);
            long shifted0 = root0 << 39;
            long z0 = shifted0 + d2;
            long z64 = shifted64 + (d2 >> 63) + (ult(z0, shifted0) ? 1 : 0);
            sqrtExact(expZ, root64, root0, rem0, d2, z64, z0, rm, env);
            return;
        }
        // Inexact and off every half-ulp: the result's significand is floor(z / 2^10) (bit 9 of z
        // the round bit, the sticky bit set), rounded up in the near modes when bit 9 is set and
        // in MAX always (the root is positive, so MIN is MIN_MAG): floor((z + b) / 2^10) with b =
        // 512, 1024 or 0, which is root 2^29 + ((d2 + b) >> 10) since root 2^39 is a multiple of
        // 2^10. So the rounding is one add before the shift, and root 2^29 is ready long before d2
        // (it is off the dependency chain that ends in d2). ODD sets the last bit.
        long b;
        if (rm == RoundingMode.NEAR_EVEN || rm == RoundingMode.NEAR_MAX_MAG) {
            b = 512;
        } else if (rm == RoundingMode.MAX) {
            b = 1024;
        } else {
            b = 0;
        }
        long q = (d2 + b) >> 10;
        long top0 = root0 << 29;
        long sig0 = top0 + q;
        long sig64 = ((root64 << 29) | (root0 >>> 35)) + (q >> 63) + (ult(sig0, top0) ? 1 : 0);
        if (rm == RoundingMode.ODD) {
            sig0 |= 1;
        }
        env.flags |= INEXACT;
        // the significand's leading one (bit 48 of sig64) adds one to expZ, and a carry out of the
        // top (a root rounded up to 2^113) moves into the exponent field, as in roundPackInexact;
        // expZ lies in [8135, 24573]: no overflow or underflow
        env.zHi = ((long) expZ << 48) + sig64;
        env.zLo = sig0;
    }

    /**
     * sqrtNormal when z is within 3 of a half-ulp boundary: the exact remainder corrects z by unit
     * steps and gives the sticky bit. Apart so that sqrtNormal stays under C2's inlining limit.
     */
    private static void sqrtExact(int expZ, long root64, long root0, long rem0, long d2, long z64, long z0,
            RoundingMode rm, Env env) {
        long rem64;
        long p0;
        long p64;
        // Exactly: rem = rem 2^78 - d2 (2 root 2^39 + d2), then 0 <= rem <= 2 z by unit steps.
        long c64 = (root64 << 40) | (root0 >>> 24);
        long c0 = (root0 << 40) + d2;
        c64 += (d2 >> 63) + (ult(c0, root0 << 40) ? 1 : 0);
        p0 = d2 * c0;
        p64 = Math.unsignedMultiplyHigh(d2, c0) + d2 * c64 - ((d2 >> 63) & c0);
        long b64 = rem0 << 14;
        rem0 = -p0;
        rem64 = b64 - p64 - (p0 != 0 ? 1 : 0);
        while (rem64 < 0) { // z too large: rem += 2 z - 1, z -= 1
            long t2 = (z0 << 1) - 1;
            long u64 = (z64 << 1) | (z0 >>> 63);
            if (z0 << 1 == 0) {
                u64--;
            }
            long m0 = rem0 + t2;
            rem64 += u64 + (ult(m0, rem0) ? 1 : 0);
            rem0 = m0;
            z64 -= z0 == 0 ? 1 : 0;
            z0--;
        }
        while (true) { // z too small while rem >= 2 z + 1: rem -= 2 z + 1, z += 1
            long u0 = (z0 << 1) | 1;
            long u64 = (z64 << 1) | (z0 >>> 63);
            if (lt128(rem64, rem0, u64, u0)) {
                break;
            }
            long m0 = rem0 - u0;
            rem64 -= u64 + (ult(rem0, u0) ? 1 : 0);
            rem0 = m0;
            z0++;
            z64 += z0 == 0 ? 1 : 0;
        }
        long extra = (z0 << 54) | ((rem64 | rem0) != 0 ? 1 : 0);
        roundPack(false, expZ, z64 >>> 10, (z64 << 54) | (z0 >>> 10), extra, rm, env);
    }

    // ------------------------------------------------------------------ rem, fmod

    /** IEEE 754 remainder: a - n * b with n the integer nearest a / b (ties to even). Exact. */
    public static void rem(long aHi, long aLo, long bHi, long bLo, Env env) {
        remainder(aHi, aLo, bHi, bLo, true, env);
    }

    /** C fmod = LLVM frem: a - n * b with n = trunc(a / b); exact, with the sign of a. */
    public static void fmod(long aHi, long aLo, long bHi, long bLo, Env env) {
        remainder(aHi, aLo, bHi, bLo, false, env);
    }

    private static void remainder(long aHi, long aLo, long bHi, long bLo, boolean nearest, Env env) {
        int expA = exp(aHi);
        int expB = exp(bHi);
        boolean signA = aHi < 0;
        if (expA == EXP_MAX || expB == EXP_MAX) {
            if (isNaN(aHi, aLo) || isNaN(bHi, bLo)) {
                NanPolicy.propagate128(aHi, aLo, bHi, bLo, env);
            } else if (expA == EXP_MAX) {
                invalid(env); // inf rem x
            } else {
                z(env, aHi, aLo); // x rem inf = x
            }
            return;
        }
        long sigA64 = aHi & FRAC_HI;
        long sigA0 = aLo;
        long sigB64 = bHi & FRAC_HI;
        long sigB0 = bLo;
        if (expB == 0) {
            if ((sigB64 | sigB0) == 0) {
                invalid(env); // x rem 0
                return;
            }
            expB = normSubnormal(sigB64, sigB0, env);
            sigB64 = env.zHi;
            sigB0 = env.zLo;
        }
        if (expA == 0) {
            if ((sigA64 | sigA0) == 0) {
                z(env, aHi, aLo);
                return;
            }
            expA = normSubnormal(sigA64, sigA0, env);
            sigA64 = env.zHi;
            sigA0 = env.zLo;
        }
        sigA64 |= IMPLICIT;
        sigB64 |= IMPLICIT;
        int expDiff = expA - expB;
        if (expDiff < 0) {
            // |a| < |b|: fmod is a; rem is a unless |a| > |b| / 2, which needs expDiff == -1.
            if (!nearest || expDiff < -1 || !lt128(sigB64, sigB0, sigA64, sigA0)) {
                z(env, aHi, aLo);
                return;
            }
            // |b| - |a| = (2B - A) at a's scale, sign flipped: exact.
            long t0 = sigB0 << 1;
            long t64 = (sigB64 << 1) | (sigB0 >>> 63);
            long d0 = t0 - sigA0;
            long d64 = t64 - sigA64 - (ult(t0, sigA0) ? 1 : 0);
            normRoundPack(!signA, expA - 1, d64, d0, RoundingMode.NEAR_EVEN, env);
            return;
        }
        // r = (A * 2^expDiff) mod B by long division, up to 57 quotient bits per step; only the
        // quotient's last bit is kept (for ties of rem).
        long r64 = sigA64;
        long r0 = sigA0;
        long qLast = 0;
        if (!lt128(r64, r0, sigB64, sigB0)) {
            long n0 = r0 - sigB0;
            r64 = r64 - sigB64 - (ult(r0, sigB0) ? 1 : 0);
            r0 = n0;
            qLast = 1;
        }
        long v = reciprocal((sigB64 << 15) | (sigB0 >>> 49), sigB64, sigB0);
        while (expDiff > 0) {
            int bits = Math.min(expDiff, DIGIT_BITS);
            expDiff -= bits;
            long d = digit(r64, r0, v, bits);
            r0 = remainderStep(r64, r0, d, bits, sigB64, sigB0, env);
            r64 = env.zHi;
            qLast = (d + env.zLo) & 1;
        }
        boolean signZ = signA;
        if (nearest) {
            // Round the quotient to nearest: take B - r when 2r > B, or 2r == B and q is odd.
            long t64 = (r64 << 1) | (r0 >>> 63);
            long t0 = r0 << 1;
            boolean above = lt128(sigB64, sigB0, t64, t0);
            boolean tie = t64 == sigB64 && t0 == sigB0;
            if (above || (tie && qLast == 1)) {
                long n0 = sigB0 - r0;
                r64 = sigB64 - r64 - (ult(sigB0, r0) ? 1 : 0);
                r0 = n0;
                signZ = !signZ;
            }
        }
        if ((r64 | r0) == 0) {
            z(env, signBit(signA), 0);
            return;
        }
        normRoundPack(signZ, expB - 1, r64, r0, RoundingMode.NEAR_EVEN, env);
    }

    // ------------------------------------------------------------------ roundToInt

    /** a rounded to an integral value in mode rm (not env's); INEXACT only when {@code exact}. */
    public static void roundToInt(long aHi, long aLo, RoundingMode rm, boolean exact, Env env) {
        int exp = exp(aHi);
        if (exp >= 0x406F) { // |a| >= 2^112: already an integer, or inf or NaN
            if (exp == EXP_MAX && ((aHi & FRAC_HI) | aLo) != 0) {
                NanPolicy.propagate128(aHi, aLo, 0, 0, env);
            } else {
                z(env, aHi, aLo);
            }
            return;
        }
        long sign = aHi & SIGN;
        if (exp < BIAS) { // |a| < 1
            if (((aHi & ~SIGN) | aLo) == 0) {
                z(env, aHi, aLo);
                return;
            }
            if (exact) {
                env.flags |= INEXACT;
            }
            boolean one = switch (rm) {
                case NEAR_EVEN -> exp == BIAS - 1 && ((aHi & FRAC_HI) | aLo) != 0;
                case NEAR_MAX_MAG -> exp == BIAS - 1;
                case MIN -> sign != 0;
                case MAX -> sign == 0;
                case ODD -> true;
                case MIN_MAG -> false;
            };
            z(env, sign | (one ? 0x3FFF000000000000L : 0), 0);
            return;
        }
        // Round the raw bits at the binary point: carries run into the exponent field, which
        // is exactly right for an all-ones significand.
        int fracBits = 0x406F - exp; // 1..112
        long mask64 = fracBits > 64 ? (1L << (fracBits - 64)) - 1 : 0;
        long mask0 = fracBits >= 64 ? -1L : (1L << fracBits) - 1;
        if (((aHi & mask64) | (aLo & mask0)) == 0) {
            z(env, aHi, aLo);
            return;
        }
        if (exact) {
            env.flags |= INEXACT;
        }
        long z64 = aHi;
        long z0 = aLo;
        long add64 = 0;
        long add0 = 0;
        switch (rm) {
            case NEAR_EVEN, NEAR_MAX_MAG -> { // add one half
                add64 = fracBits > 64 ? 1L << (fracBits - 65) : 0;
                add0 = fracBits <= 64 ? 1L << (fracBits - 1) : 0;
            }
            case MIN, MAX -> {
                if ((sign != 0) == (rm == RoundingMode.MIN)) {
                    add64 = mask64;
                    add0 = mask0;
                }
            }
            default -> { }
        }
        long s0 = z0 + add0;
        z64 = z64 + add64 + (ult(s0, z0) ? 1 : 0);
        z0 = s0;
        boolean tie = rm == RoundingMode.NEAR_EVEN && ((z64 & mask64) | (z0 & mask0)) == 0;
        z64 &= ~mask64;
        z0 &= ~mask0;
        long last64 = fracBits >= 64 ? 1L << (fracBits - 64) : 0;
        long last0 = fracBits < 64 ? 1L << fracBits : 0;
        if (tie) {
            z64 &= ~last64;
            z0 &= ~last0;
        } else if (rm == RoundingMode.ODD) {
            z64 |= last64;
            z0 |= last0;
        }
        z(env, z64, z0);
    }

    // ------------------------------------------------------------------ compare, min, max

    /** One of {@link FcmpPredicate.Relation}'s bits; no flags. */
    static int relation(long aHi, long aLo, long bHi, long bLo) {
        if (isNaN(aHi, aLo) || isNaN(bHi, bLo)) {
            return FcmpPredicate.Relation.UN;
        }
        boolean signA = aHi < 0;
        boolean signB = bHi < 0;
        if (((aHi | bHi) << 1 | aLo | bLo) == 0) {
            return FcmpPredicate.Relation.EQ; // +0 == -0
        }
        if (signA != signB) {
            return signA ? FcmpPredicate.Relation.LT : FcmpPredicate.Relation.GT;
        }
        if (aHi == bHi && aLo == bLo) {
            return FcmpPredicate.Relation.EQ;
        }
        boolean magLess = lt128(aHi & ~SIGN, aLo, bHi & ~SIGN, bLo);
        return magLess != signA ? FcmpPredicate.Relation.LT : FcmpPredicate.Relation.GT;
    }

    /** Relation, raising INVALID for any NaN (signaling compare) or only signaling NaNs (quiet). */
    private static int compare(long aHi, long aLo, long bHi, long bLo, boolean signaling, Env env) {
        int r = relation(aHi, aLo, bHi, bLo);
        if (r == FcmpPredicate.Relation.UN
                && (signaling || isSignalingNaN(aHi, aLo) || isSignalingNaN(bHi, bLo))) {
            env.flags |= INVALID;
        }
        return r;
    }

    // eq, le and lt: one branch screens out every NaN (rare); the rest is
    // arithmetic on the bits without a branch. The benchmark's operands have random signs and
    // magnitudes, so every data-dependent branch is a coin toss: relation's `aHi < 0` and
    // `bHi < 0` were each compiled as a branch (C2 keeps an If with a flat profile), its sign test
    // and its magnitude test two more, and le/lt read 0.8-1.2x SoftFloat (docs/performance-log.md,
    // q8s branch). le and lt here compare 128-bit ordering keys (keyLess); SoftFloat's f128_le has
    // two such branches (signs, high words).

    /** Whether a or b has the exponent field of a NaN or an infinity. */
    private static boolean anyExpMax(long aHi, long bHi) {
        return Math.max(aHi & ~SIGN, bHi & ~SIGN) >= 0x7FFF000000000000L;
    }

    /**
     * Whether a | b has the exponent field of a NaN or an infinity: true whenever a or b has it
     * (and for a few pairs more, which the exact test after it lets through). One or and one
     * and-not (BMI1 andn) with its zero flag, where anyExpMax takes two ands, a compare and a cmov.
     */
    private static boolean orExpMax(long aHi, long bHi) {
        return (~(aHi | bHi) & NAN_KEY_MIN) == 0;
    }

    /**
     * The magnitude's high word with bit 0 set when the low word is nonzero: above
     * {@link #NAN_KEY_MIN} exactly for a NaN (exponent field all ones and a nonzero fraction), and
     * then below {@link #QUIET_NAN_KEY_MIN} exactly for a signaling one (quiet bit 47 clear). Bit 0
     * is the high word's last fraction bit, so or-ing it in moves no key across either bound.
     */
    private static long nanKey(long hi, long lo) {
        return (hi & ~SIGN) | ((lo | -lo) >>> 63);
    }

    private static final long NAN_KEY_MIN = 0x7FFF000000000000L; // + infinity's high word
    private static final long QUIET_NAN_KEY_MIN = 0x7FFF800000000000L;

    /** 1 in bit 63 when x != 0, else 0 (x | -x has its sign bit set exactly when x is nonzero). */
    private static long nonzero(long x) {
        return x | -x;
    }

    /**
     * Bit 63 set exactly when key(a) < key(b), as signed 128-bit integers, where key maps a
     * non-NaN encoding to its place in the order of values: a positive encoding is its own key and
     * a negative one (sign 1, magnitude m) has the magnitude bits inverted, key = -m - 1 in two's
     * complement. So key(a) < key(b) exactly when a < b, except for -0 and +0 (keys -1 and 0),
     * which callers treat apart. No branch: the low words' unsigned borrow is a setb (C2 compiles
     * ult's compare to a flag, here a cmov; the same borrow as (~x & y | ~(x ^ y) & (x - y)) >>> 63
     * read 0.9x); the high words' difference d = xHi - yHi - borrow cannot overflow when their
     * signs agree (then d's sign is the answer), and when they differ the negative one is less,
     * which ((xHi ^ yHi) & (xHi ^ d)) ^ d selects bit by bit.
     */
    private static long keyLess(long aHi, long aLo, long bHi, long bLo) {
        long ma = aHi >> 63;
        long mb = bHi >> 63;
        long xHi = aHi ^ (ma >>> 1);
        long xLo = aLo ^ ma;
        long yHi = bHi ^ (mb >>> 1);
        long yLo = bLo ^ mb;
        long borrow = ult(xLo, yLo) ? 1 : 0;
        long d = xHi - yHi - borrow;
        return ((xHi ^ yHi) & (xHi ^ d)) ^ d;
    }

    /** Bit 63 set unless a and b are both zeros (of either sign). */
    private static long notBothZero(long aHi, long aLo, long bHi, long bLo) {
        return nonzero(((aHi | bHi) << 1) | aLo | bLo);
    }

    // The NaN branches below call nothing: C2 leaves a cold call site out of line ("low call site
    // frequency"), and one call in the loop spills everything live to the stack (no callee-saved
    // registers) and reloads the operand arrays every iteration (0.74x SoftFloat for le).

    /** a == b, quiet (INVALID only for signaling NaNs). */
    public static boolean eq(long aHi, long aLo, long bHi, long bLo, Env env) {
        if (anyExpMax(aHi, bHi)) {
            long na = nanKey(aHi, aLo);
            long nb = nanKey(bHi, bLo);
            if (Math.max(na, nb) > NAN_KEY_MIN) {
                if ((na > NAN_KEY_MIN && na < QUIET_NAN_KEY_MIN) || (nb > NAN_KEY_MIN && nb < QUIET_NAN_KEY_MIN)) {
                    env.flags |= INVALID;
                }
                return false;
            }
        }
        // equal bits, or both zeros (+0 == -0): false only when the bits differ and not both are zeros
        return ((aHi ^ bHi) | (aLo ^ bLo)) == 0 || (((aHi | bHi) << 1) | aLo | bLo) == 0;
    }

    /** a <= b, signaling (INVALID for any NaN). */
    public static boolean le(long aHi, long aLo, long bHi, long bLo, Env env) {
        if (orExpMax(aHi, bHi) && Math.max(nanKey(aHi, aLo), nanKey(bHi, bLo)) > NAN_KEY_MIN) {
            env.flags |= INVALID;
            return false;
        }
        // a <= b is not b < a: key(b) < key(a) and not both zeros
        return (keyLess(bHi, bLo, aHi, aLo) & notBothZero(aHi, aLo, bHi, bLo)) >= 0;
    }

    /** a < b, signaling (INVALID for any NaN). */
    public static boolean lt(long aHi, long aLo, long bHi, long bLo, Env env) {
        if (orExpMax(aHi, bHi) && Math.max(nanKey(aHi, aLo), nanKey(bHi, bLo)) > NAN_KEY_MIN) {
            env.flags |= INVALID;
            return false;
        }
        return (keyLess(aHi, aLo, bHi, bLo) & notBothZero(aHi, aLo, bHi, bLo)) < 0;
    }

    public static boolean eqSignaling(long aHi, long aLo, long bHi, long bLo, Env env) {
        return compare(aHi, aLo, bHi, bLo, true, env) == FcmpPredicate.Relation.EQ;
    }

    public static boolean leQuiet(long aHi, long aLo, long bHi, long bLo, Env env) {
        return (compare(aHi, aLo, bHi, bLo, false, env) & (FcmpPredicate.Relation.LT | FcmpPredicate.Relation.EQ)) != 0;
    }

    public static boolean ltQuiet(long aHi, long aLo, long bHi, long bLo, Env env) {
        return compare(aHi, aLo, bHi, bLo, false, env) == FcmpPredicate.Relation.LT;
    }

    /** LLVM {@code fcmp p a, b}: quiet, INVALID only for signaling NaN operands. */
    public static boolean fcmp(FcmpPredicate p, long aHi, long aLo, long bHi, long bLo, Env env) {
        return p.holds(compare(aHi, aLo, bHi, bLo, false, env));
    }

    /** IEEE 754-2008 minNum: a quiet NaN operand is ignored; -0 is below +0. */
    public static void minNum(long aHi, long aLo, long bHi, long bLo, Env env) {
        minMax(aHi, aLo, bHi, bLo, FcmpPredicate.Relation.LT, env);
    }

    /** IEEE 754-2008 maxNum: a quiet NaN operand is ignored; +0 is above -0. */
    public static void maxNum(long aHi, long aLo, long bHi, long bLo, Env env) {
        minMax(aHi, aLo, bHi, bLo, FcmpPredicate.Relation.GT, env);
    }

    private static void minMax(long aHi, long aLo, long bHi, long bLo, int pickA, Env env) {
        boolean nanA = isNaN(aHi, aLo);
        boolean nanB = isNaN(bHi, bLo);
        if (nanA || nanB) {
            if (isSignalingNaN(aHi, aLo) || isSignalingNaN(bHi, bLo) || (nanA && nanB)) {
                NanPolicy.propagate128(aHi, aLo, bHi, bLo, env);
            } else if (nanA) {
                z(env, bHi, bLo);
            } else {
                z(env, aHi, aLo);
            }
            return;
        }
        int r = relation(aHi, aLo, bHi, bLo);
        if (r == FcmpPredicate.Relation.EQ && aHi != bHi) { // +0 and -0
            boolean aNegative = aHi < 0;
            r = aNegative == (pickA == FcmpPredicate.Relation.LT) ? pickA : 0;
        }
        if (r == pickA) {
            z(env, aHi, aLo);
        } else {
            z(env, bHi, bLo);
        }
    }

    // ------------------------------------------------------------------ to and from integers

    /**
     * |a| rounded to an integer in mode rm, as 128 bits in env.zHi/zLo. Returns -1 when
     * |a| >= 2^128 (or a is infinite), 1 when inexact, 0 when exact. a is not a NaN.
     */
    private static int roundedMagnitude(long aHi, long aLo, RoundingMode rm, Env env) {
        int exp = exp(aHi);
        boolean sign = aHi < 0;
        int e = exp - BIAS; // unbiased exponent (for normal a)
        if (e >= 128) {
            return -1;
        }
        long sig64 = aHi & FRAC_HI;
        if (exp != 0) {
            sig64 |= IMPLICIT;
        } else {
            e = 1 - BIAS;
        }
        if (e >= 112) {
            shiftLeft(sig64, aLo, e - 112, env);
            return 0;
        }
        long extra = shiftRightJamExtra(sig64, aLo, 0, 112 - e, env);
        long m64 = env.zHi;
        long m0 = env.zLo;
        if (extra == 0) {
            return 0;
        }
        if (roundsUp(sign, extra, rm)) {
            m0++;
            if (m0 == 0) {
                m64++;
            }
            if (rm == RoundingMode.NEAR_EVEN && (extra << 1) == 0) {
                m0 &= ~1L;
            }
        } else if (rm == RoundingMode.ODD) {
            m0 |= 1;
        }
        z(env, m64, m0);
        return 1;
    }

    static long toInt(long aHi, long aLo, IntFormat t, RoundingMode rm, boolean exact, Env env) {
        if (isNaN(aHi, aLo)) {
            env.flags |= INVALID;
            return t.invalidResult(true, false, env.specialization);
        }
        boolean sign = aHi < 0;
        int status = roundedMagnitude(aHi, aLo, rm, env);
        long limit = sign ? t.maxNegative : t.maxPositive;
        if (status < 0 || env.zHi != 0 || Long.compareUnsigned(env.zLo, limit) > 0) {
            env.flags |= INVALID;
            return t.invalidResult(false, sign, env.specialization);
        }
        if (status > 0 && exact) {
            env.flags |= INEXACT;
        }
        return sign ? -env.zLo : env.zLo;
    }

    public static int toI8(long aHi, long aLo, RoundingMode rm, boolean exact, Env env) {
        return (int) toInt(aHi, aLo, IntFormat.I8, rm, exact, env);
    }

    public static int toI16(long aHi, long aLo, RoundingMode rm, boolean exact, Env env) {
        return (int) toInt(aHi, aLo, IntFormat.I16, rm, exact, env);
    }

    public static int toI32(long aHi, long aLo, RoundingMode rm, boolean exact, Env env) {
        return (int) toSigned(aHi, aLo, IntFormat.I32, rm, exact, env);
    }

    public static long toI64(long aHi, long aLo, RoundingMode rm, boolean exact, Env env) {
        return toSigned(aHi, aLo, IntFormat.I64, rm, exact, env);
    }

    /**
     * {@link #toInt} for a signed t of 32 or 64 bits, every operand answered here without a call
     * (a call left on a rare path of a caller's loop makes the loop reload what it keeps in
     * registers; roundBits and toInt, too big to inline there, ran f128 -> i64/min at 0.87x
     * SoftFloat), in at most 325 bytecodes (C2's limit for inlining a hot callee): |a| < 1 by
     * {@link #belowOne}; |a| in [1, 2^64) rounded here as roundBits rounds (the mode's increment
     * added to the bits below the integer, the mode as a bit index), then checked against t's
     * range (-2^63, from |a| in [2^63, 2^63 + 1/2) or less by the mode, is the one value of 2^63
     * or more that fits); |a| >= 2^64, infinities and NaNs are INVALID with the specialization's
     * result, as toInt gives them.
     */
    private static long toSigned(long aHi, long aLo, IntFormat t, RoundingMode rm, boolean exact, Env env) {
        int exp = exp(aHi);
        if (exp < BIAS) {
            return belowOne(aHi, aLo, exp, rm, exact, env);
        }
        long s = aHi >> 63; // 0, or -1 when negative
        long m = 0; // the rounded magnitude, at least 1; 0: beyond every t's range (or 2^64 wrapped)
        long rest = 0;
        if (exp < BIAS + 64) {
            // The significand's top 64 bits (leading one at bit 63) and the 49 below (low); the
            // integer is its top e + 1 bits, e = exp - BIAS in [0, 63], the bits below go to
            // rest, the first at bit 63 (the 128-bit shift of top:low by e + 1), and those
            // shifted out of it are ORed in below bit 63 (rest's tests: zero, half, more than
            // half, any nonzero, stay as they are)
            long top = ((aHi & FRAC_HI | IMPLICIT) << 15) | (aLo >>> 49);
            long low = aLo << 15;
            int e = exp - BIAS;
            rest = (top << e << 1) | (low >>> (63 - e)) | ((low << e << 1) >>> 1);
            m = top >>> (63 - e);
            // one up where rest + the mode's increment carries out of 64 bits: nearest even
            // 2^63 - 1 + m's last bit (a tie only when m is odd), near_maxMag 2^63, all ones (any
            // nonzero rest) for MIN (ordinal 2) or MAX (3) toward the sign's infinity and for
            // odd, which ORs the one into the last bit instead; else 0
            int o = rm.ordinal(); // NEAR_EVEN 0, MIN_MAG 1, MIN 2, MAX 3, NEAR_MAX_MAG 4, ODD 5
            long inc = o == 0 ? Long.MAX_VALUE + (m & 1) : o == 4 ? Long.MIN_VALUE
                    : (((40 + 4 * (int) s) >>> o) & 1) != 0 ? -1 : 0;
            long up = Long.compareUnsigned(rest + inc, rest) < 0 ? 1 : 0;
            m = o == 5 ? m | up : m + up;
        }
        if (Long.compareUnsigned(m - 1, t.maxPositive - s) < 0) { // m in [1, maxPositive or maxNegative]
            if (rest != 0 && exact) {
                env.flags |= INEXACT;
            }
            return (m ^ s) - s;
        }
        env.flags |= INVALID; // out of range, infinite or NaN
        return t.invalidResult(isNaN(aHi, aLo), s != 0, env.specialization); // (a 22-byte callee: fits)
    }

    /** a with |a| < 1 rounded to an integer (0 or +-1) in mode rm; INEXACT when nonzero and {@code exact}. */
    private static long belowOne(long aHi, long aLo, int exp, RoundingMode rm, boolean exact, Env env) {
        if (((aHi & ~SIGN) | aLo) == 0) {
            return 0;
        }
        if (exact) {
            env.flags |= INEXACT;
        }
        // the magnitude (0 or 1), then its sign, by arithmetic rather than by branches on the
        // operand's sign (which the directed modes' results depend on)
        long s = aHi >> 63; // 0 or -1
        long m = switch (rm) {
            case NEAR_EVEN -> exp == BIAS - 1 && ((aHi & FRAC_HI) | aLo) != 0 ? 1 : 0;
            case NEAR_MAX_MAG -> exp == BIAS - 1 ? 1 : 0;
            case MIN -> s & 1;
            case MAX -> ~s & 1;
            case ODD -> 1;
            case MIN_MAG -> 0;
        };
        return (m ^ s) - s;
    }

    /** Result zero-extended into an int (0..255). */
    public static int toUI8(long aHi, long aLo, RoundingMode rm, boolean exact, Env env) {
        return (int) toInt(aHi, aLo, IntFormat.UI8, rm, exact, env);
    }

    public static int toUI16(long aHi, long aLo, RoundingMode rm, boolean exact, Env env) {
        return (int) toInt(aHi, aLo, IntFormat.UI16, rm, exact, env);
    }

    /** The 32-bit unsigned result in an int (bit pattern). */
    public static int toUI32(long aHi, long aLo, RoundingMode rm, boolean exact, Env env) {
        return (int) toInt(aHi, aLo, IntFormat.UI32, rm, exact, env);
    }

    /** The 64-bit unsigned result in a long (bit pattern). */
    public static long toUI64(long aHi, long aLo, RoundingMode rm, boolean exact, Env env) {
        return toInt(aHi, aLo, IntFormat.UI64, rm, exact, env);
    }

    /**
     * To a signed 128-bit integer in env.zHi/zLo. Invalid results: X86 the most negative value
     * (as SoftFloat's 32/64-bit "integer indefinite"); NVPTX 0 for NaN, else saturated.
     */
    public static void toI128(long aHi, long aLo, RoundingMode rm, boolean exact, Env env) {
        toInt128(aHi, aLo, true, rm, exact, env);
    }

    /** To an unsigned 128-bit integer in env.zHi/zLo. Invalid results: X86 all ones; NVPTX as toI128. */
    public static void toUI128(long aHi, long aLo, RoundingMode rm, boolean exact, Env env) {
        toInt128(aHi, aLo, false, rm, exact, env);
    }

    private static void toInt128(long aHi, long aLo, boolean signed, RoundingMode rm, boolean exact, Env env) {
        boolean nan = isNaN(aHi, aLo);
        boolean sign = aHi < 0;
        int status = nan ? -1 : roundedMagnitude(aHi, aLo, rm, env);
        boolean valid;
        if (status < 0) {
            valid = false;
        } else if (signed) {
            // Magnitude at most 2^127 - 1, or exactly 2^127 when negative.
            valid = env.zHi >= 0 || (sign && env.zHi == SIGN && env.zLo == 0);
        } else {
            valid = !sign || (env.zHi | env.zLo) == 0;
        }
        if (!valid) {
            env.flags |= INVALID;
            env.specialization.invalidResult128(signed, nan, sign, env);
            return;
        }
        if (status > 0 && exact) {
            env.flags |= INEXACT;
        }
        if (sign) {
            long lo = -env.zLo;
            z(env, ~env.zHi + (env.zLo == 0 ? 1 : 0), lo);
        }
    }

    public static void fromI32(int a, Env env) {
        fromI64(a, env);
    }

    public static void fromUI32(int a, Env env) {
        fromUI64(a & 0xFFFFFFFFL, env);
    }

    /** The sign bit and |a| (unsigned: 2^63 for Long.MIN_VALUE) without a branch on the random sign. */
    public static void fromI64(long a, Env env) {
        fromMagnitude64(a & SIGN, Math.abs(a), env);
    }

    public static void fromUI64(long a, Env env) {
        fromMagnitude64(0, a, env);
    }

    /** Exact: 64 bits fit in 113 (signBits: the sign bit of binary128's high word, or 0). */
    private static void fromMagnitude64(long signBits, long mag, Env env) {
        if (mag == 0) {
            z(env, 0, 0);
            return;
        }
        int lz = Long.numberOfLeadingZeros(mag);
        long n = mag << lz; // leading one at bit 63; as a significand, n << 49 in 128 bits
        env.zHi = signBits + ((long) (BIAS + 62 - lz) << 48) + (n >>> 15);
        env.zLo = n << 49;
    }

    public static void fromI128(long hi, long lo, RoundingMode rm, Env env) {
        fromInt128(hi, lo, true, rm, env);
    }

    public static void fromUI128(long hi, long lo, RoundingMode rm, Env env) {
        fromInt128(hi, lo, false, rm, env);
    }

    static void fromInt128(long hi, long lo, boolean signed, RoundingMode rm, Env env) {
        boolean sign = signed && hi < 0;
        if (sign) {
            long nLo = -lo;
            hi = ~hi + (lo == 0 ? 1 : 0);
            lo = nLo;
        }
        if ((hi | lo) == 0) {
            z(env, 0, 0);
            return;
        }
        normRoundPack(sign, BIAS + 111, hi, lo, rm, env);
    }

    // ------------------------------------------------------------------ to and from the narrower formats

    // Each conversion answers the operands that need no rounding decision beyond the last bit
    // (normal in and out), far overflow and far underflow inline, in code specialized to its
    // format (FloatFormat's fields are not constants to the JIT), and leaves the rest (NaNs, results
    // near the subnormal and overflow thresholds, DAZ inputs) to Narrow's general code.

    public static void fromF16(short a, Env env) {
        fromNarrow(FloatFormat.BINARY16, 10, 15, a & 0xFFFFL, env);
    }

    public static void fromBF16(short a, Env env) {
        Narrow.toF128(FloatFormat.BFLOAT16, a & 0xFFFFL, env);
    }

    public static void fromF32(int a, Env env) {
        fromNarrow(FloatFormat.BINARY32, 23, 127, a & 0xFFFFFFFFL, env);
    }

    public static void fromF64(long a, Env env) {
        fromNarrow(FloatFormat.BINARY64, 52, 1023, a, env);
    }

    /**
     * a of format f (fracBits and bias f's, as constants for the JIT) exactly as binary128, every
     * case written out here, the NaN too: no call is left in a caller's loop.
     */
    private static void fromNarrow(FloatFormat f, int fracBits, int bias, long a, Env env) {
        int expMax = 2 * bias + 1;
        int exp = (int) (a >>> fracBits) & expMax;
        long frac = a & ((1L << fracBits) - 1);
        long sign = (a >>> (fracBits + 32 - Integer.numberOfLeadingZeros(expMax))) << 63;
        if (exp == expMax) {
            if (frac != 0) {
                // a NaN, as NanPolicy.toF128 gives it, written out (its callees stayed calls in
                // f32 -> f128's loop, 1 operand in 64: "low call site frequency", "virtual call"):
                // INVALID when signaling (f's quiet bit, the fraction's top bit, clear); X86 keeps
                // the sign and the payload under binary128's quiet bit, NVPTX gives its NaN
                if ((frac >>> (fracBits - 1)) == 0) {
                    env.flags |= INVALID;
                }
                boolean x86 = env.specialization == Specialization.X86;
                long payload = frac << (64 - fracBits);
                env.zHi = x86 ? sign | 0x7FFF000000000000L | NanPolicy.F128_QUIET | (payload >>> 16) : Long.MAX_VALUE;
                env.zLo = x86 ? payload << 48 : -1L;
                return;
            }
            exp = EXP_MAX - BIAS + bias; // infinity
        } else if (exp == 0) {
            if (frac == 0 || env.daz) {
                env.zHi = sign;
                env.zLo = 0;
                return;
            }
            int shift = Long.numberOfLeadingZeros(frac) - (63 - fracBits); // leading one to bit fracBits
            frac = (frac << shift) & ((1L << fracBits) - 1);
            exp = 1 - shift;
        }
        long hi = fracBits > 48 ? frac >>> (fracBits - 48) : frac << (48 - fracBits);
        env.zHi = sign | ((long) (exp - bias + BIAS) << 48) | hi;
        env.zLo = fracBits > 48 ? frac << (112 - fracBits) : 0;
    }

    public static short toF16(long aHi, long aLo, RoundingMode rm, Env env) {
        return (short) toNarrow(FloatFormat.BINARY16, 10, 15, 0x1F, aHi, aLo, rm, env);
    }

    public static short toBF16(long aHi, long aLo, RoundingMode rm, Env env) {
        return (short) Narrow.fromF128(FloatFormat.BFLOAT16, aHi, aLo, rm, env);
    }

    public static int toF32(long aHi, long aLo, RoundingMode rm, Env env) {
        return (int) toNarrow(FloatFormat.BINARY32, 23, 127, 0xFF, aHi, aLo, rm, env);
    }

    public static long toF64(long aHi, long aLo, RoundingMode rm, Env env) {
        return toNarrow(FloatFormat.BINARY64, 52, 1023, 0x7FF, aHi, aLo, rm, env);
    }

    /**
     * a rounded to format f (fracBits, bias and expMax are f's, as constants for the JIT): results
     * that are normal even after rounding up, results at least twice the largest finite value
     * (overflow) and results below a quarter of the smallest subnormal (no rounding can reach
     * half of it: zero or the smallest subnormal by the mode) here; NaNs and the thresholds'
     * neighbourhoods in {@link Narrow#fromF128}.
     */
    private static long toNarrow(FloatFormat f, int fracBits, int bias, int expMax, long aHi, long aLo,
            RoundingMode rm, Env env) {
        int exp = exp(aHi);
        int e = exp - BIAS + bias; // f's biased exponent
        long sign = (aHi >>> 63) << (fracBits + 32 - Integer.numberOfLeadingZeros(expMax));
        if (e >= 1 && e <= expMax - 2) {
            long frac;
            long rest; // the bits below f's last place, the first at bit 63, then a sticky bit
            if (fracBits > 48) {
                frac = ((aHi & FRAC_HI) << (fracBits - 48)) | (aLo >>> (112 - fracBits));
                rest = aLo << (fracBits - 48);
            } else {
                frac = (aHi & FRAC_HI) >>> (48 - fracBits);
                rest = (aHi << (16 + fracBits)) | (aLo != 0 ? 1 : 0);
            }
            // a carry into the exponent field is right, and stays finite
            return roundLast(sign | ((long) e << fracBits) | frac, rest, sign != 0, rm, env);
        }
        if (e >= expMax && exp != EXP_MAX) {
            return overflow(sign, (long) expMax << fracBits, rm, env);
        }
        if (e < -fracBits - 1 && !env.ftz) {
            return farUnderflow(sign, aHi, aLo, rm, env);
        }
        return Narrow.fromF128(f, aHi, aLo, rm, env);
    }

    /**
     * z (a magnitude in its last bits, a sign above) rounded in mode rm by the bits {@code rest}
     * below its last place (the first at bit 63, then sticky bits); INEXACT when rest is not 0.
     */
    private static long roundLast(long z, long rest, boolean sign, RoundingMode rm, Env env) {
        if (rest != 0) {
            env.flags |= INEXACT;
        }
        return roundBits(z, rest, sign, rm);
    }

    /** roundLast without the flag. */
    private static long roundBits(long z, long rest, boolean sign, RoundingMode rm) {
        if (rest != 0) {
            if (rm == RoundingMode.NEAR_EVEN) {
                if (rest < 0) {
                    z++;
                    if ((rest << 1) == 0) {
                        z &= ~1L; // a tie: to even
                    }
                }
            } else if (rm == RoundingMode.ODD) {
                z |= 1;
            } else if (roundsUp(sign, rest, rm)) {
                z++;
            }
        }
        return z;
    }

    /** An overflowing result of a narrow format: infinity {@code inf} or the largest finite value, by the mode. */
    private static long overflow(long sign, long inf, RoundingMode rm, Env env) {
        env.flags |= OVERFLOW | INEXACT;
        boolean toInfinity = rm == RoundingMode.NEAR_EVEN || rm == RoundingMode.NEAR_MAX_MAG
                || rm == (sign != 0 ? RoundingMode.MIN : RoundingMode.MAX);
        return sign | (toInfinity ? inf : inf - 1);
    }

    /** A finite a below a quarter of a narrow format's smallest subnormal: zero or that subnormal, by the mode. */
    private static long farUnderflow(long sign, long aHi, long aLo, RoundingMode rm, Env env) {
        if (((aHi & ~SIGN) | aLo) == 0) {
            return sign; // exact zero
        }
        env.flags |= UNDERFLOW | INEXACT;
        boolean away = rm == RoundingMode.ODD || rm == (sign != 0 ? RoundingMode.MIN : RoundingMode.MAX);
        return sign | (away ? 1 : 0);
    }
}

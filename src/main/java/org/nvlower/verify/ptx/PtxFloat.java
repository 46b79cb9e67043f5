package org.nvlower.verify.ptx;

import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.F16;
import org.nvlower.softfloat.RoundingMode;

/**
 * PTX's float rules beyond softfloat's operations, on a register's raw bits: binary16 (.f16)
 * arithmetic (add, sub, mul, fma; .f16x2 is two of them, one per half) and conversions to and from
 * .f32 and .f64 on softfloat's binary16, .sat's clamp to [0, 1] for every float type, and the class
 * tests the instructions need. PtxThread decodes the instructions; this class holds the rules the
 * PTX ISA gives for them:
 * <ul>
 * <li>.ftz on .f16 arithmetic flushes subnormal inputs and results to a zero of their sign (binary16
 *     subnormals are kept otherwise); on a conversion it applies to the .f32 side only, so
 *     {@code cvt.rn.ftz.f16.f32} flushes a subnormal float but keeps a subnormal binary16 result;</li>
 * <li>.sat clamps the rounded result to [0.0, 1.0] and turns a NaN into +0.0.</li>
 * </ul>
 * What the ISA leaves to the hardware and no GPU run here has measured (the NaN an .f16 operation
 * returns, whether .sat keeps -0.0) is not decided here: {@link #isNaN} and {@link #isNegativeZero}
 * let the caller refuse it by name.
 */
final class PtxFloat {

    private PtxFloat() {
    }

    private static final long ONE16 = 0x3C00, ONE32 = 0x3F800000L, ONE64 = 0x3FF0000000000000L;

    static boolean isNaN(long v, int bits) {
        return switch (bits) {
            case 16 -> (v & 0x7C00) == 0x7C00 && (v & 0x3FF) != 0;
            case 32 -> (v & 0x7F800000L) == 0x7F800000L && (v & 0x7FFFFFL) != 0;
            default -> (v & 0x7FF0000000000000L) == 0x7FF0000000000000L && (v & 0xFFFFFFFFFFFFFL) != 0;
        };
    }

    static boolean isNegativeZero(long v, int bits) {
        return v == 1L << (bits - 1);
    }

    static boolean isSubnormal(long v, int bits) {
        return switch (bits) {
            case 16 -> (v & 0x7C00) == 0 && (v & 0x3FF) != 0;
            case 32 -> (v & 0x7F800000L) == 0 && (v & 0x7FFFFFL) != 0;
            default -> (v & 0x7FF0000000000000L) == 0 && (v & 0xFFFFFFFFFFFFFL) != 0;
        };
    }

    /** add, sub, mul or fma of binary16 values (c is fma's addend) in rm, .ftz on inputs and result. */
    static long arithmetic(String base, long a, long b, long c, RoundingMode rm, boolean ftz) {
        Env env = Env.ptx(ftz);
        short x = (short) a;
        short y = (short) b;
        short r = switch (base) {
            case "add" -> F16.add(x, y, rm, env);
            case "sub" -> F16.sub(x, y, rm, env);
            case "mul" -> F16.mul(x, y, rm, env);
            case "fma" -> F16.mulAdd(x, y, (short) c, rm, env);
            default -> throw new IllegalArgumentException(base);
        };
        return r & 0xFFFFL;
    }

    /** The value {@code v} of a float type of {@code bits} clamped to [0, 1], a NaN to +0 (-0 is the caller's to refuse). */
    static long saturate(long v, int bits) {
        long sign = 1L << (bits - 1);
        long one = bits == 16 ? ONE16 : bits == 32 ? ONE32 : ONE64;
        if (isNaN(v, bits) || (v & sign) != 0 && v != sign) {
            return 0;
        }
        // a non-negative float's bits order as its value
        return v > one ? one : v;
    }

    /** cvt.f16.f32 in rm: .ftz flushes a subnormal float first; the binary16 result is never flushed. */
    static long fromF32(long a, RoundingMode rm, boolean ftz) {
        int f = (int) a;
        if (ftz && isSubnormal(f & 0xFFFFFFFFL, 32)) {
            f &= 0x80000000;
        }
        return F16.fromF32(f, rm, Env.ptx(false)) & 0xFFFFL;
    }

    /** cvt.f16.f64 in rm: one rounding from the double. */
    static long fromF64(long a, RoundingMode rm) {
        return F16.fromF64(a, rm, Env.ptx(false)) & 0xFFFFL;
    }

    /** cvt.f32.f16 and cvt.f64.f16: exact. */
    static long widen(long h, int toBits) {
        Env env = Env.ptx(false);
        return toBits == 32 ? F16.toF32((short) h, env) & 0xFFFFFFFFL : F16.toF64((short) h, env);
    }

    /** cvt.rn.f16x2.f32 d, a, b: a's binary16 in the upper half, b's in the lower. */
    static long pack(long a, long b, RoundingMode rm, boolean ftz) {
        return fromF32(a, rm, ftz) << 16 | fromF32(b, rm, ftz);
    }
}

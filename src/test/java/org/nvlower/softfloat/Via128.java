package org.nvlower.softfloat;

import static org.nvlower.softfloat.ExceptionFlags.INVALID;

/**
 * The former route of the narrow formats through binary128, kept as a second reference for
 * {@link Narrow}'s direct paths ({@code DirectPathProperties}): the operands are widened exactly,
 * {@link F128} computes with round-to-odd, and the binary128 result is rounded once more to the
 * target format in the caller's mode. Since binary128 keeps 113 >= p + 2 bits, the double
 * rounding equals one correct rounding (Boldo and Melquiond, "When double rounding is odd").
 * It ignores env's ftz and daz (it is only run without them).
 */
final class Via128 {

    private Via128() {}

    static long convert(FloatFormat f, long a, FloatFormat g, RoundingMode rm, Env env) {
        if (f.isNaN(a)) {
            return NanPolicy.convert(f, a, g, env);
        }
        Narrow.toF128(f, a, env);
        return Narrow.fromF128(g, env.zHi, env.zLo, rm, env);
    }

    // ------------------------------------------------------------------ arithmetic

    /** The two-operand operations computed in binary128 and rounded once more to the operands' format. */
    private enum Binary { ADD, SUB, MUL, DIV }

    static long add(FloatFormat f, long a, long b, boolean negateB, RoundingMode rm, Env env) {
        return binary(f, a, b, negateB ? Binary.SUB : Binary.ADD, rm, env);
    }

    static long mul(FloatFormat f, long a, long b, RoundingMode rm, Env env) {
        return binary(f, a, b, Binary.MUL, rm, env);
    }

    static long div(FloatFormat f, long a, long b, RoundingMode rm, Env env) {
        return binary(f, a, b, Binary.DIV, rm, env);
    }

    private static long binary(FloatFormat f, long a, long b, Binary op, RoundingMode rm, Env env) {
        if (f.isNaN(a) || f.isNaN(b)) {
            return NanPolicy.propagate(f, a, b, env);
        }
        Narrow.toF128(f, a, env);
        long aHi = env.zHi;
        long aLo = env.zLo;
        Narrow.toF128(f, b, env);
        long bHi = env.zHi;
        long bLo = env.zLo;
        switch (op) {
            case ADD, SUB -> F128.addOrSub(aHi, aLo, bHi, bLo, op == Binary.SUB, RoundingMode.ODD, env);
            case MUL -> F128.mul(aHi, aLo, bHi, bLo, RoundingMode.ODD, env);
            case DIV -> F128.div(aHi, aLo, bHi, bLo, RoundingMode.ODD, env);
        }
        // binary128's exact zero sum took its sign from ODD; redo it for the caller's mode.
        if ((op == Binary.ADD || op == Binary.SUB) && ((env.zHi << 1) | env.zLo) == 0 && rm == RoundingMode.MIN
                && !(a == 0 && (op == Binary.SUB ? b ^ f.signBit : b) == 0)) {
            return f.signBit;
        }
        return Narrow.fromF128(f, env.zHi, env.zLo, rm, env);
    }

    static long mulAdd(FloatFormat f, long a, long b, long c, RoundingMode rm, Env env) {
        boolean infTimesZero = (f.isInf(a) && f.isZero(b)) || (f.isZero(a) && f.isInf(b));
        if (f.isNaN(a) || f.isNaN(b)) {
            return NanPolicy.propagate(f, NanPolicy.propagate(f, a, b, env), c, env);
        }
        if (f.isNaN(c)) {
            if (infTimesZero) {
                env.flags |= INVALID; // inf * 0 + qNaN is invalid too, as in SoftFloat
                return NanPolicy.propagate(f, f.defaultNaN(env.specialization), c, env);
            }
            return NanPolicy.propagate(f, 0, c, env);
        }
        Narrow.toF128(f, a, env);
        long aHi = env.zHi;
        long aLo = env.zLo;
        Narrow.toF128(f, b, env);
        long bHi = env.zHi;
        long bLo = env.zLo;
        Narrow.toF128(f, c, env);
        F128.mulAdd(aHi, aLo, bHi, bLo, env.zHi, env.zLo, RoundingMode.ODD, env);
        boolean productIsPlusZero = (f.isZero(a) || f.isZero(b)) && f.sign(a) == f.sign(b);
        if (env.zHi == 0 && env.zLo == 0 && rm == RoundingMode.MIN && !(productIsPlusZero && c == 0)) {
            return f.signBit; // an exact zero sum: its sign depends on the caller's mode
        }
        return Narrow.fromF128(f, env.zHi, env.zLo, rm, env);
    }

    static long sqrt(FloatFormat f, long a, RoundingMode rm, Env env) {
        if (f.isNaN(a)) {
            return NanPolicy.propagate(f, a, 0, env);
        }
        Narrow.toF128(f, a, env);
        F128.sqrt(env.zHi, env.zLo, RoundingMode.ODD, env);
        return Narrow.fromF128(f, env.zHi, env.zLo, rm, env);
    }

    static long toInt(FloatFormat f, long a, IntFormat t, RoundingMode rm, boolean exact, Env env) {
        Narrow.toF128(f, a, env);
        return F128.toInt(env.zHi, env.zLo, t, rm, exact, env);
    }

    /** A 64-bit integer (signed or not) to format f: exact in binary128, then one rounding. */
    static long fromInt64(FloatFormat f, long a, boolean signed, RoundingMode rm, Env env) {
        if (signed) {
            F128.fromI64(a, env);
        } else {
            F128.fromUI64(a, env);
        }
        return Narrow.fromF128(f, env.zHi, env.zLo, rm, env);
    }
}

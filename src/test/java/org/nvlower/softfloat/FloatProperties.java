package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.function.Function;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import org.nvlower.softfloat.ExactReference.Exact;
import org.nvlower.softfloat.ExactReference.Fmt;
import org.nvlower.softfloat.ExactReference.IntResult;
import org.nvlower.softfloat.ExactReference.Rounded;

/**
 * Every operation against {@link ExactReference}, in every rounding mode (including ODD and
 * NEAR_MAX_MAG, which the TestFloat vectors lack) and both specializations, for all five
 * formats: each try draws one operand set per format from {@link Operands}.
 */
class FloatProperties {

    static final int TRIES = 1500;

    // ------------------------------------------------------------------ the system under test

    /** binary128 through F128's public API; the others through {@link Narrow}. */
    static BigInteger arith(Fmt f, String op, BigInteger a, BigInteger b, BigInteger c, RoundingMode rm, Env env) {
        if (f == Fmt.B128) {
            long aHi = a.shiftRight(64).longValue();
            long aLo = a.longValue();
            long bHi = b == null ? 0 : b.shiftRight(64).longValue();
            long bLo = b == null ? 0 : b.longValue();
            switch (op) {
                case "add" -> F128.add(aHi, aLo, bHi, bLo, rm, env);
                case "sub" -> F128.sub(aHi, aLo, bHi, bLo, rm, env);
                case "mul" -> F128.mul(aHi, aLo, bHi, bLo, rm, env);
                case "div" -> F128.div(aHi, aLo, bHi, bLo, rm, env);
                case "rem" -> F128.rem(aHi, aLo, bHi, bLo, env);
                case "fmod" -> F128.fmod(aHi, aLo, bHi, bLo, env);
                case "sqrt" -> F128.sqrt(aHi, aLo, rm, env);
                case "mulAdd" -> F128.mulAdd(aHi, aLo, bHi, bLo, c.shiftRight(64).longValue(), c.longValue(), rm, env);
                default -> throw new IllegalArgumentException(op);
            }
            return ExactReference.bits(env.zHi, env.zLo);
        }
        FloatFormat g = narrow(f);
        long x = a.longValue();
        long y = b == null ? 0 : b.longValue();
        long z = switch (op) {
            case "add" -> Narrow.add(g, x, y, false, rm, env);
            case "sub" -> Narrow.add(g, x, y, true, rm, env);
            case "mul" -> Narrow.mul(g, x, y, rm, env);
            case "div" -> Narrow.div(g, x, y, rm, env);
            case "rem" -> Narrow.remainder(g, x, y, true, env);
            case "fmod" -> Narrow.remainder(g, x, y, false, env);
            case "sqrt" -> Narrow.sqrt(g, x, rm, env);
            case "mulAdd" -> Narrow.mulAdd(g, x, y, c.longValue(), rm, env);
            default -> throw new IllegalArgumentException(op);
        };
        return ExactReference.bits(z);
    }

    static FloatFormat narrow(Fmt f) {
        return switch (f) {
            case B16 -> FloatFormat.BINARY16;
            case BF16 -> FloatFormat.BFLOAT16;
            case B32 -> FloatFormat.BINARY32;
            case B64 -> FloatFormat.BINARY64;
            case B128 -> throw new IllegalArgumentException();
        };
    }

    static void check(Fmt f, String what, Rounded expected, BigInteger actual, int flags) {
        if (ExactReference.isNaN(f, expected.bits())) {
            assertTrue(ExactReference.isNaN(f, actual), what + ": expected a NaN, got " + actual.toString(16));
        } else {
            assertEquals(expected.bits().toString(16), actual.toString(16), what + " bits");
        }
        assertEquals(expected.flags(), flags, what + " flags (bits " + actual.toString(16) + ")");
    }

    static String describe(Fmt f, String op, RoundingMode rm, BigInteger... operands) {
        StringBuilder sb = new StringBuilder(f + " " + op + " " + rm);
        for (BigInteger o : operands) {
            sb.append(' ').append(o.toString(16));
        }
        return sb.toString();
    }

    static Rounded nanOf(Fmt f) {
        return new Rounded(f.infinity(false).or(BigInteger.ONE), ExceptionFlags.INVALID);
    }

    // ------------------------------------------------------------------ arithmetic

    @Property(tries = TRIES)
    void addAndSubAreCorrectlyRounded(@ForAll long seed) {
        Operands o = new Operands(seed);
        for (Fmt f : Fmt.values()) {
            BigInteger a = o.finite(f);
            BigInteger b = o.finite(f, Operands.exp(f, a));
            boolean sub = o.nextBoolean();
            RoundingMode rm = o.roundingMode();
            Env env = new Env(o.specialization());
            Exact y = ExactReference.decode(f, b);
            Exact sum = ExactReference.add(ExactReference.decode(f, a), sub ? ExactReference.negate(y) : y, rm);
            String op = sub ? "sub" : "add";
            check(f, describe(f, op, rm, a, b), ExactReference.round(f, sum, rm), arith(f, op, a, b, null, rm, env), env.flags);
        }
    }

    @Property(tries = TRIES)
    void mulIsCorrectlyRounded(@ForAll long seed) {
        Operands o = new Operands(seed);
        for (Fmt f : Fmt.values()) {
            BigInteger a = o.finite(f);
            BigInteger b = o.finite(f, (f.bias + o.nextInt(3) - 1) * 2 - Operands.exp(f, a));
            RoundingMode rm = o.roundingMode();
            Env env = new Env(o.specialization());
            Exact p = ExactReference.mul(ExactReference.decode(f, a), ExactReference.decode(f, b));
            check(f, describe(f, "mul", rm, a, b), ExactReference.round(f, p, rm), arith(f, "mul", a, b, null, rm, env), env.flags);
        }
    }

    @Property(tries = TRIES)
    void divIsCorrectlyRounded(@ForAll long seed) {
        Operands o = new Operands(seed);
        for (Fmt f : Fmt.values()) {
            BigInteger a = o.finite(f);
            BigInteger b = o.finite(f, Operands.exp(f, a));
            RoundingMode rm = o.roundingMode();
            Env env = new Env(o.specialization());
            Exact x = ExactReference.decode(f, a);
            Exact y = ExactReference.decode(f, b);
            Rounded expected;
            if (y.isZero()) {
                expected = x.isZero() ? nanOf(f)
                        : new Rounded(f.infinity(x.negative() ^ y.negative()), ExceptionFlags.INFINITE);
            } else if (x.isZero()) {
                expected = new Rounded(f.zero(x.negative() ^ y.negative()), 0);
            } else {
                expected = ExactReference.div(f, x, y, rm);
            }
            check(f, describe(f, "div", rm, a, b), expected, arith(f, "div", a, b, null, rm, env), env.flags);
        }
    }

    @Property(tries = TRIES)
    void sqrtIsCorrectlyRounded(@ForAll long seed) {
        Operands o = new Operands(seed);
        for (Fmt f : Fmt.values()) {
            BigInteger a = o.finite(f);
            RoundingMode rm = o.roundingMode();
            Env env = new Env(o.specialization());
            Exact x = ExactReference.decode(f, a);
            Rounded expected = x.isZero() ? new Rounded(a, 0)
                    : x.negative() ? nanOf(f) : ExactReference.sqrt(f, x, rm);
            check(f, describe(f, "sqrt", rm, a), expected, arith(f, "sqrt", a, null, null, rm, env), env.flags);
        }
    }

    @Property(tries = TRIES)
    void mulAddIsCorrectlyRoundedOnce(@ForAll long seed) {
        Operands o = new Operands(seed);
        for (Fmt f : Fmt.values()) {
            BigInteger a = o.finite(f);
            BigInteger b = o.finite(f);
            int productExp = Operands.exp(f, a) + Operands.exp(f, b) - f.bias;
            BigInteger c = o.finite(f, Math.max(0, productExp));
            RoundingMode rm = o.roundingMode();
            Env env = new Env(o.specialization());
            Exact p = ExactReference.mul(ExactReference.decode(f, a), ExactReference.decode(f, b));
            Exact sum = ExactReference.add(p, ExactReference.decode(f, c), rm);
            check(f, describe(f, "mulAdd", rm, a, b, c), ExactReference.round(f, sum, rm),
                    arith(f, "mulAdd", a, b, c, rm, env), env.flags);
        }
    }

    @Property(tries = TRIES)
    void fmodAndRemAreExact(@ForAll long seed) {
        Operands o = new Operands(seed);
        for (Fmt f : Fmt.values()) {
            BigInteger a = o.finite(f);
            BigInteger b = o.finite(f, o.nextBoolean() ? Operands.exp(f, a) : -1);
            boolean nearest = o.nextBoolean();
            RoundingMode rm = o.roundingMode(); // must not matter
            Env env = new Env(o.specialization());
            Exact y = ExactReference.decode(f, b);
            Rounded expected = y.isZero() ? nanOf(f)
                    : ExactReference.round(f, ExactReference.remainder(ExactReference.decode(f, a), y, nearest), rm);
            String op = nearest ? "rem" : "fmod";
            check(f, describe(f, op, rm, a, b), expected, arith(f, op, a, b, null, rm, env), env.flags);
        }
    }

    @Property(tries = TRIES)
    void roundToIntIsExactRounding(@ForAll long seed) {
        Operands o = new Operands(seed);
        for (Fmt f : Fmt.values()) {
            BigInteger a = o.finite(f, f.bias + f.p / 2);
            RoundingMode rm = o.roundingMode();
            boolean exact = o.nextBoolean();
            Env env = new Env(o.specialization()); // env's mode must not matter
            Exact x = ExactReference.decode(f, a);
            IntResult r = ExactReference.toInteger(x, rm);
            BigInteger expectedBits = ExactReference.round(f, new Exact(x.negative(), r.value().abs(), 0), rm).bits();
            Rounded expected = new Rounded(expectedBits, exact && r.inexact() ? ExceptionFlags.INEXACT : 0);
            BigInteger actual;
            if (f == Fmt.B128) {
                F128.roundToInt(a.shiftRight(64).longValue(), a.longValue(), rm, exact, env);
                actual = ExactReference.bits(env.zHi, env.zLo);
            } else {
                actual = ExactReference.bits(Narrow.roundToInt(narrow(f), a.longValue(), rm, exact, env));
            }
            check(f, describe(f, "roundToInt exact=" + exact, rm, a), expected, actual, env.flags);
        }
    }

    // ------------------------------------------------------------------ conversions

    @Property(tries = TRIES)
    void conversionsBetweenFormatsAreCorrectlyRounded(@ForAll long seed) {
        Operands o = new Operands(seed);
        for (Fmt f : Fmt.values()) {
            BigInteger a = o.finite(f);
            Fmt g = Fmt.values()[o.nextInt(Fmt.values().length)];
            RoundingMode rm = o.roundingMode();
            Env env = new Env(o.specialization());
            Rounded expected = ExactReference.round(g, ExactReference.decode(f, a), rm);
            BigInteger actual;
            if (f == Fmt.B128 && g == Fmt.B128) {
                actual = a;
            } else if (f == Fmt.B128) {
                actual = ExactReference.bits(Narrow.fromF128(narrow(g), a.shiftRight(64).longValue(), a.longValue(), rm, env));
            } else if (g == Fmt.B128) {
                Narrow.toF128(narrow(f), a.longValue(), env);
                actual = ExactReference.bits(env.zHi, env.zLo);
            } else {
                actual = ExactReference.bits(Narrow.convert(narrow(f), a.longValue(), narrow(g), rm, env));
            }
            check(g, describe(f, "to " + g, rm, a), expected, actual, env.flags);
        }
    }

    /** An integer conversion's expected result and flags. */
    record ExpectedInt(BigInteger value, int flags) {

        /**
         * r if it fits a {@code bits}-bit integer (INEXACT when r is inexact and {@code exact}),
         * else INVALID with the X86 result {@code x86.apply(negative)} or NVPTX's saturated bound.
         */
        static ExpectedInt of(IntResult r, int bits, boolean signed, boolean exact, Specialization s,
                Function<Boolean, BigInteger> x86) {
            BigInteger min = signed ? BigInteger.ONE.shiftLeft(bits - 1).negate() : BigInteger.ZERO;
            BigInteger max = BigInteger.ONE.shiftLeft(signed ? bits - 1 : bits).subtract(BigInteger.ONE);
            if (r.value().compareTo(min) >= 0 && r.value().compareTo(max) <= 0) {
                return new ExpectedInt(r.value(), exact && r.inexact() ? ExceptionFlags.INEXACT : 0);
            }
            boolean negative = r.value().signum() < 0;
            BigInteger invalid = s == Specialization.X86 ? x86.apply(negative) : negative ? min : max;
            return new ExpectedInt(invalid, ExceptionFlags.INVALID);
        }
    }

    /** X86 results of invalid conversions, restated from SoftFloat 3e's 8086-SSE specialize.h. */
    static BigInteger x86Invalid(IntFormat t, boolean negative) {
        return switch (t) {
            case I8 -> BigInteger.valueOf(negative ? -0x80 : 0x7F);
            case I16 -> BigInteger.valueOf(negative ? -0x8000 : 0x7FFF);
            case I32 -> BigInteger.valueOf(Integer.MIN_VALUE);
            case I64 -> BigInteger.valueOf(Long.MIN_VALUE);
            case UI8 -> BigInteger.valueOf(negative ? 0 : 0xFF);
            case UI16 -> BigInteger.valueOf(negative ? 0 : 0xFFFF);
            case UI32 -> BigInteger.valueOf(0xFFFFFFFFL);
            case UI64 -> BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
        };
    }

    @Property(tries = TRIES)
    void toIntegerRoundsAndSaturatesPerSpecialization(@ForAll long seed) {
        Operands o = new Operands(seed);
        for (Fmt f : Fmt.values()) {
            IntFormat t = IntFormat.values()[o.nextInt(IntFormat.values().length)];
            BigInteger a = o.finite(f, f.bias + o.nextInt(t.bits + 2));
            RoundingMode rm = o.roundingMode();
            boolean exact = o.nextBoolean();
            Specialization s = o.specialization();
            Env env = new Env(s);
            Exact x = ExactReference.decode(f, a);
            IntResult r = ExactReference.toInteger(x, rm);
            ExpectedInt e = ExpectedInt.of(r, t.bits, t.signed, exact, s, negative -> x86Invalid(t, negative));
            long actual;
            if (f == Fmt.B128) {
                actual = F128.toInt(a.shiftRight(64).longValue(), a.longValue(), t, rm, exact, env);
            } else {
                actual = Narrow.toInt(narrow(f), a.longValue(), t, rm, exact, env);
            }
            String what = describe(f, "to " + t + " " + s + " exact=" + exact, rm, a);
            assertEquals(e.value().longValue(), actual, what);
            assertEquals(e.flags(), env.flags, what + " flags");
        }
    }

    @Property(tries = TRIES)
    void toInt128RoundsAndSaturatesPerSpecialization(@ForAll long seed) {
        Operands o = new Operands(seed);
        for (Fmt f : Fmt.values()) {
            boolean signed = o.nextBoolean();
            BigInteger a = o.finite(f, f.bias + o.nextInt(130));
            RoundingMode rm = o.roundingMode();
            boolean exact = o.nextBoolean();
            Specialization s = o.specialization();
            Env env = new Env(s);
            IntResult r = ExactReference.toInteger(ExactReference.decode(f, a), rm);
            // X86: the most negative value when signed, all ones when not, whatever the sign.
            BigInteger x86 = signed ? BigInteger.ONE.shiftLeft(127).negate()
                    : BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE);
            ExpectedInt e = ExpectedInt.of(r, 128, signed, exact, s, negative -> x86);
            if (f == Fmt.B128) {
                long hi = a.shiftRight(64).longValue();
                if (signed) {
                    F128.toI128(hi, a.longValue(), rm, exact, env);
                } else {
                    F128.toUI128(hi, a.longValue(), rm, exact, env);
                }
            } else {
                Narrow.toInt128(narrow(f), a.longValue(), signed, rm, exact, env);
            }
            String what = describe(f, (signed ? "to i128 " : "to u128 ") + s, rm, a);
            BigInteger mask = BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE);
            assertEquals(e.value().and(mask).toString(16), ExactReference.bits(env.zHi, env.zLo).toString(16), what);
            assertEquals(e.flags(), env.flags, what + " flags");
        }
    }

    @Property(tries = TRIES)
    void fromIntegerIsCorrectlyRounded(@ForAll long seed) {
        Operands o = new Operands(seed);
        for (Fmt f : Fmt.values()) {
            boolean signed = o.nextBoolean();
            boolean wide = o.nextBoolean();
            BigInteger v = o.integer(wide ? 128 : 64, signed);
            RoundingMode rm = o.roundingMode();
            Env env = new Env(o.specialization());
            Rounded expected = ExactReference.round(f, v.signum() < 0, v.abs(), BigInteger.ONE, 0, rm);
            long hi = v.shiftRight(64).longValue();
            long lo = v.longValue();
            BigInteger actual;
            if (f == Fmt.B128) {
                if (wide) {
                    if (signed) {
                        F128.fromI128(hi, lo, rm, env);
                    } else {
                        F128.fromUI128(hi, lo, rm, env);
                    }
                } else if (signed) {
                    F128.fromI64(lo, env);
                } else {
                    F128.fromUI64(lo, env);
                }
                actual = ExactReference.bits(env.zHi, env.zLo);
            } else {
                actual = ExactReference.bits(wide ? Narrow.fromInt128(narrow(f), hi, lo, signed, rm, env)
                        : Narrow.fromInt64(narrow(f), lo, signed, rm, env));
            }
            check(f, describe(f, (signed ? "from i" : "from u") + (wide ? 128 : 64), rm, v), expected, actual, env.flags);
        }
    }
}

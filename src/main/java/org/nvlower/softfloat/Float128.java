package org.nvlower.softfloat;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/**
 * An immutable IEEE 754 binary128 value: the friendly API over {@link F128}. Operations round
 * to nearest-even with the NVPTX NaN policy unless given a {@link RoundingMode} (and an
 * {@link Env}, whose flags they then update).
 *
 * <p>{@link #toString()} prints the shortest decimal that parses back to the same bits
 * (NEAR_EVEN), in plain notation for decimal exponents -7..20 and as {@code d.ddde±n} outside;
 * {@link #toHexString()} prints the exact bits; {@link #toBigDecimal()} the exact value.
 */
public record Float128(long hi, long lo) {

    public static final Float128 ZERO = new Float128(0, 0);
    public static final Float128 NEGATIVE_ZERO = new Float128(F128.SIGN, 0);
    public static final Float128 ONE = new Float128(0x3FFF000000000000L, 0);
    public static final Float128 TWO = new Float128(0x4000000000000000L, 0);
    public static final Float128 POSITIVE_INFINITY = new Float128(0x7FFF000000000000L, 0);
    public static final Float128 NEGATIVE_INFINITY = new Float128(0xFFFF000000000000L, 0);
    /** The canonical (NVPTX) quiet NaN: all payload bits set. */
    public static final Float128 NaN = new Float128(0x7FFFFFFFFFFFFFFFL, -1L);
    /** (2 - 2^-112) * 2^16383 */
    public static final Float128 MAX_VALUE = new Float128(0x7FFEFFFFFFFFFFFFL, -1L);
    /** 2^-16382, the smallest normal value. */
    public static final Float128 MIN_NORMAL = new Float128(0x0001000000000000L, 0);
    /** 2^-16494, the smallest subnormal value. */
    public static final Float128 MIN_VALUE = new Float128(0, 1);
    /** 2^-112, the distance from 1 to the next value. */
    public static final Float128 EPSILON = new Float128(0x3F8F000000000000L, 0);

    private static Env env() {
        return new Env(Specialization.NVPTX);
    }

    private static Float128 z(Env env) {
        return new Float128(env.zHi, env.zLo);
    }

    // ------------------------------------------------------------------ construction

    public static Float128 of(double d) {
        Env env = env();
        F128.fromF64(Double.doubleToRawLongBits(d), env);
        return z(env);
    }

    public static Float128 of(long v) {
        Env env = env();
        F128.fromI64(v, env);
        return z(env);
    }

    /** Correctly rounded (NEAR_EVEN) decimal, or exact bits as {@code 0x} and 32 hex digits; see {@link #parse(String, RoundingMode, Env)}. */
    public static Float128 parse(String text) {
        return parse(text, RoundingMode.NEAR_EVEN, env());
    }

    /**
     * Parses a decimal ({@code [+-]digits[.digits][e[+-]digits]}, correctly rounded in mode
     * rm, with flags), {@code inf}/{@code infinity}/{@code nan} (any case, optional sign), or
     * {@code 0x} followed by exactly 32 hex digits: the bits, high word first.
     *
     * @throws NumberFormatException for anything else
     */
    public static Float128 parse(String text, RoundingMode rm, Env env) {
        String s = text.strip();
        if (s.startsWith("0x") || s.startsWith("0X")) {
            String hex = s.substring(2).replace("_", "");
            if (hex.length() != 32 || !hex.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
                throw new NumberFormatException("expected 0x and 32 hex digits (the binary128 bits): '" + text + "'");
            }
            return new Float128(Long.parseUnsignedLong(hex.substring(0, 16), 16),
                    Long.parseUnsignedLong(hex.substring(16), 16));
        }
        boolean negative = s.startsWith("-");
        String body = s.startsWith("-") || s.startsWith("+") ? s.substring(1) : s;
        switch (body.toLowerCase(Locale.ROOT)) {
            case "inf", "infinity" -> {
                return negative ? NEGATIVE_INFINITY : POSITIVE_INFINITY;
            }
            case "nan" -> {
                return negative ? new Float128(NaN.hi | F128.SIGN, NaN.lo) : NaN;
            }
            default -> { }
        }
        if (body.isEmpty() || !Character.isDigit(body.charAt(0)) && body.charAt(0) != '.') {
            throw new NumberFormatException("not a binary128 literal: '" + text + "'");
        }
        BigDecimal d;
        try {
            d = new BigDecimal(body);
        } catch (NumberFormatException e) {
            throw new NumberFormatException("not a binary128 literal: '" + text + "'");
        }
        DecimalConversion.fromDecimal(d, negative, rm, env);
        return z(env);
    }

    // ------------------------------------------------------------------ arithmetic

    public Float128 add(Float128 b) {
        return add(b, RoundingMode.NEAR_EVEN, env());
    }

    public Float128 add(Float128 b, RoundingMode rm) {
        return add(b, rm, env());
    }

    public Float128 add(Float128 b, RoundingMode rm, Env env) {
        F128.add(hi, lo, b.hi, b.lo, rm, env);
        return z(env);
    }

    public Float128 sub(Float128 b) {
        return sub(b, RoundingMode.NEAR_EVEN, env());
    }

    public Float128 sub(Float128 b, RoundingMode rm) {
        return sub(b, rm, env());
    }

    public Float128 sub(Float128 b, RoundingMode rm, Env env) {
        F128.sub(hi, lo, b.hi, b.lo, rm, env);
        return z(env);
    }

    public Float128 mul(Float128 b) {
        return mul(b, RoundingMode.NEAR_EVEN, env());
    }

    public Float128 mul(Float128 b, RoundingMode rm) {
        return mul(b, rm, env());
    }

    public Float128 mul(Float128 b, RoundingMode rm, Env env) {
        F128.mul(hi, lo, b.hi, b.lo, rm, env);
        return z(env);
    }

    public Float128 div(Float128 b) {
        return div(b, RoundingMode.NEAR_EVEN, env());
    }

    public Float128 div(Float128 b, RoundingMode rm) {
        return div(b, rm, env());
    }

    public Float128 div(Float128 b, RoundingMode rm, Env env) {
        F128.div(hi, lo, b.hi, b.lo, rm, env);
        return z(env);
    }

    /** this * b + c, rounded once. */
    public Float128 mulAdd(Float128 b, Float128 c) {
        return mulAdd(b, c, RoundingMode.NEAR_EVEN, env());
    }

    public Float128 mulAdd(Float128 b, Float128 c, RoundingMode rm) {
        return mulAdd(b, c, rm, env());
    }

    public Float128 mulAdd(Float128 b, Float128 c, RoundingMode rm, Env env) {
        F128.mulAdd(hi, lo, b.hi, b.lo, c.hi, c.lo, rm, env);
        return z(env);
    }

    public Float128 sqrt() {
        return sqrt(RoundingMode.NEAR_EVEN, env());
    }

    public Float128 sqrt(RoundingMode rm) {
        return sqrt(rm, env());
    }

    public Float128 sqrt(RoundingMode rm, Env env) {
        F128.sqrt(hi, lo, rm, env);
        return z(env);
    }

    /** IEEE 754 remainder (exact). */
    public Float128 rem(Float128 b) {
        return rem(b, env());
    }

    public Float128 rem(Float128 b, Env env) {
        F128.rem(hi, lo, b.hi, b.lo, env);
        return z(env);
    }

    /** C fmod = LLVM frem (exact, sign of this). */
    public Float128 fmod(Float128 b) {
        return fmod(b, env());
    }

    public Float128 fmod(Float128 b, Env env) {
        F128.fmod(hi, lo, b.hi, b.lo, env);
        return z(env);
    }

    public Float128 roundToInt(RoundingMode rm) {
        Env env = env();
        F128.roundToInt(hi, lo, rm, false, env);
        return z(env);
    }

    public Float128 negate() {
        return new Float128(hi ^ F128.SIGN, lo);
    }

    public Float128 abs() {
        return new Float128(hi & ~F128.SIGN, lo);
    }

    // ------------------------------------------------------------------ queries

    public boolean isNaN() {
        return F128.isNaN(hi, lo);
    }

    public boolean isInfinite() {
        return F128.isInf(hi, lo);
    }

    public boolean isZero() {
        return F128.isZero(hi, lo);
    }

    public boolean isNegative() {
        return hi < 0;
    }

    public FloatClass classify() {
        return F128.classify(hi, lo);
    }

    /** IEEE equality (+0 == -0, NaN unequal to everything). */
    public boolean ieeeEquals(Float128 b) {
        return F128.eq(hi, lo, b.hi, b.lo, new Env());
    }

    public boolean lessThan(Float128 b) {
        return F128.ltQuiet(hi, lo, b.hi, b.lo, new Env());
    }

    // ------------------------------------------------------------------ conversions

    /** Rounded to binary64 (NEAR_EVEN). */
    public double toDouble() {
        return toDouble(RoundingMode.NEAR_EVEN);
    }

    public double toDouble(RoundingMode rm) {
        return Double.longBitsToDouble(F128.toF64(hi, lo, rm, env()));
    }

    /** The exact value. @throws ArithmeticException for NaN and infinities */
    public BigDecimal toBigDecimal() {
        if (F128.exp(hi) == F128.EXP_MAX) {
            throw new ArithmeticException(this + " has no decimal value");
        }
        return DecimalConversion.toBigDecimal(hi, lo);
    }

    /** {@code 0x} and the 32 hex digits of the bits, high word first (what {@link #parse} reads back). */
    public String toHexString() {
        return String.format("0x%016X%016X", hi, lo);
    }

    /** The value rounded (half-even) to {@code significantDigits} decimal digits. */
    public String toDecimalString(int significantDigits) {
        if (significantDigits < 1) {
            throw new IllegalArgumentException("significantDigits must be >= 1: " + significantDigits);
        }
        String special = special();
        if (special != null) {
            return special;
        }
        BigDecimal v = toBigDecimal().round(new MathContext(significantDigits, java.math.RoundingMode.HALF_EVEN));
        return format(v);
    }

    /** The shortest decimal that parses back (NEAR_EVEN) to these exact bits; see the class comment. */
    @Override
    public String toString() {
        String special = special();
        if (special != null) {
            return special;
        }
        BigDecimal exact = toBigDecimal();
        for (int digits = 1; digits < 40; digits++) {
            BigDecimal v = exact.round(new MathContext(digits, java.math.RoundingMode.HALF_EVEN));
            Env env = env();
            DecimalConversion.fromDecimal(v.abs(), hi < 0, RoundingMode.NEAR_EVEN, env);
            if (env.zHi == hi && env.zLo == lo) {
                return format(v);
            }
        }
        return format(exact); // unreachable: 36 digits always round-trip
    }

    private String special() {
        if (isNaN()) {
            return "NaN";
        }
        if (isInfinite()) {
            return hi < 0 ? "-Infinity" : "Infinity";
        }
        if (isZero()) {
            return hi < 0 ? "-0.0" : "0.0";
        }
        return null;
    }

    private static String format(BigDecimal v) {
        v = v.stripTrailingZeros();
        int exponent = v.precision() - v.scale() - 1;
        if (exponent >= -7 && exponent < 21) {
            String plain = v.toPlainString();
            return plain.contains(".") ? plain : plain + ".0";
        }
        String digits = v.unscaledValue().abs().toString();
        String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
        return (v.signum() < 0 ? "-" : "") + mantissa + "e" + (exponent >= 0 ? "+" : "") + exponent;
    }
}

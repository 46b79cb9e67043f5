package org.nvlower.llvm.text;

import java.math.BigInteger;
import java.util.Locale;

import org.nvlower.llvm.ir.ConstantFP;
import org.nvlower.llvm.ir.FloatType;

/**
 * Floating-point constants as LLVM spells them. Decimal literals and {@code 0x} + 16 hex digits
 * denote a double that is then converted, exactly, to the constant's type (LLVM rejects a
 * literal the type cannot hold exactly). {@code 0xK} (x86_fp80: 4 hex digits of sign and
 * exponent, then 16 of significand), {@code 0xL} (fp128) and {@code 0xM} (ppc_fp128; both: low
 * 64-bit word first, then high word), {@code 0xH} (half) and {@code 0xR} (bfloat) give the
 * encoding itself. Digit counts other than these are read as LLVM 14's lexer reads them
 * ({@link #hexToLong}, {@link #words}), so llvm-as and nvlower accept the same literals.
 */
final class IrFloatLiterals {

    private static final BigInteger MASK64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private IrFloatLiterals() {
    }

    /** The encoding of {@code literal} in {@code type}, or null with {@code error[0]} set. */
    static BigInteger parse(FloatType type, String literal, String[] error) {
        if (literal.startsWith("0x") || literal.startsWith("-0x")) {
            if (literal.startsWith("-")) {
                error[0] = "floating point constant invalid for type";
                return null;
            }
            char k = literal.length() > 2 ? literal.charAt(2) : ' ';
            String digits = "KLMHR".indexOf(k) >= 0 ? literal.substring(3) : literal.substring(2);
            FloatType own = switch (k) {
                case 'K' -> FloatType.X86_FP80;
                case 'L' -> FloatType.FP128;
                case 'M' -> FloatType.PPC_FP128;
                case 'H' -> FloatType.HALF;
                case 'R' -> FloatType.BFLOAT;
                default -> null;
            };
            if (own == null) {
                return fromDouble(type, Double.longBitsToDouble(hexToLong(digits)), error);
            }
            if (own != type) {
                error[0] = "floating point constant does not have type '" + type + "'";
                return null;
            }
            return switch (own) {
                case HALF, BFLOAT -> BigInteger.valueOf(hexToLong(digits) & 0xffff);
                case X86_FP80 -> {
                    long[] words = words(digits, 4, 16);
                    yield BigInteger.valueOf(words[0] & 0xffff).shiftLeft(64).or(unsigned(words[1]));
                }
                default -> { // fp128, ppc_fp128: low word first, and only when there are 16 digits for it
                    long[] words = digits.length() >= 16 ? words(digits, 16, 16) : new long[] {0, hexToLong(digits)};
                    yield unsigned(words[1]).shiftLeft(64).or(unsigned(words[0]));
                }
            };
        }
        double d;
        try {
            d = Double.parseDouble(literal);
        } catch (NumberFormatException e) {
            error[0] = "invalid floating-point constant '" + literal + "'";
            return null;
        }
        return fromDouble(type, d, error);
    }

    /**
     * The digits as LLVM's lexer reads them: a 64-bit accumulator that gives 0 when a step
     * overflows (LLVM then records "constant bigger than 64 bits", a lexer message llvm-as never
     * shows when the parse succeeds, so any number of digits is accepted).
     */
    static long hexToLong(String digits) {
        long r = 0;
        for (int i = 0; i < digits.length(); i++) {
            long old = r;
            r = r * 16 + Character.digit(digits.charAt(i), 16);
            if (Long.compareUnsigned(r, old) < 0) {
                return 0;
            }
        }
        return r;
    }

    /** Two words of at most {@code first} and {@code second} digits, in order; further digits are ignored, as by LLVM. */
    private static long[] words(String digits, int first, int second) {
        long[] w = new long[2];
        int i = 0;
        for (int n = 0; n < first && i < digits.length(); n++, i++) {
            w[0] = w[0] * 16 + Character.digit(digits.charAt(i), 16);
        }
        for (int n = 0; n < second && i < digits.length(); n++, i++) {
            w[1] = w[1] * 16 + Character.digit(digits.charAt(i), 16);
        }
        return w;
    }

    /** The encoding of {@code d} in {@code type}; null (with an error) when not exact. */
    static BigInteger fromDouble(FloatType type, double d, String[] error) {
        long bits = Double.doubleToRawLongBits(d);
        switch (type) {
            case DOUBLE:
                return unsigned(bits);
            case FLOAT: {
                float f = (float) d;
                if (!Double.isNaN(d) && (double) f != d) {
                    break;
                }
                return BigInteger.valueOf(Float.floatToRawIntBits(f) & 0xffffffffL);
            }
            case HALF: {
                short h = Float.floatToFloat16((float) d);
                if (!Double.isNaN(d) && (double) Float.float16ToFloat(h) != d) {
                    break;
                }
                return BigInteger.valueOf(h & 0xffff);
            }
            case BFLOAT: {
                int f = Float.floatToRawIntBits((float) d);
                if (!Double.isNaN(d) && ((double) (float) d != d || (f & 0xffff) != 0)) {
                    break;
                }
                return BigInteger.valueOf((f >>> 16) & 0xffff);
            }
            case FP128:
                return widen(bits, 15, 112, false);
            case X86_FP80:
                return widen(bits, 15, 64, true);
            case PPC_FP128:
                return unsigned(bits);
            default:
                break;
        }
        error[0] = "floating point constant invalid for type";
        return null;
    }

    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    private static BigInteger unsigned(long bits) {
        return bits >= 0 ? BigInteger.valueOf(bits) : BigInteger.valueOf(bits).add(TWO_64);
    }

    /** Exact conversion of a double to a wider binary format (explicit integer bit for x87). */
    private static BigInteger widen(long bits, int expBits, int fracBits, boolean explicitOne) {
        boolean negative = bits < 0;
        int exp = (int) ((bits >>> 52) & 0x7ff);
        long frac = bits & 0xfffffffffffffL;
        int bias = (1 << (expBits - 1)) - 1;
        int storedFrac = explicitOne ? fracBits - 1 : fracBits;
        BigInteger e;
        BigInteger f;
        boolean one = false;
        if (exp == 0x7ff) {
            e = BigInteger.ONE.shiftLeft(expBits).subtract(BigInteger.ONE);
            f = BigInteger.valueOf(frac).shiftLeft(storedFrac - 52);
            one = true;
        } else if (exp == 0 && frac == 0) {
            e = BigInteger.ZERO;
            f = BigInteger.ZERO;
        } else {
            int unbiased = exp - 1023;
            if (exp == 0) {
                int shift = Long.numberOfLeadingZeros(frac) - 11;
                frac = (frac << shift) & 0xfffffffffffffL;
                unbiased = -1022 - shift;
            }
            e = BigInteger.valueOf(unbiased + bias);
            f = BigInteger.valueOf(frac).shiftLeft(storedFrac - 52);
            one = true;
        }
        BigInteger r = e;
        if (explicitOne) {
            r = r.shiftLeft(1).or(one ? BigInteger.ONE : BigInteger.ZERO);
        }
        r = r.shiftLeft(storedFrac).or(f);
        return negative ? r.setBit(expBits + fracBits) : r;
    }

    /** LLVM's spelling of a constant: decimal when it reads back exactly, hex otherwise. */
    static String print(ConstantFP c) {
        BigInteger bits = c.bits();
        switch (c.type()) {
            case DOUBLE:
            case FLOAT: {
                double d = c.type() == FloatType.DOUBLE ? Double.longBitsToDouble(bits.longValue())
                        : Float.intBitsToFloat(bits.intValue());
                if (!Double.isNaN(d) && !Double.isInfinite(d)) {
                    String dec = d == 0 ? String.format(Locale.ROOT, "%.6e", d) : llvmDecimal(d);
                    if (Double.parseDouble(dec) == d && !(d == 0 && 1 / d < 0 && !dec.startsWith("-"))) {
                        return dec;
                    }
                }
                // LLVM's format_hex(bits, 0, upper): no leading zeros
                return "0x" + Long.toHexString(Double.doubleToRawLongBits(d)).toUpperCase(Locale.ROOT);
            }
            case HALF:
                return "0xH" + hex(bits.longValue(), 4);
            case BFLOAT:
                return "0xR" + hex(bits.longValue(), 4);
            case X86_FP80:
                return "0xK" + hex(bits.shiftRight(64).longValue(), 4) + hex(bits.longValue(), 16);
            case FP128:
                return "0xL" + hex(bits.and(MASK64).longValue(), 16) + hex(bits.shiftRight(64).longValue(), 16);
            case PPC_FP128:
                return "0xM" + hex(bits.and(MASK64).longValue(), 16) + hex(bits.shiftRight(64).longValue(), 16);
            default:
                throw new AssertionError(c.type());
        }
    }

    /**
     * LLVM's APFloat::toString(6, 0, false): the exact value's decimal digits, of which the low
     * ones beyond what 20 bits need are cut off first (not rounded), then the rest rounded half
     * up to six significant digits; written with six decimals and a two-digit exponent. The cut
     * makes LLVM print some values (1e35) in hex that a correctly rounded conversion would not.
     */
    static String llvmDecimal(double d) {
        long bits = Double.doubleToRawLongBits(d);
        int biased = (int) (bits >>> 52) & 0x7FF;
        long mantissa = bits & ((1L << 52) - 1);
        long m = biased == 0 ? mantissa : mantissa | (1L << 52);
        int e = (biased == 0 ? 1 : biased) - 1075;
        int tz = Long.numberOfTrailingZeros(m);
        m >>>= tz;
        e += tz;
        BigInteger n = BigInteger.valueOf(m);
        int exp10 = 0;
        if (e > 0) {
            n = n.shiftLeft(e);
        } else if (e < 0) {
            n = n.multiply(BigInteger.valueOf(5).pow(-e));
            exp10 = e;
        }
        int discard = Math.max(0, n.bitLength() - 20) * 59 / 196;
        String all = n.toString();
        String digits = all.substring(0, all.length() - Math.min(discard, all.length() - 1));
        exp10 += all.length() - digits.length();
        int keep = digits.length();
        while (keep > 1 && digits.charAt(keep - 1) == '0') {
            keep--;
        }
        exp10 += digits.length() - keep;
        digits = digits.substring(0, keep);
        if (digits.length() > 6) {
            int cut = digits.length() - 6;
            boolean up = digits.charAt(6) >= '5';
            String head = digits.substring(0, 6);
            exp10 += cut;
            if (up) {
                BigInteger h = new BigInteger(head).add(BigInteger.ONE);
                head = h.toString();
                if (head.length() > 6) {
                    head = head.substring(0, 6);
                    exp10++;
                }
            }
            int k = head.length();
            while (k > 1 && head.charAt(k - 1) == '0') {
                k--;
                exp10++;
            }
            digits = head.substring(0, k);
        }
        exp10 += digits.length() - 1;
        StringBuilder sb = new StringBuilder(d < 0 ? "-" : "");
        sb.append(digits.charAt(0)).append('.').append(digits, 1, digits.length());
        sb.append("0".repeat(6 - (digits.length() - 1)));
        sb.append('e').append(exp10 < 0 ? '-' : '+');
        int abs = Math.abs(exp10);
        sb.append(abs < 10 ? "0" : "").append(abs);
        return sb.toString();
    }

    private static String hex(long v, int digits) {
        String s = Long.toHexString(v).toUpperCase(Locale.ROOT);
        if (s.length() > digits) {
            s = s.substring(s.length() - digits);
        }
        return "0".repeat(digits - s.length()) + s;
    }
}

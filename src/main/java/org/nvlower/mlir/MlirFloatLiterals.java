package org.nvlower.mlir;

import java.math.BigInteger;

import org.nvlower.softfloat.BF16;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.F16;
import org.nvlower.softfloat.Float128;
import org.nvlower.softfloat.RoundingMode;
import org.nvlower.softfloat.Specialization;

/**
 * Float literals as MLIR reads and prints them. Reading rounds a decimal to nearest-even in the
 * type (f16/bf16 through binary128 rounded to odd, which cannot double-round). Printing follows
 * mlir-opt: seven significant digits in exponent form ({@code 1.000000e-01}) when they read back
 * to the same bits, else the type's natural precision ({@code 0.333333343}) when that has a
 * decimal point, else the bits in hexadecimal ({@code 0x7FC00000}: NaN, infinities, large
 * integers). The digits come from the same integer algorithm as LLVM's APFloat::toString, whose
 * truncate-then-round steps decide the last digit (tests compare with mlir-opt).
 */
public final class MlirFloatLiterals {

    private MlirFloatLiterals() {}

    /** The bits of the decimal {@code text} rounded to nearest-even in {@code type}. */
    public static long parseDecimal(String text, MlirFloatType type) {
        return switch (type) {
            case F64 -> Double.doubleToRawLongBits(Double.parseDouble(text));
            case F32 -> Float.floatToRawIntBits(Float.parseFloat(text)) & 0xFFFFFFFFL;
            case F16, BF16 -> {
                Float128 wide = Float128.parse(text, new Env(RoundingMode.ODD, Specialization.NVPTX));
                Env env = new Env(RoundingMode.NEAR_EVEN, Specialization.NVPTX);
                short h = type == MlirFloatType.F16 ? F16.fromF128(wide.hi(), wide.lo(), env)
                        : BF16.fromF128(wide.hi(), wide.lo(), env);
                yield h & 0xFFFFL;
            }
        };
    }

    /** The literal mlir-opt prints for these bits. */
    public static String print(long bits, MlirFloatType type) {
        if (isFinite(bits, type)) {
            String exponentForm = toString(bits, type, 6, 0, false);
            if (parseDecimal(exponentForm, type) == bits) {
                return exponentForm;
            }
            String natural = toString(bits, type, 0, 3, true);
            if (natural.indexOf('.') >= 0) {
                return natural;
            }
        }
        return hex(bits);
    }

    /** {@code 0x} and the bits in upper-case hex without leading zeros, as MLIR prints them. */
    public static String hex(long bits) {
        return "0x" + Long.toHexString(bits).toUpperCase(java.util.Locale.ROOT);
    }

    public static boolean isFinite(long bits, MlirFloatType type) {
        int e = type.exponentBits();
        long exponent = (bits >>> (type.precision() - 1)) & ((1L << e) - 1);
        return exponent != (1L << e) - 1;
    }

    /**
     * APFloat::toString of a finite value: at most {@code precision} significant digits (0: the
     * type's natural precision), plain notation unless that needs more than {@code maxPadding}
     * zeros (0: always exponent form), {@code truncateZero} false pads to {@code precision + 1}
     * digits with a lower-case two-digit exponent.
     */
    static String toString(long bits, MlirFloatType type, int precision, int maxPadding, boolean truncateZero) {
        int p = type.precision();
        boolean negative = (bits >>> (type.width() - 1) & 1) != 0;
        long fraction = bits & ((1L << (p - 1)) - 1);
        int biased = (int) ((bits >>> (p - 1)) & ((1L << type.exponentBits()) - 1));
        int bias = (1 << (type.exponentBits() - 1)) - 1;
        StringBuilder out = new StringBuilder();
        if (negative) {
            out.append('-');
        }
        if (biased == 0 && fraction == 0) {
            if (maxPadding != 0) {
                return out.append('0').toString();
            }
            if (truncateZero) {
                return out.append("0.0E+0").toString();
            }
            return out.append("0.0").append("0".repeat(Math.max(0, precision - 1))).append("e+00").toString();
        }
        // value = significand * 2^exp with an integer significand
        long significandBits = biased == 0 ? fraction : fraction | (1L << (p - 1));
        int exp = (biased == 0 ? 1 - bias : biased - bias) - (p - 1);
        if (precision == 0) {
            precision = 2 + p * 59 / 196;
        }
        int trailing = Long.numberOfTrailingZeros(significandBits);
        exp += trailing;
        BigInteger significand = BigInteger.valueOf(significandBits >>> trailing);
        if (exp > 0) {
            significand = significand.shiftLeft(exp);
            exp = 0;
        } else if (exp < 0) {
            significand = significand.multiply(BigInteger.valueOf(5).pow(-exp)); // 2^-k = 5^k * 10^-k
        }
        // First a cheap cut by division (rounds down), keeping at least `precision` digits...
        int bitsRequired = (precision * 196 + 58) / 59;
        int length = significand.bitLength();
        if (length > bitsRequired) {
            int tensRemovable = (length - bitsRequired) * 59 / 196;
            if (tensRemovable > 0) {
                exp += tensRemovable;
                significand = significand.divide(BigInteger.TEN.pow(tensRemovable));
            }
        }
        String digits = significand.toString();
        int nonZero = digits.length();
        while (digits.charAt(nonZero - 1) == '0') {
            nonZero--;
        }
        exp += digits.length() - nonZero;
        digits = digits.substring(0, nonZero);
        // ...then round half up on the digit after the kept ones.
        if (digits.length() > precision) {
            int dropped = digits.length() - precision;
            boolean up = digits.charAt(precision) >= '5';
            StringBuilder kept = new StringBuilder(digits.substring(0, precision));
            exp += dropped;
            if (up) {
                int i = kept.length() - 1;
                while (i >= 0 && kept.charAt(i) == '9') {
                    i--;
                }
                if (i < 0) {
                    exp += kept.length();
                    kept.setLength(0);
                    kept.append('1');
                } else {
                    kept.setCharAt(i, (char) (kept.charAt(i) + 1));
                    exp += kept.length() - 1 - i;
                    kept.setLength(i + 1);
                }
            }
            int n = kept.length();
            while (n > 1 && kept.charAt(n - 1) == '0') {
                n--;
                exp++;
            }
            kept.setLength(n);
            digits = kept.toString();
        }
        return format(out, digits, exp, precision, maxPadding, truncateZero);
    }

    /** Lays out digits * 10^exp the way APFloat does. */
    private static String format(StringBuilder out, String digits, int exp, int precision, int maxPadding,
            boolean truncateZero) {
        int n = digits.length();
        boolean scientific;
        if (maxPadding == 0) {
            scientific = true;
        } else if (exp >= 0) {
            scientific = exp > maxPadding || n + exp > precision;
        } else {
            int msd = exp + n - 1;
            scientific = msd < 0 && -msd > maxPadding;
        }
        if (scientific) {
            int e = exp + n - 1;
            out.append(digits.charAt(0)).append('.');
            if (n == 1 && truncateZero) {
                out.append('0');
            } else {
                out.append(digits, 1, n);
            }
            if (!truncateZero && precision > n - 1) {
                out.append("0".repeat(precision - n + 1));
            }
            out.append(truncateZero ? 'E' : 'e').append(e >= 0 ? '+' : '-');
            String magnitude = Integer.toString(Math.abs(e));
            if (!truncateZero && magnitude.length() < 2) {
                out.append('0');
            }
            return out.append(magnitude).toString();
        }
        if (exp >= 0) {
            return out.append(digits).append("0".repeat(exp)).toString();
        }
        int whole = exp + n;
        if (whole > 0) {
            return out.append(digits, 0, whole).append('.').append(digits, whole, n).toString();
        }
        return out.append("0.").append("0".repeat(-whole)).append(digits).toString();
    }
}

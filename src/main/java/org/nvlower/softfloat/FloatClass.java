package org.nvlower.softfloat;

/** IEEE 754 {@code class(x)}: the ten classes of a floating-point datum. */
public enum FloatClass {
    SIGNALING_NAN, QUIET_NAN, NEGATIVE_INFINITY, NEGATIVE_NORMAL, NEGATIVE_SUBNORMAL,
    NEGATIVE_ZERO, POSITIVE_ZERO, POSITIVE_SUBNORMAL, POSITIVE_NORMAL, POSITIVE_INFINITY;

    /** The class of a non-NaN datum from its sign and kind (0 zero, 1 subnormal, 2 normal, 3 infinity). */
    static FloatClass of(boolean negative, int kind) {
        return switch (kind) {
            case 0 -> negative ? NEGATIVE_ZERO : POSITIVE_ZERO;
            case 1 -> negative ? NEGATIVE_SUBNORMAL : POSITIVE_SUBNORMAL;
            case 2 -> negative ? NEGATIVE_NORMAL : POSITIVE_NORMAL;
            default -> negative ? NEGATIVE_INFINITY : POSITIVE_INFINITY;
        };
    }
}

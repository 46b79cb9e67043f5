package org.nvlower.softfloat;

/** IEEE 754 rounding modes plus round-to-odd, named as TestFloat names them. */
public enum RoundingMode {
    NEAR_EVEN("near_even", 0, 0, 0, 0),
    MIN_MAG("minMag", 1, 0, 0, 0),
    MIN("min", 1, 1, 0, 0),
    MAX("max", 1, 0, 1, 0),
    NEAR_MAX_MAG("near_maxMag", 0, 0, 0, 0),
    ODD("odd", 1, 0, 0, 1);

    private final String testFloatName;

    /**
     * The mode as data (0 or 1 each), for rounding code without a branch on the mode or the sign:
     * an inexact value rounds to its truncation ({@code directed}), plus one unit away from zero when
     * negative ({@code awayIfNegative}) or positive ({@code awayIfPositive}), with the last bit set
     * ({@code odd}); the nearest modes round as they round (directed = 0).
     */
    final int directed, awayIfNegative, awayIfPositive, odd;

    RoundingMode(String testFloatName, int directed, int awayIfNegative, int awayIfPositive, int odd) {
        this.testFloatName = testFloatName;
        this.directed = directed;
        this.awayIfNegative = awayIfNegative;
        this.awayIfPositive = awayIfPositive;
        this.odd = odd;
    }

    /** TestFloat's spelling: "near_even", "minMag", "min", "max", "near_maxMag", "odd". */
    public String testFloatName() {
        return testFloatName;
    }

    /** The mode TestFloat spells {@code name}; throws IllegalArgumentException for any other. */
    public static RoundingMode fromTestFloatName(String name) {
        for (RoundingMode m : values()) {
            if (m.testFloatName.equals(name)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown rounding mode '" + name
                + "' (expected near_even, minMag, min, max, near_maxMag or odd)");
    }
}

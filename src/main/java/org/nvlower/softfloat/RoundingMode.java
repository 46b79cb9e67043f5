package org.nvlower.softfloat;

/** IEEE 754 rounding modes plus round-to-odd, named as TestFloat names them. */
public enum RoundingMode {
    NEAR_EVEN("near_even"),
    MIN_MAG("minMag"),
    MIN("min"),
    MAX("max"),
    NEAR_MAX_MAG("near_maxMag"),
    ODD("odd");

    private final String testFloatName;

    RoundingMode(String testFloatName) {
        this.testFloatName = testFloatName;
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

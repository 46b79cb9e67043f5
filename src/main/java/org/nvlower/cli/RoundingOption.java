package org.nvlower.cli;

import org.nvlower.diag.InputException;
import org.nvlower.softfloat.RoundingMode;

import picocli.CommandLine.Option;

/** TestFloat's {@code -rMODE} option, shared by {@code eval} and {@code testfloat} as a picocli mixin. */
final class RoundingOption {

    @Option(names = "-r", paramLabel = "MODE",
            description = "Rounding mode, as TestFloat spells it: -rnear_even (default), -rminMag, -rmin, -rmax, "
                    + "-rnear_maxMag, -rodd.")
    String name;

    /** The mode asked for, or null when the option was not given. */
    RoundingMode modeOrNull() {
        if (name == null) {
            return null;
        }
        try {
            return RoundingMode.fromTestFloatName(name);
        } catch (IllegalArgumentException e) {
            throw new InputException(e.getMessage());
        }
    }

    /** The mode asked for, near_even by default. */
    RoundingMode mode() {
        RoundingMode mode = modeOrNull();
        return mode == null ? RoundingMode.NEAR_EVEN : mode;
    }
}

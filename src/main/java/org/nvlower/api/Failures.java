package org.nvlower.api;

import java.util.function.Supplier;

import org.nvlower.diag.InputException;

/** The one place the API turns internal input errors into {@link NvlowerException}. */
final class Failures {

    private Failures() {
    }

    static <T> T guard(Supplier<T> action) {
        try {
            return action.get();
        } catch (InputException e) {
            throw NvlowerException.of(e);
        }
    }
}

package org.nvlower.llvm.ir;

import java.math.BigInteger;

/**
 * One entry of {@code !llvm.module.flags}: {@code !{i32 behavior, !"key", value}}, e.g.
 * {@code !{i32 4, !"nvvm-reflect-ftz", i32 1}}. {@code value} is the third element as written.
 */
public record ModuleFlag(int behavior, String key, String value) {

    /** LLVM's merge behaviors. */
    public static final int ERROR = 1, WARNING = 2, REQUIRE = 3, OVERRIDE = 4, APPEND = 5, APPEND_UNIQUE = 6,
            MAX = 7, MIN = 8;

    /** The value when it is an integer constant ({@code i32 1}), else null. */
    public BigInteger intValue() {
        int space = value.indexOf(' ');
        if (space < 0 || !value.startsWith("i")) {
            return null;
        }
        try {
            return new BigInteger(value.substring(space + 1).strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The tuple text of this flag. */
    public String body() {
        return "!{i32 " + behavior + ", " + MetadataText.string(key) + ", " + value + "}";
    }
}

package org.nvlower.llvm.text;

import java.util.Arrays;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * The syntax LLVM's DataLayout parser accepts in {@code target datalayout = "..."}: entries
 * separated by {@code -}, each a letter specification with unsigned numbers (alignments in
 * whole bytes). Any target's layout passes (repeated entries too, as in LLVM); the structure
 * is checked, and the values as LLVM 14 and 19 check them (widths, powers of two, the preferred
 * alignment not below the ABI one). (The NVPTX rules for which values a layout may give are the target
 * layer's DataLayoutVerifier.)
 */
final class DataLayoutSyntax {

    private static final Pattern NUMBER = Pattern.compile("\\d{1,9}");

    private DataLayoutSyntax() {
    }

    /** Why LLVM rejects {@code layout}, or null when it is well formed. */
    static String problem(String layout) {
        if (layout.isEmpty()) {
            return null;
        }
        for (String entry : layout.split("-", -1)) {
            String why = entryProblem(entry);
            if (why != null) {
                return why + " in '" + entry + "'";
            }
        }
        return null;
    }

    private static String entryProblem(String e) {
        if (e.isEmpty()) {
            return "empty entry";
        }
        char c = e.charAt(0);
        String rest = e.substring(1);
        return switch (c) {
            case 'e', 'E' -> rest.isEmpty() ? null : "unexpected characters after the endianness";
            case 'm' -> rest.length() == 2 && rest.charAt(0) == ':' && "emoxwal".indexOf(rest.charAt(1)) >= 0 ? null
                    : "unknown mangling";
            case 'S', 'A', 'P', 'G' -> number(rest);
            case 'F' -> rest.length() > 1 && (rest.charAt(0) == 'i' || rest.charAt(0) == 'n') ? number(rest.substring(1))
                    : "unknown function pointer alignment type";
            case 'n' -> {
                String list = rest.startsWith("i") ? rest.substring(1) : rest;
                String why = numbers(list, rest.startsWith("i") ? 0 : 1, 64);
                yield why != null ? why : Arrays.stream(list.split(":")).anyMatch(w -> !w.isEmpty() && Long.parseLong(w) == 0)
                        ? "Zero width native integer type in datalayout string" : null;
            }
            case 'p' -> firstOf(sizedEntry(rest, 2, 4, false), () -> pointerValues(rest));
            case 'i', 'f', 'v' -> firstOf(sizedEntry(rest, 1, 2, true), () -> alignmentValues(c, rest));
            case 'a' -> firstOf(sizedEntry(rest, 1, 2, false), () -> alignmentValues(c, rest));
            case 's' -> null; // deprecated stack alignment: LLVM 14 and 19 ignore it (old textual IR still reads)
            default -> "unknown specifier '" + c + "'";
        };
    }

    private static String firstOf(String syntax, Supplier<String> values) {
        return syntax != null ? syntax : values.get();
    }

    /**
     * LLVM's value rules of {@code p[N]:size:abi[:pref[:idx]]} (the syntax already checked): an
     * address space of 24 bits, a non-zero size, alignments powers of two, the preferred one not
     * below the ABI one.
     */
    private static String pointerValues(String rest) {
        int colon = rest.indexOf(':');
        String[] v = rest.substring(colon + 1).split(":");
        if (colon > 0 && Long.parseLong(rest.substring(0, colon)) >= 1 << 24) {
            return "Invalid address space, must be a 24bit integer";
        }
        long size = Long.parseLong(v[0]);
        long abi = Long.parseLong(v[1]);
        long pref = v.length > 2 ? Long.parseLong(v[2]) : abi;
        if (size == 0) {
            return "Invalid pointer size of 0 bytes";
        }
        if (Long.bitCount(abi) != 1) {
            return "Pointer ABI alignment must be a power of 2";
        }
        if (Long.bitCount(pref) != 1) {
            return "Pointer preferred alignment must be a power of 2";
        }
        return pref < abi ? "Preferred alignment cannot be less than the ABI alignment" : null;
    }

    /**
     * LLVM's value rules of {@code i|f|v|a[size]:abi[:pref]}: a size of 24 bits (none for an
     * aggregate), alignments of 16 bits that are powers of two (the ABI one non-zero but for
     * aggregates), the preferred one not below the ABI one.
     */
    private static String alignmentValues(char c, String rest) {
        int colon = rest.indexOf(':');
        String head = rest.substring(0, colon);
        String[] v = rest.substring(colon + 1).split(":");
        long size = head.isEmpty() ? 0 : Long.parseLong(head);
        if (size >= 1 << 24) {
            return "Invalid bit width, must be a 24bit integer";
        }
        if (c == 'a' && size != 0) {
            return "Sized aggregate specification in datalayout string";
        }
        long abi = Long.parseLong(v[0]);
        long pref = v.length > 1 ? Long.parseLong(v[1]) : abi;
        if (abi >= 1 << 16) {
            return "Invalid ABI alignment, must be a 16bit integer";
        }
        if (c != 'a' && abi == 0) {
            return "ABI alignment specification must be >0 for non-aggregate types";
        }
        if (abi != 0 && Long.bitCount(abi) != 1) {
            return "Invalid ABI alignment, must be a power of 2";
        }
        if (pref >= 1 << 16) {
            return "Invalid preferred alignment, must be a 16bit integer";
        }
        if (pref != 0 && Long.bitCount(pref) != 1) {
            return "Invalid preferred alignment, must be a power of 2";
        }
        return pref < abi ? "Preferred alignment cannot be less than the ABI alignment" : null;
    }

    /** {@code [N]:a[:b...]}: the optional number before the first colon, then {@code min..max} numbers. */
    private static String sizedEntry(String rest, int min, int max, boolean sizeRequired) {
        int colon = rest.indexOf(':');
        String head = colon < 0 ? rest : rest.substring(0, colon);
        if (!head.isEmpty() && !NUMBER.matcher(head).matches() || head.isEmpty() && sizeRequired) {
            return "not a number, or does not fit in an unsigned int";
        }
        if (colon < 0) {
            return "missing size or alignment";
        }
        String why = numbers(rest.substring(colon + 1), min, max);
        if (why != null) {
            return why;
        }
        for (String n : rest.substring(colon + 1).split(":")) {
            if (Long.parseLong(n) % 8 != 0) {
                return "number of bits must be a byte width multiple";
            }
        }
        return null;
    }

    private static String numbers(String list, int min, int max) {
        String[] parts = list.isEmpty() ? new String[0] : list.split(":", -1);
        if (parts.length < min || parts.length > max) {
            return "wrong number of values";
        }
        for (String p : parts) {
            String why = number(p);
            if (why != null) {
                return why;
            }
        }
        return null;
    }

    private static String number(String s) {
        return NUMBER.matcher(s).matches() ? null : "not a number, or does not fit in an unsigned int";
    }
}

package org.nvlower.llvm.text;

import java.util.regex.Pattern;

/**
 * The syntax LLVM's DataLayout parser accepts in {@code target datalayout = "..."}: entries
 * separated by {@code -}, each a letter specification with unsigned numbers (alignments in
 * whole bytes). Any target's layout passes (repeated entries too, as in LLVM); only the
 * structure is checked. (The NVPTX rules for which values a layout may give are the target
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
            case 'n' -> rest.startsWith("i") ? numbers(rest.substring(1), 0, 64) : numbers(rest, 1, 64);
            case 'p' -> sizedEntry(rest, 2, 4, false);
            case 'i', 'f', 'v' -> sizedEntry(rest, 1, 2, true);
            case 'a' -> sizedEntry(rest, 1, 2, false);
            case 's' -> null; // deprecated stack alignment: LLVM 14 and 19 ignore it (old textual IR still reads)
            default -> "unknown specifier '" + c + "'";
        };
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

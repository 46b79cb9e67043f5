package org.nvlower.llvm.text;

/**
 * What LLVM's DataLayout parser accepts in {@code target datalayout = "..."}: entries separated by
 * {@code -}, each a letter specification with unsigned numbers, and the value rules LLVM 14 and 19
 * both enforce (alignments in whole bytes and powers of two, a preferred alignment not below the ABI
 * one, 24-bit address spaces and bit widths, 16-bit alignments, non-zero sizes). Any target's layout passes (repeated
 * entries too, as in LLVM). (The NVPTX rules for which values a layout may give are the target
 * layer's DataLayoutVerifier.) The messages are llvm-as 14's (19 writes "24-bit" for "24bit").
 */
final class DataLayoutSyntax {

    private static final String NOT_A_NUMBER = "not a number, or does not fit in an unsigned int";
    private static final long MAX_24_BIT = (1 << 24) - 1;

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
        if (e.startsWith("ni:")) {
            return nonIntegral(e.substring(3));
        }
        char c = e.charAt(0);
        String rest = e.substring(1);
        return switch (c) {
            case 'e', 'E' -> rest.isEmpty() ? null : "unexpected characters after the endianness";
            case 'm' -> rest.length() == 2 && rest.charAt(0) == ':' && "emoxwal".indexOf(rest.charAt(1)) >= 0 ? null
                    : "unknown mangling";
            case 'A', 'P', 'G' -> addressSpace(rest);
            case 'S' -> stackAlignment(rest);
            case 'F' -> rest.length() > 1 && (rest.charAt(0) == 'i' || rest.charAt(0) == 'n')
                    ? functionPointerAlignment(rest.substring(1)) : "unknown function pointer alignment type";
            case 'n' -> nativeWidths(rest);
            case 'p' -> pointer(rest);
            case 'i', 'f', 'v', 'a' -> typeAlignment(c, rest);
            case 's' -> null; // deprecated stack alignment: LLVM 14 and 19 ignore it (old textual IR still reads)
            default -> "unknown specifier '" + c + "'";
        };
    }

    /** {@code p[AS]:size:abi[:pref[:index]]} (LLVM reads no further values). */
    private static String pointer(String rest) {
        int colon = rest.indexOf(':');
        String head = colon < 0 ? rest : rest.substring(0, colon);
        if (!head.isEmpty()) {
            String why = addressSpace(head);
            if (why != null) {
                return why;
            }
        }
        if (colon < 0) {
            return "missing size or alignment";
        }
        String[] v = rest.substring(colon + 1).split(":", -1);
        if (v.length < 2) {
            return "wrong number of values";
        }
        long[] n = new long[Math.min(v.length, 4)];
        for (int i = 0; i < n.length; i++) {
            n[i] = value(v[i]);
            if (n[i] < 0) {
                return NOT_A_NUMBER;
            }
        }
        if (n[0] == 0) {
            return "Invalid pointer size of 0 bytes";
        }
        String why = byteAlignment(n[1], "Pointer ABI alignment must be a power of 2", false);
        if (why == null && n.length > 2) {
            why = byteAlignment(n[2], "Pointer preferred alignment must be a power of 2", false);
        }
        if (why == null && n.length > 3 && n[3] == 0) {
            why = "Invalid index size of 0 bytes";
        }
        if (why == null && n.length > 2 && n[2] < n[1]) {
            why = "Preferred alignment cannot be less than the ABI alignment";
        }
        return why;
    }

    /** {@code i|f|v|a[size]:abi[:pref]} (LLVM reads no further values). */
    private static String typeAlignment(char kind, String rest) {
        int colon = rest.indexOf(':');
        String head = colon < 0 ? rest : rest.substring(0, colon);
        long size = head.isEmpty() ? 0 : value(head);
        if (size < 0 || head.isEmpty() && kind != 'a') {
            return NOT_A_NUMBER;
        }
        if (size > MAX_24_BIT) {
            return "Invalid bit width, must be a 24bit integer";
        }
        if (kind == 'a' && size != 0) {
            return "Sized aggregate specification in datalayout string";
        }
        if (colon < 0) {
            return "missing size or alignment";
        }
        String[] v = rest.substring(colon + 1).split(":", -1);
        long abi = value(v[0]);
        long pref = v.length > 1 ? value(v[1]) : abi;
        if (abi < 0 || pref < 0) {
            return NOT_A_NUMBER;
        }
        if (abi >= 1 << 16) {
            return "Invalid ABI alignment, must be a 16bit integer";
        }
        if (pref >= 1 << 16) {
            return "Invalid preferred alignment, must be a 16bit integer";
        }
        if (kind != 'a' && abi == 0) {
            return "ABI alignment specification must be >0 for non-aggregate types";
        }
        String why = byteAlignment(abi, "Invalid ABI alignment, must be a power of 2", true);
        if (why == null) {
            why = byteAlignment(pref, "Invalid preferred alignment, must be a power of 2", true);
        }
        if (why == null && pref < abi) {
            why = "Preferred alignment cannot be less than the ABI alignment";
        }
        return why;
    }

    /** An alignment in bits: whole bytes, then a power of two ({@code zeroOk}: or 0). */
    private static String byteAlignment(long bits, String notPowerOfTwo, boolean zeroOk) {
        if (bits % 8 != 0) {
            return "number of bits must be a byte width multiple";
        }
        return bits == 0 && zeroOk || Long.bitCount(bits) == 1 ? null : notPowerOfTwo;
    }

    private static String stackAlignment(String bits) {
        long n = value(bits);
        if (n < 0) {
            return NOT_A_NUMBER;
        }
        return n % 8 != 0 ? "number of bits must be a byte width multiple"
                : n != 0 && Long.bitCount(n) != 1 ? "Alignment is neither 0 nor a power of 2" : null;
    }

    private static String functionPointerAlignment(String bits) {
        long n = value(bits);
        return n < 0 ? NOT_A_NUMBER : n != 0 && Long.bitCount(n) != 1 ? "Alignment is neither 0 nor a power of 2" : null;
    }

    private static String addressSpace(String s) {
        long n = value(s);
        return n < 0 ? NOT_A_NUMBER : n > MAX_24_BIT ? "Invalid address space, must be a 24bit integer" : null;
    }

    private static String nativeWidths(String list) {
        for (String p : list.split(":", -1)) {
            long n = value(p);
            if (n < 0) {
                return NOT_A_NUMBER;
            }
            if (n == 0) {
                return "Zero width native integer type in datalayout string";
            }
        }
        return null;
    }

    private static String nonIntegral(String list) {
        for (String p : list.split(":", -1)) {
            long n = value(p);
            if (n < 0) {
                return NOT_A_NUMBER;
            }
            if (n == 0) {
                return "Address space 0 can never be non-integral";
            }
        }
        return null;
    }

    /** An unsigned 32-bit decimal number, or -1 (LLVM's getInt). */
    private static long value(String s) {
        if (s.isEmpty() || s.length() > 10) {
            return -1;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return -1;
            }
        }
        long n = Long.parseLong(s);
        return n > 0xFFFF_FFFFL ? -1 : n;
    }
}

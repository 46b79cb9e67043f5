package org.nvlower.nvptx;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.nvlower.diag.InputException;

/**
 * An LLVM data layout string, parsed into its entries, and the NVPTX layouts of seed 2 ("Data
 * Layout String"): three strings chosen by pointer width and shared-memory pointer mode, the NVVM
 * verifier's check, and the IR linker's short-form compatibility check.
 *
 * @param text     the string as written
 * @param entries  each specification by key ({@code e}, {@code p}, {@code p3}, {@code i64},
 *                 {@code f32}, {@code v16}, {@code n}, ...) to its numbers, in order of appearance
 */
public record DataLayout(String text, Map<String, List<Integer>> entries) {

    private static final Pattern SPEC = Pattern.compile("([a-zA-Z]+)(\\d*)(?::(.*))?");

    /** 64-bit with 32-bit shared-memory pointers ({@code -nvptx-short-ptr} / {@code -nvptx-32-bit-smem}). */
    public static final String NVPTX64_SHARED32 = "e-p:64:64:64-p3:32:32:32-i1:8:8-i8:8:8-i16:16:16-i32:32:32"
            + "-i64:64:64-i128:128:128-f16:16:16-f32:32:32-f64:64:64-v16:16:16-v32:32:32-n16:32:64";
    /** 64-bit without shared-memory specialization. */
    public static final String NVPTX64 = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32"
            + "-i64:64:64-i128:128:128-f16:16:16-f32:32:32-f64:64:64-v16:16:16-v32:32:32-n16:32:64";
    /** 32-bit mode. */
    public static final String NVPTX32 = "e-p:32:32:32-i1:8:8-i8:8:8-i16:16:16-i32:32:32"
            + "-i64:64:64-i128:128:128-f16:16:16-f32:32:32-f64:64:64-v16:16:16-v32:32:32-n16:32:64";
    /** The IR linker's short form: two modules link only if both agree with it. */
    public static final String LINKER_SHORT_FORM = "e-i64:64-v16:16-v32:32-n16:32:64";

    /** LLVM's defaults for entries a layout leaves out (llvm/lib/IR/DataLayout.cpp). */
    private static final Map<String, List<Integer>> LLVM_DEFAULTS = parse(
            "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:32:64-f16:16:16-f32:32:32-f64:64:64"
                    + "-f128:128:128-v64:64:64-v128:128:128").entries();

    /** The layout nvlower writes for a pointer width (32 or 64) and shared-memory pointer mode. */
    public static String nvptx(int pointerWidth, boolean sharedMem32BitPointers) {
        if (pointerWidth == 32) {
            return NVPTX32;
        }
        if (pointerWidth != 64) {
            throw new IllegalArgumentException("pointer width must be 32 or 64: " + pointerWidth);
        }
        return sharedMem32BitPointers ? NVPTX64_SHARED32 : NVPTX64;
    }

    /** Parses a layout string; a malformed entry is an InputException naming it. */
    public static DataLayout parse(String text) {
        Map<String, List<Integer>> entries = new LinkedHashMap<>();
        if (!text.isEmpty()) {
            for (String spec : text.split("-", -1)) {
                Map.Entry<String, List<Integer>> entry = spec(spec, text);
                if (entries.put(entry.getKey(), entry.getValue()) != null) {
                    throw new Malformed(text, "entry '" + entry.getKey() + "' given twice");
                }
            }
        }
        return new DataLayout(text, entries);
    }

    /** One specification: its key and its numbers (preferred alignment filled in from the ABI one). */
    private static Map.Entry<String, List<Integer>> spec(String spec, String text) {
        Matcher m = SPEC.matcher(spec);
        if (!m.matches()) {
            throw malformed(spec, text);
        }
        String letters = m.group(1);
        String digits = m.group(2);
        String rest = m.group(3);
        String key;
        String body;
        switch (letters) {
            case "e", "E" -> {
                if (!digits.isEmpty() || rest != null) {
                    throw malformed(spec, text);
                }
                return Map.entry(letters, List.of());
            }
            case "m" -> {
                if (!digits.isEmpty() || rest == null || rest.length() != 1) {
                    throw malformed(spec, text);
                }
                return Map.entry(letters, List.of());
            }
            case "n" -> {
                key = "n";
                body = rest == null ? digits : digits + ":" + rest;
            }
            case "i", "f", "v" -> {
                key = letters + digits;
                body = digits.isEmpty() ? null : rest;
            }
            case "p" -> {
                key = digits.isEmpty() || digits.equals("0") ? "p" : "p" + digits;
                body = rest;
            }
            case "a", "ni" -> {
                key = letters;
                body = digits.isEmpty() ? rest : null;
            }
            case "S", "A", "P", "G", "Fi", "Fn" -> {
                key = letters;
                body = rest == null ? digits : null;
            }
            default -> throw malformed(spec, text);
        }
        if (body == null || body.isEmpty()) {
            throw malformed(spec, text);
        }
        List<Integer> numbers = new ArrayList<>();
        for (String n : body.split(":", -1)) {
            try {
                numbers.add(Integer.parseInt(n));
            } catch (NumberFormatException e) {
                throw malformed(spec, text);
            }
        }
        boolean sizeAbiPref = letters.equals("p");
        boolean abiPref = letters.equals("i") || letters.equals("f") || letters.equals("v");
        if (sizeAbiPref && numbers.size() == 2 || abiPref && numbers.size() == 1) {
            numbers.add(numbers.get(numbers.size() - 1)); // preferred alignment defaults to the ABI one
        }
        return Map.entry(key, List.copyOf(numbers));
    }

    private static InputException malformed(String spec, String text) {
        return new Malformed(text, "malformed entry '" + spec + "'");
    }

    /** A layout string that does not parse: the message names the layout, {@link #reason()} only the problem. */
    static final class Malformed extends InputException {
        private final String reason;

        Malformed(String text, String reason) {
            super("data layout '" + text + "': " + reason);
            this.reason = reason;
        }

        String reason() {
            return reason;
        }
    }

    /** The entry's numbers if the layout states it ({@code "p"} is address space 0). */
    public Optional<List<Integer>> entry(String key) {
        return Optional.ofNullable(entries.get(key));
    }

    /** The entry's numbers, or LLVM's default when the layout leaves it out. */
    public Optional<List<Integer>> effective(String key) {
        return entry(key).or(() -> Optional.ofNullable(LLVM_DEFAULTS.get(key)));
    }

    /** Pointer size in bits of an address space (LLVM's default 64 when unstated; AS n falls back to AS 0). */
    public int pointerSizeInBits(int addressSpace) {
        String key = addressSpace == 0 ? "p" : "p" + addressSpace;
        return entry(key).or(() -> effective("p")).orElseThrow().get(0);
    }

    public boolean littleEndian() {
        return !entries.containsKey("E");
    }

    @Override
    public String toString() {
        return text;
    }
}

package org.nvlower.nvptx;

import java.util.List;
import java.util.Map;

import org.nvlower.diag.InputException;

/**
 * The data layout checks of seed 2: the NVVM verifier's check of every module's layout (empty is an
 * error; an invalid one is answered with "Example valid data layout:" and the 32- and 64-bit
 * examples) and the IR linker's short-form compatibility check.
 *
 * <p>A layout is valid when it parses, is little-endian, has 32- or 64-bit generic pointers, and
 * gives every entry it states a value an NVPTX layout gives it ({@link #ALLOWED}). Entries it leaves
 * out are allowed (libdevice's own layout is the short form).
 */
public final class DataLayoutVerifier {

    public static final String EMPTY = "Empty target data layout, must exist";
    public static final String EXAMPLE = "Example valid data layout:";

    /**
     * The values an NVPTX layout may give each entry: those of the seed's three layouts, plus the
     * entries cicc 13.0's own layout strings carry ({@code strings cicc}: {@code p1:64:64:64},
     * {@code p4}/{@code p5}/{@code p6:32:32:32}, {@code f128:128:128}, {@code v64:64:64},
     * {@code v128:128:128}, {@code a:8:8}, {@code n32}).
     */
    private static final Map<String, List<List<Integer>>> ALLOWED = Map.ofEntries(
            Map.entry("p", List.of(List.of(64, 64, 64), List.of(32, 32, 32))),
            Map.entry("p1", List.of(List.of(64, 64, 64))),
            Map.entry("p3", List.of(List.of(32, 32, 32))),
            Map.entry("p4", List.of(List.of(32, 32, 32))),
            Map.entry("p5", List.of(List.of(32, 32, 32))),
            Map.entry("p6", List.of(List.of(32, 32, 32))),
            Map.entry("i1", List.of(List.of(8, 8))),
            Map.entry("i8", List.of(List.of(8, 8))),
            Map.entry("i16", List.of(List.of(16, 16))),
            Map.entry("i32", List.of(List.of(32, 32))),
            Map.entry("i64", List.of(List.of(64, 64))),
            Map.entry("i128", List.of(List.of(128, 128))),
            Map.entry("f16", List.of(List.of(16, 16))),
            Map.entry("f32", List.of(List.of(32, 32))),
            Map.entry("f64", List.of(List.of(64, 64))),
            Map.entry("f128", List.of(List.of(128, 128))),
            Map.entry("v16", List.of(List.of(16, 16))),
            Map.entry("v32", List.of(List.of(32, 32))),
            Map.entry("v64", List.of(List.of(64, 64))),
            Map.entry("v128", List.of(List.of(128, 128))),
            Map.entry("n", List.of(List.of(16, 32, 64), List.of(32))),
            Map.entry("a", List.of(List.of(8, 8))));

    private DataLayoutVerifier() {
    }

    /** The verifier's answer for an invalid layout: the reason, then the two examples. */
    static String invalid(String layout, String reason) {
        return "Invalid target data layout '" + layout + "': " + reason + "\n" + EXAMPLE
                + "\n32-bit: " + DataLayout.NVPTX32 + "\n64-bit: " + DataLayout.NVPTX64;
    }

    /** Checks a module's layout as the NVVM verifier does; returns it parsed. */
    public static DataLayout verify(String layout) {
        if (layout == null || layout.isEmpty()) {
            throw new InputException(EMPTY);
        }
        DataLayout parsed;
        try {
            parsed = DataLayout.parse(layout);
        } catch (DataLayout.Malformed e) {
            throw new InputException(invalid(layout, e.reason()));
        }
        if (!parsed.littleEndian()) {
            throw new InputException(invalid(layout, "NVPTX is little-endian ('e'), not 'E'"));
        }
        int width = parsed.pointerSizeInBits(0);
        if (width != 32 && width != 64) {
            throw new InputException(invalid(layout, "generic pointers must be 32 or 64 bits, not " + width));
        }
        for (Map.Entry<String, List<Integer>> e : parsed.entries().entrySet()) {
            if (e.getKey().equals("e")) {
                continue;
            }
            List<List<Integer>> allowed = ALLOWED.get(e.getKey());
            if (allowed == null) {
                throw new InputException(invalid(layout, "entry '" + e.getKey() + "' is not part of an NVPTX layout"));
            }
            if (!allowed.contains(e.getValue())) {
                throw new InputException(invalid(layout, "entry '" + e.getKey() + "' is " + render(e.getValue())
                        + ", NVPTX's is " + String.join(" or ", allowed.stream().map(DataLayoutVerifier::render).toList())));
            }
        }
        return parsed;
    }

    /** Checks a module's layout and that its pointer width matches the triple's. */
    public static DataLayout verify(String layout, String triple) {
        DataLayout parsed = verify(layout);
        int tripleWidth = Triples.pointerWidth(triple);
        if (tripleWidth != 0 && tripleWidth != parsed.pointerSizeInBits(0)) {
            throw new InputException(invalid(layout, "its " + parsed.pointerSizeInBits(0)
                    + "-bit pointers do not match the " + tripleWidth + "-bit triple '" + triple + "'"));
        }
        return parsed;
    }

    /**
     * The IR linker's check: two modules link only if each agrees with the short form
     * {@value DataLayout#LINKER_SHORT_FORM} (entries a layout leaves out take LLVM's defaults).
     */
    public static void checkLinkable(String first, String second) {
        DataLayout a = DataLayout.parse(first);
        DataLayout b = DataLayout.parse(second);
        DataLayout shortForm = DataLayout.parse(DataLayout.LINKER_SHORT_FORM);
        for (Map.Entry<String, List<Integer>> e : shortForm.entries().entrySet()) {
            for (DataLayout module : List.of(a, b)) {
                List<Integer> actual = module.effective(e.getKey()).orElse(List.of());
                boolean agrees = e.getKey().equals("e") ? module.littleEndian() : actual.equals(e.getValue());
                if (!agrees) {
                    throw new InputException("cannot link modules with data layouts '" + first + "' and '" + second
                            + "': '" + module.text() + "' has " + e.getKey() + (actual.isEmpty() ? " unset" : " " + render(actual))
                            + ", the NVPTX short form " + DataLayout.LINKER_SHORT_FORM + " needs " + render(e.getValue()));
                }
            }
        }
    }

    /** Whether {@link #checkLinkable} accepts the pair. */
    public static boolean linkable(String first, String second) {
        try {
            checkLinkable(first, second);
            return true;
        } catch (InputException e) {
            return false;
        }
    }

    private static String render(List<Integer> numbers) {
        return numbers.isEmpty() ? "(set)" : String.join(":", numbers.stream().map(String::valueOf).toList());
    }
}

package org.nvlower.target;

import java.util.List;
import java.util.Map;

import org.nvlower.diag.InputException;

/**
 * The data layout checks of seed 2: the NVVM verifier's check of every module's layout (empty is an
 * error; an invalid one is answered with "Example valid data layout:" and the 32- and 64-bit
 * examples) and the IR linker's short-form compatibility check.
 *
 * <p>A layout is valid when it parses, is little-endian, has 32- or 64-bit generic pointers, states
 * no entry that differs from the NVPTX layout of its pointer width, and has no entry the NVPTX
 * layouts lack. Entries it leaves out are allowed (libdevice's own layout is the short form).
 */
public final class DataLayoutVerifier {

    public static final String EMPTY = "Empty target data layout, must exist";
    public static final String EXAMPLE = "Example valid data layout:";

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
        } catch (InputException e) {
            throw new InputException(invalid(layout, e.getMessage()));
        }
        if (!parsed.littleEndian()) {
            throw new InputException(invalid(layout, "NVPTX is little-endian ('e'), not 'E'"));
        }
        int width = parsed.pointerSizeInBits(0);
        if (width != 32 && width != 64) {
            throw new InputException(invalid(layout, "generic pointers must be 32 or 64 bits, not " + width));
        }
        Map<String, List<Integer>> reference = DataLayout.parse(DataLayout.nvptx(width, true)).entries();
        for (Map.Entry<String, List<Integer>> e : parsed.entries().entrySet()) {
            List<Integer> expected = reference.get(e.getKey());
            if (expected == null && !(width == 32 && e.getKey().equals("p3"))) {
                throw new InputException(invalid(layout, "entry '" + e.getKey() + "' is not part of an NVPTX layout"));
            }
            if (width == 32 && e.getKey().equals("p3")) {
                expected = List.of(32, 32, 32);
            }
            if (!e.getValue().equals(expected)) {
                throw new InputException(invalid(layout, "entry '" + e.getKey() + "' is " + render(e.getValue())
                        + ", NVPTX's is " + render(expected)));
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

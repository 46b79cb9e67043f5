package org.nvlower.llvm.ir;

import java.util.ArrayList;
import java.util.List;

/**
 * The fast-math flags of a floating-point instruction, as a set. LLVM prints {@code fast} when all
 * seven are set, else the set ones in a fixed order; that order is {@link Flag}'s.
 */
public record FastMathFlags(int bits) {

    public enum Flag {
        REASSOC, NNAN, NINF, NSZ, ARCP, CONTRACT, AFN;

        private final String keyword = name().toLowerCase(java.util.Locale.ROOT);

        public String keyword() {
            return keyword;
        }

        int bit() {
            return 1 << ordinal();
        }
    }

    private static final int ALL = (1 << 7) - 1;

    public static final FastMathFlags NONE = new FastMathFlags(0);
    public static final FastMathFlags FAST = new FastMathFlags(ALL);

    public FastMathFlags {
        if ((bits & ~ALL) != 0) {
            throw new IllegalArgumentException("not fast-math flag bits: " + Integer.toHexString(bits));
        }
    }

    /** The flags spelled by {@code words} ({@code fast} = all); null if a word is not a fast-math flag. */
    public static FastMathFlags parse(List<String> words) {
        int bits = 0;
        for (String w : words) {
            if (w.equals("fast")) {
                bits |= ALL;
                continue;
            }
            Flag f = byKeyword(w);
            if (f == null) {
                return null;
            }
            bits |= f.bit();
        }
        return new FastMathFlags(bits);
    }

    static Flag byKeyword(String w) {
        for (Flag f : Flag.values()) {
            if (f.keyword.equals(w)) {
                return f;
            }
        }
        return null;
    }

    public static boolean isKeyword(String w) {
        return w.equals("fast") || byKeyword(w) != null;
    }

    public boolean has(Flag f) {
        return (bits & f.bit()) != 0;
    }

    public FastMathFlags with(Flag f) {
        return new FastMathFlags(bits | f.bit());
    }

    public FastMathFlags without(Flag f) {
        return new FastMathFlags(bits & ~f.bit());
    }

    public boolean isEmpty() {
        return bits == 0;
    }

    /** The words LLVM prints, in its order. */
    public List<String> words() {
        if (bits == ALL) {
            return List.of("fast");
        }
        List<String> words = new ArrayList<>();
        for (Flag f : Flag.values()) {
            if (has(f)) {
                words.add(f.keyword);
            }
        }
        return words;
    }

    @Override
    public String toString() {
        return String.join(" ", words());
    }
}

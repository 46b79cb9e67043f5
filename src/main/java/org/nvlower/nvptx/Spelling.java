package org.nvlower.nvptx;

import java.util.Collection;
import java.util.Comparator;

/** "Did you mean" suggestions for unknown option and knob names. */
final class Spelling {

    private Spelling() {
    }

    /** "; did you mean 'x'?" for the nearest candidate within a small edit distance, else "". */
    static String didYouMean(String name, Collection<String> candidates) {
        return candidates.stream()
                .min(Comparator.comparingInt(c -> distance(name, c)))
                .filter(c -> distance(name, c) <= Math.max(2, name.length() / 3))
                .map(c -> "; did you mean '" + c + "'?")
                .orElse("");
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] t = previous;
            previous = current;
            current = t;
        }
        return previous[b.length()];
    }
}

package org.nvlower.llvm.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * TextTable, the parser's string-keyed table that is also asked with a slice of the source: keys
 * with equal String hashes stay apart, a slice matches only a key of its exact length, the table
 * grows without losing entries and is empty after clear.
 */
class TextTableTest {

    /** "Aa" and "BB" have the same String hash, so every word of 2k letters over them does too. */
    private static List<String> collidingKeys(int pairs) {
        List<String> keys = new ArrayList<>();
        keys.add("");
        for (int n = 0; n < pairs; n++) {
            List<String> next = new ArrayList<>();
            for (String k : keys) {
                next.add(k + "Aa");
                next.add(k + "BB");
            }
            keys = next;
        }
        return keys;
    }

    private static int slice(TextTable<Integer> t, String src, int start, int end) {
        Integer v = t.get(src, start, end, TextTable.hash(src, start, end));
        return v == null ? -1 : v;
    }

    @Test
    void keysWithOneHashAreKeptApartByStringAndBySlice() {
        List<String> keys = collidingKeys(5); // 32 keys, one hash
        assertEquals(1, keys.stream().mapToInt(String::hashCode).distinct().count());
        TextTable<Integer> t = new TextTable<>();
        for (int i = 0; i < keys.size(); i++) {
            assertNull(t.putIfAbsent(keys.get(i), i));
        }
        for (int i = 0; i < keys.size(); i++) {
            String src = "%" + keys.get(i) + " = add";
            assertEquals(i, t.get(keys.get(i)));
            assertEquals(i, slice(t, src, 1, 1 + keys.get(i).length()));
        }
        assertNull(t.get("AaAaAaAaAB"));
    }

    @Test
    void aSliceMatchesOnlyAKeyOfItsLength() {
        TextTable<Integer> t = new TextTable<>();
        t.putIfAbsent("ab", 1);
        String src = "%abc, %ab)";
        assertEquals(-1, slice(t, src, 1, 4)); // "abc" starts with the key "ab" but is not it
        assertEquals(1, slice(t, src, 7, 9));
        assertEquals(-1, slice(t, src, 1, 2)); // "a"
        assertEquals(-1, slice(t, src, 1, 1)); // the empty slice, no empty key yet
        t.putIfAbsent("", 0);
        assertEquals(0, slice(t, src, 5, 5));
    }

    @Test
    void putIfAbsentKeepsTheFirstValue() {
        TextTable<String> t = new TextTable<>();
        String first = "first";
        assertNull(t.putIfAbsent("x", first));
        assertSame(first, t.putIfAbsent(new String("x"), "second"));
        assertSame(first, t.get("x"));
        assertTrue(t.containsKey("x"));
        assertFalse(t.containsKey("y"));
    }

    @Test
    void growsWithoutLosingEntries() {
        TextTable<Integer> t = new TextTable<>();
        int n = 20_000; // the table starts at 64 and doubles at half full: nine growths
        StringBuilder src = new StringBuilder();
        int[] starts = new int[n + 1];
        for (int i = 0; i < n; i++) {
            assertNull(t.putIfAbsent("v" + i, i));
            starts[i] = src.length();
            src.append("v").append(i);
        }
        starts[n] = src.length();
        String text = src.toString();
        for (int i = 0; i < n; i++) {
            assertEquals(i, t.get("v" + i));
            assertEquals(i, slice(t, text, starts[i], starts[i + 1]));
            assertNull(t.get("w" + i));
        }
    }

    @Test
    void clearEmptiesAGrownTableThatStaysUsable() {
        TextTable<Integer> t = new TextTable<>();
        for (int i = 0; i < 1000; i++) {
            t.putIfAbsent("k" + i, i);
        }
        t.clear();
        for (int i = 0; i < 1000; i++) {
            assertNull(t.get("k" + i));
        }
        assertNull(t.putIfAbsent("k5", 55));
        assertEquals(55, t.get("k5"));
        assertNull(t.get("k6"));
    }

    @Test
    void hashIsStringHashOfTheSlice() {
        String src = "%x.y = fadd float 0x7FF8, %\u00e9t\u00e9 ; \u00ff";
        for (int start = 0; start <= src.length(); start++) {
            for (int end = start; end <= src.length(); end++) {
                assertEquals(src.substring(start, end).hashCode(), TextTable.hash(src, start, end),
                        () -> "slice of " + src);
            }
        }
    }
}

package org.nvlower.llvm.text;

import java.util.Arrays;

/**
 * A map from strings to values that can also be asked with a key still in the source text
 * ({@code src[start, end)} and its String hash): an open-addressing table, so that looking up an
 * unquoted {@code %name}, or the text of a constant expression met before, allocates no string.
 */
final class TextTable<V> {

    private String[] keys = new String[64];
    private Object[] values = new Object[64];
    private int size;

    /** Empties the table (keeping its capacity). */
    void clear() {
        if (size > 0) {
            Arrays.fill(keys, null);
            Arrays.fill(values, null);
            size = 0;
        }
    }

    @SuppressWarnings("unchecked")
    V get(String key) {
        int mask = keys.length - 1;
        for (int i = key.hashCode() & mask; keys[i] != null; i = (i + 1) & mask) {
            if (keys[i].equals(key)) {
                return (V) values[i];
            }
        }
        return null;
    }

    /** The value whose key is the text {@code src[start, end)}, whose String hash is {@code hash}. */
    @SuppressWarnings("unchecked")
    V get(String src, int start, int end, int hash) {
        int mask = keys.length - 1;
        int len = end - start;
        for (int i = hash & mask; keys[i] != null; i = (i + 1) & mask) {
            String k = keys[i];
            if (k.length() == len && k.hashCode() == hash && src.startsWith(k, start)) {
                return (V) values[i];
            }
        }
        return null;
    }

    boolean containsKey(String key) {
        return get(key) != null;
    }

    /** Enters {@code key}; returns the value already there (and changes nothing), or null. */
    @SuppressWarnings("unchecked")
    V putIfAbsent(String key, V value) {
        int mask = keys.length - 1;
        int i = key.hashCode() & mask;
        for (; keys[i] != null; i = (i + 1) & mask) {
            if (keys[i].equals(key)) {
                return (V) values[i];
            }
        }
        keys[i] = key;
        values[i] = value;
        if (++size * 2 > keys.length) {
            grow();
        }
        return null;
    }

    private void grow() {
        String[] oldKeys = keys;
        Object[] oldValues = values;
        keys = new String[oldKeys.length * 2];
        values = new Object[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] != null) {
                int i = oldKeys[j].hashCode() & mask;
                while (keys[i] != null) {
                    i = (i + 1) & mask;
                }
                keys[i] = oldKeys[j];
                values[i] = oldValues[j];
            }
        }
    }

    /** The String hash of {@code src[start, end)}, as {@link String#hashCode} computes it. */
    static int hash(String src, int start, int end) {
        int h = 0;
        for (int i = start; i < end; i++) {
            h = 31 * h + src.charAt(i);
        }
        return h;
    }
}

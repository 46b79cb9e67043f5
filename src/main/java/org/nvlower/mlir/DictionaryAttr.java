package org.nvlower.mlir;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/** {@code {a, b = 1 : i32}}: named attributes, sorted by name as MLIR keeps them. */
public record DictionaryAttr(SortedMap<String, MlirAttribute> entries) implements MlirAttribute {

    public static final DictionaryAttr EMPTY = new DictionaryAttr(new TreeMap<>());

    public DictionaryAttr {
        entries = Collections.unmodifiableSortedMap(new TreeMap<>(entries));
    }

    public static DictionaryAttr of(Map<String, MlirAttribute> entries) {
        return new DictionaryAttr(new TreeMap<>(entries));
    }

    public MlirAttribute get(String name) {
        return entries.get(name);
    }

    @Override
    public String toString() {
        return Attributes.dictionary(entries, java.util.Set.of());
    }
}

package org.nvlower.mlir;

import java.util.List;

/** {@code @f} or a nested reference {@code @module::@f}. */
public record SymbolRefAttr(List<String> path) implements MlirAttribute {

    public SymbolRefAttr {
        path = List.copyOf(path);
        if (path.isEmpty()) {
            throw new IllegalArgumentException("empty symbol reference");
        }
    }

    public static SymbolRefAttr of(String name) {
        return new SymbolRefAttr(List.of(name));
    }

    /** The innermost name (the referenced symbol itself). */
    public String leaf() {
        return path.get(path.size() - 1);
    }

    @Override
    public String toString() {
        return Attributes.print(this, false);
    }
}

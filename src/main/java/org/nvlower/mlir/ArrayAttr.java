package org.nvlower.mlir;

import java.util.List;

/** {@code [a, b]}. */
public record ArrayAttr(List<Attribute> elements) implements Attribute {

    public ArrayAttr {
        elements = List.copyOf(elements);
    }

    @Override
    public String toString() {
        return Attributes.print(this, false);
    }
}

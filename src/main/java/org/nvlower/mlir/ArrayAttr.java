package org.nvlower.mlir;

import java.util.List;

/** {@code [a, b]}. */
public record ArrayAttr(List<MlirAttribute> elements) implements MlirAttribute {

    public ArrayAttr {
        elements = List.copyOf(elements);
    }

    @Override
    public String toString() {
        return Attributes.print(this, false);
    }
}

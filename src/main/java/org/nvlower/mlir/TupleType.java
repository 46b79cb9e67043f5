package org.nvlower.mlir;

import java.util.List;

/** {@code tuple<f32, i32>}. */
public record TupleType(List<MlirType> types) implements MlirType {

    public TupleType {
        types = List.copyOf(types);
    }

    @Override
    public String toString() {
        return "tuple<" + MlirTypes.join(types) + ">";
    }
}

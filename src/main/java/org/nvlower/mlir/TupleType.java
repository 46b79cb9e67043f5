package org.nvlower.mlir;

import java.util.List;

/** {@code tuple<f32, i32>}. */
public record TupleType(List<Type> types) implements Type {

    public TupleType {
        types = List.copyOf(types);
    }

    @Override
    public String toString() {
        return "tuple<" + Types.join(types) + ">";
    }
}

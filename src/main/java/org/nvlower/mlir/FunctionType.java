package org.nvlower.mlir;

import java.util.List;

/** {@code (f32, f32) -> f32}. */
public record FunctionType(List<Type> inputs, List<Type> results) implements Type {

    public FunctionType {
        inputs = List.copyOf(inputs);
        results = List.copyOf(results);
    }

    @Override
    public String toString() {
        return "(" + Types.join(inputs) + ") -> " + Types.resultList(results);
    }
}

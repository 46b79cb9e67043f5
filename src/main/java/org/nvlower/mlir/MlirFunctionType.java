package org.nvlower.mlir;

import java.util.List;

/** {@code (f32, f32) -> f32}. */
public record MlirFunctionType(List<MlirType> inputs, List<MlirType> results) implements MlirType {

    public MlirFunctionType {
        inputs = List.copyOf(inputs);
        results = List.copyOf(results);
    }

    @Override
    public String toString() {
        return "(" + MlirTypes.join(inputs) + ") -> " + MlirTypes.resultList(results);
    }
}

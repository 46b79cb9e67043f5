package org.nvlower.mlir;

import java.util.Collections;
import java.util.List;

/**
 * {@code vector<4xf32>}, {@code vector<2x3xf16>}, {@code vector<[4]xf32>} (scalable dimension),
 * {@code vector<f32>} (0-d, MLIR 15 and later).
 */
public record VectorType(List<Long> shape, List<Boolean> scalable, Type element) implements Type {

    public VectorType {
        shape = List.copyOf(shape);
        scalable = List.copyOf(scalable);
        if (scalable.size() != shape.size()) {
            throw new IllegalArgumentException("one scalable flag per dimension");
        }
    }

    /** A fixed-length vector. */
    public static VectorType of(List<Long> shape, Type element) {
        return new VectorType(shape, Collections.nCopies(shape.size(), false), element);
    }

    public boolean isScalable() {
        return scalable.contains(true);
    }

    @Override
    public Type elementType() {
        return element;
    }

    @Override
    public Type withElementType(Type e) {
        return new VectorType(shape, scalable, e);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("vector<");
        for (int i = 0; i < shape.size(); i++) {
            sb.append(scalable.get(i) ? "[" + shape.get(i) + "]" : shape.get(i)).append('x');
        }
        return sb.append(element).append('>').toString();
    }
}

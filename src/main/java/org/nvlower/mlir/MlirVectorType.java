package org.nvlower.mlir;

import java.util.Collections;
import java.util.List;

/**
 * {@code vector<4xf32>}, {@code vector<2x3xf16>}, {@code vector<[4]xf32>} (scalable dimension),
 * {@code vector<f32>} (0-d, MLIR 15 and later).
 */
public record MlirVectorType(List<Long> shape, List<Boolean> scalable, MlirType element) implements MlirType {

    public MlirVectorType {
        shape = List.copyOf(shape);
        scalable = List.copyOf(scalable);
        if (scalable.size() != shape.size()) {
            throw new IllegalArgumentException("one scalable flag per dimension");
        }
    }

    /** A fixed-length vector. */
    public static MlirVectorType of(List<Long> shape, MlirType element) {
        return new MlirVectorType(shape, Collections.nCopies(shape.size(), false), element);
    }

    public boolean isScalable() {
        return scalable.contains(true);
    }

    @Override
    public MlirType elementType() {
        return element;
    }

    @Override
    public MlirType withElementType(MlirType e) {
        return new MlirVectorType(shape, scalable, e);
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

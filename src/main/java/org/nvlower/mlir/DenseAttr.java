package org.nvlower.mlir;

import java.util.List;

/**
 * {@code dense<...> : vector<4xf32>}: the elements of a static vector or tensor, each an
 * {@link IntegerAttr} or {@link FloatAttr} of the element type, in row-major order; one element
 * for a splat. Several equal elements are stored (and printed) as a splat, as MLIR does.
 */
public record DenseAttr(MlirType type, List<MlirAttribute> elements) implements MlirAttribute {

    public DenseAttr {
        elements = List.copyOf(elements);
        if (!elements.isEmpty() && elements.stream().allMatch(elements.get(0)::equals)) {
            elements = List.of(elements.get(0));
        }
    }

    public boolean isSplat() {
        return elements.size() == 1;
    }

    /** The shape of the type (vector or static tensor). */
    public List<Long> shape() {
        return switch (type) {
            case MlirVectorType v -> v.shape();
            case TensorType t -> t.shape();
            default -> throw new IllegalStateException("dense attribute of type " + type);
        };
    }

    @Override
    public String toString() {
        return Attributes.print(this, false);
    }
}

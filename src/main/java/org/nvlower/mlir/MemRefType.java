package org.nvlower.mlir;

import java.util.List;

/**
 * {@code memref<?x4xf32, layout, memorySpace>}; {@code shape} null for the unranked
 * {@code memref<*xf32>}. Layout and memory space are attributes or null.
 */
public record MemRefType(List<Long> shape, MlirType element, MlirAttribute layout, MlirAttribute memorySpace) implements MlirType {

    public MemRefType {
        shape = shape == null ? null : List.copyOf(shape);
    }

    @Override
    public MlirType elementType() {
        return element;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("memref<");
        sb.append(shape == null ? "*x" : MlirTypes.dims(shape)).append(element);
        if (layout != null) {
            sb.append(", ").append(layout);
        }
        if (memorySpace != null) {
            sb.append(", ").append(Attributes.print(memorySpace, true));
        }
        return sb.append('>').toString();
    }
}

package org.nvlower.mlir;

import java.util.List;

/** {@code tensor<?x4xf32>}; {@code shape} null for {@code tensor<*xf32>}; encoding an attribute or null. */
public record TensorType(List<Long> shape, MlirType element, MlirAttribute encoding) implements MlirType {

    public TensorType {
        shape = shape == null ? null : List.copyOf(shape);
    }

    @Override
    public MlirType elementType() {
        return element;
    }

    @Override
    public MlirType withElementType(MlirType e) {
        return new TensorType(shape, e, encoding);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("tensor<");
        sb.append(shape == null ? "*x" : MlirTypes.dims(shape)).append(element);
        if (encoding != null) {
            sb.append(", ").append(encoding);
        }
        return sb.append('>').toString();
    }
}

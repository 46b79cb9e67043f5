package org.nvlower.mlir;

/** A float of a float type, kept as its bits. */
public record FloatAttr(long bits, MlirFloatType type) implements MlirAttribute {

    public FloatAttr {
        if (type.width() < 64 && (bits >>> type.width()) != 0) {
            throw new IllegalArgumentException("bits wider than " + type);
        }
    }

    @Override
    public String toString() {
        return Attributes.print(this, false);
    }
}

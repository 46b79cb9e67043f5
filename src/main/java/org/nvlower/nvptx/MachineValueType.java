package org.nvlower.nvptx;

import java.util.List;
import java.util.Optional;

/**
 * The machine value types the subtarget's legality table covers: the scalar integer and float
 * types and the vectors of them nvlower's lowerings meet.
 */
public enum MachineValueType {
    I1(Kind.INT, 1, 1), I8(Kind.INT, 8, 1), I16(Kind.INT, 16, 1), I32(Kind.INT, 32, 1),
    I64(Kind.INT, 64, 1), I128(Kind.INT, 128, 1),
    F16(Kind.FLOAT, 16, 1), BF16(Kind.BFLOAT, 16, 1), F32(Kind.FLOAT, 32, 1), F64(Kind.FLOAT, 64, 1),
    F128(Kind.FLOAT, 128, 1),
    V1I32(Kind.INT, 32, 1), V1F32(Kind.FLOAT, 32, 1), V1F64(Kind.FLOAT, 64, 1),
    V4I8(Kind.INT, 8, 4), V2I16(Kind.INT, 16, 2), V2F16(Kind.FLOAT, 16, 2), V2BF16(Kind.BFLOAT, 16, 2),
    V4I16(Kind.INT, 16, 4), V4F16(Kind.FLOAT, 16, 4), V8F16(Kind.FLOAT, 16, 8),
    V2I32(Kind.INT, 32, 2), V4I32(Kind.INT, 32, 4), V8I32(Kind.INT, 32, 8),
    V2I64(Kind.INT, 64, 2), V4I64(Kind.INT, 64, 4),
    V2F32(Kind.FLOAT, 32, 2), V4F32(Kind.FLOAT, 32, 4), V8F32(Kind.FLOAT, 32, 8), V16F32(Kind.FLOAT, 32, 16),
    V2F64(Kind.FLOAT, 64, 2), V4F64(Kind.FLOAT, 64, 4);

    /** The element kind. */
    public enum Kind { INT, FLOAT, BFLOAT }

    private final Kind kind;
    private final int elementBits;
    private final int count;

    MachineValueType(Kind kind, int elementBits, int count) {
        this.kind = kind;
        this.elementBits = elementBits;
        this.count = count;
    }

    /** The type spelled as LLVM's MVT names it: {@code i32}, {@code v4f32}, {@code v1i32}. */
    public String mvtName() {
        String element = switch (kind) {
            case INT -> "i" + elementBits;
            case FLOAT -> "f" + elementBits;
            case BFLOAT -> "bf16";
        };
        return isVector() ? "v" + count + element : element;
    }

    public static Optional<MachineValueType> byName(String name) {
        return List.of(values()).stream().filter(t -> t.mvtName().equals(name)).findFirst();
    }

    public Kind kind() {
        return kind;
    }

    public int elementBits() {
        return elementBits;
    }

    /** The number of elements; 1 for scalars. */
    public int count() {
        return count;
    }

    /** True for vector types, including the one-element ones. */
    public boolean isVector() {
        return name().startsWith("V");
    }

    public int totalBits() {
        return elementBits * count;
    }

    @Override
    public String toString() {
        return mvtName();
    }
}

package org.nvlower.llvm.ir;

/** {@code <N x T>} or {@code <vscale x N x T>}. */
public record VectorType(boolean scalable, long count, Type element) implements Type {

    public static VectorType of(long count, Type element) {
        return new VectorType(false, count, element);
    }

    @Override
    public String toString() {
        return "<" + (scalable ? "vscale x " : "") + count + " x " + element + ">";
    }
}

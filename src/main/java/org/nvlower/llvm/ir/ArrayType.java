package org.nvlower.llvm.ir;

/** {@code [N x T]}. */
public record ArrayType(long count, Type element) implements Type {

    @Override
    public String toString() {
        return "[" + count + " x " + element + "]";
    }
}

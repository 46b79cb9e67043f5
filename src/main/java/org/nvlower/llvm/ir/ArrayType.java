package org.nvlower.llvm.ir;

/** {@code [N x T]}; N is unsigned 64-bit (LLVM allows {@code [18446744073709551615 x i8]}), kept in a long's bits. */
public record ArrayType(long count, Type element) implements Type {

    @Override
    public String toString() {
        return "[" + Long.toUnsignedString(count) + " x " + element + "]";
    }
}

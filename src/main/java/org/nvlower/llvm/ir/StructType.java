package org.nvlower.llvm.ir;

import java.util.List;

/** A literal struct {@code { T, U }} or packed {@code <{ T, U }>}. Named structs are {@link NamedStructType}. */
public record StructType(boolean packed, List<Type> fields) implements Type {

    public StructType {
        fields = List.copyOf(fields);
    }

    public static StructType of(Type... fields) {
        return new StructType(false, List.of(fields));
    }

    /** Prints the body the way LLVM does: {@code {}}, {@code { i32, i1 }}, {@code <{ i8 }>}. */
    static String body(boolean packed, List<Type> fields) {
        StringBuilder sb = new StringBuilder(packed ? "<{" : "{");
        for (int i = 0; i < fields.size(); i++) {
            sb.append(i == 0 ? " " : ", ").append(fields.get(i));
        }
        sb.append(fields.isEmpty() ? "}" : " }");
        return packed ? sb.append('>').toString() : sb.toString();
    }

    @Override
    public String toString() {
        return body(packed, fields);
    }
}

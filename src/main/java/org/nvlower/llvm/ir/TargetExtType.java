package org.nvlower.llvm.ir;

import java.util.List;

/** {@code target("name", T..., N...)}, LLVM 16+. */
public record TargetExtType(String name, List<Type> types, List<Long> ints) implements Type {

    public TargetExtType {
        types = List.copyOf(types);
        ints = List.copyOf(ints);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("target(\"").append(name).append('"');
        types.forEach(t -> sb.append(", ").append(t));
        ints.forEach(i -> sb.append(", ").append(i));
        return sb.append(')').toString();
    }
}

package org.nvlower.llvm.ir;

import java.util.List;

/** {@code R (P1, P2, ...)}. */
public record FunctionType(Type returnType, List<Type> params, boolean varArgs) implements Type {

    public FunctionType {
        params = List.copyOf(params);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder().append(returnType).append(" (");
        for (int i = 0; i < params.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(params.get(i));
        }
        if (varArgs) {
            sb.append(params.isEmpty() ? "..." : ", ...");
        }
        return sb.append(')').toString();
    }
}

package org.nvlower.mlir;

import java.util.List;

/**
 * The LLVM dialect's function type {@code !llvm.func<f32 (f32, ...)>}, the type of an
 * {@code llvm.func}; {@code result} null for {@code void}.
 */
public record LlvmFunctionType(Type result, List<Type> params, boolean varArg) implements Type {

    public LlvmFunctionType {
        params = List.copyOf(params);
    }

    /** The builtin function type with the same parameters and results (no varargs). */
    public FunctionType toFunctionType() {
        return new FunctionType(params, result == null ? List.of() : List.of(result));
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("!llvm.func<").append(result == null ? "void" : result).append(" (")
                .append(Types.join(params));
        if (varArg) {
            sb.append(params.isEmpty() ? "..." : ", ...");
        }
        return sb.append(")>").toString();
    }
}

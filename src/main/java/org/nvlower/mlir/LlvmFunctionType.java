package org.nvlower.mlir;

import java.util.List;

/**
 * The LLVM dialect's function type {@code !llvm.func<f32 (f32, ...)>}, the type of an
 * {@code llvm.func}; {@code result} null for {@code void}.
 */
public record LlvmFunctionType(MlirType result, List<MlirType> params, boolean varArg) implements MlirType {

    public LlvmFunctionType {
        params = List.copyOf(params);
    }

    /** The builtin function type with the same parameters and results (no varargs). */
    public MlirFunctionType toFunctionType() {
        return new MlirFunctionType(params, result == null ? List.of() : List.of(result));
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("!llvm.func<").append(result == null ? "void" : result).append(" (")
                .append(MlirTypes.join(params));
        if (varArg) {
            sb.append(params.isEmpty() ? "..." : ", ...");
        }
        return sb.append(")>").toString();
    }
}

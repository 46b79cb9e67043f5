package org.nvlower.api;

import java.util.Arrays;
import java.util.List;

import org.nvlower.llvm.runtime.RuntimeFunction;
import org.nvlower.verify.Evaluator;

/**
 * The {@code __nv_*} fp128/i128 runtime functions that {@link Passes#lower128} calls, evaluated as
 * the GPU computes them (their fixed rounding, NVPTX's NaN rules) by the softfloat oracle; also
 * any softfloat function by its TestFloat name. Operands and results are bit patterns in hex of
 * exactly the type's width (fp128/i128: 32 digits, double/i64: 16, float/i32: 8).
 *
 * <pre>{@code
 * String one = "3FFF0000000000000000000000000000";                 // 1.0 as fp128
 * RuntimeFunctions.evaluate("__nv_add_fp128", one, one);          // "40000000000000000000000000000000"
 * }</pre>
 */
public final class RuntimeFunctions {

    private RuntimeFunctions() {
    }

    /** The runtime functions' names, in the table's order. */
    public static List<String> names() {
        return Arrays.stream(RuntimeFunction.values()).map(RuntimeFunction::symbol).toList();
    }

    /**
     * The LLVM declaration of runtime function {@code name}.
     *
     * @throws NvlowerException when there is no such function
     */
    public static String declaration(String name) {
        return RuntimeFunction.bySymbol(name).map(RuntimeFunction::llvmDeclaration)
                .orElseThrow(() -> new NvlowerException("unknown runtime function " + name, null));
    }

    /**
     * {@code name(operands...)}: a runtime function's result, or for a TestFloat name
     * ({@code f128_mul}) the result and the exception flags, {@code "RESULT FLAGS"}.
     *
     * @throws NvlowerException for an unknown name, a wrong operand count or a malformed operand
     */
    public static String evaluate(String name, String... operands) {
        return Failures.guard(() -> new Evaluator(null, false).evaluate(name, List.of(operands)));
    }
}

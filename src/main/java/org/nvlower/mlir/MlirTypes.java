package org.nvlower.mlir;

import java.util.List;

/** Printing helpers shared by the type records. */
public final class MlirTypes {

    /** The size of a dynamic dimension ({@code ?}). */
    public static final long DYNAMIC = -1;

    private MlirTypes() {}

    /** {@code a, b, c}. */
    public static String join(List<?> items) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(items.get(i));
        }
        return sb.toString();
    }

    /** A result list after {@code ->}: one non-function type bare, anything else in parentheses. */
    public static String resultList(List<MlirType> results) {
        if (results.size() == 1 && !(results.get(0) instanceof MlirFunctionType)) {
            return results.get(0).toString();
        }
        return "(" + join(results) + ")";
    }

    /** {@code 4x?x} for a shape (a trailing x per dimension). */
    static String dims(List<Long> shape) {
        StringBuilder sb = new StringBuilder();
        for (long d : shape) {
            sb.append(d == DYNAMIC ? "?" : Long.toString(d)).append('x');
        }
        return sb.toString();
    }

    /** The number of elements of a static shape. */
    public static long elementCount(List<Long> shape) {
        long n = 1;
        for (long d : shape) {
            n = Math.multiplyExact(n, d);
        }
        return n;
    }
}

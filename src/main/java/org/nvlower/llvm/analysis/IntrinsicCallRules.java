package org.nvlower.llvm.analysis;

import java.util.ArrayList;
import java.util.List;

import org.nvlower.llvm.ir.Attribute;
import org.nvlower.llvm.ir.AttributeNames;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.Value;
import org.nvlower.llvm.ir.VectorType;

/**
 * Rules of single intrinsics beyond their signatures (cases of LLVM 14's
 * {@code visitIntrinsicCall}): {@code bswap} of whole byte pairs, {@code get.active.lane.mask}
 * returning a vector of {@code i1}, {@code experimental.vector.insert}/{@code extract} keeping the
 * element type and their index in range, the masked load/store/gather/scatter alignments powers of
 * 2, {@code stepvector}, {@code vector.splice} and the matrix intrinsics, {@code elementtype} on the
 * first argument of {@code preserve.array/struct.access.index}. The messages are LLVM's.
 */
final class IntrinsicCallRules {

    private IntrinsicCallRules() {
    }

    /** The problem of {@code call} of the intrinsic {@code callee}, or null. */
    static String problem(CallInst call, Function callee) {
        String name = callee.name();
        if (SafepointRules.is(name, "llvm.bswap")) {
            Type s = call.type().scalarType();
            return s instanceof IntegerType i && i.bits() % 16 != 0 ? "bswap must be an even number of bytes" : null;
        }
        if ((SafepointRules.is(name, "llvm.preserve.array.access.index")
                || SafepointRules.is(name, "llvm.preserve.struct.access.index"))
                && !call.arguments().isEmpty() && !call.detail().paramAttributes(0).has("elementtype")) {
            return "Intrinsic requires elementtype attribute on first argument.";
        }
        if (name.equals("llvm.assume")) {
            return assumeProblem(call);
        }
        String masked = maskedAlignment(call, name);
        if (masked != null) {
            return masked;
        }
        if (SafepointRules.is(name, "llvm.get.active.lane.mask")) {
            if (!(call.type() instanceof VectorType v)) {
                return "get_active_lane_mask: must return a vector";
            }
            return v.element().isInteger(1) ? null : "get_active_lane_mask: element type is not i1";
        }
        String vector = vectorProblem(call, name);
        if (vector != null) {
            return vector;
        }
        String matrix = matrixProblem(call, name);
        if (matrix != null) {
            return matrix;
        }
        if (SafepointRules.is(name, "llvm.experimental.vector.extract") && call.arguments().size() == 2
                && call.type() instanceof VectorType r && call.argument(0).type() instanceof VectorType v
                && !r.element().equals(v.element())) {
            return "experimental_vector_extract result must have the same element type as the input vector.";
        }
        if (SafepointRules.is(name, "llvm.experimental.vector.insert") && call.arguments().size() == 3
                && call.argument(0).type() instanceof VectorType v && call.argument(1).type() instanceof VectorType sub
                && !v.element().equals(sub.element())) {
            return "experimental_vector_insert parameters must have the same element type.";
        }
        return null;
    }

    /** Integer attributes in one LLVM of the two and not the other: their arguments are not checked. */
    private static final java.util.Set<String> INTEGER_IN_ONE = java.util.Set.of("uwtable", "memory", "nofpclass",
            "allockind");

    /**
     * {@code llvm.assume}'s operand bundles, where LLVM 14 and 19 agree: each tag an attribute name
     * or "ignore"; "align" a pointer, an integer and maybe another integer (nothing after it is
     * checked, as LLVM returns there); any other at most 2 inputs, and nothing after an "ignore";
     * an integer attribute a value and a constant integer ({@code dereferenceable}'s constant only
     * LLVM 14 wants); a parameter-only attribute one input, a function-only attribute none.
     */
    private static String assumeProblem(CallInst call) {
        List<Value> inputs = call.bundleInputs();
        int first = 0;
        for (CallInst.Bundle b : call.detail().bundles()) {
            String tag = b.tag();
            int n = b.inputCount();
            List<Value> in = inputs.subList(first, first + n);
            first += n;
            if (!tag.equals("ignore") && !AttributeNames.isExisting(tag)) {
                return "tags must be valid attribute names";
            }
            if (tag.equals("align")) {
                if (n < 2 || n > 3) {
                    return "alignment assumptions should have 2 or 3 arguments";
                }
                if (!(in.get(0).type() instanceof PointerType)) {
                    return "first argument should be a pointer";
                }
                if (!(in.get(1).type() instanceof IntegerType)) {
                    return "second argument should be an integer";
                }
                return n == 3 && !(in.get(2).type() instanceof IntegerType)
                        ? "third argument should be an integer if present" : null;
            }
            if (n > 2) {
                return "too many arguments";
            }
            if (tag.equals("ignore")) {
                return null;
            }
            if (AttributeNames.isIntegerInBoth(tag)) {
                if (tag.equals("dereferenceable")) {
                    continue;
                }
                if (n != 2) {
                    return "this attribute should have 2 arguments";
                }
                if (!(in.get(1) instanceof ConstantInt)) {
                    return "the second argument should be a constant integral value";
                }
            } else if (AttributeRules.PARAMETER_ONLY.contains(tag)) {
                if (n != 1) {
                    return "this attribute should have one argument";
                }
            } else if (AttributeRules.FUNCTION_ONLY.contains(tag) && !INTEGER_IN_ONE.contains(tag) && n != 0) {
                return "this attribute has no argument";
            }
        }
        return null;
    }

    /**
     * {@code experimental.stepvector} of integers of 8 bits or more; the constant index of
     * {@code experimental.vector.extract}/{@code insert} a multiple of the part's known minimum
     * length, the part within the whole when both are fixed or both scalable;
     * {@code experimental.vector.splice}'s index within [-VL, VL-1], VL the known minimum length
     * (times the function's {@code vscale_range} minimum).
     */
    private static String vectorProblem(CallInst call, String name) {
        if (SafepointRules.is(name, "llvm.experimental.stepvector")) {
            boolean ok = call.type() instanceof VectorType v && v.element() instanceof IntegerType i && i.bits() >= 8;
            return ok ? null : "experimental_stepvector only supported for vectors of integers with a bitwidth of at least 8.";
        }
        if (SafepointRules.is(name, "llvm.experimental.vector.extract") && call.arguments().size() == 2
                && call.type() instanceof VectorType part && call.argument(0).type() instanceof VectorType whole
                && call.argument(1) instanceof ConstantInt c) {
            long idx = c.value().longValue();
            if (idx % part.count() != 0) {
                return "experimental_vector_extract index must be a constant multiple of the result type's known "
                        + "minimum vector length.";
            }
            if (part.scalable() == whole.scalable() && idx + part.count() > whole.count()) {
                return "experimental_vector_extract would overrun.";
            }
        }
        if (SafepointRules.is(name, "llvm.experimental.vector.insert") && call.arguments().size() == 3
                && call.argument(0).type() instanceof VectorType whole && call.argument(1).type() instanceof VectorType part
                && call.argument(2) instanceof ConstantInt c) {
            long idx = c.value().longValue();
            if (idx % part.count() != 0) {
                return "experimental_vector_insert index must be a constant multiple of the subvector's known "
                        + "minimum vector length.";
            }
            if (part.scalable() == whole.scalable() && idx + part.count() > whole.count()) {
                return "subvector operand of experimental_vector_insert would overrun the vector being inserted into.";
            }
        }
        if (SafepointRules.is(name, "llvm.experimental.vector.splice") && call.arguments().size() == 3
                && call.type() instanceof VectorType v && call.argument(2) instanceof ConstantInt c) {
            long idx = c.value().longValue();
            long known = v.count() * vscaleMin(call.function());
            if (idx < 0 ? -idx > known : idx >= known) {
                return "The splice index exceeds the range [-VL, VL-1] where VL is the known minimum number of "
                        + "elements in the vector. For scalable vectors the minimum number of elements is determined "
                        + "from vscale_range.";
            }
        }
        return null;
    }

    /** The minimum of the function's {@code vscale_range}, 1 without one. */
    private static long vscaleMin(Function f) {
        if (f != null && f.attributes().get("vscale_range") instanceof Attribute.WithArgs a) {
            String min = a.arguments().split(",")[0].strip();
            if (min.matches("\\d{1,9}")) {
                return Long.parseLong(min);
            }
        }
        return 1;
    }

    /**
     * The matrix intrinsics: elements of integer or floating point, the operands' element type the
     * result's, rows times columns the result's length, a constant stride not below the rows.
     */
    private static String matrixProblem(CallInst call, String name) {
        int rowsAt;
        int columnsAt;
        int strideAt = -1;
        int vectorAt = -1; // the matrix operand whose type is the result's (store), else the result
        List<Integer> sameElement = new ArrayList<>();
        if (SafepointRules.is(name, "llvm.matrix.multiply")) {
            rowsAt = 2;
            columnsAt = 4;
            sameElement = List.of(0, 1);
        } else if (SafepointRules.is(name, "llvm.matrix.transpose")) {
            rowsAt = 1;
            columnsAt = 2;
            sameElement = List.of(0);
        } else if (SafepointRules.is(name, "llvm.matrix.column.major.load")) {
            rowsAt = 3;
            columnsAt = 4;
            strideAt = 1;
        } else if (SafepointRules.is(name, "llvm.matrix.column.major.store")) {
            rowsAt = 4;
            columnsAt = 5;
            strideAt = 2;
            vectorAt = 0;
        } else {
            return null;
        }
        if (call.arguments().size() <= columnsAt || !(call.argument(rowsAt) instanceof ConstantInt rows)
                || !(call.argument(columnsAt) instanceof ConstantInt columns)) {
            return null; // the signature or immarg check reports it
        }
        Type resultType = vectorAt < 0 ? call.type() : call.argument(vectorAt).type();
        if (!(resultType instanceof VectorType result)) {
            return null;
        }
        if (!(result.element() instanceof IntegerType) && !(result.element() instanceof FloatType)) {
            return "Result type must be an integer or floating-point type!";
        }
        String[] which = {"first", "second"};
        for (int i = 0; i < sameElement.size(); i++) {
            if (call.argument(sameElement.get(i)).type() instanceof VectorType op && !op.element().equals(result.element())) {
                return "Vector element type mismatch of the result and " + which[i] + " operand vector!";
            }
        }
        if (result.scalable() || result.count() != rows.value().longValue() * columns.value().longValue()) {
            return "Result of a matrix operation does not fit in the returned vector!";
        }
        if (strideAt >= 0 && call.argument(strideAt) instanceof ConstantInt stride
                && Long.compareUnsigned(stride.value().longValue(), rows.value().longValue()) < 0) {
            return "Stride must be greater or equal than the number of rows!";
        }
        return null;
    }

    /** The masked memory intrinsics' alignment argument: a power of 2 (gather and scatter: or 0). */
    private static String maskedAlignment(CallInst call, String name) {
        String op;
        int at;
        boolean zeroOk;
        if (SafepointRules.is(name, "llvm.masked.load")) {
            op = "masked_load";
            at = 1;
            zeroOk = false;
        } else if (SafepointRules.is(name, "llvm.masked.store")) {
            op = "masked_store";
            at = 2;
            zeroOk = false;
        } else if (SafepointRules.is(name, "llvm.masked.gather")) {
            op = "masked_gather";
            at = 1;
            zeroOk = true;
        } else if (SafepointRules.is(name, "llvm.masked.scatter")) {
            op = "masked_scatter";
            at = 2;
            zeroOk = true;
        } else {
            return null;
        }
        if (call.arguments().size() <= at || !(call.argument(at) instanceof ConstantInt a)) {
            return null;
        }
        boolean ok = a.value().bitCount() == 1 && a.value().signum() > 0 || zeroOk && a.value().signum() == 0;
        return ok ? null : op + ": alignment must be " + (zeroOk ? "0 or " : "") + "a power of 2";
    }
}

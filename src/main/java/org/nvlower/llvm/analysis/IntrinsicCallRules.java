package org.nvlower.llvm.analysis;

import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.VectorType;

/**
 * Rules of single intrinsics beyond their signatures (cases of LLVM 14's
 * {@code visitIntrinsicCall}): {@code bswap} of whole byte pairs, {@code get.active.lane.mask}
 * returning a vector of {@code i1}, {@code experimental.vector.insert}/{@code extract} keeping the
 * element type, the masked load/store/gather/scatter alignments powers of 2. The messages are LLVM's.
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

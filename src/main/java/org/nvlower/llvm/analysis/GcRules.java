package org.nvlower.llvm.analysis;

import org.nvlower.llvm.ir.AllocaInst;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantKeyword;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.Value;

/**
 * LLVM's rules on the garbage-collection and frame-escape intrinsics (LLVM 14's and 19's
 * {@code visitIntrinsicCall}): {@code llvm.gcroot}, {@code llvm.gcread} and {@code llvm.gcwrite}
 * only in a function with a {@code gc} strategy; a gcroot's first argument an alloca (under
 * pointer casts), its second a constant, not null unless the alloca holds a pointer;
 * {@code llvm.localescape} at most once per function, in the entry block. The messages are
 * LLVM 19's (LLVM 14 says "Intrinsic has incorrect argument type!" first where the typed
 * signature differs).
 */
final class GcRules {

    private GcRules() {
    }

    /**
     * The problem of {@code call} of {@code callee} in {@code f}, or null; {@code escapes} counts
     * the localescape calls of {@code f} seen so far (one element, updated).
     */
    static String problem(CallInst call, Function callee, Function f, int[] escapes) {
        switch (callee.name()) {
            case "llvm.gcroot", "llvm.gcread", "llvm.gcwrite" -> {
                if (callee.name().equals("llvm.gcroot") && call.arguments().size() == 2) {
                    Value root = call.argument(0).stripPointerCasts();
                    if (!(root instanceof AllocaInst m)) {
                        return "llvm.gcroot parameter #1 must be an alloca.";
                    }
                    if (!(call.argument(1) instanceof Constant meta)) {
                        return "llvm.gcroot parameter #2 must be a constant.";
                    }
                    if (!(m.allocatedType() instanceof PointerType) && meta instanceof ConstantKeyword k
                            && k.keyword() == ConstantKeyword.Keyword.NULL) {
                        return "llvm.gcroot parameter #1 must either be a pointer alloca, or argument #2 must be a "
                                + "non-null constant.";
                    }
                }
                return f.gc() == null || f.gc().isEmpty() ? "Enclosing function does not use GC." : null;
            }
            case "llvm.localescape" -> {
                if (++escapes[0] > 1) {
                    return "multiple calls to llvm.localescape in one function";
                }
                return call.parent() != f.blocks().get(0) ? "llvm.localescape used outside of entry block" : null;
            }
            default -> {
                return null;
            }
        }
    }

}

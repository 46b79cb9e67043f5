package org.nvlower.llvm.analysis;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.nvlower.llvm.ir.AttributeSet;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.Value;

/**
 * LLVM's rules on operand bundles and preallocated calls (LLVM 14's {@code visitCallBase} and the
 * {@code call.preallocated.*} cases of {@code visitIntrinsicCall}): at most one bundle of each
 * known kind on a call; a {@code "funclet"} bundle names one catchpad or cleanuppad, a
 * {@code "cfguardtarget"} one value, a {@code "preallocated"} one {@code llvm.call.preallocated.setup}
 * token; {@code preallocated(T)} on a call only of {@code llvm.call.preallocated.arg}, which needs
 * it; a preallocated argument comes with a preallocated bundle or a musttail call (not both); a
 * setup's count is a constant, equal to the preallocated arguments of its one call, and the
 * {@code arg} calls on it have constant indices below it. The messages are LLVM's.
 */
final class BundleRules {

    private BundleRules() {
    }

    /** Bundle tags LLVM allows once per call. */
    private static final Set<String> ONCE = Set.of("deopt", "gc-transition", "funclet", "cfguardtarget",
            "preallocated", "gc-live", "clang.arc.attachedcall");

    private static final String SETUP = "llvm.call.preallocated.setup";
    private static final String ARG = "llvm.call.preallocated.arg";
    private static final String TEARDOWN = "llvm.call.preallocated.teardown";

    /**
     * The problem of {@code call} (whose call-site function attributes, inline and from groups,
     * are {@code fnAttributes}), or null.
     */
    static String problem(CallInst call, AttributeSet fnAttributes) {
        Function callee = call.calledFunction();
        String name = callee == null ? "" : callee.name();
        if (fnAttributes.has("preallocated") && !name.equals(ARG)) {
            return "preallocated as a call site attribute can only be on llvm.call.preallocated.arg";
        }
        int fixed = Math.min(call.calleeType().params().size(), call.arguments().size());
        for (int i = 0; i < fixed; i++) {
            if (call.detail().paramAttributes(i).has("preallocated")
                    && (call.bundleCount("preallocated") != 0) == call.tailKind().equals("musttail")) {
                return "preallocated operand either requires a preallocated bundle or the call to be musttail (but not both)";
            }
        }
        String bundles = bundleProblem(call);
        if (bundles != null) {
            return bundles;
        }
        return switch (name) {
            case SETUP -> setup(call);
            case ARG -> {
                if (!isSetup(call.arguments().isEmpty() ? null : call.argument(0))) {
                    yield "llvm.call.preallocated.arg token argument must be a llvm.call.preallocated.setup";
                }
                yield fnAttributes.has("preallocated") ? null
                        : "llvm.call.preallocated.arg must be called with a \"preallocated\" call site attribute";
            }
            case TEARDOWN -> isSetup(call.arguments().isEmpty() ? null : call.argument(0)) ? null
                    : "llvm.call.preallocated.teardown token argument must be a llvm.call.preallocated.setup";
            default -> null;
        };
    }

    private static String bundleProblem(CallInst call) {
        Set<String> seen = new HashSet<>();
        List<Value> inputs = call.bundleInputs();
        int at = 0;
        for (CallInst.Bundle b : call.detail().bundles()) {
            List<Value> in = inputs.subList(at, at + b.inputCount());
            at += b.inputCount();
            if (ONCE.contains(b.tag()) && !seen.add(b.tag())) {
                return "Multiple " + switch (b.tag()) {
                    case "cfguardtarget" -> "CFGuardTarget";
                    case "clang.arc.attachedcall" -> "\"clang.arc.attachedcall\"";
                    default -> b.tag();
                } + " operand bundles";
            }
            switch (b.tag()) {
                case "funclet" -> {
                    if (in.size() != 1) {
                        return "Expected exactly one funclet bundle operand";
                    }
                    if (!(in.get(0) instanceof Instruction pad && (pad.opcode() == Opcode.CATCHPAD
                            || pad.opcode() == Opcode.CLEANUPPAD))) {
                        return "Funclet bundle operands should correspond to a FuncletPadInst";
                    }
                }
                case "cfguardtarget" -> {
                    if (in.size() != 1) {
                        return "Expected exactly one cfguardtarget bundle operand";
                    }
                }
                case "preallocated" -> {
                    if (in.size() != 1) {
                        return "Expected exactly one preallocated bundle operand";
                    }
                    if (!isSetup(in.get(0))) {
                        return "\"preallocated\" argument must be a token from llvm.call.preallocated.setup";
                    }
                }
                default -> {
                }
            }
        }
        return null;
    }

    /** {@code llvm.call.preallocated.setup(i32 n)}: a constant n, and the calls on its token. */
    private static String setup(CallInst setup) {
        if (setup.arguments().isEmpty() || !(setup.argument(0) instanceof ConstantInt n)) {
            return "llvm.call.preallocated.setup argument must be a constant";
        }
        boolean foundCall = false;
        for (Instruction user : setup.users()) {
            if (!(user instanceof CallInst use)) {
                return "Uses of llvm.call.preallocated.setup must be calls";
            }
            String name = use.calledFunction() == null ? "" : use.calledFunction().name();
            if (name.equals(ARG)) {
                if (use.arguments().size() < 2 || !(use.argument(1) instanceof ConstantInt index)) {
                    return "llvm.call.preallocated.alloc arg index must be a constant";
                }
                if (index.value().signum() < 0 || index.value().compareTo(n.value()) >= 0) {
                    return "llvm.call.preallocated.alloc arg index must be between 0 and corresponding "
                            + "llvm.call.preallocated.setup's argument count";
                }
            } else if (!name.equals(TEARDOWN)) {
                if (foundCall) {
                    return "Can have at most one call corresponding to a llvm.call.preallocated.setup";
                }
                foundCall = true;
                int preallocated = 0;
                for (int i = 0; i < use.arguments().size(); i++) {
                    preallocated += use.detail().paramAttributes(i).has("preallocated") ? 1 : 0;
                }
                if (preallocated == 0) {
                    return "cannot use preallocated intrinsics on a call without preallocated arguments";
                }
                if (n.value().longValue() != preallocated || n.value().bitLength() > 63) {
                    return "llvm.call.preallocated.setup arg size must be equal to number of preallocated arguments at "
                            + "call site";
                }
                if (use.bundleCount("preallocated") > 1) {
                    continue; // reported as several bundles
                }
                List<Value> bundle = use.bundleInputs("preallocated");
                if (bundle == null) {
                    return "Use of llvm.call.preallocated.setup outside intrinsics must be in \"preallocated\" operand "
                            + "bundle";
                }
                if (bundle.isEmpty() || bundle.get(0) != setup) {
                    return "preallocated bundle must have token from corresponding llvm.call.preallocated.setup";
                }
            }
        }
        return null;
    }

    private static boolean isSetup(Value v) {
        return v instanceof CallInst c && c.calleeName().equals(SETUP);
    }


}

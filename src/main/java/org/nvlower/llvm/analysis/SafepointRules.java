package org.nvlower.llvm.analysis;

import java.math.BigInteger;
import java.util.List;

import org.nvlower.llvm.ir.Attribute;
import org.nvlower.llvm.ir.AttributeSet;
import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.Value;
import org.nvlower.llvm.ir.VectorType;

/**
 * LLVM's rules on the safepoint and deoptimization intrinsics (LLVM 14's {@code verifyStatepoint}
 * and the {@code gc.result}, {@code gc.relocate}, {@code experimental.guard} and
 * {@code experimental.deoptimize} cases of {@code visitIntrinsicCall}):
 * <ul>
 * <li>{@code gc.statepoint(i64 id, i32 patch bytes, callee, i32 call args, i32 flags, args...,
 * i32 0, i32 0)}: in a function with a {@code gc} strategy, a call that may read and write all
 * memory, a non-negative patch size, a callee of function type (its pointee; with opaque
 * pointers, LLVM 19's required {@code elementtype}) whose parameters the arguments match, known flags,
 * constant and zero transition and deopt counts (those live in operand bundles since LLVM 11),
 * nothing after them, and only {@code gc.result}/{@code gc.relocate} calls as users;</li>
 * <li>{@code gc.result}: in a gc function, of a statepoint, of the wrapped callee's return type;</li>
 * <li>{@code gc.relocate}: three arguments, a pointer (or pointer vector) result, tied to a
 * statepoint (directly, or through the landingpad of an invoked one), constant indices within
 * the {@code "gc-live"} bundle, a relocated pointer of the result's shape and address space;</li>
 * <li>{@code experimental.guard} and {@code experimental.deoptimize}: called, not invoked, with one
 * {@code "deopt"} bundle; deoptimize returns its caller's type and is followed by a {@code ret}
 * of its value.</li>
 * </ul>
 * The messages are LLVM's.
 */
final class SafepointRules {

    private SafepointRules() {
    }

    static final String STATEPOINT = "llvm.experimental.gc.statepoint";
    static final String RELOCATE = "llvm.experimental.gc.relocate";
    static final String RESULT = "llvm.experimental.gc.result";
    private static final String GUARD = "llvm.experimental.guard";
    private static final String DEOPTIMIZE = "llvm.experimental.deoptimize";

    /** Flags a statepoint may carry (LLVM's StatepointFlags::MaskAll). */
    private static final long FLAG_MASK = 3;

    static final String DEOPTIMIZE_CONVENTIONS =
            "All llvm.experimental.deoptimize declarations must have the same calling convention";

    /**
     * The problem of {@code call} of the intrinsic {@code callee} in {@code f}, or null;
     * {@code callAttributes} are the call site's function attributes (inline and from its groups).
     */
    static String problem(CallInst call, Function callee, Function f, AttributeSet callAttributes) {
        String name = callee.name();
        if (is(name, STATEPOINT)) {
            if (!hasGc(f)) {
                return "Enclosing function does not use GC.";
            }
            return statepoint(call, callee, callAttributes);
        }
        if (is(name, RESULT)) {
            if (!hasGc(f)) {
                return "Enclosing function does not use GC.";
            }
            return result(call);
        }
        if (is(name, RELOCATE)) {
            return relocate(call);
        }
        if (is(name, GUARD)) {
            if (call.opcode() != Opcode.CALL) {
                return "experimental_guard cannot be invoked";
            }
            return call.bundleCount("deopt") != 1 ? "experimental_guard must have exactly one \"deopt\" operand bundle"
                    : null;
        }
        if (is(name, DEOPTIMIZE)) {
            return deoptimize(call, f);
        }
        return null;
    }

    /** Whether {@code name} is the intrinsic {@code base} or one of its manglings ({@code base.suffix}). */
    static boolean is(String name, String base) {
        return name.startsWith(base) && (name.length() == base.length() || name.charAt(base.length()) == '.');
    }

    private static boolean hasGc(Function f) {
        return f.gc() != null && !f.gc().isEmpty();
    }

    private static String statepoint(CallInst call, Function callee, AttributeSet callAttributes) {
        List<Value> args = call.arguments();
        if (args.size() < 5) {
            return null; // the signature's problem
        }
        AttributeSet fn = callAttributes.union(callee.attributes());
        if (fn.has("readnone") || fn.has("readonly") || fn.has("argmemonly")) {
            return "gc.statepoint must read and write all memory to preserve reordering restrictions required by "
                    + "safepoint semantics";
        }
        if (!(args.get(1) instanceof ConstantInt patch) || !(args.get(3) instanceof ConstantInt count)
                || !(args.get(4) instanceof ConstantInt flags)) {
            return null; // immarg arguments: reported as such
        }
        if (patch.value().signum() < 0) {
            return "gc.statepoint number of patchable bytes must be positive";
        }
        Attribute element = call.detail().paramAttributes(2).get("elementtype");
        if (element == null && call.argument(2).type() instanceof PointerType p && p.isOpaque()) {
            // LLVM 19 (opaque pointers) names the callee's type with elementtype; LLVM 14 reads the pointee
            return "gc.statepoint callee argument must have elementtype attribute";
        }
        FunctionType target = targetType(call);
        if (target == null) {
            return element != null ? "gc.statepoint callee elementtype must be function type"
                    : "gc.statepoint callee must be of function pointer type";
        }
        long callArgs = count.unsignedValue().longValue();
        int params = target.params().size();
        if (count.value().signum() < 0 || callArgs > Integer.MAX_VALUE) {
            return "gc.statepoint number of arguments to underlying call must be positive";
        }
        if (target.varArgs()) {
            if (callArgs < params) {
                return "gc.statepoint mismatch in number of vararg call args";
            }
            if (!target.returnType().isVoid()) {
                return "gc.statepoint doesn't support wrapping non-void vararg functions yet";
            }
        } else if (callArgs != params) {
            return "gc.statepoint mismatch in number of call args";
        }
        if ((flags.unsignedValue().longValue() & ~FLAG_MASK) != 0 || flags.unsignedValue().bitLength() > 63) {
            return "unknown flag used in gc.statepoint flags argument";
        }
        for (int i = 0; i < params; i++) {
            if (5 + i >= args.size() || !args.get(5 + i).type().equals(target.params().get(i))) {
                return "gc.statepoint call argument does not match wrapped function type";
            }
            if (target.varArgs() && call.detail().paramAttributes(5 + i).has("sret")) {
                return "Attribute 'sret' cannot be used for vararg call arguments!";
            }
        }
        int transitionAt = 5 + (int) callArgs;
        if (transitionAt >= args.size() || !(args.get(transitionAt) instanceof ConstantInt transition)) {
            return "gc.statepoint number of transition arguments must be constant integer";
        }
        if (transition.value().signum() != 0) {
            return "gc.statepoint w/inline transition bundle is deprecated";
        }
        if (transitionAt + 1 >= args.size() || !(args.get(transitionAt + 1) instanceof ConstantInt deopt)) {
            return "gc.statepoint number of deoptimization arguments must be constant integer";
        }
        if (deopt.value().signum() != 0) {
            return "gc.statepoint w/inline deopt operands is deprecated";
        }
        if (args.size() != 7 + callArgs) {
            return "gc.statepoint too many arguments";
        }
        for (Instruction user : call.users()) {
            if (!(user instanceof CallInst u) || u.opcode() != Opcode.CALL) {
                return "illegal use of statepoint token";
            }
            Function uf = u.calledFunction();
            if (uf == null || !is(uf.name(), RESULT) && !is(uf.name(), RELOCATE)) {
                return "gc.result or gc.relocate are the only value uses of a gc.statepoint";
            }
            if (is(uf.name(), RESULT) && (u.arguments().isEmpty() || u.argument(0) != call)) {
                return "gc.result connected to wrong gc.statepoint";
            }
        }
        return null;
    }

    /** The function type the statepoint wraps: its callee's {@code elementtype}, or the typed pointer's pointee. */
    private static FunctionType targetType(CallInst statepoint) {
        Attribute element = statepoint.detail().paramAttributes(2).get("elementtype");
        if (element instanceof Attribute.WithType t) {
            return t.type() instanceof FunctionType ft ? ft : null;
        }
        Type t = statepoint.argument(2).type();
        return t instanceof PointerType p && !p.isOpaque() && p.pointee() instanceof FunctionType ft ? ft : null;
    }

    /** The statepoint call {@code token} names, or null. */
    private static CallInst asStatepoint(Value token) {
        return token instanceof CallInst c && is(c.calleeName(), STATEPOINT)
                ? c : null;
    }

    private static String result(CallInst call) {
        CallInst statepoint = call.arguments().isEmpty() ? null : asStatepoint(call.argument(0));
        if (statepoint == null || !statepoint.calledFunction().isDeclaration()) {
            return "gc.result operand #1 must be from a statepoint";
        }
        FunctionType target = statepoint.arguments().size() > 2 ? targetType(statepoint) : null;
        return target != null && !call.type().equals(target.returnType())
                ? "gc.result result type does not match wrapped callee" : null;
    }

    private static String relocate(CallInst call) {
        if (call.arguments().size() != 3) {
            return "wrong number of arguments";
        }
        if (!(call.type().scalarType() instanceof PointerType)) {
            return "gc.relocate must return a pointer or a vector of pointers";
        }
        Value token = call.argument(0);
        CallInst statepoint;
        if (token instanceof Instruction pad && pad.opcode() == Opcode.LANDINGPAD) {
            BasicBlock invokeBlock = uniquePredecessor(pad.parent());
            if (invokeBlock == null) {
                return "safepoints should have unique landingpads";
            }
            statepoint = asStatepoint(invokeBlock.last());
            if (statepoint == null) {
                return "gc relocate should be linked to a statepoint";
            }
        } else {
            statepoint = asStatepoint(token);
            if (statepoint == null) {
                return "gc relocate is incorrectly tied to the statepoint";
            }
        }
        if (!(call.argument(1) instanceof ConstantInt base)) {
            return "gc.relocate operand #2 must be integer offset";
        }
        if (!(call.argument(2) instanceof ConstantInt derived)) {
            return "gc.relocate operand #3 must be integer offset";
        }
        List<Value> live = statepoint.bundleInputs("gc-live");
        BigInteger baseIndex = base.unsignedValue();
        BigInteger derivedIndex = derived.unsignedValue();
        Value derivedPointer;
        if (live != null) {
            if (baseIndex.compareTo(BigInteger.valueOf(live.size())) >= 0) {
                return "gc.relocate: statepoint base index out of bounds";
            }
            if (derivedIndex.compareTo(BigInteger.valueOf(live.size())) >= 0) {
                return "gc.relocate: statepoint derived index out of bounds";
            }
            derivedPointer = live.get(derivedIndex.intValue());
        } else {
            // before the gc-live bundle the relocated values were statepoint arguments
            if (derivedIndex.compareTo(BigInteger.valueOf(statepoint.arguments().size())) >= 0) {
                return null;
            }
            derivedPointer = statepoint.argument(derivedIndex.intValue());
        }
        Type derivedType = derivedPointer.type();
        if (!(derivedType.scalarType() instanceof PointerType dp)) {
            return "gc.relocate: relocated value must be a gc pointer";
        }
        if (call.type() instanceof VectorType != derivedType instanceof VectorType) {
            return "gc.relocate: vector relocates to vector and pointer to pointer";
        }
        PointerType rp = (PointerType) call.type().scalarType();
        return rp.addressSpace() != dp.addressSpace()
                ? "gc.relocate: relocating a pointer shouldn't change its address space" : null;
    }

    private static String deoptimize(CallInst call, Function f) {
        if (call.opcode() != Opcode.CALL) {
            return "experimental_deoptimize cannot be invoked";
        }
        if (call.bundleCount("deopt") != 1) {
            return "experimental_deoptimize must have exactly one \"deopt\" operand bundle";
        }
        if (!call.type().equals(f.returnType())) {
            return "experimental_deoptimize return type must match caller return type";
        }
        Instruction next = call.next();
        if (next == null || next.opcode() != Opcode.RET) {
            return "calls to experimental_deoptimize must be followed by a return";
        }
        if (!call.type().isVoid() && (next.operandCount() == 0 || next.operand(0) != call)) {
            return "calls to experimental_deoptimize must be followed by a return of the value computed by "
                    + "experimental_deoptimize";
        }
        return null;
    }

    /**
     * LLVM's verifyDeoptimizeCallingConvs: every declaration of {@code experimental.deoptimize} has
     * the calling convention of the first; the first one that does not, or null.
     */
    static Function deoptimizeConventionBreaker(List<Function> functions) {
        String first = null;
        for (Function f : functions) {
            if (is(f.name(), DEOPTIMIZE) && f.isDeclaration()) {
                if (first == null) {
                    first = f.callingConvention();
                } else if (!first.equals(f.callingConvention())) {
                    return f;
                }
            }
        }
        return null;
    }

    /** The one block that branches to {@code b} (several edges from it count once), or null (LLVM's getUniquePredecessor). */
    private static BasicBlock uniquePredecessor(BasicBlock b) {
        BasicBlock only = null;
        for (BasicBlock p : b.predecessors()) {
            if (only != null && p != only) {
                return null;
            }
            only = p;
        }
        return only;
    }
}

package org.nvlower.llvm.analysis;

import java.util.List;
import java.util.Set;

import org.nvlower.llvm.ir.Argument;
import org.nvlower.llvm.ir.AttributeSet;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.ConstantKeyword;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.Type;

/**
 * LLVM's rules on calling conventions and {@code musttail} calls (LLVM 14's
 * {@code Verifier::visitFunction} and {@code verifyMustTailCall}): conventions that allow no
 * varargs or need a void result, and a musttail call that matches its caller (parameters,
 * varargs, return type, convention, ABI attributes) and is followed by a {@code ret} of its result.
 */
final class CallRules {

    private CallRules() {
    }

    /** Conventions without varargs: fastcc, coldcc, intel_ocl_bicc, ptx_kernel, ptx_device and the kernels below. */
    private static final Set<String> NO_VARARGS = Set.of("fastcc", "cc 8", "coldcc", "cc 9", "intel_ocl_bicc", "cc 77",
            "ptx_kernel", "cc 71", "ptx_device", "cc 72");

    /** Kernel conventions that need a void result (and allow no varargs). */
    private static final Set<String> VOID_KERNELS = Set.of("amdgpu_kernel", "cc 91", "spir_kernel", "cc 76");

    /** The parameter attributes that change how arguments are passed (LLVM's getParameterABIAttributes). */
    private static final List<String> ABI_ATTRIBUTES = List.of("sret", "byval", "inalloca", "inreg", "alignstack",
            "swiftself", "swiftasync", "swifterror", "preallocated", "byref");

    /** The problem of {@code f}'s calling convention, or null. */
    static String conventionProblem(Function f) {
        String cc = f.callingConvention();
        if (VOID_KERNELS.contains(cc) && !f.returnType().isVoid()) {
            return "Calling convention requires void return type";
        }
        if ((cc.equals("x86_intrcc") || cc.equals("cc 83")) && !f.arguments().isEmpty()
                && !f.argument(0).attributes().has("byval")) {
            return "Calling convention parameter requires byval";
        }
        if ((NO_VARARGS.contains(cc) || VOID_KERNELS.contains(cc)) && f.functionType().varArgs()) {
            return "Calling convention does not support varargs or perfect forwarding!";
        }
        return null;
    }

    /** Parameter attributes a tailcc or swifttailcc musttail call may not carry, on either side. */
    private static final List<String> NOT_IN_TAILCC = List.of("inalloca", "inreg", "swifterror", "preallocated", "byref");

    /**
     * The problem of a {@code musttail} call in {@code caller}, or null, in the order of LLVM 14's
     * verifyMustTailCall: varargs, return type and convention match; a {@code ret} (after an
     * optional bitcast) of the call's value follows; under {@code tailcc}/{@code swifttailcc} the
     * prototypes may differ but some ABI attributes are refused and varargs are not allowed;
     * otherwise (but for intrinsics) the parameters and their ABI attributes match.
     */
    static String mustTailProblem(CallInst call, Function caller) {
        FunctionType callee = call.calleeType();
        FunctionType own = caller.functionType();
        if (callee.varArgs() != own.varArgs()) {
            return "cannot guarantee tail call due to mismatched varargs";
        }
        if (!congruent(own.returnType(), callee.returnType())) {
            return "cannot guarantee tail call due to mismatched return types";
        }
        if (!call.detail().callingConvention().equals(caller.callingConvention())) {
            return "cannot guarantee tail call due to mismatched calling conv";
        }
        Instruction next = call.next();
        Instruction cast = null;
        if (next != null && next.opcode() == Opcode.BITCAST) {
            if (next.operand(0) != call) {
                return "bitcast following musttail call must use the call";
            }
            cast = next;
            next = next.next();
        }
        if (next == null || next.opcode() != Opcode.RET) {
            return "musttail call must precede a ret with an optional bitcast";
        }
        if (next.operandCount() > 0 && next.operand(0) != (cast == null ? call : cast)
                && !(next.operand(0) instanceof ConstantKeyword k && (k.keyword() == ConstantKeyword.Keyword.UNDEF
                        || k.keyword() == ConstantKeyword.Keyword.POISON))) {
            return "musttail call result must be returned";
        }
        String cc = call.detail().callingConvention();
        if (cc.equals("tailcc") || cc.equals("swifttailcc")) {
            for (Argument a : caller.arguments()) {
                String p = tailCcProblem(a.attributes(), cc + " musttail caller");
                if (p != null) {
                    return p;
                }
            }
            for (int i = 0; i < callee.params().size(); i++) {
                String p = tailCcProblem(call.detail().paramAttributes(i), cc + " musttail callee");
                if (p != null) {
                    return p;
                }
            }
            return own.varArgs() ? "cannot guarantee " + cc + " tail call for varargs function" : null;
        }
        if (call.calleeName().startsWith("llvm.")) {
            return null;
        }
        if (callee.params().size() != own.params().size()) {
            return "cannot guarantee tail call due to mismatched parameter counts";
        }
        for (int i = 0; i < own.params().size(); i++) {
            if (!congruent(own.params().get(i), callee.params().get(i))) {
                return "cannot guarantee tail call due to mismatched parameter types";
            }
        }
        for (int i = 0; i < own.params().size(); i++) {
            if (!abiAttributes(caller.argument(i).attributes()).equals(abiAttributes(call.detail().paramAttributes(i)))) {
                return "cannot guarantee tail call due to mismatched ABI impacting function attributes";
            }
        }
        return null;
    }

    private static String tailCcProblem(AttributeSet attributes, String context) {
        for (String n : NOT_IN_TAILCC) {
            if (attributes.has(n)) {
                return n + " attribute not allowed in " + context;
            }
        }
        return null;
    }

    private static boolean congruent(Type a, Type b) {
        return a.equals(b) || a instanceof PointerType p && b instanceof PointerType q
                && p.addressSpace() == q.addressSpace();
    }

    private static AttributeSet abiAttributes(AttributeSet all) {
        AttributeSet abi = AttributeSet.EMPTY;
        for (String n : ABI_ATTRIBUTES) {
            if (all.get(n) != null) {
                abi = abi.with(all.get(n));
            }
        }
        return abi;
    }
}

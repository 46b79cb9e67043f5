package org.nvlower.llvm.transform;

import java.util.ArrayList;
import java.util.List;

import org.nvlower.llvm.ir.AllocaInst;
import org.nvlower.llvm.ir.AttributeSet;
import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.Constants;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.MetadataAttachment;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.PhiInst;
import org.nvlower.llvm.ir.TerminatorInst;
import org.nvlower.llvm.ir.Value;
/**
 * Inlines call sites, as LLVM's InlineFunction: the callee's body is cloned into the caller
 * (arguments mapped to the call's operands, names suffixed {@code .i}), the caller's block is
 * split at the call, every {@code ret} becomes a branch to the split-off rest, and the returned
 * values meet in a phi that replaces the call. Static allocas of the callee move to the caller's
 * entry block.
 */
public final class Inliner {

    private Inliner() {
    }

    /** Why {@code call} cannot be inlined, or null when it can. */
    public static String cannotInline(CallInst call) {
        Function callee = call.calledFunction();
        if (call.opcode() != Opcode.CALL) {
            return call.opcode() + " is not inlined (only call)";
        }
        if (callee == null) {
            return "indirect call";
        }
        if (callee.isDeclaration()) {
            return "@" + callee.name() + " has no body";
        }
        if (callee == call.function()) {
            return "@" + callee.name() + " calls itself";
        }
        if (callee.functionType().varArgs()) {
            return "@" + callee.name() + " takes variable arguments";
        }
        if (!callee.functionType().equals(call.calleeType())) {
            return "the call's type " + call.calleeType() + " differs from @" + callee.name() + "'s";
        }
        if (callee.module() != call.function().module()) {
            return "@" + callee.name() + " is in another module (link it first)";
        }
        return null;
    }

    /**
     * Whether LLVM's inliner leaves {@code call} a call whatever it costs (InlineCost's
     * attribute-based decision, LLVM 19): {@code noinline} on the call site always, even of an
     * {@code alwaysinline} callee (LLVM 14 still inlined that one); {@code noinline} on the callee
     * unless the call site says {@code alwaysinline}.
     */
    public static boolean isNoInline(CallInst call) {
        AttributeSet site = call.attributes();
        if (site.has("noinline")) {
            return true;
        }
        Function callee = call.calledFunction();
        return callee != null && callee.hasAttribute("noinline") && !site.has("alwaysinline");
    }

    /** Inlines {@code call}; returns the blocks that came from the callee. */
    public static List<BasicBlock> inline(CallInst call) {
        String why = cannotInline(call);
        if (why != null) {
            throw new IllegalArgumentException("cannot inline: " + why);
        }
        Function callee = call.calledFunction();
        Function caller = call.function();
        Module module = caller.module();
        BasicBlock before = call.parent();
        BasicBlock after = before.splitAt(call.next(), before.hasName() ? before.name() + ".exit" : "");
        // split left "br label %after" after the call; the call moves to just before it
        Cloner cloner = Cloner.withinModule(module);
        for (int i = 0; i < callee.arguments().size(); i++) {
            cloner.map(callee.argument(i), call.argument(i));
        }
        List<BasicBlock> body = cloner.cloneBlocks(callee, caller, after, ".i");
        MetadataAttachment callLocation = call.metadata("dbg");
        if (callLocation != null) {
            InlinedAt.apply(module, callLocation.node(), body, hasDebugInfo(callee));
        }
        // route returns to the rest of the caller
        List<PhiInst.Incoming> returned = new ArrayList<>();
        for (BasicBlock b : body) {
            if (b.terminator() instanceof TerminatorInst t && t.isReturn()) {
                if (t.returnValue() != null) {
                    returned.add(new PhiInst.Incoming(t.returnValue(), b));
                }
                b.setTerminator(TerminatorInst.br(after));
            }
        }
        moveStaticAllocas(body.get(0), caller.entryBlock());
        before.setTerminator(TerminatorInst.br(body.get(0)));
        // debug info naming the call follows its value too (LLVM replaces metadata uses as well)
        if (call.hasResult() && (call.hasUses() || caller.hasDebugLocals())) {
            Value result = returned.size() == 1 ? returned.get(0).value() : Constants.poison(call.type());
            if (returned.size() > 1) {
                PhiInst phi = PhiInst.create(call.type());
                phi.addIncoming(returned);
                phi.takeName(call);
                after.insertBefore(after.first(), phi);
                result = phi;
            }
            call.replaceAllUsesWith(result);
        }
        call.eraseFromParent();
        return body;
    }

    /** Whether {@code f} has a subprogram or any instruction with a location (LLVM's CalleeHasDebugInfo). */
    private static boolean hasDebugInfo(Function f) {
        return f.metadata().stream().anyMatch(m -> m.name().equals("dbg"))
                || f.instructions().anyMatch(i -> i.metadata("dbg") != null);
    }

    /** Allocas of constant size at the top of the inlined entry block go to the caller's entry. */
    private static void moveStaticAllocas(BasicBlock inlinedEntry, BasicBlock callerEntry) {
        Instruction anchor = callerEntry.firstNonPhi();
        for (Instruction inst : new ArrayList<>(inlinedEntry.instructions())) {
            if (!(inst instanceof AllocaInst a)) {
                break;
            }
            if (a.arraySize() == null || a.arraySize() instanceof ConstantInt) {
                a.moveBefore(anchor);
            }
        }
    }

    /**
     * Inlines every call to a function defined in {@code module} (optionally only calls of
     * {@code only}) that is not {@code noinline} ({@link #isNoInline}), until none is left or {@code maxRounds}
     * rounds passed (recursion). Returns how many calls were inlined.
     */
    public static int inlineAll(Module module, String only, int maxRounds) {
        int total = 0;
        for (int round = 0; round < maxRounds; round++) {
            List<CallInst> sites = module.functions().stream().filter(f -> !f.isDeclaration())
                    .flatMap(f -> f.instructions(CallInst.class))
                    .filter(c -> c.calledFunction() != null && (only == null || c.calleeName().equals(only))
                            && !isNoInline(c) && cannotInline(c) == null)
                    .toList();
            if (sites.isEmpty()) {
                break;
            }
            for (CallInst c : sites) {
                if (c.parent() != null && cannotInline(c) == null) {
                    inline(c);
                    total++;
                }
            }
        }
        return total;
    }
}

package org.nvlower.llvm.analysis;

import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.InstFlag;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.Opcode;

/**
 * LLVM's rules on exception handling (LLVM 14's {@code Verifier::visitLandingPadInst},
 * {@code visitResumeInst}, {@code visitEHPadPredecessors} and the invoke's unwind check): a
 * landingpad is the first non-phi of its block, which only invokes' unwind edges reach, in a
 * function with a personality, with a clause or {@code cleanup}, of one result type per function;
 * a resume needs a personality; an invoke unwinds to an exception-handling pad; a cleanupret
 * returns from a cleanuppad and a catchret from a catchpad.
 */
final class ExceptionRules {

    private ExceptionRules() {
    }

    /** The problem of {@code inst} (a landingpad, resume, invoke, cleanupret or catchret), or null. */
    static String check(Instruction inst, Function f) {
        switch (inst.opcode()) {
            case LANDINGPAD -> {
                BasicBlock b = inst.parent();
                if (b.firstNonPhi() != inst) {
                    return "LandingPadInst not the first non-PHI instruction in the block.";
                }
                if (f.personality() == null) {
                    return "LandingPadInst needs to be in a function with a personality.";
                }
                if (inst.operandCount() == 0 && !inst.hasFlag(InstFlag.CLEANUP)) {
                    return "LandingPadInst needs at least one clause or to be a cleanup.";
                }
                for (BasicBlock pred : b.predecessors()) {
                    Instruction t = pred.terminator();
                    if (!(t instanceof CallInst c) || t.opcode() != Opcode.INVOKE || c.destinations().size() != 2
                            || c.destinations().get(1) != b || c.destinations().get(0) == b) {
                        return "Block containing LandingPadInst must be jumped to only by the unwind edge of an invoke.";
                    }
                }
                for (BasicBlock other : f.blocks()) {
                    Instruction first = other.firstNonPhi();
                    if (first != null && first.opcode() == Opcode.LANDINGPAD) {
                        if (!first.type().equals(inst.type())) {
                            return "The landingpad instruction should have a consistent result type inside a function.";
                        }
                        break;
                    }
                }
                return null;
            }
            case CLEANUPRET -> {
                return inst.operandCount() > 0 && inst.operand(0) instanceof Instruction pad
                        && pad.opcode() == Opcode.CLEANUPPAD ? null : "CleanupReturnInst needs to be provided a CleanupPad";
            }
            case CATCHRET -> {
                return inst.operandCount() > 0 && inst.operand(0) instanceof Instruction pad
                        && pad.opcode() == Opcode.CATCHPAD ? null : "CatchReturnInst needs to be provided a CatchPad";
            }
            case RESUME -> {
                return f.personality() == null ? "ResumeInst needs to be in a function with a personality." : null;
            }
            case INVOKE -> {
                CallInst c = (CallInst) inst;
                if (c.destinations().size() != 2) {
                    return null;
                }
                Instruction pad = c.destinations().get(1).firstNonPhi();
                boolean isPad = pad != null && switch (pad.opcode()) {
                    case LANDINGPAD, CATCHSWITCH, CLEANUPPAD, CATCHPAD -> true;
                    default -> false;
                };
                return isPad ? null : "The unwind destination does not have an exception handling instruction!";
            }
            default -> {
                return null;
            }
        }
    }
}

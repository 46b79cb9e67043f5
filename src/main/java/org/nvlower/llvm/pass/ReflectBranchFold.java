package org.nvlower.llvm.pass;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.PhiInst;
import org.nvlower.llvm.ir.TerminatorInst;
import org.nvlower.llvm.ir.TrackedValue;
import org.nvlower.llvm.ir.Value;

/**
 * Reflect branch folding (NVIDIA's nvvm-reflect-pp): after {@link NvvmReflect}, folds the
 * now-constant compares, selects, phis and arithmetic ({@link ConstantFolder}), turns branches
 * and switches on constants into unconditional branches, deletes the blocks no longer reached,
 * deletes the instructions left without uses and without side effects, and merges a block into
 * its only predecessor when that predecessor only falls through to it. What remains of a
 * libdevice body is the arm its reflect values select.
 *
 * <p>Functions where nothing folds are not touched (they keep printing as read).
 */
public final class ReflectBranchFold {

    /** What a run did (summed over the functions). */
    public record Result(int valuesFolded, int branchesFolded, int blocksRemoved, int deadRemoved, int blocksMerged,
            List<Function> changed) {
    }

    private int valuesFolded;
    private int branchesFolded;
    private int blocksRemoved;
    private int deadRemoved;
    private int blocksMerged;
    private final List<Function> changed = new ArrayList<>();

    private ReflectBranchFold() {
    }

    /** Folds every function defined in {@code module}. */
    public static Result run(Module module) {
        return run(module.functions());
    }

    /** Folds the given functions (declarations are skipped). */
    public static Result run(Iterable<Function> functions) {
        return run(functions, false);
    }

    /**
     * Folds the given functions and, even where nothing folds, removes their dead instructions and
     * merges their fall-through blocks: the clean-up after inlining, whose copies end in such
     * branches.
     */
    public static Result simplify(Iterable<Function> functions) {
        return run(functions, true);
    }

    private static Result run(Iterable<Function> functions, boolean always) {
        ReflectBranchFold pass = new ReflectBranchFold();
        for (Function f : functions) {
            if (!f.isDeclaration() && pass.runOn(f, always)) {
                pass.changed.add(f);
            }
        }
        return new Result(pass.valuesFolded, pass.branchesFolded, pass.blocksRemoved, pass.deadRemoved,
                pass.blocksMerged, List.copyOf(pass.changed));
    }

    private boolean runOn(Function f, boolean always) {
        Worklist work = new Worklist(f.blocks().stream().mapToInt(b -> b.instructions().size()).sum());
        for (BasicBlock b : f.blocks()) {
            for (Instruction i : b.instructions()) {
                work.add(i);
            }
        }
        boolean changedHere = false;
        while (!work.isEmpty()) {
            boolean cfgChanged = false;
            while (!work.isEmpty()) {
                Instruction inst = work.poll();
                if (inst.parent() == null) {
                    continue;
                }
                if (inst.isTerminator()) {
                    if (foldTerminator(inst, work)) {
                        cfgChanged = true;
                        changedHere = true;
                    }
                    continue;
                }
                Value v = ConstantFolder.fold(inst);
                if (v != null && v != inst) {
                    work.addAll(inst.users());
                    inst.replaceAndErase(v);
                    valuesFolded++;
                    changedHere = true;
                }
            }
            if (cfgChanged) {
                int removed = f.removeUnreachableBlocks();
                blocksRemoved += removed;
                for (BasicBlock b : f.blocks()) {
                    work.addAll(b.phis());
                }
            }
        }
        if (changedHere || always) {
            int before = deadRemoved + blocksMerged;
            removeDeadInstructions(f);
            mergeBlocks(f);
            changedHere |= deadRemoved + blocksMerged > before;
        }
        return changedHere;
    }

    /** A branch or switch on a constant (or with one destination) becomes {@code br label %dest}. */
    private boolean foldTerminator(Instruction inst, Worklist work) {
        if (!(inst instanceof TerminatorInst t && (t.isConditional() || t.isSwitch()))) {
            return false;
        }
        BasicBlock dest = t.condition() instanceof ConstantInt c ? t.successorFor(c)
                : t.isConditional() && t.trueDest() == t.falseDest() ? t.trueDest() : null;
        if (dest == null) {
            return false;
        }
        List<BasicBlock> before = t.successors();
        t.parent().setTerminator(TerminatorInst.br(dest)); // the destination keeps one phi entry per edge
        before.forEach(s -> work.addAll(s.phis()));
        branchesFolded++;
        return true;
    }

    // ------------------------------------------------------------------ dead code

    private void removeDeadInstructions(Function f) {
        Worklist work = new Worklist(16); // grows: few instructions are dead
        // only the instructions dead now: the others die when their last user goes, and are queued then
        for (BasicBlock b : f.blocks()) {
            for (Instruction inst : b.instructions()) {
                if (!inst.hasUses() && inst.wouldBeTriviallyDead()) {
                    work.add(inst);
                }
            }
        }
        while (!work.isEmpty()) {
            Instruction inst = work.poll();
            if (inst.parent() == null || inst.hasUses() || !inst.wouldBeTriviallyDead()) {
                continue;
            }
            List<Value> operands = inst.operands();
            inst.eraseFromParent();
            deadRemoved++;
            for (Value v : operands) {
                if (v instanceof Instruction i) {
                    work.add(i);
                }
            }
        }
    }

    // ------------------------------------------------------------------ block merging

    /** MergeBlockIntoPredecessor: a block whose only predecessor only branches to it joins that predecessor. */
    private void mergeBlocks(Function f) {
        boolean merged = true;
        while (merged) {
            merged = false;
            for (BasicBlock b : new ArrayList<>(f.blocks())) {
                // a block that took its successor in may take the next one: a chain joins its head
                // in one sweep (the same blocks as one merge per sweep; the last sweep finds none)
                while (b.parent() != null && b.terminator() instanceof TerminatorInst t && t.isUnconditional()) {
                    BasicBlock s = t.dest();
                    if (s == b || s.isEntry() || s.singlePredecessor() != b || s.first() instanceof PhiInst) {
                        break;
                    }
                    mergeInto(b, s);
                    blocksMerged++;
                    merged = true;
                }
            }
        }
    }

    private static void mergeInto(BasicBlock pred, BasicBlock block) {
        Function f = pred.parent();
        pred.terminator().eraseFromParent();
        for (Instruction inst = block.first(); inst != null; inst = block.first()) {
            inst.moveToEnd(pred);
        }
        pred.replaceSuccessorsPhiUsesWith(block, pred);
        f.removeBlock(block);
    }

    /**
     * A FIFO of instructions, each at most once. Membership is an open-addressing table keyed by
     * the values' stored hash (no node per entry: a libdevice body queues every instruction).
     */
    private static final class Worklist {
        private final ArrayDeque<Instruction> queue;
        private Instruction[] table;
        private int size;

        /** Sized for {@code n} instructions queued at once (the table stays under half full). */
        Worklist(int n) {
            table = new Instruction[Integer.highestOneBit(Math.max(16, n) * 4 - 1)];
            queue = new ArrayDeque<>(n + 1); // no growth when every instruction is queued
        }

        void add(Instruction i) {
            if (insert(i)) {
                queue.add(i);
            }
        }

        void addAll(List<? extends TrackedValue> values) {
            for (TrackedValue v : values) {
                if (v instanceof Instruction i) {
                    add(i);
                }
            }
        }

        boolean isEmpty() {
            return queue.isEmpty();
        }

        Instruction poll() {
            Instruction i = queue.poll();
            remove(i);
            return i;
        }

        private int slot(Instruction i) {
            int h = i.hashCode() * 0x9E3779B9;
            return (h ^ h >>> 16) & table.length - 1;
        }

        private boolean insert(Instruction i) {
            int mask = table.length - 1;
            int k = slot(i);
            for (Instruction e = table[k]; e != null; e = table[k]) {
                if (e == i) {
                    return false;
                }
                k = k + 1 & mask;
            }
            table[k] = i;
            if (++size * 2 > table.length) {
                grow();
            }
            return true;
        }

        private void remove(Instruction i) {
            int mask = table.length - 1;
            int k = slot(i);
            while (table[k] != i) {
                k = k + 1 & mask;
            }
            table[k] = null;
            size--;
            // backward-shift deletion: entries after the hole that probed past it move into it
            for (int j = k + 1 & mask; table[j] != null; j = j + 1 & mask) {
                Instruction e = table[j];
                int home = slot(e);
                if ((j - home & mask) >= (j - k & mask)) {
                    table[k] = e;
                    table[j] = null;
                    k = j;
                }
            }
        }

        private void grow() {
            Instruction[] old = table;
            table = new Instruction[old.length * 2];
            size = 0;
            for (Instruction e : old) {
                if (e != null) {
                    insert(e);
                }
            }
        }
    }
}

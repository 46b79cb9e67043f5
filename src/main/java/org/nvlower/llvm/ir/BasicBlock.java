package org.nvlower.llvm.ir;

import java.util.ArrayList;
import java.util.List;

/**
 * A basic block: a label (a name, a number, or the implicit number of an unlabelled entry block)
 * and its instructions. As a value it has type {@code label}; branches use it.
 */
public final class BasicBlock extends TrackedValue {

    private Function parent;
    /** Where this block was last seen in its function's block list (checked before use; see Function.indexOfBlock). */
    int indexHint = -1;
    private final InstructionList instructions = new InstructionList();
    private int labelSliceStart = -1;
    private int labelSliceEnd;
    private int labelStart = -1;
    private int labelEnd = -1;
    private boolean defined;
    /** The number the block had in the text it was read from (-1: named, or not read). */
    private int sourceSlot = -1;

    public BasicBlock(String name) {
        super(name);
    }

    @Override
    public Type type() {
        return PrimitiveType.LABEL;
    }

    public Function parent() {
        return parent;
    }

    void setParent(Function parent) {
        this.parent = parent;
    }

    /** The instructions in order: a read-only view (walking it is linear; get(i) is not constant time). */
    public List<Instruction> instructions() {
        return instructions;
    }

    public Instruction first() {
        return instructions.first();
    }

    /** The last instruction, or null when the block is empty. */
    public Instruction last() {
        return instructions.last();
    }

    /** The first instruction that is not a phi (where non-phi code may be inserted at the top), or null. */
    public Instruction firstNonPhi() {
        for (Instruction i : instructions) {
            if (!(i instanceof PhiInst)) {
                return i;
            }
        }
        return null;
    }

    /** The phis at the top of the block. */
    public List<PhiInst> phis() {
        List<PhiInst> phis = new ArrayList<>();
        for (Instruction i : instructions) {
            if (!(i instanceof PhiInst p)) {
                break;
            }
            phis.add(p);
        }
        return phis;
    }

    Instruction after(Instruction inst) {
        checkIn(inst);
        return inst.nextInBlock;
    }

    Instruction before(Instruction inst) {
        checkIn(inst);
        return inst.prevInBlock;
    }

    /** The blocks the terminator may go to (a block reached by two edges appears twice); empty without one. */
    public List<BasicBlock> successors() {
        Instruction t = terminator();
        return t == null ? List.of() : t.successors();
    }

    /** The distinct blocks whose terminator may go to this block, in the order they began to. */
    public List<BasicBlock> predecessors() {
        List<BasicBlock> preds = new ArrayList<>();
        for (Instruction user : users()) {
            if (user.isTerminator() && user.parent() != null && !preds.contains(user.parent())) {
                preds.add(user.parent());
            }
        }
        return preds;
    }

    /**
     * The one block whose terminator may go to this block, or null when there are none or
     * several (LLVM's getSinglePredecessor): {@link #predecessors()} without building the list.
     */
    public BasicBlock singlePredecessor() {
        BasicBlock only = null;
        for (Instruction user : users()) {
            BasicBlock p = user.parent();
            if (user.isTerminator() && p != null && p != only) {
                if (only != null) {
                    return null;
                }
                only = p;
            }
        }
        return only;
    }

    /** Whether this is the first block of its function. */
    public boolean isEntry() {
        return parent != null && parent.entryBlock() == this;
    }

    /**
     * Replaces the terminator (or adds one to a block without): successors that are no longer
     * reached lose their phi entries for this block, and one reached by fewer edges than before
     * ({@code br i1 %c, label %d, label %d} made {@code br label %d}) keeps one entry per edge left.
     */
    public void setTerminator(Instruction newTerminator) {
        if (!newTerminator.isTerminator()) {
            throw new IllegalArgumentException(newTerminator.opcode() + " is not a terminator");
        }
        Instruction old = terminator();
        if (old != null) {
            List<BasicBlock> before = old.successors();
            old.eraseFromParent();
            append(newTerminator);
            List<BasicBlock> after = newTerminator.successors();
            for (BasicBlock s : new java.util.LinkedHashSet<>(before)) {
                int edges = java.util.Collections.frequency(after, s);
                if (edges == 0) {
                    s.removePhiEntriesFrom(this);
                } else if (edges < java.util.Collections.frequency(before, s)) {
                    for (PhiInst phi : s.phis()) {
                        int extra = -edges;
                        for (int i = 0; i < phi.incomingCount(); i++) {
                            extra += phi.incomingBlock(i) == this ? 1 : 0;
                        }
                        for (; extra > 0; extra--) {
                            phi.removeIncoming(phi.indexOfBlock(this));
                        }
                    }
                }
            }
        } else {
            append(newTerminator);
        }
    }

    /**
     * LLVM's replaceSuccessorsPhiUsesWith: the phis of this block's successors name {@code to} where
     * they named {@code from} (the edges now start at {@code to}: a split or a merge moved the terminator).
     */
    public void replaceSuccessorsPhiUsesWith(BasicBlock from, BasicBlock to) {
        for (BasicBlock s : new java.util.LinkedHashSet<>(successors())) {
            for (PhiInst phi : s.phis()) {
                phi.replaceIncomingBlock(from, to);
            }
        }
    }

    /** Removes the phi entries of this block for edges from {@code pred} (an edge went away). */
    public void removePhiEntriesFrom(BasicBlock pred) {
        for (PhiInst phi : phis()) {
            phi.removeIncomingBlock(pred);
        }
    }

    /**
     * LLVM's splitBasicBlock: moves {@code at} and everything after it into a new block placed
     * right after this one, ends this block with {@code br label %new}, and makes the phis of the
     * moved terminator's successors name the new block. Returns the new block.
     */
    public BasicBlock splitAt(Instruction at, String newName) {
        if (at.parent() != this) {
            throw new IllegalArgumentException("the split point is not in this block");
        }
        if (at instanceof PhiInst) {
            throw new IllegalArgumentException("cannot split before a phi");
        }
        Function f = parent;
        f.materialize();
        BasicBlock tail = new BasicBlock(newName);
        f.insertBlockAfter(this, tail);
        for (Instruction i : instructions.cutFrom(at)) {
            i.setParent(tail);
            tail.instructions.linkLast(i);
        }
        tail.replaceSuccessorsPhiUsesWith(this, tail);
        append(TerminatorInst.br(tail));
        markEdited();
        return tail;
    }

    /** Removes this block from its function (see {@link Function#removeBlock}). */
    public void eraseFromParent() {
        if (parent == null) {
            throw new IllegalStateException("block is not in a function");
        }
        parent.removeBlock(this);
    }

    /** Drops every instruction (their remaining users get poison); used when a block is deleted. */
    void dropAllInstructions() {
        for (Instruction inst = instructions.last(); inst != null; inst = instructions.last()) {
            if (inst.hasResult() && inst.hasUses()) {
                inst.replaceAllUsesWith(new ConstantKeyword(ConstantKeyword.Keyword.POISON, inst.type()));
            }
            inst.eraseFromParent();
        }
    }

    /** The last instruction if it is a terminator, else null. */
    public Instruction terminator() {
        Instruction last = instructions.last();
        return last != null && last.opcode().isTerminator() ? last : null;
    }

    /** Called by the parser when the block is complete (a linked list has no spare capacity to drop). */
    public void trimToSize() {
    }

    /** Called by the parser while reading the block. */
    public void appendParsed(Instruction inst) {
        inst.setParent(this);
        instructions.linkLast(inst);
    }

    /**
     * Inserts {@code newInst} just before {@code anchor}. A new instruction with a result and no
     * name is named {@code nvl.N} (unique in the function), so no numbered value moves.
     */
    public void insertBefore(Instruction anchor, Instruction newInst) {
        if (newInst.isTerminator()) {
            throw new IllegalArgumentException("inserting terminator " + newInst.opcode() + " before "
                    + anchor.opcode() + " (use setTerminator)");
        }
        nameIfNeeded(newInst);
        insertBeforeKeepingName(anchor, newInst);
    }

    /** Appends {@code newInst} at the end of the block (named as by {@link #insertBefore}). */
    public void append(Instruction newInst) {
        if (newInst.parent() != null) {
            throw new IllegalArgumentException("instruction is already in a block");
        }
        if (terminator() != null && !(newInst instanceof PhiInst)) {
            throw new IllegalStateException("appending " + newInst.opcode() + " after the terminator of " + this);
        }
        materializeParent();
        nameIfNeeded(newInst);
        newInst.setParent(this);
        instructions.linkLast(newInst);
        markEdited();
    }

    /** Inserts {@code newInst} just after {@code anchor}. */
    public void insertAfter(Instruction anchor, Instruction newInst) {
        Instruction next = after(anchor);
        if (next == null) {
            append(newInst);
        } else {
            insertBefore(next, newInst);
        }
    }

    private void materializeParent() {
        if (parent != null) {
            parent.materialize();
        }
    }

    /** Takes {@code inst} out of the list only (a move within the function: name, number and text stay). */
    void detach(Instruction inst) {
        checkIn(inst);
        instructions.unlink(inst);
        inst.setParent(null);
        markEdited();
    }

    /** Puts a detached instruction back before {@code anchor}, as it is. */
    void attachBefore(Instruction anchor, Instruction inst) {
        checkIn(anchor);
        inst.setParent(this);
        instructions.linkBefore(anchor, inst);
        markEdited();
    }

    void attachAtEnd(Instruction inst) {
        inst.setParent(this);
        instructions.linkLast(inst);
        markEdited();
    }

    /** Appends a copy: a name is made unique, an unnamed value stays numbered (the function is renumbered). */
    public void appendCopy(Instruction inst) {
        if (inst.hasName()) {
            String name = parent.claimLocalName(inst.name());
            if (!name.equals(inst.name())) {
                inst.setName(name);
            }
        } else if (inst.hasResult()) {
            parent.markRenumber();
        }
        inst.setParent(this);
        instructions.linkLast(inst);
        markEdited();
    }

    void insertBeforeKeepingName(Instruction anchor, Instruction newInst) {
        if (newInst.parent() != null) {
            throw new IllegalArgumentException("instruction is already in a block");
        }
        checkIn(anchor);
        newInst.setParent(this);
        instructions.linkBefore(anchor, newInst);
        markEdited();
    }

    /**
     * In a function printed from its source text, a new unnamed value gets a fresh name
     * ({@code nvl.N}) so that no numbered value moves and the rest of the text stays as it was.
     */
    private void nameIfNeeded(Instruction newInst) {
        if (parent == null || !newInst.hasResult()) {
            return;
        }
        if (newInst.hasName()) {
            String name = parent.claimLocalName(newInst.name());
            if (!name.equals(newInst.name())) {
                newInst.setName(name);
            }
        } else if (parent.hasSourceBody() && newInst.slot() < 0) {
            newInst.setName(parent.freshName("nvl."));
        } else {
            parent.markRenumber();
        }
    }

    private void checkIn(Instruction anchor) {
        if (anchor.parent() != this) {
            throw new IllegalArgumentException("anchor is not in this block");
        }
    }

    void remove(Instruction inst) {
        remove(inst, true);
    }

    /** Removes {@code inst}; its debug records move to the next instruction, as in LLVM. */
    void remove(Instruction inst, boolean renumber) {
        checkIn(inst);
        Instruction next = inst.nextInBlock;
        instructions.unlink(inst);
        if (!inst.debugRecords().isEmpty() && next != null) {
            List<DebugRecord> moved = new ArrayList<>(inst.debugRecords());
            moved.addAll(next.debugRecords());
            next.replaceDebugRecords(List.copyOf(moved));
        }
        inst.setParent(null);
        if (renumber && inst.hasResult() && !inst.hasName() && parent != null) {
            parent.markRenumber();
        }
        markEdited();
    }

    private void markEdited() {
        if (parent != null) {
            parent.markEdited();
        }
    }

    /** The label line as read (with the comments before it), or null for an implicit entry label. */
    public SourceSlice labelSlice() {
        return labelSliceStart < 0 ? null : new SourceSlice(labelSliceStart, labelSliceEnd);
    }

    /** Offsets of the label name in the source ({@code bb} of {@code bb:}), -1 when implicit. */
    public int labelStart() {
        return labelStart;
    }

    public int labelEnd() {
        return labelEnd;
    }

    public void setLabelSource(SourceSlice slice, int labelStart, int labelEnd) {
        this.labelSliceStart = slice.start();
        this.labelSliceEnd = slice.end();
        this.labelStart = labelStart;
        this.labelEnd = labelEnd;
    }

    /** Whether the parser has seen the block's label (false while only referenced forward). */
    /** The number of this unnamed block in the text it was read from, or -1. */
    public int sourceSlot() {
        return sourceSlot;
    }

    /** Records the block's number in the text (a blockaddress constant names it by that number). */
    public void setSourceSlot(int slot) {
        sourceSlot = slot;
    }

    public boolean isDefined() {
        return defined;
    }

    public void markDefined() {
        defined = true;
    }

    @Override
    void nameReleased(String old) {
        Function f = parent;
        if (f != null) {
            f.releaseLocalName(old);
        }
    }

    @Override
    String uniqueName(String requested) {
        return parent == null ? requested : parent.uniqueLocalName(requested, this);
    }

    @Override
    void nameChanged() {
        if (parent != null) {
            parent.markLocalRenamed();
        }
    }

    @Override
    public String toString() {
        return "label %" + (hasName() ? name() : String.valueOf(slot()));
    }
}

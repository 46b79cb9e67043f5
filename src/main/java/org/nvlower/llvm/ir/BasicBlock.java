package org.nvlower.llvm.ir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A basic block: a label (a name, a number, or the implicit number of an unlabelled entry block)
 * and its instructions. As a value it has type {@code label}; branches use it.
 */
public final class BasicBlock extends TrackedValue {

    private Function parent;
    private final ArrayList<Instruction> instructions = new ArrayList<>();
    private int labelSliceStart = -1;
    private int labelSliceEnd;
    private int labelStart = -1;
    private int labelEnd = -1;
    private boolean defined;

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

    public List<Instruction> instructions() {
        return Collections.unmodifiableList(instructions);
    }

    /** The last instruction if it is a terminator, else null. */
    public Instruction terminator() {
        if (instructions.isEmpty()) {
            return null;
        }
        Instruction last = instructions.get(instructions.size() - 1);
        return last.opcode().isTerminator() ? last : null;
    }

    /** Called by the parser when the block is complete: drops spare list capacity. */
    public void trimToSize() {
        instructions.trimToSize();
    }

    /** Called by the parser while reading the block. */
    public void appendParsed(Instruction inst) {
        inst.setParent(this);
        instructions.add(inst);
    }

    /**
     * Inserts {@code newInst} just before {@code anchor}. A new instruction with a result and no
     * name is named {@code nvl.N} (unique in the function), so no numbered value moves.
     */
    public void insertBefore(Instruction anchor, Instruction newInst) {
        nameIfNeeded(newInst);
        insertBeforeKeepingName(anchor, newInst);
    }

    /** Appends {@code newInst} at the end of the block (named as by {@link #insertBefore}). */
    public void append(Instruction newInst) {
        if (newInst.parent() != null) {
            throw new IllegalArgumentException("instruction is already in a block");
        }
        nameIfNeeded(newInst);
        newInst.setParent(this);
        instructions.add(newInst);
        markEdited();
    }

    void insertBeforeKeepingName(Instruction anchor, Instruction newInst) {
        if (newInst.parent() != null) {
            throw new IllegalArgumentException("instruction is already in a block");
        }
        int i = indexOf(anchor);
        newInst.setParent(this);
        instructions.add(i, newInst);
        markEdited();
    }

    private void nameIfNeeded(Instruction newInst) {
        if (newInst.hasResult() && !newInst.hasName() && newInst.slot() < 0 && parent != null) {
            newInst.setName(parent.freshName("nvl."));
        }
    }

    private int indexOf(Instruction anchor) {
        for (int i = instructions.size() - 1; i >= 0; i--) {
            if (instructions.get(i) == anchor) {
                return i;
            }
        }
        throw new IllegalArgumentException("anchor is not in this block");
    }

    void remove(Instruction inst) {
        remove(inst, true);
    }

    /** Removes {@code inst}; its debug records move to the next instruction, as in LLVM. */
    void remove(Instruction inst, boolean renumber) {
        int i = indexOf(inst);
        instructions.remove(i);
        if (!inst.debugRecords().isEmpty() && i < instructions.size()) {
            List<DebugRecord> moved = new ArrayList<>(inst.debugRecords());
            Instruction next = instructions.get(i);
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
    public boolean isDefined() {
        return defined;
    }

    public void markDefined() {
        defined = true;
    }

    @Override
    void nameChanged() {
        if (parent != null) {
            parent.markRenumber();
        }
    }

    @Override
    public String toString() {
        return "label %" + (hasName() ? name() : String.valueOf(slot()));
    }
}

package org.nvlower.llvm.ir;

import java.util.AbstractSequentialList;
import java.util.ListIterator;
import java.util.NoSuchElementException;

/**
 * A block's instructions as an intrusive doubly linked list (LLVM's iplist): each instruction
 * holds its neighbours, so insertion before or after an instruction, removal, and the step to the
 * next or previous instruction take constant time. Read-only as a {@link java.util.List}: the block
 * edits it through its own methods. An iterator standing on an instruction that is removed goes on
 * to that instruction's old successor (a removed instruction keeps its links until it is inserted
 * again), so a walk may erase the instruction it stands on.
 */
final class InstructionList extends AbstractSequentialList<Instruction> {

    private Instruction head;
    private Instruction tail;
    private int size;

    @Override
    public int size() {
        return size;
    }

    Instruction first() {
        return head;
    }

    Instruction last() {
        return tail;
    }

    void linkLast(Instruction inst) {
        link(inst, tail, null);
    }

    /** Inserts {@code inst} before {@code anchor} (at the end when anchor is null). */
    void linkBefore(Instruction anchor, Instruction inst) {
        link(inst, anchor == null ? tail : anchor.prevInBlock, anchor);
    }

    private void link(Instruction inst, Instruction prev, Instruction next) {
        inst.prevInBlock = prev;
        inst.nextInBlock = next;
        if (prev == null) {
            head = inst;
        } else {
            prev.nextInBlock = inst;
        }
        if (next == null) {
            tail = inst;
        } else {
            next.prevInBlock = inst;
        }
        size++;
    }

    /** Unlinks {@code inst}; it keeps its own links (see the class comment). */
    void unlink(Instruction inst) {
        if (inst.prevInBlock == null) {
            head = inst.nextInBlock;
        } else {
            inst.prevInBlock.nextInBlock = inst.nextInBlock;
        }
        if (inst.nextInBlock == null) {
            tail = inst.prevInBlock;
        } else {
            inst.nextInBlock.prevInBlock = inst.prevInBlock;
        }
        size--;
    }

    /** Unlinks {@code from} and everything after it, returned in order. */
    java.util.List<Instruction> cutFrom(Instruction from) {
        java.util.List<Instruction> cut = new java.util.ArrayList<>();
        for (Instruction i = from; i != null; i = i.nextInBlock) {
            cut.add(i);
        }
        tail = from.prevInBlock;
        if (tail == null) {
            head = null;
        } else {
            tail.nextInBlock = null;
        }
        size -= cut.size();
        return cut;
    }

    @Override
    public ListIterator<Instruction> listIterator(int index) {
        if (index < 0 || index > size) {
            throw new IndexOutOfBoundsException(index);
        }
        Walker w = new Walker();
        for (int i = 0; i < index; i++) {
            w.next();
        }
        return w;
    }

    /** A read-only walk: the cursor stands after {@code behind} (null: before the first). */
    private final class Walker implements ListIterator<Instruction> {
        private Instruction behind;
        private int index;

        @Override
        public boolean hasNext() {
            return (behind == null ? head : behind.nextInBlock) != null;
        }

        @Override
        public Instruction next() {
            Instruction n = behind == null ? head : behind.nextInBlock;
            if (n == null) {
                throw new NoSuchElementException();
            }
            behind = n;
            index++;
            return n;
        }

        @Override
        public boolean hasPrevious() {
            return behind != null;
        }

        @Override
        public Instruction previous() {
            if (behind == null) {
                throw new NoSuchElementException();
            }
            Instruction p = behind;
            behind = p.prevInBlock;
            index--;
            return p;
        }

        @Override
        public int nextIndex() {
            return index;
        }

        @Override
        public int previousIndex() {
            return index - 1;
        }

        @Override
        public void remove() {
            throw new UnsupportedOperationException("edit the block through BasicBlock");
        }

        @Override
        public void set(Instruction e) {
            throw new UnsupportedOperationException("edit the block through BasicBlock");
        }

        @Override
        public void add(Instruction e) {
            throw new UnsupportedOperationException("edit the block through BasicBlock");
        }
    }
}

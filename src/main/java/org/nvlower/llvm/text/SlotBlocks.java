package org.nvlower.llvm.text;

import java.util.Arrays;

import org.nvlower.llvm.ir.BasicBlock;

/**
 * Numbered blocks used before their label in the body being read, by slot: an open-addressing
 * table on int keys (no boxed slot per branch). Entries are never removed: a slot below the
 * count of numbered values is not asked for again.
 */
final class SlotBlocks {

    private int[] slots = new int[16];
    private BasicBlock[] blocks = new BasicBlock[16];
    private int size;

    void clear() {
        if (size > 0) {
            Arrays.fill(blocks, null);
            size = 0;
        }
    }

    boolean isEmpty() {
        return size == 0;
    }

    BasicBlock get(int slot) {
        if (size == 0) {
            return null;
        }
        int mask = slots.length - 1;
        for (int i = mix(slot) & mask; blocks[i] != null; i = (i + 1) & mask) {
            if (slots[i] == slot) {
                return blocks[i];
            }
        }
        return null;
    }

    /** Enters a block for a slot not entered yet. */
    void put(int slot, BasicBlock b) {
        int mask = slots.length - 1;
        int i = mix(slot) & mask;
        while (blocks[i] != null) {
            i = (i + 1) & mask;
        }
        slots[i] = slot;
        blocks[i] = b;
        if (++size * 2 > slots.length) {
            int[] oldSlots = slots;
            BasicBlock[] oldBlocks = blocks;
            slots = new int[oldSlots.length * 2];
            blocks = new BasicBlock[oldSlots.length * 2];
            size = 0;
            for (int j = 0; j < oldSlots.length; j++) {
                if (oldBlocks[j] != null) {
                    put(oldSlots[j], oldBlocks[j]);
                }
            }
        }
    }

    private static int mix(int slot) {
        return slot * 0x9E3779B9 >>> 7;
    }
}

package org.nvlower.llvm.text;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.nvlower.llvm.ir.BasicBlock;

/**
 * SlotBlocks, the parser's int-keyed table of numbered blocks used before their label: every
 * entered slot is found after growth and long probe chains, slots never entered are not, and a
 * cleared table (whose slot array keeps old keys) finds nothing.
 */
class SlotBlocksTest {

    @Test
    void emptyTableFindsNothing() {
        SlotBlocks t = new SlotBlocks();
        assertTrue(t.isEmpty());
        assertNull(t.get(0));
        assertNull(t.get(-1));
    }

    @Test
    void findsEveryEnteredSlotAfterGrowth() {
        SlotBlocks t = new SlotBlocks();
        int n = 5000; // from 16 entries, nine growths
        BasicBlock[] blocks = new BasicBlock[n];
        for (int i = 0; i < n; i++) {
            blocks[i] = new BasicBlock("b" + i);
            t.put(3 * i, blocks[i]); // slots 0, 3, 6, ...: the ones between stay absent
        }
        assertFalse(t.isEmpty());
        for (int i = 0; i < n; i++) {
            assertSame(blocks[i], t.get(3 * i));
            assertNull(t.get(3 * i + 1));
            assertNull(t.get(3 * i + 2));
        }
    }

    @Test
    void slotsThatShareAllLowBitsStillResolve() {
        // multiples of 2^25: their products with any constant have 25 low zero bits, so under a
        // multiplicative hash of the low bits they share one bucket and resolve by probing
        SlotBlocks t = new SlotBlocks();
        BasicBlock[] blocks = new BasicBlock[40];
        for (int i = 0; i < blocks.length; i++) {
            blocks[i] = new BasicBlock("b" + i);
            t.put(i << 25, blocks[i]);
        }
        for (int i = 0; i < blocks.length; i++) {
            assertSame(blocks[i], t.get(i << 25));
        }
        assertNull(t.get(1 << 24));
        assertNull(t.get(blocks.length << 25));
    }

    @Test
    void clearForgetsEveryEntryAndTheTableIsReusable() {
        SlotBlocks t = new SlotBlocks();
        for (int i = 0; i < 100; i++) {
            t.put(i, new BasicBlock("b" + i));
        }
        t.clear();
        assertTrue(t.isEmpty());
        for (int i = 0; i < 100; i++) {
            assertNull(t.get(i));
        }
        BasicBlock b = new BasicBlock("again");
        t.put(7, b);
        assertSame(b, t.get(7));
        assertNull(t.get(8));
        assertFalse(t.isEmpty());
    }
}

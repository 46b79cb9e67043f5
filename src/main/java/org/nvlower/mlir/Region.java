package org.nvlower.mlir;

import java.util.ArrayList;
import java.util.List;

/** A region: a list of blocks, the first one the entry block. */
public final class Region {

    private final List<Block> blocks = new ArrayList<>();

    /** The blocks, in order; editable. */
    public List<Block> blocks() {
        return blocks;
    }

    public boolean isEmpty() {
        return blocks.isEmpty();
    }

    public Block entry() {
        return blocks.get(0);
    }

    /** A region of one block with no arguments (a module body). */
    public static Region ofBlock(Block block) {
        Region r = new Region();
        r.blocks.add(block);
        return r;
    }
}

package org.nvlower.mlir;

/** Argument number {@code index} of {@code owner}. */
public final class BlockArgument extends MlirValue {

    private final Block owner;
    private final int index;

    BlockArgument(Block owner, int index, MlirType type) {
        super(type);
        this.owner = owner;
        this.index = index;
    }

    public Block owner() {
        return owner;
    }

    public int index() {
        return index;
    }

    @Override
    public String toString() {
        return "block argument " + index + " : " + type();
    }
}

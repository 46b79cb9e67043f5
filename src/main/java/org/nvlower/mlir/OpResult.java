package org.nvlower.mlir;

/** Result number {@code index} of {@code owner}. */
public final class OpResult extends MlirValue {

    private final Operation owner;
    private final int index;

    OpResult(Operation owner, int index, MlirType type) {
        super(type);
        this.owner = owner;
        this.index = index;
    }

    public Operation owner() {
        return owner;
    }

    public int index() {
        return index;
    }

    @Override
    public String toString() {
        return "result " + index + " of " + owner.name();
    }
}

package org.nvlower.mlir;

/**
 * An SSA value: an operation's result or a block's argument. Values have no names: names are
 * given when printing, as mlir-opt does ({@code %0}, {@code %arg0}, {@code %cst}).
 */
public abstract sealed class MlirValue extends IdentityHashed permits OpResult, BlockArgument {

    private final MlirType type;

    MlirValue(MlirType type) {
        this.type = type;
    }

    public MlirType type() {
        return type;
    }
}

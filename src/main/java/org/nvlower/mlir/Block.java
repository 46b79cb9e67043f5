package org.nvlower.mlir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A basic block: arguments and a list of operations (the last one its terminator, if any). */
public final class Block extends IdentityHashed {

    private final List<BlockArgument> arguments = new ArrayList<>();
    private final List<Operation> operations = new ArrayList<>();

    public Block() {}

    /** A block with arguments of these types. */
    public Block(List<MlirType> argumentTypes) {
        argumentTypes.forEach(this::addArgument);
    }

    public BlockArgument addArgument(MlirType type) {
        BlockArgument a = new BlockArgument(this, arguments.size(), type);
        arguments.add(a);
        return a;
    }

    public List<BlockArgument> arguments() {
        return Collections.unmodifiableList(arguments);
    }

    public BlockArgument argument(int i) {
        return arguments.get(i);
    }

    /** The operations, in order; the list may be edited (a pass replaces or inserts operations). */
    public List<Operation> operations() {
        return operations;
    }

    public Block append(Operation op) {
        operations.add(op);
        return this;
    }

    public List<MlirType> argumentTypes() {
        return arguments.stream().map(MlirValue::type).toList();
    }
}

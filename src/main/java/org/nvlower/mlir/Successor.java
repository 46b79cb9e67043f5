package org.nvlower.mlir;

import java.util.ArrayList;
import java.util.List;

/** A branch target and the values passed to its arguments. */
public record Successor(Block block, List<MlirValue> arguments) {

    public Successor {
        arguments = new ArrayList<>(arguments);
    }
}

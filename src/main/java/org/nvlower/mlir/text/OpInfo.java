package org.nvlower.mlir.text;

import org.nvlower.mlir.MlirVersion;

/**
 * One operation nvlower knows: its canonical (MLIR 19) name, its MLIR 14 name (null when 14 has
 * no such operation), whether MLIR 19 has it, its custom syntax, whether its regions are
 * isolated from above, and the dialect its regions let names omit ({@code return} in a
 * {@code func.func}).
 */
record OpInfo(String name, String name14, boolean in19, Syntax syntax, boolean isolated, String defaultDialect) {

    /** The name MLIR {@code version} spells this operation with (canonical when it has none). */
    String spelling(MlirVersion version) {
        return version == MlirVersion.MLIR_14 && name14 != null ? name14 : name;
    }

    /** Whether MLIR {@code version} has this operation. */
    boolean existsIn(MlirVersion version) {
        return version == MlirVersion.MLIR_14 ? name14 != null : in19;
    }
}

package org.nvlower.llvm.ir;

/** {@code %name = type { ... }} or {@code = type opaque}. */
public record TypeDefinition(NamedStructType type, SourceSlice slice) implements ModuleEntity {
}

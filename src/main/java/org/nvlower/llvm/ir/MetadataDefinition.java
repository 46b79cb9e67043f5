package org.nvlower.llvm.ir;

/** {@code !name = !{...}} or {@code !N = [distinct] !...}, kept as text; {@code name} includes the {@code !}. */
public record MetadataDefinition(String name, SourceSlice slice) implements ModuleEntity {
}

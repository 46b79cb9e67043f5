package org.nvlower.llvm.ir;

/** A top-level construct the model does not interpret (uselistorder, summary entries, ...), kept as text in place. */
public record VerbatimEntity(String keyword, SourceSlice slice) implements ModuleEntity {
}

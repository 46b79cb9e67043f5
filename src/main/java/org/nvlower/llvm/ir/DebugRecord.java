package org.nvlower.llvm.ir;

/**
 * A debug record line ({@code #dbg_value(...)}, {@code #dbg_declare}, {@code #dbg_assign},
 * {@code #dbg_label}; LLVM 19+), attached to the instruction that follows it, as LLVM does.
 * Kept as text: {@code kind} is the word after {@code #}, {@code slice} its line.
 */
public record DebugRecord(String kind, SourceSlice slice) {
}

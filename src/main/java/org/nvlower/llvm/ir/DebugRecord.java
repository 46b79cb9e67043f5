package org.nvlower.llvm.ir;

/**
 * A debug record line ({@code #dbg_value(...)}, {@code #dbg_declare}, {@code #dbg_assign},
 * {@code #dbg_label}; LLVM 19+), attached to the instruction that follows it, as LLVM does.
 * Kept as text: {@code kind} is the word after {@code #}, {@code text} the record from {@code #}
 * to its closing parenthesis, {@code slice} its line as read (null for a created record).
 */
public record DebugRecord(String kind, String text, SourceSlice slice) {
}

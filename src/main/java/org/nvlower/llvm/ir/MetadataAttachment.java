package org.nvlower.llvm.ir;

/** {@code !name !node} after an instruction ({@code !dbg !12}); node kept as text. */
public record MetadataAttachment(String name, String node) {
}

package org.nvlower.llvm.ir;

/**
 * Where an instruction was read from: its slice {@code [start, end)} (the comments and blank
 * lines before it included, the newline after it too) and the offset of its first token. The
 * offsets of its operands are not stored (they would double the size of the model); the printer
 * finds them again by re-reading the slice when an operand was edited.
 */
public record InstructionSource(int start, int tokenStart, int end) {
}

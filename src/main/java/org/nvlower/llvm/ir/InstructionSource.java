package org.nvlower.llvm.ir;

/**
 * Where an instruction was read from: its slice {@code [start, end)} (leading comments and
 * blank lines included), the offset of its first token, the span of the defined name
 * ({@code %x} in {@code %x = ...}; -1 when none), and a {@code [start, end)} pair per operand
 * giving the text of the operand value (not its type).
 */
public record InstructionSource(int start, int tokenStart, int end, int defStart, int defEnd, int[] operandSpans) {

    public int operandStart(int index) {
        return operandSpans[2 * index];
    }

    public int operandEnd(int index) {
        return operandSpans[2 * index + 1];
    }
}

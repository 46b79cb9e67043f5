package org.nvlower.llvm.ir;

/**
 * Anything an instruction can use as an operand. Every value has a type. Values that can be
 * defined once and used many times ({@link TrackedValue}: instructions, arguments, blocks,
 * globals) know their users; constants are immutable records and do not.
 */
public sealed interface Value permits Constant, TrackedValue, MetadataValue, InlineAsm {

    Type type();
}

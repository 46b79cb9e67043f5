package org.nvlower.llvm.ir;

/** A callee {@code asm [sideeffect] ... "code", "constraints"}, kept as its text; its type is the call's function type. */
public record InlineAsm(Type type, String text) implements Value {
}

package org.nvlower.llvm.ir;

import java.util.List;

/**
 * A metadata operand ({@code metadata !5}, {@code metadata !{...}}, {@code metadata !"x"},
 * {@code metadata !DIArgList(i32 %a, i64 %b)}), kept as its text. A local value wrapped as
 * metadata ({@code metadata i32 %x}) is not one of these: it is an ordinary operand, so that
 * def-use and replacement see it.
 *
 * <p>The locals a text names ({@code %a}, {@code %b} of a {@code DIArgList}) are function-local
 * metadata: {@code locals} holds the values they stand for, in the order of their references
 * in the text (empty when the text names none, or before a body is read). They are not uses,
 * as in LLVM (a value only debug info names is dead), but they follow the value: the printer
 * spells each from its value (a renumbered value, a clone, an erased one as {@code undef}), and
 * {@link TrackedValue#replaceAllUsesWith} moves them (see {@link DebugLocals}).
 */
public record MetadataValue(String text, List<Value> locals) implements Value {

    public MetadataValue(String text) {
        this(text, List.of());
    }

    public MetadataValue {
        locals = List.copyOf(locals);
    }

    @Override
    public Type type() {
        return PrimitiveType.METADATA;
    }

    /** Whether the text names locals bound to values. */
    public boolean hasLocals() {
        return !locals.isEmpty();
    }

    /** The text with each local spelled from its value now (a deleted one as {@code undef}). */
    public String spelled() {
        return spelled(DebugLocals::reference);
    }

    /** {@link #spelled()} with {@code reference} spelling a value that is not deleted (the printer's spelling of constants). */
    public String spelled(java.util.function.Function<Value, String> reference) {
        return locals.isEmpty() ? text : DebugLocals.spell(text, locals, "undef", reference);
    }
}

package org.nvlower.llvm.ir;

import java.util.List;

/**
 * A debug record line ({@code #dbg_value(...)}, {@code #dbg_declare}, {@code #dbg_assign},
 * {@code #dbg_label}; LLVM 19+), attached to the instruction that follows it, as LLVM does.
 * Kept as text: {@code kind} is the word after {@code #}, {@code text} the record from {@code #}
 * to its closing parenthesis, {@code slice} its line as read (null for a created record).
 * {@code locals} are the values the {@code %} references of the text stand for, in order (see
 * {@link MetadataValue}); empty when unbound.
 */
public record DebugRecord(String kind, String text, SourceSlice slice, List<Value> locals) {

    public DebugRecord(String kind, String text, SourceSlice slice) {
        this(kind, text, slice, List.of());
    }

    public DebugRecord {
        locals = List.copyOf(locals);
    }

    /** The text with each local spelled from its value now (a deleted one as {@code poison}, as LLVM 19). */
    public String spelled() {
        return spelled(DebugLocals::reference);
    }

    /** {@link #spelled()} with {@code reference} spelling a value that is not deleted (the printer's spelling of constants). */
    public String spelled(java.util.function.Function<Value, String> reference) {
        return locals.isEmpty() ? text : DebugLocals.spell(text, locals, "poison", reference);
    }

    /** This record with other locals (and text, e.g. another location), no longer the line as read. */
    public DebugRecord with(String newText, List<Value> newLocals) {
        return new DebugRecord(kind, newText, null, newLocals);
    }
}

package org.nvlower.llvm.ir;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Function-local metadata: the locals that debug-info text names ({@code %x} in
 * {@code !DIArgList(i32 %x, i64 %y)} and in {@code #dbg_value(i32 %x, ...)} records). The text
 * keeps its references; the bound values ({@link MetadataValue#locals()},
 * {@link DebugRecord#locals()}) say what each stands for, so that the references are spelled
 * from the values when printed. As in LLVM (ValueAsMetadata) they are not uses, but
 * {@link TrackedValue#replaceAllUsesWith} moves them to the replacement, and a deleted value
 * is spelled {@code undef} (intrinsic operands, LLVM 14) or {@code poison} (records, LLVM 19).
 */
public final class DebugLocals {

    private DebugLocals() {
    }

    /** The start and end of each {@code %} reference in {@code text}, in order (strings and comments skipped). */
    public static List<int[]> localSpans(String text) {
        List<int[]> spans = new ArrayList<>(2);
        if (text.indexOf('%') < 0) {
            return spans;
        }
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c == '"') {
                int end = text.indexOf('"', i + 1);
                i = end < 0 ? n : end;
            } else if (c == '%' && i + 1 < n) {
                int end;
                if (text.charAt(i + 1) == '"') {
                    int q = text.indexOf('"', i + 2);
                    end = q < 0 ? n : q + 1;
                } else {
                    end = i + 1;
                    while (end < n && isNameChar(text.charAt(end))) {
                        end++;
                    }
                }
                if (end > i + 1) {
                    spans.add(new int[] {i, end});
                }
                i = end - 1;
            }
        }
        return spans;
    }

    /** The names (without {@code %}, unquoted) of the references in {@code text}, in order. */
    public static List<String> localNames(String text) {
        List<String> names = new ArrayList<>(2);
        for (int[] s : localSpans(text)) {
            String raw = text.substring(s[0] + 1, s[1]);
            names.add(raw.startsWith("\"") ? MetadataText.unescape(raw.substring(1, raw.length() - 1)) : raw);
        }
        return names;
    }

    /**
     * {@code text} with its i-th reference spelled from {@code locals.get(i)}: a value that was
     * deleted (an instruction no longer in a block) as {@code deleted}, others by {@code reference}.
     */
    public static String spell(String text, List<Value> locals, String deleted, Function<Value, String> reference) {
        List<int[]> spans = localSpans(text);
        if (spans.size() != locals.size()) {
            return text; // not bound to this text (should not happen): leave it as written
        }
        StringBuilder sb = new StringBuilder(text.length() + 8);
        int pos = 0;
        for (int i = 0; i < spans.size(); i++) {
            Value v = locals.get(i);
            sb.append(text, pos, spans.get(i)[0]);
            sb.append(isDeleted(v) ? deleted : reference.apply(v));
            pos = spans.get(i)[1];
        }
        return sb.append(text, pos, text.length()).toString();
    }

    /** Whether {@code v} is an instruction that is no longer in a function. */
    public static boolean isDeleted(Value v) {
        return v instanceof Instruction i && (i.parent() == null || i.parent().parent() == null);
    }

    /** Whether one of {@code locals} was deleted (its spelling changed without an edit of the text's owner). */
    public static boolean anyDeleted(List<Value> locals) {
        for (Value v : locals) {
            if (isDeleted(v)) {
                return true;
            }
        }
        return false;
    }

    /** Whether debug info of {@code inst} (operands, records) names a deleted value. */
    public static boolean namesDeleted(Instruction inst) {
        for (int k = 0; k < inst.operandCount(); k++) {
            if (inst.operand(k) instanceof MetadataValue m && anyDeleted(m.locals())) {
                return true;
            }
        }
        return false;
    }

    /** A value's spelling for simple cases (locals, globals, integers, keywords); the printer passes its own. */
    public static String reference(Value v) {
        return switch (v) {
            case TrackedValue t -> Names.ref(t);
            case ConstantInt i -> i.type().bits() == 1 ? (i.value().signum() == 0 ? "false" : "true") : i.value().toString();
            case ConstantKeyword k -> k.keyword().text();
            default -> "undef";
        };
    }

    /**
     * Moves the debug references to {@code from} in its function to {@code to} (called by
     * {@link TrackedValue#replaceAllUsesWith}); a no-op for values outside a function body.
     */
    static void replace(TrackedValue from, Value to) {
        org.nvlower.llvm.ir.Function f = from instanceof Instruction i ? i.function()
                : from instanceof Argument a ? a.parent() : null;
        if (f == null || !f.hasDebugLocals()) {
            return;
        }
        for (BasicBlock b : f.blocks()) {
            for (Instruction inst : b.instructions()) {
                replaceIn(inst, from, to);
            }
        }
    }

    /** After {@code gone} was erased from {@code f}: the debug info naming it prints again (as undef or poison). */
    static void deleted(org.nvlower.llvm.ir.Function f, Instruction gone) {
        for (BasicBlock b : f.blocks()) {
            for (Instruction inst : b.instructions()) {
                replaceIn(inst, gone, gone);
            }
        }
    }

    /** Replaces {@code from} by {@code to} in the debug locals of one instruction. */
    public static void replaceIn(Instruction inst, Value from, Value to) {
        for (int k = 0; k < inst.operandCount(); k++) {
            if (inst.operand(k) instanceof MetadataValue m && m.locals().contains(from)) {
                inst.setOperand(k, new MetadataValue(m.text(), swap(m.locals(), from, to)));
            }
        }
        List<DebugRecord> records = inst.debugRecords();
        if (!records.isEmpty() && records.stream().anyMatch(r -> r.locals().contains(from))) {
            List<DebugRecord> out = new ArrayList<>(records.size());
            for (DebugRecord r : records) {
                out.add(r.locals().contains(from) ? r.with(r.text(), swap(r.locals(), from, to)) : r);
            }
            inst.setDebugRecords(out);
        }
    }

    private static List<Value> swap(List<Value> locals, Value from, Value to) {
        List<Value> out = new ArrayList<>(locals);
        out.replaceAll(v -> v == from ? to : v);
        return out;
    }

    private static boolean isNameChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '$'
                || c == '.' || c == '_';
    }
}

package org.nvlower.llvm.bitcode;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.DebugRecord;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.GlobalValue;
import org.nvlower.llvm.ir.GlobalVariable;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.MetadataAttachment;
import org.nvlower.llvm.ir.MetadataDefinition;
import org.nvlower.llvm.ir.MetadataValue;
import org.nvlower.llvm.ir.Names;
import org.nvlower.llvm.ir.Value;

/**
 * Gives metadata nodes the numbers llvm-dis prints (LLVM's SlotTracker: globals' attachments,
 * named metadata, then each function's attachments, its intrinsic calls' metadata operands and
 * its instructions' attachments; each node before the nodes it refers to, depth first), then
 * writes every node, attachment and metadata operand into the model as text.
 */
final class MetadataNumbering {

    private final ModuleReader m;
    private final MetadataTable md;
    private final Map<Long, Integer> slots = new HashMap<>();
    private final List<Long> order = new ArrayList<>();

    MetadataNumbering(ModuleReader m) {
        this.m = m;
        this.md = m.metadata;
    }

    void apply() {
        for (GlobalValue g : m.globals) {
            if (g instanceof GlobalVariable v) {
                for (long[] a : sorted(m.attachments.get(v))) {
                    slot(a[1]);
                }
            }
        }
        for (long[] ops : md.named.values()) {
            for (long id : ops) {
                slot(id);
            }
        }
        Map<Instruction, List<FunctionReader.MetadataOperand>> operands = new HashMap<>();
        for (FunctionReader.MetadataOperand op : m.metadataOperands) {
            operands.computeIfAbsent(op.instruction(), k -> new ArrayList<>()).add(op);
        }
        Map<Instruction, List<FunctionReader.DebugRecordRead>> records = new HashMap<>();
        for (FunctionReader.DebugRecordRead r : m.debugRecords) {
            records.computeIfAbsent(r.inst(), k -> new ArrayList<>()).add(r);
        }
        for (GlobalValue g : m.globals) {
            if (!(g instanceof Function f)) {
                continue;
            }
            for (long[] a : sorted(m.attachments.get(f))) {
                slot(a[1]);
            }
            if (f.isDeclaration()) {
                continue;
            }
            f.instructions().forEach(i -> {
                for (FunctionReader.DebugRecordRead r : records.getOrDefault(i, List.of())) {
                    slotRecord(r);
                }
                List<FunctionReader.MetadataOperand> ops = operands.get(i);
                if (ops != null && i instanceof CallInst c && c.callee() instanceof Function callee
                        && callee.name().startsWith("llvm.")) {
                    for (FunctionReader.MetadataOperand op : ops) {
                        if (md.get(op.metadataId()) instanceof MetadataTable.MdNode
                                || md.get(op.metadataId()) instanceof MetadataTable.MdDebug) {
                            slot(op.metadataId());
                        }
                    }
                }
                for (long[] a : sorted(m.attachments.get(i))) {
                    slot(a[1]);
                }
            });
        }
        // into the model
        for (GlobalValue g : m.globals) {
            List<long[]> list = m.attachments.get(g);
            if (list != null) {
                g.readTail(g.section(), g.partition(), g.comdat(), g.alignment(), attachments(list));
            }
            if (g instanceof Function f && !f.isDeclaration()) {
                f.instructions().forEach(i -> {
                    List<long[]> al = m.attachments.get(i);
                    if (al != null) {
                        i.setSource(-1, -1, -1, attachments(al), List.of());
                    }
                });
            }
        }
        for (FunctionReader.MetadataOperand op : m.metadataOperands) {
            Value v = operandValue(op.metadataId());
            op.instruction().resolveForwardOperand(op.operand(), v);
            if (v instanceof MetadataValue mv && mv.hasLocals()) {
                op.instruction().function().markDebugLocals();
            }
        }
        for (Map.Entry<Instruction, List<FunctionReader.DebugRecordRead>> e : records.entrySet()) {
            List<DebugRecord> list = new ArrayList<>();
            for (FunctionReader.DebugRecordRead r : e.getValue()) {
                list.add(record(r));
            }
            e.getKey().setDebugRecords(list);
            if (list.stream().anyMatch(r -> !r.locals().isEmpty())) {
                e.getKey().function().markDebugLocals();
            }
        }
        for (Map.Entry<String, long[]> e : md.named.entrySet()) {
            StringBuilder sb = new StringBuilder("!{");
            long[] ops = e.getValue();
            for (int i = 0; i < ops.length; i++) {
                sb.append(i == 0 ? "" : ", ").append(reference(ops[i]));
            }
            m.module.addEntity(new MetadataDefinition(Names.quoteIfNeeded(e.getKey()).replace("\"", "")
                    .isEmpty() ? e.getKey() : namedId(e.getKey()), sb.append('}').toString(), null));
        }
        for (int i = 0; i < order.size(); i++) {
            m.module.addEntity(new MetadataDefinition(String.valueOf(i), body(order.get(i)), null));
        }
    }

    /** Named metadata ids are printed with escapes for characters outside [-a-zA-Z$._0-9]. */
    private static String namedId(String name) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean plain = Character.isLetterOrDigit(c) && c < 128 || c == '-' || c == '$' || c == '.' || c == '_';
            if (plain && !(i == 0 && Character.isDigit(c))) {
                sb.append(c);
            } else {
                sb.append('\\').append(String.format("%02X", (int) c));
            }
        }
        return sb.toString();
    }

    private List<long[]> sorted(List<long[]> list) {
        if (list == null) {
            return List.of();
        }
        List<long[]> l = new ArrayList<>(list);
        l.sort(Comparator.comparingLong(a -> a[0] == -1 ? Long.MIN_VALUE : kindRank(a[0])));
        return l;
    }

    /** LLVM orders attachments by kind id; dbg (0) always first. */
    private long kindRank(long kind) {
        return kind;
    }

    private List<MetadataAttachment> attachments(List<long[]> list) {
        List<MetadataAttachment> out = new ArrayList<>();
        for (long[] a : sorted(list)) {
            String kind = a[0] == -1 ? "dbg" : md.kindName(a[0]);
            out.add(new MetadataAttachment(kind, reference(a[1])));
        }
        return out;
    }

    private boolean isNumbered(MetadataTable.Md x) {
        return x instanceof MetadataTable.MdNode || x instanceof MetadataTable.MdDebug d && DebugInfoNodes.isNumbered(d);
    }

    private void slot(long id) {
        MetadataTable.Md x = md.get(id);
        if (!isNumbered(x) || slots.containsKey(id)) {
            return;
        }
        slots.put(id, order.size());
        order.add(id);
        if (x instanceof MetadataTable.MdNode n) {
            for (Object op : n.ops()) {
                if (op instanceof Long l) {
                    slot(l);
                }
            }
        } else if (x instanceof MetadataTable.MdDebug d) {
            for (long ref : DebugInfoNodes.references(d)) {
                slot(ref);
            }
        }
    }

    private Value operandValue(long id) {
        MetadataTable.Md x = md.get(id);
        if (x instanceof MetadataTable.MdValue v && v.local() != null) {
            return v.local();
        }
        StringBuilder text = new StringBuilder();
        List<Value> locals = new ArrayList<>();
        location(id, text, locals);
        return new MetadataValue(text.toString(), locals);
    }

    /** SlotTracker's order for a debug record: an empty-node location, the variable or label, the assign id, the location. */
    private void slotRecord(FunctionReader.DebugRecordRead r) {
        long[] ids = r.ids();
        if (r.code() == 65) { // [location, label]
            slot(ids[1]);
            slot(ids[0]);
            return;
        }
        if (r.code() != 64 && md.get(ids[3]) instanceof MetadataTable.MdNode) {
            slot(ids[3]);
        }
        slot(ids[1]);
        if (r.code() == 63) {
            slot(ids[4]);
        }
        slot(ids[0]);
    }

    /** A record's text as LLVM 19 prints it, its locals written {@code %_} and bound to their values. */
    private DebugRecord record(FunctionReader.DebugRecordRead r) {
        long[] ids = r.ids();
        StringBuilder sb = new StringBuilder();
        List<Value> locals = new ArrayList<>();
        String kind = switch (r.code()) {
            case 61, 64 -> "dbg_value";
            case 62 -> "dbg_declare";
            case 63 -> "dbg_assign";
            default -> "dbg_label";
        };
        sb.append('#').append(kind).append('(');
        if (r.code() == 65) {
            sb.append(reference(ids[1])).append(", ").append(reference(ids[0]));
        } else {
            if (r.code() == 64) {
                valueText(r.value(), sb, locals);
            } else {
                location(ids[3], sb, locals);
            }
            sb.append(", ").append(reference(ids[1])).append(", ").append(reference(ids[2]));
            if (r.code() == 63) {
                sb.append(", ").append(reference(ids[4])).append(", ");
                location(ids[6], sb, locals);
                sb.append(", ").append(reference(ids[5]));
            }
            sb.append(", ").append(reference(ids[0]));
        }
        sb.append(')');
        return new DebugRecord(kind, sb.toString(), null, locals);
    }

    /** A location operand: a local ({@code i32 %_}, bound), a constant, a {@code !DIArgList(...)} or a reference. */
    private void location(long id, StringBuilder sb, List<Value> locals) {
        MetadataTable.Md x = md.get(id);
        if (x instanceof MetadataTable.MdValue v) {
            Value value = v.local() != null ? v.local() : m.values.get(v.valueId());
            if (value == null) {
                throw error("metadata names undefined value " + v.valueId());
            }
            valueText(value, sb, locals);
        } else if (x instanceof MetadataTable.MdDebug d && d.code() == DebugInfoNodes.ARG_LIST) {
            sb.append("!DIArgList(");
            long[] args = d.ops();
            for (int i = 0; i < args.length; i++) {
                sb.append(i == 0 ? "" : ", ");
                if (!(md.get(args[i]) instanceof MetadataTable.MdValue)) {
                    throw error("DIArgList operand " + args[i] + " is not a value");
                }
                location(args[i], sb, locals);
            }
            sb.append(')');
        } else {
            sb.append(reference(id));
        }
    }

    /**
     * A value in a location: locals, and constants only the printer spells (floating point,
     * expressions, aggregates), are written {@code %_} and bound; the others as text.
     */
    private static void valueText(Value v, StringBuilder sb, List<Value> locals) {
        if (!(v instanceof GlobalValue || v instanceof org.nvlower.llvm.ir.ConstantInt
                || v instanceof org.nvlower.llvm.ir.ConstantKeyword)) {
            sb.append(v.type()).append(" %_");
            locals.add(v);
        } else {
            sb.append(v.type()).append(' ').append(ConstantText.of(v));
        }
    }

    /** How metadata {@code id} is written where it is used: {@code !N}, {@code !"s"}, {@code i32 1}, or inline. */
    String reference(long id) {
        MetadataTable.Md x = md.get(id);
        return switch (x) {
            case MetadataTable.MdString str -> "!\"" + ValueTable.escape(str.text()) + "\"";
            case MetadataTable.MdValue v -> typedValue(v);
            case MetadataTable.MdNode n -> "!" + slotOf(id);
            case MetadataTable.MdDebug d -> isNumbered(d) ? "!" + slotOf(id) : DebugInfoNodes.print(d, this);
        };
    }

    /** The text of metadata string {@code id}. */
    String string(long id) {
        if (md.get(id) instanceof MetadataTable.MdString str) {
            return str.text();
        }
        throw error("metadata " + id + " is not a string");
    }

    /** The value of metadata {@code id} when it is a constant integer of at most 64 bits, else null. */
    Long constantInt(long id) {
        if (md.get(id) instanceof MetadataTable.MdValue v && v.local() == null
                && m.values.get(v.valueId()) instanceof org.nvlower.llvm.ir.ConstantInt c && c.value().bitLength() < 64) {
            return c.value().longValue();
        }
        return null;
    }

    RuntimeException error(String message) {
        return m.s.error(message);
    }

    private int slotOf(long id) {
        Integer slot = slots.get(id);
        if (slot == null) {
            slot(id);
            slot = slots.get(id);
        }
        return slot;
    }

    private String typedValue(MetadataTable.MdValue v) {
        Value value = v.local() != null ? v.local() : m.values.get(v.valueId());
        if (value == null) {
            throw m.s.error("metadata names undefined value " + v.valueId());
        }
        return v.type() + " " + ConstantText.of(value);
    }

    private String body(long id) {
        MetadataTable.Md x = md.get(id);
        if (x instanceof MetadataTable.MdNode n) {
            StringBuilder sb = new StringBuilder(n.distinct() ? "distinct !{" : "!{");
            Object[] ops = n.ops();
            for (int i = 0; i < ops.length; i++) {
                sb.append(i == 0 ? "" : ", ");
                Object op = ops[i];
                if (op == null) {
                    sb.append("null");
                } else if (op instanceof Long l) {
                    sb.append(reference(l));
                } else {
                    sb.append(typedValue((MetadataTable.MdValue) op));
                }
            }
            return sb.append('}').toString();
        }
        return DebugInfoNodes.print((MetadataTable.MdDebug) x, this);
    }
}

package org.nvlower.llvm.bitcode;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.nvlower.llvm.ir.ArrayType;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantAggregate;
import org.nvlower.llvm.ir.ConstantExpr;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.GlobalValue;
import org.nvlower.llvm.ir.GlobalVariable;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.MemoryInst;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.NamedStructType;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.StructType;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.TypeDefinition;
import org.nvlower.llvm.ir.Value;
import org.nvlower.llvm.ir.VectorType;

/**
 * The named struct types a module uses, in the order llvm-dis prints them (LLVM's TypeFinder:
 * globals' types and initializers, then functions' types and their instructions' types and
 * constant operands; each type depth-first, its parts in order). Unused types are not printed.
 */
final class TypeOrder {

    private final Module module;
    private final Set<Type> visited = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<Type> visitedEq = new java.util.HashSet<>();
    private final Set<Object> visitedConstants = new java.util.HashSet<>();
    private final LinkedHashSet<NamedStructType> found = new LinkedHashSet<>();

    TypeOrder(Module module) {
        this.module = module;
    }

    /** Types hiding in metadata (LLVM's TypeFinder walks it): set when the module was read from bitcode. */
    private ModuleReader reader;
    private java.util.Map<Instruction, java.util.Map<Integer, Long>> metadataOperands = java.util.Map.of();
    private java.util.Map<Instruction, List<FunctionReader.DebugRecordRead>> records = java.util.Map.of();
    private final Set<Long> visitedMetadata = new java.util.HashSet<>();

    TypeOrder withMetadata(ModuleReader m) {
        reader = m;
        metadataOperands = new java.util.HashMap<>();
        for (FunctionReader.MetadataOperand op : m.metadataOperands) {
            metadataOperands.computeIfAbsent(op.instruction(), k -> new java.util.HashMap<>()).put(op.operand(), op.metadataId());
        }
        records = new java.util.HashMap<>();
        for (FunctionReader.DebugRecordRead r : m.debugRecords) {
            records.computeIfAbsent(r.inst(), k -> new ArrayList<>()).add(r);
        }
        return this;
    }

    void addDefinitions(List<GlobalValue> globals) {
        for (GlobalValue g : globals) {
            if (g instanceof GlobalVariable v) {
                type(v.valueType());
                if (v.initializer() != null) {
                    constant(v.initializer());
                }
            }
        }
        for (GlobalValue g : globals) {
            if (g instanceof Function f) {
                type(f.functionType());
                if (f.isDeclaration()) {
                    continue;
                }
                f.instructions().forEach(this::instruction);
            }
        }
        for (NamedStructType t : found) {
            module.addEntity(new TypeDefinition(t, null));
        }
    }

    private void instruction(Instruction i) {
        type(i.type());
        java.util.Map<Integer, Long> mdOps = metadataOperands.get(i);
        for (int k = 0; k < i.operandCount(); k++) {
            Value v = i.operand(k);
            if (v instanceof Constant c && !(v instanceof GlobalValue)) {
                constant(c);
            } else if (v == null && mdOps != null && mdOps.containsKey(k)) {
                metadata(mdOps.get(k));
            }
        }
        if (i instanceof MemoryInst m && m.access().elementType() != null) {
            type(m.access().elementType());
        }
        for (FunctionReader.DebugRecordRead r : records.getOrDefault(i, List.of())) {
            if (r.code() == 64) {
                if (r.value() instanceof Constant c && !(r.value() instanceof GlobalValue)) {
                    constant(c);
                }
            } else if (r.code() != 65) {
                locationValues(r.ids()[3]);
                if (r.code() == 63) {
                    locationValues(r.ids()[6]);
                }
            }
        }
        if (reader != null) {
            for (long[] a : reader.attachments.getOrDefault(i, List.of())) {
                if (a[0] != -1) {
                    metadata(a[1]);
                }
            }
        }
    }

    /** A record's location: the constants among its values (a value, or a DIArgList's). */
    private void locationValues(long id) {
        MetadataTable.Md x = reader.metadata.get(id);
        if (x instanceof MetadataTable.MdDebug d && d.code() == DebugInfoNodes.ARG_LIST) {
            for (long arg : d.ops()) {
                locationValues(arg);
            }
        } else if (x instanceof MetadataTable.MdValue) {
            metadata(id);
        }
    }

    /** TypeFinder's incorporateMDNode and incorporateValue over metadata: constants' types, nodes' operands. */
    private void metadata(long id) {
        if (reader == null || !visitedMetadata.add(id)) {
            return;
        }
        MetadataTable.Md x = reader.metadata.get(id);
        switch (x) {
            case MetadataTable.MdValue v -> {
                Value value = v.local() != null ? v.local() : reader.values.get(v.valueId());
                if (value instanceof Constant c && !(value instanceof GlobalValue)) {
                    constant(c);
                }
            }
            case MetadataTable.MdNode n -> {
                for (Object op : n.ops()) {
                    if (op instanceof Long l) {
                        metadata(l);
                    } else if (op instanceof MetadataTable.MdValue v && reader.values.get(v.valueId()) instanceof Constant c
                            && !(c instanceof GlobalValue)) {
                        constant(c);
                    }
                }
            }
            case MetadataTable.MdDebug d when d.code() == DebugInfoNodes.ARG_LIST -> {
                for (long arg : d.ops()) {
                    metadata(arg);
                }
            }
            case MetadataTable.MdDebug d -> {
                for (long ref : DebugInfoNodes.references(d)) {
                    metadata(ref);
                }
            }
            default -> {
            }
        }
    }

    private void constant(Constant c) {
        if (c instanceof GlobalValue || !visitedConstants.add(c)) {
            return;
        }
        type(c.type());
        switch (c) {
            case ConstantAggregate a -> a.elements().forEach(this::constant);
            case ConstantExpr e -> {
                if (e.sourceType() != null) {
                    type(e.sourceType());
                }
                e.operands().forEach(this::constant);
            }
            default -> {
            }
        }
    }

    private void type(Type root) {
        if (!visitedEq.add(root)) {
            return;
        }
        Deque<Type> work = new ArrayDeque<>();
        work.push(root);
        while (!work.isEmpty()) {
            Type t = work.pop();
            if (t instanceof NamedStructType n) {
                found.add(n);
            }
            List<Type> parts = parts(t);
            for (int k = parts.size() - 1; k >= 0; k--) {
                Type p = parts.get(k);
                if (visitedEq.add(p)) {
                    work.push(p);
                }
            }
        }
    }

    private static List<Type> parts(Type t) {
        return switch (t) {
            case PointerType p -> p.pointee() == null ? List.of() : List.of(p.pointee());
            case ArrayType a -> List.of(a.element());
            case VectorType v -> List.of(v.element());
            case StructType s -> s.fields();
            case NamedStructType n -> n.isDefined() ? n.fields() : List.of();
            case FunctionType f -> {
                List<Type> l = new ArrayList<>();
                l.add(f.returnType());
                l.addAll(f.params());
                yield l;
            }
            default -> List.of();
        };
    }
}

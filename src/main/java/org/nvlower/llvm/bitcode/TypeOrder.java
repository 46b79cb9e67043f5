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
        for (Value v : i.operands()) {
            if (v instanceof Constant c && !(v instanceof GlobalValue)) {
                constant(c);
            }
        }
        if (i instanceof MemoryInst m && m.access().elementType() != null) {
            type(m.access().elementType());
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

package org.nvlower.llvm.transform;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.nvlower.llvm.ir.NamedStructType;
import org.nvlower.llvm.ir.StructType;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.ArrayType;
import org.nvlower.llvm.ir.PrimitiveType;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.TargetExtType;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.VectorType;
import org.nvlower.llvm.ir.Type;
/**
 * Maps the types of one module to another (LLVM's IRMover type map): a named struct becomes the
 * destination's struct of that name when both have the same body, else a new, renamed struct;
 * typed pointers become opaque when the destination uses {@code ptr}. Within one module every
 * type maps to itself.
 */
public final class TypeMapper {

    private final Module source;
    private final Module dest;
    private final Map<NamedStructType, NamedStructType> named = new HashMap<>();
    private final Map<Type, Type> cache = new java.util.IdentityHashMap<>();

    public TypeMapper(Module source, Module dest) {
        this.source = source;
        this.dest = dest;
        if (!dest.opaquePointers() && source.opaquePointers() && source != dest) {
            throw new IllegalArgumentException(source.fileName() + " uses opaque pointers ('ptr') and "
                    + dest.fileName() + " typed pointers; typed pointers cannot be recovered from 'ptr'");
        }
    }

    public Type map(Type t) {
        if (source == dest || t instanceof IntegerType || t instanceof FloatType || t instanceof PrimitiveType) {
            return t;
        }
        // the parser shares one object per distinct type: most lookups hit by identity
        Type done = cache.get(t);
        if (done == null) {
            done = mapUncached(t);
            cache.put(t, done);
        }
        return done;
    }

    private Type mapUncached(Type t) {
        return switch (t) {
            case IntegerType i -> i;
            case FloatType f -> f;
            case PrimitiveType p -> p;
            case PointerType p -> dest.opaquePointers() ? PointerType.opaque(p.addressSpace())
                    : PointerType.to(map(p.pointee()), p.addressSpace());
            case VectorType v -> new VectorType(v.scalable(), v.count(), map(v.element()));
            case ArrayType a -> new ArrayType(a.count(), map(a.element()));
            case StructType s -> new StructType(s.packed(), mapAll(s.fields()));
            case FunctionType f -> new FunctionType(map(f.returnType()), mapAll(f.params()), f.varArgs());
            case NamedStructType n -> mapNamed(n);
            case TargetExtType x -> new TargetExtType(x.name(), mapAll(x.types()), x.ints());
            default -> throw new IllegalArgumentException("cannot map type " + t);
        };
    }

    public List<Type> mapAll(List<Type> types) {
        List<Type> out = new ArrayList<>(types.size());
        for (Type t : types) {
            out.add(map(t));
        }
        return out;
    }

    private NamedStructType mapNamed(NamedStructType n) {
        NamedStructType done = named.get(n);
        if (done != null) {
            return done;
        }
        if (dest.hasNamedType(n.name())) {
            NamedStructType existing = dest.namedType(n.name());
            named.put(n, existing); // tentatively: a recursive body refers to itself by this name
            if (sameBody(n, existing)) {
                return existing;
            }
            named.remove(n);
        }
        if (!n.isOpaque()) {
            // as LLVM's IRMover: a destination struct with the same body stands for it, whatever its name
            for (NamedStructType candidate : new ArrayList<>(dest.namedTypes().values())) {
                // (two isomorphic source structs become one, as in LLVM)
                if (candidate.isDefined() && !candidate.isOpaque()
                        && candidate.isPacked() == n.isPacked() && candidate.fields().size() == n.fields().size()) {
                    named.put(n, candidate);
                    if (sameBody(n, candidate)) {
                        return candidate;
                    }
                    named.remove(n);
                }
            }
        }
        String name = n.name();
        for (int i = 1; dest.hasNamedType(name); i++) {
            name = n.name() + "." + i;
        }
        NamedStructType created;
        if (n.isOpaque()) {
            created = dest.defineOpaqueType(name);
            named.put(n, created);
        } else {
            created = dest.namedType(name);
            named.put(n, created);
            dest.defineNamedType(name, n.isPacked(), mapAll(n.fields()));
        }
        return created;
    }

    private boolean sameBody(NamedStructType src, NamedStructType existing) {
        if (src.isOpaque() || existing.isOpaque()) {
            return src.isOpaque() && existing.isOpaque();
        }
        return src.isPacked() == existing.isPacked() && mapAll(src.fields()).equals(existing.fields());
    }
}

package org.nvlower.llvm.bitcode;

import java.util.ArrayList;
import java.util.List;

import org.nvlower.llvm.ir.ArrayType;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.NamedStructType;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.PrimitiveType;
import org.nvlower.llvm.ir.StructType;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.VectorType;

/**
 * The TYPE block: records are kept as read and turned into model types on first use, so that a
 * record may name a type defined after it (named structs refer to themselves and to later types).
 */
final class TypeTable {

    private static final int NUMENTRY = 1, VOID = 2, FLOAT = 3, DOUBLE = 4, LABEL = 5, OPAQUE = 6, INTEGER = 7,
            POINTER = 8, FUNCTION_OLD = 9, HALF = 10, ARRAY = 11, VECTOR = 12, X86_FP80 = 13, FP128 = 14,
            PPC_FP128 = 15, METADATA = 16, X86_MMX = 17, STRUCT_ANON = 18, STRUCT_NAME = 19, STRUCT_NAMED = 20,
            FUNCTION = 21, TOKEN = 22, BFLOAT = 23, X86_AMX = 24, OPAQUE_POINTER = 25, TARGET_TYPE = 26;

    private record Entry(int code, long[] ops, String name) {
    }

    private final Bitstream s;
    private final Module module;
    private final List<Entry> entries = new ArrayList<>();
    private Type[] types = new Type[0];
    private final boolean[] resolving;
    private boolean anyOpaquePointer;

    private TypeTable(Bitstream s, Module module, int capacity) {
        this.s = s;
        this.module = module;
        this.resolving = new boolean[capacity];
    }

    /** Reads a TYPE block (entered); types are built afterwards with {@link #get}. */
    static TypeTable read(Bitstream s, Module module) {
        List<Entry> list = new ArrayList<>();
        String pendingName = null;
        while (true) {
            switch (s.advance()) {
                case END_BLOCK -> {
                    s.leaveBlock();
                    TypeTable t = new TypeTable(s, module, list.size());
                    t.entries.addAll(list);
                    t.types = new Type[list.size()];
                    for (Entry e : list) {
                        t.anyOpaquePointer |= e.code() == OPAQUE_POINTER;
                    }
                    return t;
                }
                case SUBBLOCK -> s.skipBlock();
                case RECORD -> {
                    Bitstream.Record r = s.readRecord();
                    switch (r.code()) {
                        case NUMENTRY -> {
                        }
                        case STRUCT_NAME -> pendingName = r.string(0);
                        default -> {
                            String name = null;
                            if (r.code() == STRUCT_NAMED || r.code() == OPAQUE) {
                                name = pendingName == null ? "" : pendingName;
                                pendingName = null;
                            }
                            list.add(new Entry(r.code(), r.operands(), name));
                        }
                    }
                }
            }
        }
    }

    boolean hasOpaquePointers() {
        return anyOpaquePointer;
    }

    int size() {
        return types.length;
    }

    /** Type {@code id}; an id out of range or a malformed record is a {@link BitcodeException}. */
    Type get(long id) {
        if (id < 0 || id >= types.length) {
            throw s.error("invalid type id " + id);
        }
        int i = (int) id;
        if (types[i] != null) {
            return types[i];
        }
        if (resolving[i]) {
            throw s.error("type " + id + " is defined in terms of itself");
        }
        resolving[i] = true;
        Entry e = entries.get(i);
        Type t = build(i, e);
        types[i] = t;
        resolving[i] = false;
        return t;
    }

    private Type build(int i, Entry e) {
        long[] o = e.ops();
        return switch (e.code()) {
            case VOID -> PrimitiveType.VOID;
            case FLOAT -> FloatType.FLOAT;
            case DOUBLE -> FloatType.DOUBLE;
            case HALF -> FloatType.HALF;
            case BFLOAT -> FloatType.BFLOAT;
            case X86_FP80 -> FloatType.X86_FP80;
            case FP128 -> FloatType.FP128;
            case PPC_FP128 -> FloatType.PPC_FP128;
            case LABEL -> PrimitiveType.LABEL;
            case METADATA -> PrimitiveType.METADATA;
            case X86_MMX -> PrimitiveType.X86_MMX;
            case X86_AMX -> PrimitiveType.X86_AMX;
            case TOKEN -> PrimitiveType.TOKEN;
            case INTEGER -> {
                need(o, 1);
                if (o[0] < 1 || o[0] > IntegerType.MAX_BITS) {
                    throw s.error("invalid integer width " + o[0]);
                }
                yield IntegerType.of((int) o[0]);
            }
            case POINTER -> {
                need(o, 1);
                yield PointerType.to(get(o[0]), o.length > 1 ? (int) o[1] : 0);
            }
            case OPAQUE_POINTER -> PointerType.opaque(o.length > 0 ? (int) o[0] : 0);
            case ARRAY -> {
                need(o, 2);
                yield new ArrayType(o[0], get(o[1]));
            }
            case VECTOR -> {
                need(o, 2);
                if (o[0] == 0) {
                    throw s.error("vector of zero elements");
                }
                yield new VectorType(o.length > 2 && o[2] != 0, o[0], get(o[1]));
            }
            case FUNCTION, FUNCTION_OLD -> {
                // [vararg, (attrid,) retty, paramty...]
                int first = e.code() == FUNCTION_OLD ? 2 : 1;
                need(o, first + 1);
                List<Type> params = new ArrayList<>();
                for (int k = first + 1; k < o.length; k++) {
                    params.add(get(o[k]));
                }
                yield new FunctionType(get(o[first]), params, o[0] != 0);
            }
            case STRUCT_ANON -> {
                need(o, 1);
                List<Type> fields = new ArrayList<>();
                for (int k = 1; k < o.length; k++) {
                    fields.add(get(o[k]));
                }
                yield new StructType(o[0] != 0, fields);
            }
            case STRUCT_NAMED, OPAQUE -> {
                NamedStructType t = module.namedType(e.name().isEmpty() ? freshName() : e.name());
                types[i] = t; // fields may refer back to it
                if (e.code() == OPAQUE) {
                    if (!t.isDefined()) {
                        t.defineOpaque();
                    }
                } else {
                    need(o, 1);
                    List<Type> fields = new ArrayList<>();
                    for (int k = 1; k < o.length; k++) {
                        fields.add(get(o[k]));
                    }
                    if (!t.isDefined()) {
                        t.defineBody(o[0] != 0, fields);
                    }
                }
                yield t;
            }
            case TARGET_TYPE -> throw s.error("target extension types are not supported");
            default -> throw s.error("unknown type record code " + e.code());
        };
    }

    private int anonymous;

    /** Unnamed identified structs print as %N in LLVM; nvlower names them %0, %1, ... in order. */
    private String freshName() {
        while (module.hasNamedType(String.valueOf(anonymous))) {
            anonymous++;
        }
        return String.valueOf(anonymous++);
    }

    private void need(long[] o, int n) {
        if (o.length < n) {
            throw s.error("type record with " + o.length + " operands, needs " + n);
        }
    }
}

package org.nvlower.llvm.bitcode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

import org.nvlower.llvm.ir.PrimitiveType;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.Value;

/**
 * The METADATA blocks: strings, nodes (plain and distinct, old and new encodings), values as
 * metadata, named metadata and the kinds of attachments. Nodes get the numbers llvm-dis gives
 * them ({@link #number}) only once the whole module is read; then each prints as text, which is
 * how the model keeps metadata.
 */
final class MetadataTable {

    sealed interface Md permits MdString, MdValue, MdNode, MdDebug {
    }

    record MdString(String text) implements Md {
    }

    /** A value as metadata ({@code i32 5}, {@code float* @g}); resolved when printed. */
    record MdValue(Type type, long valueId, Value local) implements Md {
    }

    /**
     * {@code !{...}} or {@code distinct !{...}}: each operand a metadata id ({@code Long}), null,
     * or (old nodes) an {@link MdValue} written inside the node.
     */
    record MdNode(boolean distinct, Object[] ops) implements Md {
    }

    /** A specialized debug-info node ({@code !DILocation(...)}, ...), printed by {@link DebugInfoNodes}. */
    record MdDebug(int code, long[] ops, boolean distinct) implements Md {
    }

    private static final int STRING_OLD = 1, VALUE = 2, NODE = 3, NAME = 4, DISTINCT_NODE = 5, KIND = 6,
            OLD_NODE = 8, OLD_FN_NODE = 9, NAMED_NODE = 10, STRINGS = 35, GLOBAL_DECL_ATTACHMENT = 36,
            INDEX_OFFSET = 38, INDEX = 39, ARG_LIST = 46;

    final List<Md> mds = new ArrayList<>();
    final Map<String, long[]> named = new LinkedHashMap<>();
    final Map<Long, String> kinds = new HashMap<>();
    /** Uniqued DILocations by [line, column, scope, inlinedAt + 1, implicit]: a DEBUG_LOC equal to one is that node, as in LLVM. */
    final Map<List<Long>, Long> locations = new HashMap<>();
    /** Attachments of globals named by value id: [kind, md]*. */
    final Map<Long, long[]> globalAttachments = new HashMap<>();
    private final Bitstream s;

    MetadataTable(Bitstream s) {
        this.s = s;
    }

    int size() {
        return mds.size();
    }

    /**
     * Function-local metadata ids start again after the module's for every function; while a
     * function is read its ids from {@code localFrom} on name the nodes stored from {@code localAt}.
     */
    private long localFrom = -1;
    private long localAt;

    void enterFunction(int moduleCount) {
        localFrom = moduleCount;
        localAt = mds.size();
    }

    /** Binds the function's values as metadata (read before the body) to the values the body defined. */
    void resolveLocals(ValueTable values, int moduleValues) {
        for (int i = (int) localAt; i < mds.size(); i++) {
            if (mds.get(i) instanceof MdValue v && v.local() == null && v.valueId() >= moduleValues) {
                Value val = values.get(v.valueId());
                if (val == null || !val.type().equals(v.type())) {
                    throw s.error("function-local metadata names undefined value " + v.valueId());
                }
                mds.set(i, new MdValue(v.type(), v.valueId(), val));
            }
        }
    }

    void leaveFunction() {
        localFrom = -1;
    }

    /** The stored index of metadata id {@code id} as the current function numbers it. */
    long map(long id) {
        return localFrom >= 0 && id >= localFrom ? localAt + (id - localFrom) : id;
    }

    /** Drops a function's local metadata (ids from {@code size} on) but keeps the nodes it added for debug locations. */
    void truncateLocal(int size) {
        // function-local blocks hold only values as metadata and nodes over them; keep everything:
        // attachments made during the function refer to ids past size until they are numbered
    }

    void truncate(int size) {
        while (mds.size() > size) {
            mds.remove(mds.size() - 1);
        }
    }

    Md get(long id) {
        if (id < 0 || id >= mds.size() || mds.get((int) id) == null) {
            throw s.error("invalid metadata id " + id);
        }
        return mds.get((int) id);
    }

    /** Reads a METADATA block (entered). {@code localValue} resolves a function-local value id (null at module level). */
    void read(TypeTable types, LongFunction<Value> localValue) {
        String[] pendingName = {null}; // a NAME record's name, until its NAMED_NODE
        s.forEachRecord(r -> {
            long[] o = r.operands();
            switch (r.code()) {
                case STRING_OLD -> mds.add(new MdString(r.string(0)));
                case STRINGS -> readStrings(o, r.blob());
                case VALUE -> {
                    need(o, 2);
                    Type t = types.get(o[0]);
                    if (t == PrimitiveType.VOID || t == PrimitiveType.METADATA) {
                        throw s.error("metadata value of type " + t);
                    }
                    mds.add(new MdValue(t, o[1], localValue == null ? null : localValue.apply(o[1])));
                }
                case NODE, DISTINCT_NODE -> {
                    Object[] ops = new Object[o.length];
                    for (int i = 0; i < o.length; i++) {
                        ops[i] = o[i] == 0 ? null : (Object) map(o[i] - 1);
                    }
                    mds.add(new MdNode(r.code() == DISTINCT_NODE, ops));
                }
                case OLD_NODE, OLD_FN_NODE -> mds.add(oldNode(o, types, localValue));
                case NAME -> pendingName[0] = r.string(0);
                case NAMED_NODE -> {
                    if (pendingName[0] == null) {
                        throw s.error("named metadata without a name");
                    }
                    for (int i = 0; i < o.length; i++) {
                        o[i] = map(o[i]);
                    }
                    named.put(pendingName[0], o);
                    pendingName[0] = null;
                }
                case KIND -> readKind(o);
                case GLOBAL_DECL_ATTACHMENT -> {
                    need(o, 1);
                    long[] rest = new long[o.length - 1];
                    System.arraycopy(o, 1, rest, 0, rest.length);
                    globalAttachments.put(o[0], rest);
                }
                case INDEX_OFFSET, INDEX -> {
                }
                case ARG_LIST -> {
                    long[] args = new long[o.length];
                    for (int i = 0; i < o.length; i++) {
                        args[i] = map(o[i]);
                    }
                    mds.add(new MdDebug(ARG_LIST, args, false));
                }
                default -> {
                    if (!DebugInfoNodes.isDebugRecord(r.code())) {
                        throw s.error("unsupported metadata record code " + r.code());
                    }
                    if (!DebugInfoNodes.isSupported(r.code())) {
                        throw s.error("debug-info metadata record " + r.code() + " is not supported");
                    }
                    if (r.code() == DebugInfoNodes.LOCATION && o.length < 5) {
                        throw s.error("DILocation record too short");
                    }
                    if (localFrom >= 0) {
                        DebugInfoNodes.mapReferences(r.code(), o, this::map);
                    }
                    boolean distinct = o.length > 0 && (o[0] & 1) != 0;
                    if (r.code() == DebugInfoNodes.LOCATION && !distinct) {
                        locations.putIfAbsent(List.of(o[1], o[2], o[3], o[4], o.length > 5 ? o[5] : 0), (long) mds.size());
                    }
                    mds.add(new MdDebug(r.code(), o, distinct));
                }
            }
        });
    }

    /** Old (LLVM 3.x) nodes: operand pairs [type, value]; metadata type means a node, void a null. */
    private Md oldNode(long[] o, TypeTable types, LongFunction<Value> localValue) {
        if (o.length % 2 != 0) {
            throw s.error("old metadata node with an odd operand count");
        }
        Object[] ops = new Object[o.length / 2];
        for (int i = 0; i < o.length; i += 2) {
            Type t = types.get(o[i]);
            if (t == PrimitiveType.METADATA) {
                ops[i / 2] = map(o[i + 1]);
            } else if (t != PrimitiveType.VOID) {
                ops[i / 2] = new MdValue(t, o[i + 1], localValue == null ? null : localValue.apply(o[i + 1]));
            }
        }
        return new MdNode(false, ops);
    }

    void readKind(long[] o) {
        need(o, 1);
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i < o.length; i++) {
            sb.append((char) (o[i] & 0xFF));
        }
        kinds.put(o[0], sb.toString());
    }

    /** Reads a METADATA_KIND block (entered). */
    void readKinds() {
        s.forEachRecord(r -> {
            if (r.code() == KIND) {
                readKind(r.operands());
            }
        });
    }

    String kindName(long kind) {
        String name = kinds.get(kind);
        if (name == null) {
            throw s.error("unknown metadata kind " + kind);
        }
        return name;
    }

    /** METADATA_STRINGS: [count, offset-to-chars] and a blob: VBR6 lengths, then the characters. */
    private void readStrings(long[] o, byte[] blob) {
        need(o, 2);
        if (blob == null) {
            throw s.error("metadata strings without a blob");
        }
        long count = o[0];
        long offset = o[1];
        if (offset > blob.length || count > blob.length * 8L) {
            throw s.error("metadata strings record is inconsistent");
        }
        byte[] padded = java.util.Arrays.copyOf(blob, (blob.length + 3) & ~3);
        Bitstream lengths = new Bitstream(s.file(), padded, 0, (int) Math.min(padded.length, (offset + 3) & ~3L));
        int pos = (int) offset;
        for (long i = 0; i < count; i++) {
            long len = lengths.readVbr(6);
            if (pos + len > blob.length) {
                throw s.error("metadata string extends past its blob");
            }
            StringBuilder sb = new StringBuilder((int) len);
            for (int k = 0; k < len; k++) {
                sb.append((char) (blob[pos + k] & 0xFF));
            }
            pos += (int) len;
            mds.add(new MdString(sb.toString()));
        }
    }

    private void need(long[] o, int n) {
        if (o.length < n) {
            throw s.error("metadata record with " + o.length + " operands, needs " + n);
        }
    }
}

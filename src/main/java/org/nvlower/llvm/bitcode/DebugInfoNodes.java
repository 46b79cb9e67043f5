package org.nvlower.llvm.bitcode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The specialized debug-info metadata records ({@code !DILocation(...)}, {@code !DISubprogram(...)},
 * ...): which are numbered, which nodes they refer to (in the operand order LLVM's SlotTracker
 * walks), and their text as llvm-dis writes it (AsmWriter's field order, defaults left out).
 * Records hold metadata ids plus one (0 is null), as LLVM 14 and 19 write them.
 */
final class DebugInfoNodes {

    static final int LOCATION = 7, GENERIC = 12, SUBRANGE = 13, ENUMERATOR = 14, BASIC_TYPE = 15, FILE = 16,
            DERIVED_TYPE = 17, COMPOSITE_TYPE = 18, SUBROUTINE_TYPE = 19, COMPILE_UNIT = 20, SUBPROGRAM = 21,
            LEXICAL_BLOCK = 22, LEXICAL_BLOCK_FILE = 23, NAMESPACE = 24, TEMPLATE_TYPE = 25, TEMPLATE_VALUE = 26,
            GLOBAL_VAR = 27, LOCAL_VAR = 28, EXPRESSION = 29, IMPORTED_ENTITY = 31, MACRO = 33, MACRO_FILE = 34,
            GLOBAL_VAR_EXPR = 37, LABEL = 40, ARG_LIST = 46, ASSIGN_ID = 47;

    /**
     * Each supported record: the operand indexes that are metadata references, in the order of
     * the node's operands in LLVM (what SlotTracker numbers depth first).
     */
    private static final Map<Integer, int[]> REFERENCES = Map.ofEntries(
            Map.entry(LOCATION, new int[] {4}), // and the scope, an id without the plus one
            Map.entry(SUBRANGE, new int[] {1, 2, 3, 4}),
            Map.entry(ENUMERATOR, new int[] {2}),
            Map.entry(BASIC_TYPE, new int[] {2}),
            Map.entry(FILE, new int[] {1, 2, 4, 5}),
            Map.entry(DERIVED_TYPE, new int[] {3, 5, 2, 6, 11, 13}),
            Map.entry(COMPOSITE_TYPE, new int[] {3, 5, 2, 6, 11, 13, 14, 15, 16, 17, 18, 19, 20, 21}),
            Map.entry(SUBROUTINE_TYPE, new int[] {2}),
            Map.entry(COMPILE_UNIT, new int[] {2, 3, 5, 7, 9, 10, 12, 13, 15, 20, 21}),
            Map.entry(SUBPROGRAM, new int[] {4, 1, 2, 3, 6, 12, 14, 15, 8, 13, 17, 18, 19}),
            Map.entry(LEXICAL_BLOCK, new int[] {2, 1}),
            Map.entry(LEXICAL_BLOCK_FILE, new int[] {2, 1}),
            Map.entry(NAMESPACE, new int[] {1, 2}),
            Map.entry(TEMPLATE_TYPE, new int[] {1, 2}),
            Map.entry(TEMPLATE_VALUE, new int[] {2, 3, 5}),
            Map.entry(GLOBAL_VAR, new int[] {1, 2, 4, 6, 2, 3, 9, 10, 12}),
            Map.entry(LOCAL_VAR, new int[] {1, 2, 3, 5, 9}),
            Map.entry(EXPRESSION, new int[] {}),
            Map.entry(IMPORTED_ENTITY, new int[] {2, 3, 5, 6, 7}),
            Map.entry(MACRO, new int[] {3, 4}),
            Map.entry(MACRO_FILE, new int[] {3, 4}),
            Map.entry(GLOBAL_VAR_EXPR, new int[] {1, 2}),
            Map.entry(LABEL, new int[] {1, 2, 3}),
            Map.entry(ASSIGN_ID, new int[] {}));

    private DebugInfoNodes() {
    }

    static boolean isDebugRecord(int code) {
        return code == LOCATION || code >= 12 && code <= 34 || code == 37 || code >= 40 && code <= 45 || code == ASSIGN_ID;
    }

    static boolean isSupported(int code) {
        return REFERENCES.containsKey(code);
    }

    /** DIExpression and DIArgList are printed inline; every other node gets a number. */
    static boolean isNumbered(MetadataTable.MdDebug d) {
        return d.code() != EXPRESSION && d.code() != ARG_LIST;
    }

    /**
     * A record read in a function's METADATA block refers to that function's ids: each reference
     * becomes the stored index ({@code map}), in place.
     */
    static void mapReferences(int code, long[] o, java.util.function.LongUnaryOperator map) {
        if (code == LOCATION && o.length > 3) {
            o[3] = map.applyAsLong(o[3]);
        }
        int[] idx = REFERENCES.get(code);
        if (idx == null) {
            return;
        }
        int from = code == NAMESPACE && o.length == 5 ? 1 : 0;
        java.util.Set<Integer> done = new java.util.HashSet<>();
        for (int i : idx) {
            int k = i + (i == 2 ? from : 0);
            if (k < o.length && o[k] != 0 && done.add(k)) {
                o[k] = map.applyAsLong(o[k] - 1) + 1;
            }
        }
    }

    /** The metadata ids a node refers to, in operand order. */
    static List<Long> references(MetadataTable.MdDebug d) {
        List<Long> refs = new ArrayList<>();
        int[] idx = REFERENCES.get(d.code());
        if (idx == null) {
            return refs;
        }
        long[] o = d.ops();
        if (d.code() == LOCATION && o.length > 3) {
            refs.add(o[3]);
        }
        int from = d.code() == NAMESPACE && o.length == 5 ? 1 : 0; // the old namespace record: [d, scope, file, name, line]
        for (int i : idx) {
            int k = i + (i == 2 ? from : 0);
            if (k < o.length && o[k] != 0) {
                refs.add(o[k] - 1);
            }
        }
        return refs;
    }

    static String print(MetadataTable.MdDebug d, MetadataNumbering n) {
        Fields f = new Fields(d.ops(), n);
        StringBuilder sb = f.sb;
        sb.append(d.distinct() || d.code() == COMPILE_UNIT || d.code() == ASSIGN_ID ? "distinct " : "");
        long[] o = d.ops();
        switch (d.code()) {
            case LOCATION -> {
                f.open("DILocation").uint("line", 1, false).uint("column", 2, true)
                        .raw("scope", n.reference(f.get(3))).md("inlinedAt", 4, true);
                if (f.get(5) != 0) {
                    f.raw("isImplicitCode", "true");
                }
            }
            case SUBRANGE -> {
                f.open("DISubrange");
                if (f.get(0) >> 1 == 2 || f.get(0) >> 1 == 1) {
                    f.bound("count", 1);
                    if ((f.get(0) >> 1) == 2) {
                        f.bound("lowerBound", 2).bound("upperBound", 3).bound("stride", 4);
                    } else {
                        f.raw("lowerBound", String.valueOf(Attributes.decodeSigned(f.get(2))));
                    }
                } else {
                    f.raw("count", String.valueOf(f.get(1)));
                    f.raw("lowerBound", String.valueOf(Attributes.decodeSigned(f.get(2))));
                }
            }
            case ENUMERATOR -> {
                f.open("DIEnumerator");
                boolean unsigned = (f.get(0) & 2) != 0;
                boolean big = (f.get(0) & 4) != 0;
                if (big) {
                    f.str("name", 2, false);
                    f.raw("value", wide(o, 3, f.get(1), unsigned, n));
                } else {
                    f.str("name", 2, false);
                    long v = Attributes.decodeSigned(f.get(1));
                    f.raw("value", unsigned ? Long.toUnsignedString(v) : Long.toString(v));
                }
                if (unsigned) {
                    f.raw("isUnsigned", "true");
                }
            }
            case BASIC_TYPE -> {
                f.open("DIBasicType");
                if (f.get(1) != 0x24) {
                    f.tag(1);
                }
                f.str("name", 2, true).uint("size", 3, true).uint("align", 4, true)
                        .dwarf("encoding", f.get(5), DwarfNames.ENCODINGS, true).flags("flags", 6);
            }
            case FILE -> {
                f.open("DIFile").str("filename", 1, false).str("directory", 2, false);
                if (f.get(3) != 0 && f.get(4) != 0) {
                    f.dwarf("checksumkind", f.get(3), DwarfNames.CHECKSUMS, false).str("checksum", 4, false);
                }
                f.str("source", 5, true);
            }
            case DERIVED_TYPE -> {
                f.open("DIDerivedType").tag(1).str("name", 2, true).md("scope", 5, true).md("file", 3, true)
                        .uint("line", 4, true).md("baseType", 6, false).uint("size", 7, true).uint("align", 8, true)
                        .uint("offset", 9, true).flags("flags", 10).md("extraData", 11, true);
                if (f.get(12) != 0) {
                    f.raw("dwarfAddressSpace", String.valueOf(f.get(12) - 1));
                }
                f.md("annotations", 13, true);
                if (f.get(14) != 0) {
                    throw n.error("pointer authentication in DIDerivedType is not supported");
                }
            }
            case COMPOSITE_TYPE -> {
                f.open("DICompositeType").tag(1).str("name", 2, true).md("scope", 5, true).md("file", 3, true)
                        .uint("line", 4, true).md("baseType", 6, true).uint("size", 7, true).uint("align", 8, true)
                        .uint("offset", 9, true).flags("flags", 10).md("elements", 11, true)
                        .dwarf("runtimeLang", f.get(12), DwarfNames.LANGUAGES, true).md("vtableHolder", 13, true)
                        .md("templateParams", 14, true).str("identifier", 15, true).md("discriminator", 16, true)
                        .md("dataLocation", 17, true).md("associated", 18, true).md("allocated", 19, true)
                        .bound("rank", 20).md("annotations", 21, true);
            }
            case SUBROUTINE_TYPE -> f.open("DISubroutineType").flags("flags", 1)
                    .dwarf("cc", f.get(3), DwarfNames.CONVENTIONS, true).md("types", 2, false);
            case COMPILE_UNIT -> {
                f.open("DICompileUnit").dwarf("language", f.get(1), DwarfNames.LANGUAGES, false).md("file", 2, false)
                        .str("producer", 3, true).bool("isOptimized", f.get(4) != 0).str("flags", 5, true)
                        .uint("runtimeVersion", 6, false).str("splitDebugFilename", 7, true)
                        .dwarf("emissionKind", f.get(8), DwarfNames.EMISSION_KINDS, false).md("enums", 9, true)
                        .md("retainedTypes", 10, true).md("globals", 12, true).md("imports", 13, true)
                        .md("macros", 15, true).uint("dwoId", 14, true);
                if (o.length > 16 && f.get(16) == 0) {
                    f.raw("splitDebugInlining", "false");
                }
                if (f.get(17) != 0) {
                    f.raw("debugInfoForProfiling", "true");
                }
                if (f.get(18) != 0) {
                    f.dwarf("nameTableKind", f.get(18), DwarfNames.NAME_TABLE_KINDS, false);
                }
                if (f.get(19) != 0) {
                    f.raw("rangesBaseAddress", "true");
                }
                f.str("sysroot", 20, true).str("sdk", 21, true);
            }
            case SUBPROGRAM -> {
                if ((f.get(0) & 4) == 0) {
                    throw n.error("DISubprogram without DISPFlags (written before LLVM 8) is not supported");
                }
                long spFlags = f.get(9);
                f.open("DISubprogram").str("name", 2, true).str("linkageName", 3, true).md("scope", 1, false)
                        .md("file", 4, true).uint("line", 5, true).md("type", 6, true).uint("scopeLine", 7, true)
                        .md("containingType", 8, true);
                if ((spFlags & 3) != 0 || f.get(10) != 0) {
                    f.uint("virtualIndex", 10, false);
                }
                f.sint("thisAdjustment", 16).flags("flags", 11);
                f.raw("spFlags", DwarfNames.spFlags(spFlags)); // always: without it LLVM reads an old-style node
                f.md("unit", 12, true).md("templateParams", 13, true).md("declaration", 14, true)
                        .md("retainedNodes", 15, true).md("thrownTypes", 17, true).md("annotations", 18, true)
                        .str("targetFuncName", 19, true);
            }
            case LEXICAL_BLOCK -> f.open("DILexicalBlock").md("scope", 1, false).md("file", 2, true)
                    .uint("line", 3, true).uint("column", 4, true);
            case LEXICAL_BLOCK_FILE -> f.open("DILexicalBlockFile").md("scope", 1, false).md("file", 2, true)
                    .uint("discriminator", 3, false);
            case NAMESPACE -> {
                f.open("DINamespace").str("name", o.length == 5 ? 3 : 2, true).md("scope", 1, false);
                if ((f.get(0) & 2) != 0) {
                    f.raw("exportSymbols", "true");
                }
            }
            case TEMPLATE_TYPE -> {
                f.open("DITemplateTypeParameter").str("name", 1, true).md("type", 2, false);
                if (f.get(3) != 0) {
                    f.raw("defaulted", "true");
                }
            }
            case TEMPLATE_VALUE -> {
                f.open("DITemplateValueParameter");
                if (f.get(1) != 0x30) {
                    f.tag(1);
                }
                f.str("name", 2, true).md("type", 3, true);
                if (o.length == 6 && f.get(4) != 0) {
                    f.raw("defaulted", "true");
                }
                f.md("value", o.length == 6 ? 5 : 4, false);
            }
            case GLOBAL_VAR -> f.open("DIGlobalVariable").str("name", 2, true).str("linkageName", 3, true)
                    .md("scope", 1, false).md("file", 4, true).uint("line", 5, true).md("type", 6, true)
                    .bool("isLocal", f.get(7) != 0).bool("isDefinition", f.get(8) != 0).md("declaration", 9, true)
                    .md("templateParams", 10, true).uint("align", 11, true).md("annotations", 12, true);
            case LOCAL_VAR -> {
                if ((f.get(0) & 2) == 0) {
                    throw n.error("DILocalVariable without alignment (written before LLVM 5) is not supported");
                }
                f.open("DILocalVariable").str("name", 2, true).uint("arg", 6, true).md("scope", 1, false)
                        .md("file", 3, true).uint("line", 4, true).md("type", 5, true).flags("flags", 7)
                        .uint("align", 8, true).md("annotations", 9, true);
            }
            case EXPRESSION -> expression(f, o);
            case IMPORTED_ENTITY -> f.open("DIImportedEntity").tag(1).str("name", 5, true).md("scope", 2, false)
                    .md("entity", 3, true).md("file", 6, true).uint("line", 4, true).md("elements", 7, true);
            case MACRO -> f.open("DIMacro").dwarf("type", f.get(1), DwarfNames.MACINFO, false).uint("line", 2, false)
                    .str("name", 3, true).str("value", 4, true);
            case MACRO_FILE -> {
                f.open("DIMacroFile");
                if (f.get(1) != 3) {
                    f.dwarf("type", f.get(1), DwarfNames.MACINFO, false);
                }
                f.uint("line", 2, false).md("file", 3, false).md("nodes", 4, true);
            }
            case GLOBAL_VAR_EXPR -> f.open("DIGlobalVariableExpression").md("var", 1, false).md("expr", 2, false);
            case LABEL -> f.open("DILabel").md("scope", 1, false).str("name", 2, true).md("file", 3, true)
                    .uint("line", 4, true);
            case ASSIGN_ID -> f.open("DIAssignID");
            default -> throw n.error("debug-info metadata record " + d.code() + " is not supported");
        }
        return sb.append(')').toString();
    }

    /** {@code !DIExpression(DW_OP_plus_uconst, 8, DW_OP_stack_value)}; elements as numbers when not a valid expression. */
    private static void expression(Fields f, long[] o) {
        f.open("DIExpression");
        long[] e = java.util.Arrays.copyOfRange(o, Math.min(1, o.length), o.length);
        if (o.length > 0 && (o[0] & 6) == 0 && e.length >= 3 && e[e.length - 3] == 0x9d) {
            e[e.length - 3] = 0x1000; // DW_OP_bit_piece of version 0 is DW_OP_LLVM_fragment
        }
        List<String> words = new ArrayList<>();
        for (int i = 0; i < e.length; ) {
            DwarfNames.Operation op = DwarfNames.OPERATIONS.get(e[i]);
            if (op == null || i + op.args() >= e.length) {
                words = null;
                break;
            }
            words.add(op.name());
            for (int a = 1; a <= op.args(); a++) {
                words.add(e[i] == 0x1001 && a == 2 ? DwarfNames.ENCODINGS.getOrDefault(e[i + a], "")
                        : Long.toUnsignedString(e[i + a]));
            }
            i += 1 + op.args();
        }
        if (words == null) {
            words = new ArrayList<>();
            for (long w : e) {
                words.add(Long.toUnsignedString(w));
            }
        }
        f.sb.append(String.join(", ", words));
    }

    /** An enumerator's wide value: words of signed VBR (low first) to a decimal of {@code bits} bits. */
    private static String wide(long[] o, int from, long bits, boolean unsigned, MetadataNumbering n) {
        if (bits <= 0 || bits > 1 << 16) {
            throw n.error("invalid enumerator bit width " + bits);
        }
        java.math.BigInteger v = java.math.BigInteger.ZERO;
        for (int i = o.length - 1; i >= from; i--) {
            v = v.shiftLeft(64).or(java.math.BigInteger.valueOf(Attributes.decodeSigned(o[i]))
                    .and(java.math.BigInteger.ONE.shiftLeft(64).subtract(java.math.BigInteger.ONE)));
        }
        java.math.BigInteger mask = java.math.BigInteger.ONE.shiftLeft((int) bits).subtract(java.math.BigInteger.ONE);
        v = v.and(mask);
        if (!unsigned && v.testBit((int) bits - 1)) {
            v = v.subtract(mask.add(java.math.BigInteger.ONE));
        }
        return v.toString();
    }

    /** AsmWriter's MDFieldPrinter: {@code name: value} pairs separated by commas. */
    private static final class Fields {
        final StringBuilder sb = new StringBuilder();
        private final long[] o;
        private final MetadataNumbering n;
        private boolean first = true;

        Fields(long[] o, MetadataNumbering n) {
            this.o = o;
            this.n = n;
        }

        long get(int i) {
            return i < o.length ? o[i] : 0;
        }

        Fields open(String kind) {
            sb.append('!').append(kind).append('(');
            return this;
        }

        Fields raw(String name, String value) {
            sb.append(first ? "" : ", ").append(name).append(": ").append(value);
            first = false;
            return this;
        }

        Fields tag(int i) {
            return raw("tag", DwarfNames.TAGS.getOrDefault(get(i), Long.toString(get(i))));
        }

        Fields uint(String name, int i, boolean skipZero) {
            return skipZero && get(i) == 0 ? this : raw(name, Long.toUnsignedString(get(i)));
        }

        Fields sint(String name, int i) {
            long v = Attributes.decodeSigned(get(i));
            return v == 0 ? this : raw(name, Long.toString(v));
        }

        Fields bool(String name, boolean v) {
            return raw(name, String.valueOf(v));
        }

        Fields dwarf(String name, long v, Map<Long, String> names, boolean skipZero) {
            return skipZero && v == 0 ? this : raw(name, names.getOrDefault(v, Long.toUnsignedString(v)));
        }

        Fields flags(String name, int i) {
            return get(i) == 0 ? this : raw(name, DwarfNames.diFlags(get(i)));
        }

        Fields str(String name, int i, boolean skipEmpty) {
            String s = get(i) == 0 ? "" : n.string(get(i) - 1);
            return skipEmpty && s.isEmpty() ? this : raw(name, "\"" + ValueTable.escape(s) + "\"");
        }

        Fields md(String name, int i, boolean skipNull) {
            if (get(i) == 0) {
                return skipNull ? this : raw(name, "null");
            }
            return raw(name, n.reference(get(i) - 1));
        }

        /** A count or bound: a constant integer as its signed value, other metadata as a reference. */
        Fields bound(String name, int i) {
            if (get(i) == 0) {
                return this;
            }
            Long c = n.constantInt(get(i) - 1);
            return c != null ? raw(name, c.toString()) : raw(name, n.reference(get(i) - 1));
        }
    }
}

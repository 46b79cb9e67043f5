package org.nvlower.mlir.text;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;

import org.nvlower.mlir.MlirAttribute;
import org.nvlower.mlir.Attributes;
import org.nvlower.mlir.Block;
import org.nvlower.mlir.BlockArgument;
import org.nvlower.mlir.MlirFunctionType;
import org.nvlower.mlir.MlirVersion;
import org.nvlower.mlir.Operation;
import org.nvlower.mlir.Region;
import org.nvlower.mlir.Successor;
import org.nvlower.mlir.MlirType;
import org.nvlower.mlir.MlirTypes;
import org.nvlower.mlir.MlirValue;

/**
 * Prints a module as mlir-opt prints it: custom forms for the operations nvlower knows, the
 * generic form for the others, values and blocks named as mlir-opt names them, predecessor
 * comments on block labels, two-space indentation, in the spelling of MLIR 14 or 19.
 *
 * <p>The {@code public} methods below {@link #print} are the toolkit {@link Syntax}
 * implementations print operations with (as MLIR's OpAsmPrinter).
 */
public final class MlirPrinter {

    private final StringBuilder out = new StringBuilder();
    private final MlirVersion version;
    private final AsmNames names;
    private final Deque<String> defaultDialects = new ArrayDeque<>();
    private int indent;

    private MlirPrinter(Operation top, MlirVersion version) {
        this.version = version;
        this.names = new AsmNames(top);
    }

    /** The module's text in {@code version}'s spelling, ending in a newline. */
    public static String print(Operation module, MlirVersion version) {
        MlirPrinter p = new MlirPrinter(module, version);
        p.defaultDialects.push("builtin");
        p.operation(module);
        p.out.append('\n'); // mlir-opt ends its output with an empty line
        return aliasAffineMaps(p.out.toString(), version);
    }

    /**
     * Replaces each distinct {@code affine_map<...>} by an alias defined before the module, as
     * mlir-opt does: {@code #map}, {@code #map1}... in order of first appearance (MLIR 14:
     * {@code #map0}, {@code #map1}... when there are several). Text kept raw (strings, dialect
     * attribute and type bodies, {@code fastmath<...>}, {@code strided<...>}...) is left alone.
     */
    private static String aliasAffineMaps(String text, MlirVersion version) {
        if (!text.contains("affine_map<")) {
            return text;
        }
        Map<String, String> aliases = new java.util.LinkedHashMap<>();
        List<int[]> spans = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '"') {
                i = stringEnd(text, i);
            } else if (isIdentifierChar(c) && (i == 0 || !isIdentifierChar(text.charAt(i - 1)))) {
                int w = i;
                while (w < text.length() && isIdentifierChar(text.charAt(w))) {
                    w++;
                }
                String word = text.substring(i, w);
                boolean raw = w < text.length() && text.charAt(w) == '<'
                        && (i > 0 && (text.charAt(i - 1) == '#' || text.charAt(i - 1) == '!') || RAW_BODIES.contains(word));
                if (word.equals("affine_map") && w < text.length() && text.charAt(w) == '<'
                        && (i == 0 || text.charAt(i - 1) != '#' && text.charAt(i - 1) != '!')) {
                    int end = bodyEnd(text, w);
                    aliases.putIfAbsent(text.substring(i, end), "");
                    spans.add(new int[] {i, end});
                    i = end;
                } else {
                    i = raw ? bodyEnd(text, w) : w;
                }
            } else {
                i++;
            }
        }
        if (spans.isEmpty()) {
            return text;
        }
        int k = 0;
        boolean numberFirst = version == MlirVersion.MLIR_14 && aliases.size() > 1;
        for (Map.Entry<String, String> e : aliases.entrySet()) {
            e.setValue("#map" + (k == 0 && !numberFirst ? "" : Integer.toString(k)));
            k++;
        }
        StringBuilder sb = new StringBuilder();
        aliases.forEach((map, alias) -> sb.append(alias).append(" = ").append(map).append('\n'));
        int last = 0;
        for (int[] span : spans) {
            sb.append(text, last, span[0]).append(aliases.get(text.substring(span[0], span[1])));
            last = span[1];
        }
        return sb.append(text, last, text.length()).toString();
    }

    /** Keywords whose {@code <...>} the printer writes as read (raw attribute texts, flags). */
    private static final Set<String> RAW_BODIES = Set.of("affine_set", "strided", "array", "dense_resource", "sparse",
            "opaque", "distinct", "fastmath", "overflow");

    private static boolean isIdentifierChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '$';
    }

    /** The offset after the string literal starting at {@code open}. */
    private static int stringEnd(String text, int open) {
        int p = open + 1;
        while (p < text.length() && text.charAt(p) != '"') {
            p += text.charAt(p) == '\\' ? 2 : 1;
        }
        return Math.min(p + 1, text.length());
    }

    /** The offset after the balanced {@code <...>} opening at {@code open}. */
    private static int bodyEnd(String text, int open) {
        int depth = 0;
        int p = open;
        while (p < text.length()) {
            char c = text.charAt(p);
            if (c == '"') {
                p = stringEnd(text, p);
                continue;
            }
            if (c == '<' || c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == '>' && text.charAt(p - 1) != '-' || c == ')' || c == ']' || c == '}') {
                depth--;
            }
            p++;
            if (depth == 0) {
                return p;
            }
        }
        return text.length();
    }

    private void indent() {
        for (int i = 0; i < indent; i++) {
            out.append("  ");
        }
    }

    /** The MLIR version being printed. */
    public MlirVersion version() {
        return version;
    }

    private void operation(Operation op) {
        indent();
        List<? extends MlirValue> results = op.results();
        if (!results.isEmpty()) {
            out.append(names.group(op));
            if (results.size() > 1) {
                out.append(':').append(results.size());
            }
            out.append(" = ");
        }
        OpInfo info = OpRegistry.lookupCanonical(op.name());
        if (info != null) {
            out.append(opName(info));
            info.syntax().print(this, op);
        } else {
            generic(op);
        }
        out.append('\n');
    }

    /** The spelling, without the enclosing region's default dialect (and 14's {@code std.}). */
    private String opName(OpInfo info) {
        String name = info.spelling(version);
        String dialect = defaultDialects.peek();
        int d = dialect.length();
        if (d > 0 && name.length() > d && name.charAt(d) == '.' && name.startsWith(dialect)
                && name.indexOf('.', d + 1) < 0) {
            return name.substring(dialect.length() + 1);
        }
        if (version == MlirVersion.MLIR_14 && name.startsWith("std.")) {
            return name.substring(4);
        }
        return name;
    }

    private void generic(Operation op) {
        out.append(Attributes.quote(op.name())).append('(');
        operandList(op.operands());
        out.append(')');
        if (!op.successors().isEmpty()) {
            out.append('[');
            for (int i = 0; i < op.successors().size(); i++) {
                out.append(i == 0 ? "" : ", ").append(names.block(op.successors().get(i).block()));
            }
            out.append(']');
        }
        SortedMap<String, MlirAttribute> props = op.properties();
        if (props != null && version != MlirVersion.MLIR_14) {
            out.append(" <").append(Attributes.dictionary(props, Set.of()).isEmpty() ? "{}"
                    : Attributes.dictionary(props, Set.of())).append('>');
        }
        if (!op.regions().isEmpty()) {
            out.append(" (");
            defaultDialects.push("");
            for (int i = 0; i < op.regions().size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                region(op.regions().get(i), true, true);
            }
            defaultDialects.pop();
            out.append(')');
        }
        Map<String, MlirAttribute> attrs = op.attributes();
        if (props != null && version == MlirVersion.MLIR_14) {
            attrs = new java.util.TreeMap<>(attrs);
            attrs.putAll(props);
        }
        attrDict(attrs, Set.of());
        out.append(" : (");
        out.append(MlirTypes.join(op.operandTypes()));
        out.append(") -> ").append(MlirTypes.resultList(op.resultTypes()));
    }

    // ------------------------------------------------------------------ toolkit for syntaxes

    /** Appends raw text. */
    public MlirPrinter text(String s) {
        out.append(s);
        return this;
    }

    /** Appends a value's name. */
    public MlirPrinter value(MlirValue v) {
        out.append(names.value(v));
        return this;
    }

    /** {@code %a, %b}. */
    public MlirPrinter operandList(List<MlirValue> values) {
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                out.append(", ");
            }
            value(values.get(i));
        }
        return this;
    }

    public MlirPrinter type(MlirType t) {
        out.append(t);
        return this;
    }

    /** {@code f32, i32}. */
    public MlirPrinter typeList(List<MlirType> types) {
        for (int i = 0; i < types.size(); i++) {
            if (i > 0) {
                out.append(", ");
            }
            out.append(types.get(i));
        }
        return this;
    }

    /** An attribute with its type. */
    public MlirPrinter attribute(MlirAttribute a) {
        Attributes.append(out, a, false);
        return this;
    }

    /** {@code  {a = 1 : i32}} (with a leading space) of the attributes not in {@code elided}. */
    public MlirPrinter attrDict(Map<String, MlirAttribute> attrs, Set<String> elided) {
        Attributes.appendDictionary(out, " ", attrs, elided);
        return this;
    }

    /** {@code  attributes {a = 1 : i32}} of the attributes not in {@code elided}. */
    public MlirPrinter attrDictWithKeyword(Map<String, MlirAttribute> attrs, Set<String> elided) {
        Attributes.appendDictionary(out, " attributes ", attrs, elided);
        return this;
    }

    /** {@code ^bb1} or {@code ^bb1(%a : f32)}. */
    public MlirPrinter successor(Successor s) {
        out.append(names.block(s.block()));
        if (!s.arguments().isEmpty()) {
            out.append('(');
            operandList(s.arguments());
            out.append(" : ");
            typeList(s.arguments().stream().map(MlirValue::type).toList());
            out.append(')');
        }
        return this;
    }

    /** {@code (f32) -> f32} of operand and result types. */
    public MlirPrinter functionalType(List<MlirType> inputs, List<MlirType> results) {
        out.append('(');
        typeList(inputs);
        out.append(") -> ");
        if (results.size() == 1 && !(results.get(0) instanceof MlirFunctionType)) {
            out.append(results.get(0));
        } else {
            out.append('(');
            typeList(results);
            out.append(')');
        }
        return this;
    }

    /**
     * {@code { ... }} of a region at the current indentation. The entry block's label is printed
     * when {@code entryArguments} and it has arguments, or when {@code emptyBlock} and it is empty.
     * {@code defaultDialect} is what bare names inside resolve to.
     */
    public MlirPrinter region(Region r, boolean entryArguments, boolean emptyBlock, String defaultDialect) {
        defaultDialects.push(defaultDialect);
        region(r, entryArguments, emptyBlock);
        defaultDialects.pop();
        return this;
    }

    private void region(Region r, boolean entryArguments, boolean emptyBlock) {
        out.append("{\n");
        if (!r.isEmpty()) {
            Map<Block, List<Block>> preds = predecessors(r);
            Block entry = r.entry();
            boolean header = emptyBlock && entry.operations().isEmpty()
                    || entryArguments && !entry.arguments().isEmpty() || !preds.get(entry).isEmpty();
            block(entry, header, preds);
            for (int i = 1; i < r.blocks().size(); i++) {
                block(r.blocks().get(i), true, preds);
            }
        }
        indent();
        out.append('}');
    }

    private void block(Block b, boolean header, Map<Block, List<Block>> preds) {
        if (header) {
            indent();
            out.append(names.block(b));
            if (!b.arguments().isEmpty()) {
                out.append('(');
                List<BlockArgument> args = b.arguments();
                for (int i = 0; i < args.size(); i++) {
                    out.append(i == 0 ? "" : ", ").append(names.value(args.get(i))).append(": ").append(args.get(i).type());
                }
                out.append(')');
            }
            out.append(':');
            List<Block> ps = preds.get(b);
            if (ps.isEmpty()) {
                if (preds.keySet().iterator().next() != b) {
                    out.append("  // no predecessors");
                }
            } else if (ps.size() == 1) {
                out.append("  // pred: ").append(names.block(ps.get(0)));
            } else {
                List<Block> sorted = new ArrayList<>(ps);
                sorted.sort(Comparator.comparingInt(names::blockOrder));
                out.append("  // ").append(sorted.size()).append(" preds: ");
                for (int i = 0; i < sorted.size(); i++) {
                    out.append(i == 0 ? "" : ", ").append(names.block(sorted.get(i)));
                }
            }
            out.append('\n');
        }
        indent++;
        for (Operation op : b.operations()) {
            operation(op);
        }
        indent--;
    }

    /** Each block's predecessors, one entry per branch edge (entry block first in the map). */
    private static Map<Block, List<Block>> predecessors(Region r) {
        Map<Block, List<Block>> preds = new java.util.LinkedHashMap<>();
        for (Block b : r.blocks()) {
            preds.put(b, new ArrayList<>());
        }
        Map<Block, Boolean> inRegion = new IdentityHashMap<>();
        r.blocks().forEach(b -> inRegion.put(b, true));
        for (Block b : r.blocks()) {
            for (Operation op : b.operations()) {
                for (Successor s : op.successors()) {
                    if (inRegion.containsKey(s.block())) {
                        preds.get(s.block()).add(b);
                    }
                }
            }
        }
        return preds;
    }
}

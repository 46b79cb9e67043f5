package org.nvlower.llvm.analysis;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.nvlower.llvm.ir.MetadataDefinition;
import org.nvlower.llvm.ir.MetadataText;
import org.nvlower.llvm.ir.Module;

/**
 * LLVM's rules on debug-info nodes that make llvm-as reject a module (LLVM 14's
 * {@code visitDICompileUnit}, {@code visitDIDerivedType}/{@code visitDICompositeType}'s base type,
 * {@code visitTemplateParams}, {@code DIExpression::isValid}, {@code verifyCompileUnits}): a
 * compile unit is listed in {@code !llvm.dbg.cu}; a base type is a type node (not a string); a
 * node's template parameters are a tuple of template parameter nodes; {@code dataLocation},
 * {@code associated}, {@code allocated} and {@code rank} only on array types; a subrange's
 * count or upper bound (one of them) and bounds of the kinds LLVM allows; an expression's
 * operations are ones LLVM knows, each with its operands, {@code DW_OP_LLVM_fragment} last,
 * {@code DW_OP_stack_value} last or before the fragment.
 *
 * <p>Only nodes reachable from named metadata other than {@code llvm.dbg.*} are checked: LLVM's
 * reader strips the debug info (with a warning) when a node reached only through
 * {@code llvm.dbg.cu}, {@code !dbg} attachments or debug intrinsics is broken, but a node that
 * other metadata keeps survives the stripping and fails the verifier.
 */
final class DebugInfoNodeRules {

    private DebugInfoNodeRules() {
    }

    /** A broken node and LLVM's message. */
    record Found(MetadataDefinition node, String message) {
    }

    private static final Pattern BASE_TYPE = Pattern.compile("\\bbaseType: (null|![0-9]+|!\")");
    private static final Pattern TEMPLATE_PARAMS = Pattern.compile("\\btemplateParams: (null|![0-9]+|![{]|!\")");

    /** The kinds LLVM's isa&lt;DIType&gt; accepts. */
    private static final List<String> TYPE_KINDS = List.of("DIBasicType", "DIDerivedType", "DICompositeType",
            "DISubroutineType", "DIStringType");

    static List<Found> check(Module module, Map<String, String> bodies) {
        Set<String> kept = keptNodes(module, bodies);
        if (kept.isEmpty()) {
            return List.of();
        }
        Set<String> listed = new HashSet<>(module.namedMetadata("llvm.dbg.cu"));
        List<Found> found = new ArrayList<>();
        for (String id : kept) {
            MetadataDefinition node = module.metadata(id);
            String body = bodies.get(id);
            if (node == null || body == null) {
                continue;
            }
            String kind = kind(body);
            String problem = switch (kind) {
                case "DICompileUnit" -> listed.contains(id) ? null : "DICompileUnit not listed in llvm.dbg.cu";
                case "DIDerivedType" -> {
                    String base = baseTypeProblem(body, bodies);
                    yield base != null ? base : templateProblem(body, bodies);
                }
                case "DICompositeType" -> {
                    String base = baseTypeProblem(body, bodies);
                    base = base != null ? base : templateProblem(body, bodies);
                    yield base != null ? base : arrayOnlyProblem(body);
                }
                case "DISubrange" -> subrangeProblem(body, bodies, false);
                case "DIGenericSubrange" -> subrangeProblem(body, bodies, true);
                case "DISubprogram" -> templateProblem(body, bodies);
                case "DIExpression" -> validExpression(body) ? null : "invalid expression";
                default -> null;
            };
            if (problem != null) {
                found.add(new Found(node, problem));
            }
        }
        return found;
    }

    /** The nodes reachable from named metadata that LLVM's debug-info stripping keeps (all but llvm.dbg.*). */
    private static Set<String> keptNodes(Module module, Map<String, String> bodies) {
        Set<String> seen = new LinkedHashSet<>();
        Deque<String> work = new ArrayDeque<>();
        for (var e : module.entities()) {
            if (e instanceof MetadataDefinition m && m.isNamed() && !m.id().startsWith("llvm.dbg.")) {
                work.addAll(m.references());
            }
        }
        while (!work.isEmpty()) {
            String id = work.pop();
            String body = bodies.get(id);
            if (body != null && seen.add(id)) {
                work.addAll(MetadataText.nodeRefs(body));
            }
        }
        return seen;
    }

    /** {@code DIExpression} for {@code !DIExpression(...)} (or its distinct form); "" for a tuple or other text. */
    private static String kind(String body) {
        String b = body.startsWith("distinct") ? body.substring("distinct".length()).stripLeading() : body;
        if (!b.startsWith("!DI")) {
            return "";
        }
        int open = b.indexOf('(');
        return open < 0 ? "" : b.substring(1, open);
    }

    private static String baseTypeProblem(String body, Map<String, String> bodies) {
        Matcher m = BASE_TYPE.matcher(body);
        if (!m.find() || m.group(1).equals("null")) {
            return null;
        }
        if (m.group(1).equals("!\"")) {
            return "invalid base type"; // a string names no type since LLVM 4
        }
        String target = bodies.get(m.group(1).substring(1));
        return target == null || TYPE_KINDS.contains(kind(target)) ? null : "invalid base type";
    }

    private static String templateProblem(String body, Map<String, String> bodies) {
        Matcher m = TEMPLATE_PARAMS.matcher(body);
        if (!m.find() || m.group(1).equals("null")) {
            return null;
        }
        if (!m.group(1).startsWith("!") || m.group(1).equals("!\"")) {
            return "invalid template params";
        }
        if (m.group(1).equals("!{")) {
            return null; // an inline tuple: its elements are not read here
        }
        String params = bodies.get(m.group(1).substring(1));
        List<String> elements = params == null ? null : MetadataText.tupleElements(params);
        if (params == null) {
            return null;
        }
        if (elements == null) {
            return "invalid template params";
        }
        for (String e : elements) {
            String target = e.startsWith("!") && MetadataText.isNumber(e.substring(1)) ? bodies.get(e.substring(1)) : null;
            String k = target == null ? "" : kind(target);
            if (!k.equals("DITemplateTypeParameter") && !k.equals("DITemplateValueParameter")) {
                return "invalid template parameter";
            }
        }
        return null;
    }

    /** The fields of a composite type LLVM allows only on an array type. */
    private static final List<String> ARRAY_ONLY = List.of("dataLocation", "associated", "allocated", "rank");

    private static String arrayOnlyProblem(String body) {
        if (body.contains("tag: DW_TAG_array_type")) {
            return null;
        }
        for (String f : ARRAY_ONLY) {
            String v = field(body, f);
            if (v != null && !v.equals("null")) {
                return f + " can only appear in array type";
            }
        }
        return null;
    }

    /** What a bound field holds: absent, a constant, a DIVariable, a DIExpression, or something else. */
    private enum Bound { ABSENT, CONSTANT, VARIABLE, EXPRESSION, OTHER }

    private static Bound bound(String body, String name, Map<String, String> bodies) {
        String v = field(body, name);
        if (v == null || v.equals("null")) {
            return Bound.ABSENT;
        }
        if (v.matches("-?\\d+")) {
            return Bound.CONSTANT;
        }
        if (v.startsWith("!DIExpression(")) {
            return Bound.EXPRESSION;
        }
        if (v.startsWith("!") && MetadataText.isNumber(v.substring(1))) {
            String target = bodies.get(v.substring(1));
            String k = target == null ? "" : kind(target);
            return switch (k) {
                case "DILocalVariable", "DIGlobalVariable" -> Bound.VARIABLE;
                case "DIExpression" -> Bound.EXPRESSION;
                case "" -> target == null ? Bound.VARIABLE : Bound.OTHER; // undefined: reported elsewhere
                default -> Bound.OTHER;
            };
        }
        return Bound.OTHER;
    }

    /**
     * LLVM 14's visitDISubrange and visitDIGenericSubrange: count or upper bound, not both; bounds
     * and stride constants (subrange only), variables or expressions; a generic subrange has a
     * lower bound and a stride.
     */
    private static String subrangeProblem(String body, Map<String, String> bodies, boolean generic) {
        String what = generic ? "GenericSubrange" : "Subrange";
        Bound count = bound(body, "count", bodies);
        Bound lower = bound(body, "lowerBound", bodies);
        Bound upper = bound(body, "upperBound", bodies);
        Bound stride = bound(body, "stride", bodies);
        if (count == Bound.ABSENT && upper == Bound.ABSENT) {
            return what + " must contain count or upperBound";
        }
        if (count != Bound.ABSENT && upper != Bound.ABSENT) {
            return what + " can have any one of count or upperBound";
        }
        if (!boundOk(count, generic, true)) {
            return "Count must be signed constant or DIVariable or DIExpression";
        }
        if (generic && lower == Bound.ABSENT) {
            return "GenericSubrange must contain lowerBound";
        }
        if (!boundOk(lower, generic, !generic)) {
            return "LowerBound must be signed constant or DIVariable or DIExpression";
        }
        if (!boundOk(upper, generic, true)) {
            return "UpperBound must be signed constant or DIVariable or DIExpression";
        }
        if (generic && stride == Bound.ABSENT) {
            return "GenericSubrange must contain stride";
        }
        if (!boundOk(stride, generic, !generic)) {
            return "Stride must be signed constant or DIVariable or DIExpression";
        }
        return null;
    }

    private static boolean boundOk(Bound b, boolean generic, boolean mayBeAbsent) {
        return switch (b) {
            case ABSENT -> mayBeAbsent;
            case CONSTANT -> !generic;
            case VARIABLE, EXPRESSION -> true;
            case OTHER -> false;
        };
    }

    /** The text of field {@code name} of a specialized node ({@code name: value}), or null when absent. */
    private static String field(String body, String name) {
        int open = body.indexOf('(');
        int depth = 0;
        for (int i = open + 1; i >= 1 && i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '"') {
                int j = body.indexOf('"', i + 1);
                i = j < 0 ? body.length() : j;
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (depth == 0 && (i == open + 1 || body.charAt(i - 1) == ' ' || body.charAt(i - 1) == ',')
                    && body.startsWith(name + ":", i)) {
                int from = i + name.length() + 1;
                int d = 0;
                int end = from;
                for (; end < body.length(); end++) {
                    char e = body.charAt(end);
                    if (e == '"') {
                        int j = body.indexOf('"', end + 1);
                        end = j < 0 ? body.length() - 1 : j;
                    } else if (e == '(') {
                        d++;
                    } else if (e == ')') {
                        if (d == 0) {
                            break;
                        }
                        d--;
                    } else if (e == ',' && d == 0) {
                        break;
                    }
                }
                return body.substring(from, end).strip();
            }
        }
        return null;
    }

    /** Operation code to its size in elements (itself and its operands), for the operations LLVM's isValid accepts. */
    private static final Map<Long, Integer> SIZES = new java.util.HashMap<>();

    /** Operation names to codes. */
    private static final Map<String, Long> CODES = new java.util.HashMap<>();

    static {
        String table = """
                deref 06 1, constu 10 2, consts 11 2, dup 12 1, over 14 1, swap 16 1, xderef 18 1, and 1a 1,
                div 1b 1, minus 1c 1, mod 1d 1, mul 1e 1, not 20 1, or 21 1, plus 22 1, plus_uconst 23 2,
                shl 24 1, shr 25 1, shra 26 1, xor 27 1, lit0 30 1, regx 90 2, bregx 92 3, deref_size 94 2,
                push_object_address 97 1, stack_value 9f 1, LLVM_fragment 1000 3, LLVM_convert 1001 3,
                LLVM_tag_offset 1002 2, LLVM_entry_value 1003 2, LLVM_implicit_pointer 1004 1, LLVM_arg 1005 2,
                LLVM_extract_bits_sext 1006 3, LLVM_extract_bits_zext 1007 3""";
        for (String e : table.split(",")) {
            String[] f = e.strip().split(" ");
            long code = Long.parseLong(f[1], 16);
            CODES.put("DW_OP_" + f[0], code);
            SIZES.put(code, Integer.parseInt(f[2]));
        }
        for (int i = 0; i < 32; i++) {
            CODES.put("DW_OP_reg" + i, 0x50L + i);
            SIZES.put(0x50L + i, 1);
            CODES.put("DW_OP_breg" + i, 0x70L + i);
            SIZES.put(0x70L + i, 2);
        }
    }

    private static final long FRAGMENT = 0x1000;
    private static final long STACK_VALUE = 0x9f;
    private static final long SWAP = 0x16;
    private static final long ENTRY_VALUE = 0x1003;

    /** LLVM's DIExpression::isValid over {@code !DIExpression(elements)}; true when the text is not read here. */
    static boolean validExpression(String body) {
        String b = body.startsWith("distinct") ? body.substring("distinct".length()).stripLeading() : body;
        int open = b.indexOf('(');
        int close = b.lastIndexOf(')');
        if (open < 0 || close < open) {
            return true;
        }
        String inner = b.substring(open + 1, close).strip();
        if (inner.isEmpty()) {
            return true;
        }
        String[] parts = inner.split(",");
        long[] elements = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i].strip();
            Long code = CODES.get(p);
            if (code != null) {
                elements[i] = code;
            } else if (p.matches("\\d+")) {
                try {
                    elements[i] = Long.parseUnsignedLong(p);
                } catch (NumberFormatException e) {
                    return true; // beyond 64 bits: the parser's rule
                }
            } else if (p.startsWith("DW_") || p.matches("0x[0-9a-fA-F]+|-\\d+")) {
                elements[i] = p.startsWith("DW_ATE_") ? 0 : -1; // an encoding operand, or an op LLVM 14 does not verify
                if (p.startsWith("DW_OP_")) {
                    elements[i] = -1;
                }
            } else {
                return true;
            }
        }
        for (int i = 0; i < elements.length; ) {
            long op = elements[i];
            Integer size = SIZES.get(op);
            if (size == null || i + size > elements.length) {
                return false;
            }
            if (op == FRAGMENT) {
                return i + size == elements.length;
            }
            if (op == STACK_VALUE && i + size != elements.length && elements[i + size] != FRAGMENT) {
                return false;
            }
            if (op == SWAP && elements.length == 1) {
                return false;
            }
            if (op == ENTRY_VALUE) {
                return i == 0 && elements[i + 1] == 1;
            }
            i += size;
        }
        return true;
    }
}

package org.nvlower.llvm.text;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The field list of a specialized metadata node ({@code !DIBasicType(name: "int", size: 32)}) as
 * LLParser reads it: {@code label: value} pairs separated by commas, each label a field some
 * debug-info node has, and the unsigned fields (sizes, lines, ...) given a number. nvlower keeps
 * metadata as text; this check only rejects what llvm-as 14 and 19 both reject: unknown labels,
 * repeated fields, the required fields of each kind, {@code null} where LLParser forbids it, the
 * bounds of numeric fields, DWARF tag and language names, and {@code distinct} where LLParser
 * requires it. Which node has which field is not checked (a field of another node kind passes),
 * nor the kind of most values.
 * {@code !DIExpression(...)} and {@code !DIArgList(...)} are positional: only an expression's element
 * bound is checked ({@link #expressionProblem}).
 */
final class SpecializedNodeSyntax {

    /** What is wrong, at which offset of the node's text. */
    record Problem(int offset, String message) {
    }

    /** Every field of the debug-info nodes (LLVM 14 to 19). */
    private static final Set<String> FIELDS = Set.of(
            "align", "allocated", "annotations", "apinotes", "arg", "associated", "attributes", "baseType", "cc",
            "checksum", "checksumkind", "column", "configMacros", "containingType", "coroSuspendIdx", "count",
            "dataLocation", "debugInfoForProfiling", "declaration", "defaulted", "directory", "discriminator",
            "dwarfAddressSpace", "dwoId", "elements", "emissionKind", "encoding", "entity", "enums", "expr",
            "exportSymbols", "extraData", "file", "filename", "flags", "getter", "globals", "header", "identifier",
            "imports", "includePath", "inlinedAt", "isArtificial", "isDecl", "isDefinition", "isImplicitCode",
            "isLocal", "isOptimized", "isUnsigned", "language", "line", "linkageName", "lowerBound", "macros", "name",
            "nameTableKind", "nodes", "num_extra_inhabitants", "offset", "operands", "producer",
            "ptrAuthAuthenticatesNullValues", "ptrAuthExtraDiscriminator", "ptrAuthIsAddressDiscriminated",
            "ptrAuthIsaPointer", "ptrAuthKey", "rangesBaseAddress", "rank", "retainedNodes", "retainedTypes",
            "runtimeLang", "runtimeVersion", "scope", "scopeLine", "sdk", "setter", "size", "source", "spFlags",
            "specification", "splitDebugFilename", "splitDebugInlining", "stride", "stringLength",
            "stringLengthExpression", "stringLocationExpression", "sysroot", "tag", "targetFuncName",
            "templateParams", "thisAdjustment", "thrownTypes", "type", "types", "unit", "upperBound", "value", "var",
            "virtualIndex", "virtuality", "vtableHolder");

    /**
     * The fields of the kinds checked one by one (LLParser's field list of each, the same in LLVM 5 to
     * 19); another kind takes any field of {@link #FIELDS}. DINamespace lost {@code file} and
     * {@code line} in LLVM 5.
     */
    private static final Map<String, Set<String>> KIND_FIELDS = Map.of(
            "DINamespace", Set.of("scope", "name", "exportSymbols"));

    /** The largest element of a {@code !DIExpression} (LLParser reads each as a 64-bit unsigned). */
    private static final BigInteger EXPRESSION_ELEMENT_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    /** Fields LLParser reads as unsigned numbers (newer LLVMs also take metadata for some: a node passes). */
    private static final Set<String> UNSIGNED = Set.of("arg", "column", "dwarfAddressSpace", "dwoId", "line",
            "runtimeVersion", "scopeLine", "virtualIndex", "size", "offset");

    /**
     * Per node kind, LLParser's rules (LLVM 14 and 19 agree on each): {@code +f} a required field,
     * {@code !} after it a required field that may not be {@code null}, {@code #f} a string that
     * may not be empty. A kind not listed has no such rule here.
     */
    private static final Map<String, String> RULES = Map.ofEntries(
            Map.entry("DILocation", "+scope!"),
            Map.entry("GenericDINode", "+tag"),
            Map.entry("DIEnumerator", "+name +value"),
            Map.entry("DIDerivedType", "+tag +baseType"),
            Map.entry("DICompositeType", "+tag"),
            Map.entry("DISubroutineType", "+types"),
            Map.entry("DIFile", "+filename +directory"),
            Map.entry("DICompileUnit", "+language +file!"),
            Map.entry("DILexicalBlock", "+scope!"),
            Map.entry("DILexicalBlockFile", "+scope! +discriminator"),
            Map.entry("DINamespace", "+scope"),
            Map.entry("DICommonBlock", "+scope"),
            Map.entry("DIModule", "+scope +name"),
            Map.entry("DIMacro", "+type +name"),
            Map.entry("DIMacroFile", "+file"),
            Map.entry("DITemplateTypeParameter", "+type"),
            Map.entry("DITemplateValueParameter", "+value"),
            Map.entry("DIGlobalVariable", "#name"),
            Map.entry("DILocalVariable", "+scope!"),
            Map.entry("DILabel", "+scope! +name +file +line"),
            Map.entry("DIImportedEntity", "+tag +scope"),
            Map.entry("DIGlobalVariableExpression", "+var +expr"));

    /** Every specialized node kind LLVM 14 or 19 (or later) reads; another is "expected metadata type". */
    static final Set<String> KINDS = Set.of("DILocation", "GenericDINode", "DISubrange", "DIGenericSubrange",
            "DIEnumerator", "DIBasicType", "DIFixedPointType", "DIStringType", "DIDerivedType", "DICompositeType",
            "DISubroutineType", "DIFile", "DICompileUnit", "DISubprogram", "DILexicalBlock", "DILexicalBlockFile",
            "DICommonBlock", "DINamespace", "DIMacro", "DIMacroFile", "DIModule", "DITemplateTypeParameter",
            "DITemplateValueParameter", "DIGlobalVariable", "DILocalVariable", "DILabel", "DIExpression",
            "DIGlobalVariableExpression", "DIObjCProperty", "DIImportedEntity", "DIAssignID", "DIArgList",
            "DISubrangeType");

    /** The largest value of an unsigned field, by label (LLParser's LineField, ColumnField, MDUnsignedField bounds). */
    private static final Map<String, BigInteger> UNSIGNED_LIMITS = Map.of(
            "line", BigInteger.valueOf(0xFFFF_FFFFL), "scopeLine", BigInteger.valueOf(0xFFFF_FFFFL),
            "column", BigInteger.valueOf(0xFFFF), "arg", BigInteger.valueOf(0xFFFF),
            "align", BigInteger.valueOf(0xFFFF_FFFFL), "discriminator", BigInteger.valueOf(0xFFFF_FFFFL),
            "runtimeVersion", BigInteger.valueOf(0xFFFF_FFFFL), "virtualIndex", BigInteger.valueOf(0xFFFF_FFFFL),
            "tag", BigInteger.valueOf(0xFFFF), "emissionKind", BigInteger.valueOf(3));

    /** The signed fields of {@code !DISubrange}: label to {min, max} (LLParser's MDSignedField bounds). */
    private static final Map<String, BigInteger[]> SIGNED_LIMITS = Map.of(
            "count", new BigInteger[] {BigInteger.valueOf(-1), BigInteger.valueOf(Long.MAX_VALUE)},
            "lowerBound", new BigInteger[] {BigInteger.valueOf(Long.MIN_VALUE), BigInteger.valueOf(Long.MAX_VALUE)});

    private static final Set<String> EMISSION_KINDS = Set.of("NoDebug", "FullDebug", "LineTablesOnly",
            "DebugDirectivesOnly");

    /** One {@code label: value} of the list, with the offsets of its label and value. */
    private record Field(String label, int labelOffset, String value, int valueOffset) {
    }

    private SpecializedNodeSyntax() {
    }

    /** Whether {@code kind} (the name after '!') is a node this class checks. */
    static boolean applies(String kind) {
        return kind.startsWith("DI") && !kind.equals("DIExpression") && !kind.equals("DIArgList")
                || kind.equals("GenericDINode");
    }

    /** The first problem of {@code fields} (the text between the node's parentheses) read as syntax only; null when none. */
    static Problem problem(String fields) {
        return problem("", false, fields);
    }

    /**
     * The first problem of a {@code !kind(fields)} node, {@code distinct} or not, in LLParser's
     * order: "missing 'distinct'" of a compile unit first, then each field in turn (label, value,
     * bounds), the required fields (at the closing parenthesis, offset {@code fields.length()}),
     * and a uniqued subprogram that is a definition (offset -1: the node's name). Null when none.
     */
    static Problem problem(String kind, boolean distinct, String fields) {
        if (kind.equals("DICompileUnit") && !distinct) {
            return new Problem(-1, "missing 'distinct', required for !DICompileUnit");
        }
        List<Field> list = new ArrayList<>();
        Problem syntax = fields(fields, list);
        if (syntax != null) {
            return syntax;
        }
        String rules = RULES.getOrDefault(kind, "");
        Set<String> seen = new HashSet<>();
        Set<String> own = KIND_FIELDS.get(kind);
        for (Field f : list) {
            if (own != null && !own.contains(f.label())) {
                return new Problem(f.labelOffset(), "invalid field '" + f.label() + "'");
            }
            if (!seen.add(f.label())) {
                return new Problem(f.labelOffset(), "field '" + f.label() + "' cannot be specified more than once");
            }
            String p = valueProblem(kind, f, rules);
            if (p != null) {
                return new Problem(f.valueOffset(), p);
            }
        }
        for (String rule : rules.split(" ")) {
            if (rule.startsWith("+")) {
                String label = rule.substring(1).replace("!", "");
                if (!seen.contains(label)) {
                    return new Problem(fields.length(), "missing required field '" + label + "'");
                }
            }
        }
        if (kind.equals("DISubprogram") && !distinct && isDefinition(list)) {
            return new Problem(-1, "missing 'distinct', required for !DISubprogram that is a Definition");
        }
        return null;
    }

    /** The problem of one field's value (bounds, DWARF names, null, empty), or null. */
    private static String valueProblem(String kind, Field f, String rules) {
        String label = f.label();
        String v = f.value();
        boolean number = !v.isEmpty() && v.chars().allMatch(Character::isDigit);
        if (v.equals("null") && (" " + rules + " ").contains("+" + label + "! ")) {
            return "'" + label + "' cannot be null";
        }
        if (v.equals("\"\"") && (" " + rules + " ").contains(" #" + label + " ")) {
            return "'" + label + "' cannot be empty";
        }
        switch (label) {
            case "tag" -> {
                if (v.startsWith("DW_TAG_") && !DwarfNames.TAGS.contains(v.substring(7))) {
                    return "invalid DWARF tag '" + v + "'";
                }
                if (v.startsWith("\"")) {
                    return "expected DWARF tag";
                }
            }
            case "language", "runtimeLang" -> {
                if (v.startsWith("DW_LANG_") && !DwarfNames.LANGUAGES.contains(v.substring(8))) {
                    return "invalid DWARF language '" + v + "'";
                }
                if (number && new BigInteger(v).compareTo(BigInteger.valueOf(0xFFFF)) > 0) {
                    return "value for '" + label + "' too large, limit is 65535";
                }
            }
            case "emissionKind" -> {
                if (!number && !v.isEmpty() && Character.isLetter(v.charAt(0)) && !EMISSION_KINDS.contains(v)) {
                    return "expected emission kind";
                }
            }
            default -> {
            }
        }
        BigInteger max = UNSIGNED_LIMITS.get(label);
        if (number && max != null && !(label.equals("discriminator") && !kind.equals("DILexicalBlockFile"))
                && new BigInteger(v).compareTo(max) > 0) {
            return "value for '" + label + "' too large, limit is " + max;
        }
        BigInteger[] range = kind.equals("DISubrange") ? SIGNED_LIMITS.get(label) : null;
        if (range != null && v.matches("-?\\d+")) {
            BigInteger x = new BigInteger(v);
            if (x.compareTo(range[0]) < 0) {
                return "value for '" + label + "' too small, limit is " + range[0];
            }
            if (x.compareTo(range[1]) > 0) {
                return "value for '" + label + "' too large, limit is " + range[1];
            }
        }
        return null;
    }

    /** The first element of a {@code !DIExpression(elements)} above 2^64 - 1, at its offset; null when none. */
    static Problem expressionProblem(String elements) {
        int i = 0;
        while (i <= elements.length()) {
            int end = elements.indexOf(',', i);
            if (end < 0) {
                end = elements.length();
            }
            int start = skipBlanks(elements, i);
            String element = elements.substring(start, end).strip();
            if (!element.isEmpty() && element.chars().allMatch(Character::isDigit)
                    && new BigInteger(element).compareTo(EXPRESSION_ELEMENT_MAX) > 0) {
                return new Problem(start, "element too large, limit is " + EXPRESSION_ELEMENT_MAX);
            }
            i = end + 1;
        }
        return null;
    }

    /** LLParser's test: {@code spFlags} has DISPFlagDefinition (bit 3) when given, else {@code isDefinition} (default true). */
    private static boolean isDefinition(List<Field> list) {
        for (Field f : list) {
            if (f.label().equals("spFlags")) {
                String v = f.value();
                if (v.chars().allMatch(Character::isDigit) && !v.isEmpty()) {
                    return new BigInteger(v).testBit(3);
                }
                return Arrays.stream(v.split("\\|")).anyMatch(w -> w.strip().equals("DISPFlagDefinition"));
            }
        }
        for (Field f : list) {
            if (f.label().equals("isDefinition")) {
                return f.value().equals("true");
            }
        }
        return true;
    }

    /** Reads {@code fields} into {@code list}; the first syntax problem, or null. */
    private static Problem fields(String fields, List<Field> list) {
        int n = fields.length();
        int i = skipBlanks(fields, 0);
        if (i == n) {
            return null;
        }
        while (true) {
            int labelStart = i;
            while (i < n && (Character.isLetterOrDigit(fields.charAt(i)) || fields.charAt(i) == '_')) {
                i++;
            }
            if (i == labelStart || i == n || fields.charAt(i) != ':') {
                return new Problem(labelStart, "expected field label here");
            }
            String label = fields.substring(labelStart, i);
            if (!FIELDS.contains(label)) {
                return new Problem(labelStart, "invalid field '" + label + "'");
            }
            int valueStart = skipBlanks(fields, i + 1);
            int valueEnd = typedValueEnd(fields, valueStart);
            if (valueEnd == valueStart) {
                return new Problem(valueStart, "expected value for field '" + label + "'");
            }
            char first = fields.charAt(valueStart);
            if (UNSIGNED.contains(label) && !Character.isDigit(first) && first != '!') {
                return new Problem(valueStart, "expected unsigned integer");
            }
            list.add(new Field(label, labelStart, fields.substring(valueStart, valueEnd).strip(), valueStart));
            i = skipBlanks(fields, valueEnd);
            if (i == n) {
                return null;
            }
            if (fields.charAt(i) != ',') {
                return new Problem(i, "expected ')' here");
            }
            i = skipBlanks(fields, i + 1);
        }
    }

    /**
     * The end of a field's value: a metadata value ({@link #valueEnd}), or a constant as metadata,
     * {@code TYPE VALUE} ({@code value: i32 3}, {@code extraData: i8* @g}, LLParser's parseMetadata).
     */
    private static int typedValueEnd(String s, int i) {
        int end = valueEnd(s, i);
        if (end == i || !(Character.isLetter(s.charAt(i)) || "%{<[".indexOf(s.charAt(i)) >= 0)) {
            return end;
        }
        int j = end;
        while (j < s.length() && (s.charAt(j) == '*' || Character.isWhitespace(s.charAt(j)))) {
            j++;
        }
        if (j == s.length() || s.charAt(j) == ',') {
            return end;
        }
        int k = valueEnd(s, j);
        int paren = skipBlanks(s, k);
        // a constant expression: bitcast (i32* @g to i8*)
        return k > j && paren < s.length() && s.charAt(paren) == '(' ? balancedEnd(s, paren, '(', ')') : k;
    }

    /**
     * The end of the value at {@code i}: a string, a number, {@code !N}, {@code !"..."},
     * {@code !{...}}, {@code !Node(...)}, words joined by '|' ({@code DIFlagA | DIFlagB}), a
     * {@code @global} or {@code %type}, or a bracketed aggregate;
     * {@code i} itself when none starts there.
     */
    private static int valueEnd(String s, int i) {
        int n = s.length();
        if (i >= n) {
            return i;
        }
        char c = s.charAt(i);
        if (c == '"') {
            return stringEnd(s, i);
        }
        if (c == '!') {
            int j = i + 1;
            if (j < n && s.charAt(j) == '"') {
                return stringEnd(s, j);
            }
            if (j < n && s.charAt(j) == '{') {
                return balancedEnd(s, j, '{', '}');
            }
            int k = wordEnd(s, j);
            return k < n && s.charAt(k) == '(' ? balancedEnd(s, k, '(', ')') : k;
        }
        if (c == '%' || c == '@') {
            return i + 1 < n && s.charAt(i + 1) == '"' ? stringEnd(s, i + 1) : wordEnd(s, i + 1);
        }
        if (c == '{' || c == '<' || c == '[') {
            return balancedEnd(s, i, c, c == '{' ? '}' : c == '<' ? '>' : ']');
        }
        if (c == '-' || c == '+' || Character.isDigit(c)) {
            int j = i + 1;
            while (j < n && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '.')) {
                j++;
            }
            return j;
        }
        int end = wordEnd(s, i);
        if (end == i) {
            return i;
        }
        while (true) { // flags: A | B | C
            int bar = skipBlanks(s, end);
            if (bar >= n || s.charAt(bar) != '|') {
                return end;
            }
            int next = skipBlanks(s, bar + 1);
            int after = wordEnd(s, next);
            if (after == next) {
                return end;
            }
            end = after;
        }
    }

    private static int wordEnd(String s, int i) {
        while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_' || s.charAt(i) == '.')) {
            i++;
        }
        return i;
    }

    private static int stringEnd(String s, int quote) {
        int close = s.indexOf('"', quote + 1);
        return close < 0 ? s.length() : close + 1;
    }

    /** Just after the bracket that closes the one at {@code i}, skipping strings. */
    private static int balancedEnd(String s, int i, char open, char close) {
        int nesting = 0;
        for (int j = i; j < s.length(); j++) {
            char c = s.charAt(j);
            if (c == '"') {
                j = stringEnd(s, j) - 1;
            } else if (c == open) {
                nesting++;
            } else if (c == close && --nesting == 0) {
                return j + 1;
            }
        }
        return s.length();
    }

    private static int skipBlanks(String s, int i) {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        return i;
    }
}

package org.nvlower.llvm.text;

import java.util.List;
import java.util.Set;

/**
 * The field list of a specialized metadata node ({@code !DIBasicType(name: "int", size: 32)}) as
 * LLParser reads it: {@code label: value} pairs separated by commas, each label a field some
 * debug-info node has, and the unsigned fields (sizes, lines, ...) given a number. nvlower keeps
 * metadata as text; this check only rejects what llvm-as rejects. Which node has which field is
 * not checked (a field of another node kind passes), nor the kind of most values.
 * {@code !DIExpression(...)} and {@code !DIArgList(...)} are positional and not checked here.
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

    /** Fields LLParser reads as unsigned numbers (newer LLVMs also take metadata for some: a node passes). */
    private static final Set<String> UNSIGNED = Set.of("arg", "column", "dwarfAddressSpace", "dwoId", "line",
            "runtimeVersion", "scopeLine", "virtualIndex", "size", "offset");

    private SpecializedNodeSyntax() {
    }

    /** Whether {@code kind} (the name after '!') is a node this class checks. */
    static boolean applies(String kind) {
        return kind.startsWith("DI") && !kind.equals("DIExpression") && !kind.equals("DIArgList")
                || kind.equals("GenericDINode");
    }

    /**
     * The first problem of node {@code !kind(fields)} ({@code fields} the text between its
     * parentheses, {@code distinct} whether the word precedes it); null when there is none. A
     * problem's offset is into {@code fields}; a missing {@code distinct} is reported at the
     * node's '!' (a negative offset), as llvm-as does.
     */
    static Problem problem(String kind, String fields, boolean distinct) {
        Problem atKind = new Problem(-kind.length() - 2, "missing 'distinct', required for !" + kind);
        if (!distinct && DISTINCT_ONLY.contains(kind)) {
            return atKind;
        }
        java.util.Map<String, String> seen = new java.util.HashMap<>();
        Problem p = fieldsProblem(kind, fields, seen);
        if (p != null) {
            return p;
        }
        for (String required : REQUIRED.getOrDefault(kind, List.of())) {
            if (!seen.containsKey(required)) {
                return new Problem(fields.length(), "missing required field '" + required + "'");
            }
        }
        boolean definition = seen.getOrDefault("spFlags", "").contains("DISPFlagDefinition")
                || seen.getOrDefault("isDefinition", "").equals("true");
        if (kind.equals("DISubprogram") && !distinct && definition) {
            return new Problem(atKind.offset(), atKind.message() + " that is a Definition");
        }
        return null;
    }

    /**
     * Fields LLParser requires (LLVM 14 and 19 alike, measured with llvm-as: a node without one
     * is "missing required field"). DIGlobalVariable's name is required by 14 only: not here.
     */
    private static final java.util.Map<String, List<String>> REQUIRED = java.util.Map.ofEntries(
            java.util.Map.entry("DILocation", List.of("scope")),
            java.util.Map.entry("GenericDINode", List.of("tag")),
            java.util.Map.entry("DIEnumerator", List.of("name", "value")),
            java.util.Map.entry("DIDerivedType", List.of("tag", "baseType")),
            java.util.Map.entry("DICompositeType", List.of("tag")),
            java.util.Map.entry("DISubroutineType", List.of("types")),
            java.util.Map.entry("DIFile", List.of("filename", "directory")),
            java.util.Map.entry("DICompileUnit", List.of("language", "file")),
            java.util.Map.entry("DILexicalBlock", List.of("scope")),
            java.util.Map.entry("DILexicalBlockFile", List.of("scope", "discriminator")),
            java.util.Map.entry("DICommonBlock", List.of("scope")),
            java.util.Map.entry("DINamespace", List.of("scope")),
            java.util.Map.entry("DIMacroFile", List.of("file")),
            java.util.Map.entry("DIModule", List.of("scope", "name")),
            java.util.Map.entry("DITemplateTypeParameter", List.of("type")),
            java.util.Map.entry("DITemplateValueParameter", List.of("value")),
            java.util.Map.entry("DILocalVariable", List.of("scope")),
            java.util.Map.entry("DILabel", List.of("scope", "name", "file", "line")),
            java.util.Map.entry("DIGlobalVariableExpression", List.of("var", "expr")),
            java.util.Map.entry("DIImportedEntity", List.of("tag", "scope")));

    /** Fields that may not be {@code null} in these nodes ("'scope' cannot be null"). */
    private static final java.util.Map<String, String> NOT_NULL = java.util.Map.of("DILocation", "scope",
            "DICompileUnit", "file", "DILexicalBlock", "scope", "DILexicalBlockFile", "scope",
            "DILocalVariable", "scope", "DILabel", "scope");

    /** Nodes that must be {@code distinct}. */
    private static final Set<String> DISTINCT_ONLY = Set.of("DICompileUnit");

    /** The largest value of a bounded unsigned field: line numbers 32 bits, columns and argument numbers 16. */
    private static long limit(String label) {
        return switch (label) {
            case "column", "arg" -> 65535;
            case "line" -> 4294967295L;
            default -> -1;
        };
    }

    private static Problem fieldsProblem(String kind, String fields, java.util.Map<String, String> seen) {
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
            String value = fields.substring(valueStart, valueEnd);
            if (value.equals("null") && label.equals(NOT_NULL.get(kind))) {
                return new Problem(valueStart, "'" + label + "' cannot be null");
            }
            long limit = limit(label);
            if (limit > 0 && Character.isDigit(first) && value.chars().allMatch(Character::isDigit)
                    && (value.length() > 18 || Long.parseLong(value) > limit)) {
                return new Problem(valueStart, "value for '" + label + "' too large, limit is " + limit);
            }
            seen.put(label, value);
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

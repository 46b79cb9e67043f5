package org.nvlower.mlir;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** Printing of attributes as mlir-opt prints them. */
public final class Attributes {

    private Attributes() {}

    /**
     * The attribute's syntax. With {@code elideDefaultType} (array elements, memref memory
     * spaces) an {@code i64} integer or {@code f64} float is printed without its type, as
     * mlir-opt does there; elsewhere the type is always printed.
     */
    public static String print(MlirAttribute attribute, boolean elideDefaultType) {
        StringBuilder sb = new StringBuilder();
        append(sb, attribute, elideDefaultType);
        return sb.toString();
    }

    /** Appends {@link #print}'s text. */
    public static void append(StringBuilder sb, MlirAttribute attribute, boolean elide) {
        switch (attribute) {
            case IntegerAttr i -> {
                if (i.isBool()) {
                    sb.append(i.value().signum() != 0);
                    return;
                }
                sb.append(i.value());
                if (!(elide && i.type().equals(MlirIntegerType.I64))) {
                    sb.append(" : ").append(i.type());
                }
            }
            case FloatAttr f -> {
                String literal = MlirFloatLiterals.print(f.bits(), f.type());
                sb.append(literal);
                // hex digits would read back as an integer without the type
                if (!(elide && f.type() == MlirFloatType.F64 && !literal.startsWith("0x"))) {
                    sb.append(" : ").append(f.type());
                }
            }
            case ArrayAttr a -> {
                sb.append('[');
                List<MlirAttribute> elements = a.elements();
                for (int k = 0; k < elements.size(); k++) {
                    if (k > 0) {
                        sb.append(", ");
                    }
                    append(sb, elements.get(k), true);
                }
                sb.append(']');
            }
            case DenseAttr d -> {
                sb.append("dense<");
                if (d.isSplat()) {
                    element(sb, d.elements().get(0));
                } else {
                    nested(sb, d, d.shape(), 0, 0);
                }
                sb.append("> : ").append(d.type());
            }
            case SymbolRefAttr r -> {
                List<String> path = r.path();
                for (int k = 0; k < path.size(); k++) {
                    sb.append(k == 0 ? "@" : "::@").append(keywordOrString(path.get(k)));
                }
            }
            default -> sb.append(attribute);
        }
    }

    /** Appends the elements of dimension {@code dim} starting at flat index {@code offset}. */
    private static int nested(StringBuilder sb, DenseAttr d, List<Long> shape, int dim, int offset) {
        if (dim == shape.size()) {
            element(sb, d.elements().get(offset));
            return offset + 1;
        }
        sb.append('[');
        for (long k = 0; k < shape.get(dim); k++) {
            if (k > 0) {
                sb.append(", ");
            }
            offset = nested(sb, d, shape, dim + 1, offset);
        }
        sb.append(']');
        return offset;
    }

    private static void element(StringBuilder sb, MlirAttribute e) {
        switch (e) {
            case IntegerAttr i when i.isBool() -> sb.append(i.value().signum() != 0);
            case IntegerAttr i -> sb.append(i.value());
            case FloatAttr f -> sb.append(MlirFloatLiterals.print(f.bits(), f.type()));
            default -> throw new IllegalStateException("dense element " + e);
        }
    }

    /** {@code {a, b = 1 : i32}} without the names in {@code elided}; empty string if none remain. */
    public static String dictionary(Map<String, MlirAttribute> entries, Set<String> elided) {
        StringBuilder sb = new StringBuilder();
        appendDictionary(sb, "", entries, elided);
        return sb.toString();
    }

    /**
     * Appends {@code prefix} and the dictionary without the names in {@code elided}, or nothing
     * if none remain.
     */
    public static void appendDictionary(StringBuilder sb, String prefix, Map<String, MlirAttribute> entries, Set<String> elided) {
        boolean first = true;
        for (Map.Entry<String, MlirAttribute> e : entries.entrySet()) {
            if (elided.contains(e.getKey())) {
                continue;
            }
            sb.append(first ? prefix + "{" : ", ").append(keywordOrString(e.getKey()));
            first = false;
            if (e.getValue() != UnitAttr.UNIT) {
                sb.append(" = ");
                append(sb, e.getValue(), false);
            }
        }
        if (!first) {
            sb.append('}');
        }
    }

    /** A bare identifier ({@code [A-Za-z_][A-Za-z0-9_$.]*}) as is, anything else quoted. */
    public static String keywordOrString(String s) {
        return isBareIdentifier(s) ? s : quote(s);
    }

    public static boolean isBareIdentifier(String s) {
        if (s.isEmpty()) {
            return false;
        }
        char c0 = s.charAt(0);
        if (!(isLetter(c0) || c0 == '_')) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(isLetter(c) || isDigit(c) || c == '_' || c == '$' || c == '.')) {
                return false;
            }
        }
        return true;
    }

    static boolean isLetter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** A string literal: printable ASCII as is, {@code \\}, and every other byte as {@code \XX}. */
    public static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                sb.append("\\\\");
            } else if (c >= 0x20 && c < 0x7F && c != '"') {
                sb.append(c);
            } else {
                sb.append('\\').append(Character.toUpperCase(Character.forDigit((c >> 4) & 0xF, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
            }
        }
        return sb.append('"').toString();
    }
}

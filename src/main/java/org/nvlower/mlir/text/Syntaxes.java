package org.nvlower.mlir.text;

import org.nvlower.mlir.MlirAttribute;
import org.nvlower.mlir.DialectAttr;
import org.nvlower.mlir.Operation;

/** Checks shared by several syntaxes. */
final class Syntaxes {

    private Syntaxes() {}

    /** The flags attribute, if present, must be {@code #arith.KEYWORD<...>}. */
    static String checkFlag(Operation op, String attribute, String keyword) {
        if (attribute == null) {
            return null;
        }
        MlirAttribute a = op.attribute(attribute);
        if (a != null && !(a instanceof DialectAttr d && d.text().startsWith("#arith." + keyword + "<"))) {
            return "attribute '" + attribute + "' must be #arith." + keyword + "<...>, not " + a;
        }
        return null;
    }

    /** Stores {@code KEYWORD<body>} as {@code #arith.KEYWORD<body>}, except the default {@code <none>}. */
    static void putFlag(java.util.Map<String, MlirAttribute> attrs, String attribute, String keyword, String body) {
        if (!body.equals("<none>")) {
            attrs.put(attribute, new DialectAttr("#arith." + keyword + body));
        }
    }

    /** Prints {@code  fastmath<...>} for MLIR 19 and returns the names to elide from the dictionary. */
    static java.util.Set<String> printFlag(MlirPrinter p, Operation op, String attribute, String keyword) {
        if (p.version() != org.nvlower.mlir.MlirVersion.MLIR_14 && op.attribute(attribute) instanceof DialectAttr d) {
            p.text(" " + keyword + d.text().substring(("#arith." + keyword).length()));
            return java.util.Set.of(attribute);
        }
        return java.util.Set.of();
    }

    /** Drops {@code #arith.KEYWORD<none>}, which the generic form prints and the custom form omits. */
    static void dropDefaultFlag(Operation op, String attribute, String keyword) {
        if (op.attribute(attribute) instanceof DialectAttr d && d.text().equals("#arith." + keyword + "<none>")) {
            op.attributes().remove(attribute);
        }
    }

    /** Removes attribute {@code name} when it prints as {@code text} (a default the generic form spells out). */
    static void removeDefault(java.util.Map<String, MlirAttribute> attrs, String name, String text) {
        if (attrs.get(name) != null && attrs.get(name).toString().equals(text)) {
            attrs.remove(name);
        }
    }
}

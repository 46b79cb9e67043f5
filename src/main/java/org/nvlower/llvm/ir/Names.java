package org.nvlower.llvm.ir;

/** How LLVM spells a name after {@code %} or {@code @}: bare when it can, quoted with escapes otherwise. */
public final class Names {

    private Names() {
    }

    /** True for names LLVM prints without quotes: {@code [-a-zA-Z$._][-a-zA-Z$._0-9]*}. */
    public static boolean isBare(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '$' || c == '.'
                    || c == '_' || i > 0 && c >= '0' && c <= '9';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    public static String quoteIfNeeded(String name) {
        return isBare(name) ? name : quote(name);
    }

    /** {@code "..."} with {@code \XX} escapes for quotes, backslashes and non-printable characters. */
    public static String quote(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\' || c < 0x20 || c >= 0x7f) {
                sb.append('\\').append(Character.toUpperCase(Character.forDigit((c >> 4) & 0xf, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            } else {
                sb.append(c);
            }
        }
        return sb.append('"').toString();
    }

    /** How a value is referred to in messages: {@code %x}, {@code @f}, {@code %3}, or its type for a constant. */
    public static String ref(Value v) {
        if (v instanceof GlobalValue g) {
            return "@" + (g.hasName() ? quoteIfNeeded(g.name()) : String.valueOf(g.slot()));
        }
        if (v instanceof TrackedValue t) {
            return "%" + (t.hasName() ? quoteIfNeeded(t.name()) : t.slot() >= 0 ? String.valueOf(t.slot()) : "<unnamed>");
        }
        return "a " + v.type() + " constant";
    }
}

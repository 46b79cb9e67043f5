package org.nvlower.llvm.ir;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The model keeps metadata as text. This class finds the references in such text and re-spells
 * them: numbered nodes ({@code !12}), globals ({@code @f}) and locals ({@code %x}, in debug
 * records). It skips strings and comments, so {@code !"a!1"} refers to nothing. Used when
 * metadata moves to another module (the node numbers change), when a global is renamed, and
 * to read tuples such as module flags.
 */
public final class MetadataText {

    private MetadataText() {
    }

    /** How references are renamed: each maps the name without its sigil (unquoted) to the new one, or null to keep it. */
    public record Renamer(UnaryOperator<String> node, UnaryOperator<String> global, UnaryOperator<String> local) {
        public static final Renamer NONE = new Renamer(n -> null, g -> null, l -> null);
    }

    public static boolean isNumber(String id) {
        if (id.isEmpty()) {
            return false;
        }
        for (int i = 0; i < id.length(); i++) {
            if (id.charAt(i) < '0' || id.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** The numbered nodes referred to in {@code text}, in order (with repeats). */
    public static List<String> nodeRefs(String text) {
        List<String> refs = new ArrayList<>();
        rename(text, new Renamer(n -> {
            refs.add(n);
            return null;
        }, g -> null, l -> null));
        return refs;
    }

    /** The globals referred to in {@code text}, in order. */
    public static List<String> globalRefs(String text) {
        List<String> refs = new ArrayList<>();
        rename(text, new Renamer(n -> null, g -> {
            refs.add(g);
            return null;
        }, l -> null));
        return refs;
    }

    /** {@code text} with its references renamed by {@code renamer}; the same string when nothing changes. */
    public static String rename(String text, Renamer renamer) {
        StringBuilder out = null;
        int copied = 0;
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (c == '"') {
                i = skipString(text, i);
                continue;
            }
            if (c == ';') {
                int nl = text.indexOf('\n', i);
                i = nl < 0 ? n : nl;
                continue;
            }
            if ((c == '!' || c == '@' || c == '%') && i + 1 < n) {
                int start = i + 1;
                if (c == '!') {
                    // LLVM lexes '!' and the number as two tokens: "! 21" is node 21
                    int digits = start;
                    while (digits < n && (text.charAt(digits) == ' ' || text.charAt(digits) == '\t'
                            || text.charAt(digits) == '\n' || text.charAt(digits) == '\r')) {
                        digits++;
                    }
                    if (digits > start && digits < n && text.charAt(digits) >= '0' && text.charAt(digits) <= '9') {
                        start = digits;
                    }
                }
                String name;
                int end;
                if (text.charAt(start) == '"') {
                    if (c == '!') {
                        i = skipString(text, start);
                        continue;
                    }
                    end = skipString(text, start);
                    name = unescape(text.substring(start + 1, end - 1));
                } else {
                    end = start;
                    while (end < n && isNameChar(text.charAt(end))) {
                        end++;
                    }
                    name = text.substring(start, end);
                }
                boolean boundary = i == 0 || !isNameChar(text.charAt(i - 1));
                if (name.isEmpty() || !boundary || c == '!' && !isNumber(name)) {
                    i = Math.max(end, i + 1);
                    continue;
                }
                String renamed = switch (c) {
                    case '!' -> renamer.node().apply(name);
                    case '@' -> renamer.global().apply(name);
                    default -> renamer.local().apply(name);
                };
                if (renamed != null && !renamed.equals(name)) {
                    if (out == null) {
                        out = new StringBuilder(n + 16);
                    }
                    out.append(text, copied, start).append(c == '!' ? renamed : Names.quoteIfNeeded(renamed));
                    copied = end;
                }
                i = end;
                continue;
            }
            i++;
        }
        if (out == null) {
            return text;
        }
        return out.append(text, copied, n).toString();
    }

    /**
     * The top-level elements of a tuple {@code !{a, b, c}} (or {@code distinct !{...}}), each
     * trimmed, or null when {@code body} is not a tuple.
     */
    public static List<String> tupleElements(String body) {
        String t = body.strip();
        if (t.startsWith("distinct")) {
            t = t.substring("distinct".length()).strip();
        }
        if (!t.startsWith("!{") || !t.endsWith("}")) {
            return null;
        }
        List<String> elements = new ArrayList<>();
        int depth = 0;
        int start = 2;
        int end = t.length() - 1;
        for (int i = 2; i < end; i++) {
            char c = t.charAt(i);
            if (c == '"') {
                i = skipString(t, i) - 1;
            } else if (c == '(' || c == '{' || c == '[' || c == '<') {
                depth++;
            } else if (c == ')' || c == '}' || c == ']' || c == '>') {
                depth--;
            } else if (c == ',' && depth == 0) {
                elements.add(t.substring(start, i).strip());
                start = i + 1;
            }
        }
        String last = t.substring(start, end).strip();
        if (!last.isEmpty() || !elements.isEmpty()) {
            elements.add(last);
        }
        return elements;
    }

    /** {@code !"text"} with LLVM's escapes. */
    public static String string(String text) {
        return "!" + Names.quote(text);
    }

    /** The text of an MDString element {@code !"..."}, or null. */
    public static String stringValue(String element) {
        if (!element.startsWith("!\"") || !element.endsWith("\"") || element.length() < 3) {
            return null;
        }
        return unescape(element.substring(2, element.length() - 1));
    }

    private static int skipString(String text, int quote) {
        int end = text.indexOf('"', quote + 1);
        return end < 0 ? text.length() : end + 1;
    }

    private static boolean isNameChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '$'
                || c == '.' || c == '_';
    }

    /** Decodes LLVM's {@code \XX} and {@code \\} escapes. */
    public static String unescape(String s) {
        return unescape(s, 0, s.length());
    }

    /** {@link #unescape(String)} of {@code s} from {@code from} to {@code to} (the lexer's names and strings). */
    public static String unescape(String s, int from, int to) {
        int backslash = s.indexOf('\\', from);
        if (backslash < 0 || backslash >= to) {
            return s.substring(from, to);
        }
        StringBuilder sb = new StringBuilder(to - from);
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < to && s.charAt(i + 1) == '\\') {
                sb.append('\\');
                i++;
            } else if (c == '\\' && i + 2 < to && Character.digit(s.charAt(i + 1), 16) >= 0
                    && Character.digit(s.charAt(i + 2), 16) >= 0) {
                sb.append((char) (Character.digit(s.charAt(i + 1), 16) * 16 + Character.digit(s.charAt(i + 2), 16)));
                i += 2;
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}

package org.nvlower.target;

import java.util.List;
import java.util.Map;

/**
 * A minimal JSON writer for nvlower's stable outputs: maps keep their insertion order, values are
 * String, Integer, Long, Double, Boolean, Map, List or null. Two-space indentation, one member a
 * line, no trailing spaces.
 */
public final class Json {

    private Json() {
    }

    public static String write(Object value) {
        StringBuilder sb = new StringBuilder();
        write(sb, value, "");
        return sb.append('\n').toString();
    }

    private static void write(StringBuilder sb, Object value, String indent) {
        switch (value) {
            case null -> sb.append("null");
            case String s -> string(sb, s);
            case Boolean b -> sb.append(b);
            case Integer i -> sb.append(i);
            case Long l -> sb.append(l);
            case Double d -> sb.append(d == Math.rint(d) && !Double.isInfinite(d) ? String.valueOf(d.longValue()) : d.toString());
            case Map<?, ?> map -> {
                if (map.isEmpty()) {
                    sb.append("{}");
                    return;
                }
                sb.append("{\n");
                String inner = indent + "  ";
                int n = 0;
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    sb.append(inner);
                    string(sb, String.valueOf(e.getKey()));
                    sb.append(": ");
                    write(sb, e.getValue(), inner);
                    sb.append(++n < map.size() ? ",\n" : "\n");
                }
                sb.append(indent).append('}');
            }
            case List<?> list -> {
                if (list.isEmpty()) {
                    sb.append("[]");
                    return;
                }
                boolean flat = list.stream().noneMatch(v -> v instanceof Map || v instanceof List);
                if (flat) {
                    sb.append('[');
                    for (int i = 0; i < list.size(); i++) {
                        write(sb, list.get(i), indent);
                        sb.append(i + 1 < list.size() ? ", " : "");
                    }
                    sb.append(']');
                    return;
                }
                sb.append("[\n");
                String inner = indent + "  ";
                for (int i = 0; i < list.size(); i++) {
                    sb.append(inner);
                    write(sb, list.get(i), inner);
                    sb.append(i + 1 < list.size() ? ",\n" : "\n");
                }
                sb.append(indent).append(']');
            }
            default -> throw new IllegalArgumentException("not a JSON value: " + value.getClass());
        }
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}

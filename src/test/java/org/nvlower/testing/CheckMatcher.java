package org.nvlower.testing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A small FileCheck: the directives {@code CHECK:}, {@code CHECK-LABEL:} (as CHECK),
 * {@code CHECK-NEXT:}, {@code CHECK-SAME:} and {@code CHECK-NOT:}, in LLVM FileCheck's meaning,
 * with {@code {{regex}}}, {@code [[NAME:regex]]} (define) and {@code [[NAME]]} (use) in patterns;
 * runs of blanks match runs of blanks, as FileCheck's default. For the golden tests where LLVM's
 * FileCheck is absent; where it is present, both check the same files.
 */
public final class CheckMatcher {

    private record Directive(String kind, String pattern, int line) {}

    private static final Pattern DIRECTIVE = Pattern.compile("CHECK(-NEXT|-NOT|-LABEL|-SAME)?:(.*)$");

    private final List<Directive> directives = new ArrayList<>();

    private CheckMatcher(String checkFile) {
        String[] lines = checkFile.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher m = DIRECTIVE.matcher(lines[i]);
            if (m.find()) {
                String kind = m.group(1) == null ? "CHECK" : "CHECK" + m.group(1);
                directives.add(new Directive(kind.equals("CHECK-LABEL") ? "CHECK" : kind, m.group(2).strip(), i + 1));
            }
        }
    }

    /** The directives of a check file. */
    public static CheckMatcher of(String checkFile) {
        CheckMatcher c = new CheckMatcher(checkFile);
        if (c.directives.isEmpty()) {
            throw new IllegalArgumentException("no CHECK lines");
        }
        return c;
    }

    /** Empty when {@code input} satisfies every directive, else the first failure, FileCheck-style. */
    public Optional<String> match(String input) {
        String[] lines = input.split("\n", -1);
        Map<String, String> vars = new HashMap<>();
        int line = 0; // the line after the last match
        int column = 0; // within line - 1, for CHECK-SAME
        List<Directive> pendingNot = new ArrayList<>();
        for (Directive d : directives) {
            switch (d.kind()) {
                case "CHECK-NOT" -> pendingNot.add(d);
                case "CHECK-SAME" -> {
                    if (line == 0) {
                        return fail(d, "CHECK-SAME without a previous match");
                    }
                    String rest = blanks(lines[line - 1]).substring(column);
                    Matcher m = compile(d.pattern(), vars).matcher(rest);
                    if (!m.find()) {
                        return fail(d, "not found on the same line: " + lines[line - 1]);
                    }
                    define(m, vars);
                    column += m.end();
                }
                default -> {
                    boolean next = d.kind().equals("CHECK-NEXT");
                    int found = -1;
                    for (int i = line; i < lines.length && (!next || i == line); i++) {
                        Matcher m = compile(d.pattern(), vars).matcher(blanks(lines[i]));
                        if (m.find()) {
                            for (Directive not : pendingNot) {
                                for (int k = line; k <= i; k++) {
                                    String text = k == i ? blanks(lines[i]).substring(0, m.start()) : blanks(lines[k]);
                                    if (compile(not.pattern(), vars).matcher(text).find()) {
                                        return fail(not, "excluded text found: " + lines[k]);
                                    }
                                }
                            }
                            define(m, vars);
                            found = i;
                            column = m.end();
                            break;
                        }
                    }
                    if (found < 0) {
                        return fail(d, next ? "not on the next line: "
                                + (line < lines.length ? lines[line] : "<end of input>") : "not found");
                    }
                    pendingNot.clear();
                    line = found + 1;
                }
            }
        }
        for (Directive not : pendingNot) {
            for (int k = line; k < lines.length; k++) {
                if (compile(not.pattern(), vars).matcher(blanks(lines[k])).find()) {
                    return fail(not, "excluded text found: " + lines[k]);
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<String> fail(Directive d, String why) {
        return Optional.of("check line " + d.line() + ": " + d.kind() + ": " + d.pattern() + "\n  " + why);
    }

    private static String blanks(String s) {
        return s.replaceAll("[ \t]+", " ");
    }

    /**
     * The pattern as a Java regex: literal text quoted, blanks as runs, {@code {{re}}} as is,
     * {@code [[N:re]]} as a named group (its end found as FileCheck finds it, counting brackets),
     * {@code [[N]]} as the value N matched before (a back reference within the same pattern).
     */
    private static Pattern compile(String pattern, Map<String, String> vars) {
        StringBuilder re = new StringBuilder();
        int at = 0;
        int literalFrom = 0;
        while (at < pattern.length()) {
            if (pattern.startsWith("{{", at)) {
                int end = pattern.indexOf("}}", at + 2);
                re.append(literal(pattern.substring(literalFrom, at)));
                re.append("(?:").append(pattern, at + 2, end).append(')');
                at = literalFrom = end + 2;
            } else if (pattern.startsWith("[[", at)) {
                int end = varEnd(pattern, at + 2);
                re.append(literal(pattern.substring(literalFrom, at)));
                String body = pattern.substring(at + 2, end);
                int colon = body.indexOf(':');
                if (colon >= 0) {
                    re.append("(?<").append(body, 0, colon).append('>').append(body.substring(colon + 1)).append(')');
                } else if (re.indexOf("(?<" + body + ">") >= 0) {
                    re.append("\\k<").append(body).append('>');
                } else {
                    String v = vars.get(body);
                    if (v == null) {
                        throw new IllegalArgumentException("undefined variable " + body + " in: " + pattern);
                    }
                    re.append(Pattern.quote(v));
                }
                at = literalFrom = end + 2;
            } else {
                at++;
            }
        }
        re.append(literal(pattern.substring(literalFrom)));
        return Pattern.compile(re.toString());
    }

    /** The index of the "]]" closing a variable whose text starts at {@code from}, brackets counted. */
    private static int varEnd(String s, int from) {
        int depth = 0;
        for (int i = from; i < s.length(); i++) {
            if (depth == 0 && s.startsWith("]]", i)) {
                return i;
            }
            char c = s.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '[') {
                depth++;
            } else if (c == ']') {
                depth--;
            }
        }
        throw new IllegalArgumentException("unclosed [[ in: " + s);
    }

    private static String literal(String s) {
        return Pattern.quote(s.replaceAll("[ \t]+", " "));
    }

    private static void define(Matcher m, Map<String, String> vars) {
        for (String name : groupNames(m.pattern().pattern())) {
            vars.put(name, m.group(name));
        }
    }

    private static List<String> groupNames(String regex) {
        List<String> names = new ArrayList<>();
        Matcher g = Pattern.compile("\\(\\?<(\\w+)>").matcher(regex);
        while (g.find()) {
            names.add(g.group(1));
        }
        return names;
    }
}

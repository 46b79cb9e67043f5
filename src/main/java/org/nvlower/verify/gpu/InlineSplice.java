package org.nvlower.verify.gpu;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A template's PTX {@code .func} (as {@code nvlower expand OP --emit ptx} prints it) rewritten as a
 * nested block for the body of a kernel: what a compiler does when it places the sequence at the
 * use instead of calling it, and what ptxas does with its own div/rcp/sqrt fast paths. The block
 * keeps the function's register declarations (a nested scope), reads its parameters from the
 * caller's registers, writes its result to one, turns each {@code ret} into a jump past the block
 * and gives its labels a prefix of their own, so that several splices can share a kernel.
 */
final class InlineSplice {

    private static final Pattern LOAD = Pattern.compile("ld\\.param\\.(\\w+) (%\\w+), \\[in(\\d)\\];");
    private static final Pattern STORE = Pattern.compile("st\\.param\\.(\\w+) \\[ret\\], (%\\w+);");
    private static final Pattern RET = Pattern.compile("((?:@!?%\\w+ )?)ret;");
    private static final Pattern LABEL = Pattern.compile("\\$(\\w+)");
    /** The caller's register names a splice writes or reads: the function must not declare them. */
    private static final Pattern CALLER_NAMES = Pattern.compile("\\.reg[^;]*%(w|rt|ri|opa|opb)\\b");

    private InlineSplice() {}

    /**
     * The block for function {@code name} of {@code ptx}: parameter k read from {@code inputs[k]}, the
     * result written to {@code result}, labels prefixed with {@code prefix}, the block's end labelled
     * {@code prefix + "end"}.
     */
    static List<String> block(String ptx, String name, String[] inputs, String result, String prefix) {
        List<String> body = body(ptx, name);
        String end = "$" + prefix + "end";
        List<String> out = new ArrayList<>();
        out.add("{");
        for (String line : body) {
            String t = line.strip();
            if (CALLER_NAMES.matcher(t).find()) {
                throw new IllegalStateException(name + " declares a register the splice uses: " + t);
            }
            Matcher m;
            if ((m = LOAD.matcher(t)).matches()) {
                t = "mov." + m.group(1) + " " + m.group(2) + ", " + inputs[Integer.parseInt(m.group(3))] + ";";
            } else if ((m = STORE.matcher(t)).matches()) {
                t = "mov." + m.group(1) + " " + result + ", " + m.group(2) + ";";
            } else if ((m = RET.matcher(t)).matches()) {
                t = m.group(1) + (m.group(1).isEmpty() ? "bra.uni " : "bra ") + end + ";";
            } else if (t.contains("param") || t.startsWith("call") || t.contains(" call")) {
                throw new IllegalStateException(name + ": no inline form for '" + t + "'");
            } else {
                t = LABEL.matcher(t).replaceAll(r -> Matcher.quoteReplacement("$" + prefix + r.group(1)));
            }
            out.add(t);
        }
        out.add("}");
        out.add(end + ":");
        return out;
    }

    /** The lines between the function's outer braces. */
    private static List<String> body(String ptx, String name) {
        String[] lines = ptx.split("\n");
        int at = 0;
        while (at < lines.length && !(lines[at].contains(".func") && lines[at].contains(" " + name + "("))) {
            at++;
        }
        if (at == lines.length) {
            throw new IllegalArgumentException("no .func " + name + " in the template's PTX");
        }
        while (!lines[at].strip().equals("{")) {
            at++;
        }
        List<String> body = new ArrayList<>();
        int depth = 1;
        for (at++; at < lines.length; at++) {
            String t = lines[at];
            depth += count(t, '{') - count(t, '}');
            if (depth == 0) {
                return body;
            }
            body.add(t);
        }
        throw new IllegalArgumentException(".func " + name + " has no closing brace");
    }

    private static int count(String s, char c) {
        return (int) s.chars().filter(x -> x == c).count();
    }
}

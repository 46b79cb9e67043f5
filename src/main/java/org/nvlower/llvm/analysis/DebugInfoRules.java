package org.nvlower.llvm.analysis;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.MetadataAttachment;
import org.nvlower.llvm.ir.MetadataDefinition;
import org.nvlower.llvm.ir.Module;

/**
 * The debug-info rules LLVM's verifier applies to locations (LLVM 14's {@code visitDILocation},
 * {@code visitFunction}'s subprogram check and {@code visitCallBase}'s location check): a
 * {@code !dbg} location's scope is a local scope (subprogram or lexical block); in a function with
 * a subprogram, every location (after its inlined-at chain) lies in that subprogram, and a call of
 * a function that has a subprogram has a location. LLVM does not reject a module for these: it
 * drops the module's debug info with a warning, so they are reported as warnings.
 */
final class DebugInfoRules {

    private static final Pattern SCOPE = Pattern.compile("\\bscope: !(\\d+)");
    private static final Pattern INLINED_AT = Pattern.compile("\\binlinedAt: !(\\d+)");

    /** Node id to the subprogram id its scope chain ends in ("" when none). */
    private final Map<String, String> subprogramOf = new HashMap<>();

    private final Map<String, String> bodies = new HashMap<>();

    DebugInfoRules(Module module) {
        for (MetadataDefinition d : module.metadataDefinitions()) {
            bodies.put(d.id(), d.body());
        }
    }

    private static MetadataAttachment dbgOf(java.util.List<MetadataAttachment> attachments) {
        for (MetadataAttachment a : attachments) {
            if (a.name().equals("dbg")) {
                return a;
            }
        }
        return null;
    }

    /** The problem of {@code inst} in {@code f}, or null. */
    String check(Instruction inst, Function f) {
        String sp = attachedNode(dbgOf(f.metadata()));
        MetadataAttachment dbg = inst.metadata("dbg");
        if (dbg == null) {
            if (sp != null && inst instanceof CallInst c && c.calledFunction() != null
                    && dbgOf(c.calledFunction().metadata()) != null) {
                return "inlinable function call in a function with debug info must have a !dbg location";
            }
            return null;
        }
        String loc = attachedNode(dbg);
        String body = loc == null ? null : bodyOf(loc);
        if (body == null || !isKind(body, "DILocation")) {
            return null;
        }
        String scope = field(SCOPE, body);
        String scopeBody = scope == null ? null : bodyOf(scope);
        if (scopeBody == null || !(isKind(scopeBody, "DISubprogram") || isKind(scopeBody, "DILexicalBlock")
                || isKind(scopeBody, "DILexicalBlockFile"))) {
            return "DILocation's scope must be a DILocalScope";
        }
        if (sp == null) {
            return null;
        }
        // the outermost location of the inlined-at chain lies in the function's own subprogram
        String outer = loc;
        for (int depth = 0; depth < 1000; depth++) {
            String b = bodyOf(outer);
            String next = b == null ? null : field(INLINED_AT, b);
            if (next == null) {
                break;
            }
            outer = next;
        }
        String outerBody = bodyOf(outer);
        String outerScope = outerBody == null ? null : field(SCOPE, outerBody);
        String owner = outerScope == null ? "" : subprogram(outerScope);
        if (!owner.isEmpty() && !owner.equals(sp)) {
            return "!dbg attachment points at wrong subprogram for function";
        }
        return null;
    }

    private String subprogram(String scope) {
        String known = subprogramOf.get(scope);
        if (known != null) {
            return known;
        }
        String result = "";
        String s = scope;
        for (int depth = 0; depth < 1000 && s != null; depth++) {
            String b = bodyOf(s);
            if (b == null) {
                break;
            }
            if (isKind(b, "DISubprogram")) {
                result = s;
                break;
            }
            if (!isKind(b, "DILexicalBlock") && !isKind(b, "DILexicalBlockFile")) {
                break;
            }
            s = field(SCOPE, b);
        }
        subprogramOf.put(scope, result);
        return result;
    }

    /** The id N of an attachment {@code !N}, or null. */
    private static String attachedNode(MetadataAttachment a) {
        if (a == null) {
            return null;
        }
        String n = a.node().strip();
        return n.length() > 1 && n.charAt(0) == '!' && Character.isDigit(n.charAt(1)) ? n.substring(1) : null;
    }

    private String bodyOf(String id) {
        return bodies.get(id);
    }

    private static boolean isKind(String body, String kind) {
        String b = body.startsWith("distinct ") ? body.substring("distinct ".length()).stripLeading() : body;
        return b.startsWith("!" + kind + "(");
    }

    private static String field(Pattern p, String body) {
        Matcher m = p.matcher(body);
        return m.find() ? m.group(1) : null;
    }
}

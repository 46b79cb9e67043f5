package org.nvlower.llvm.analysis;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.nvlower.llvm.ir.MetadataText;

/**
 * LLVM 14's rules on scoped-noalias metadata ({@code visitAliasScopeListMetadata},
 * {@code visitAliasScopeMetadata} and the {@code experimental.noalias.scope.decl} check): an
 * {@code !alias.scope} or {@code !noalias} attachment is a list of scope nodes; a scope has two or
 * three operands (itself or a name, its domain node, an optional description string); a domain
 * one or two (itself or a name, an optional description); the declaration intrinsic names a list
 * of exactly one scope. Verdicts are cached per node: clang's inlined code attaches the same lists
 * to many loads and stores.
 */
final class AliasScopeRules {

    private final Map<String, String> bodies;
    private final Map<String, String> verdicts = new HashMap<>();

    AliasScopeRules(Map<String, String> bodies) {
        this.bodies = bodies;
    }

    /** The problem of the scope list {@code node} (an attachment's {@code !N}), or null. */
    String listProblem(String node) {
        String id = id(node);
        if (id == null) {
            return null; // an inline list or another form: not read here
        }
        String cached = verdicts.get(id);
        if (cached != null) {
            return cached.isEmpty() ? null : cached;
        }
        String problem = checkList(id);
        verdicts.put(id, problem == null ? "" : problem);
        return problem;
    }

    /** The problem of {@code llvm.experimental.noalias.scope.decl}'s argument text, or null. */
    String declarationProblem(String argument) {
        String id = id(argument);
        String body = id == null ? null : bodies.get(id);
        if (body == null) {
            return argument.startsWith("!{") ? null : "!id.scope.list must point to an MDNode";
        }
        List<String> elements = MetadataText.tupleElements(body);
        if (elements == null) {
            return "!id.scope.list must point to an MDNode";
        }
        return elements.size() == 1 ? null : "!id.scope.list must point to a list with a single scope";
    }

    private String checkList(String id) {
        String body = bodies.get(id);
        List<String> scopes = body == null ? null : MetadataText.tupleElements(body);
        if (scopes == null) {
            return null;
        }
        for (String s : scopes) {
            String scope = id(s);
            if (scope == null) {
                return "scope list must consist of MDNodes";
            }
            String problem = checkScope(scope);
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    private String checkScope(String id) {
        String body = bodies.get(id);
        List<String> ops = body == null ? null : MetadataText.tupleElements(body);
        if (ops == null) {
            return body == null ? null : "scope list must consist of MDNodes"; // a specialized node, not a tuple
        }
        if (ops.size() < 2 || ops.size() > 3) {
            return "scope must have two or three operands";
        }
        if (!selfOrString(ops.get(0), id)) {
            return "first scope operand must be self-referential or string";
        }
        if (ops.size() == 3 && MetadataText.stringValue(ops.get(2)) == null) {
            return "third scope operand must be string (if used)";
        }
        String domain = id(ops.get(1));
        List<String> domainOps = domain == null || bodies.get(domain) == null ? null
                : MetadataText.tupleElements(bodies.get(domain));
        if (domainOps == null) {
            return "second scope operand must be MDNode";
        }
        if (domainOps.isEmpty() || domainOps.size() > 2) {
            return "domain must have one or two operands";
        }
        if (!selfOrString(domainOps.get(0), domain)) {
            return "first domain operand must be self-referential or string";
        }
        if (domainOps.size() == 2 && MetadataText.stringValue(domainOps.get(1)) == null) {
            return "second domain operand must be string (if used)";
        }
        return null;
    }

    private static boolean selfOrString(String operand, String self) {
        return operand.equals("!" + self) || MetadataText.stringValue(operand) != null;
    }

    /** N of {@code !N}, or null. */
    private static String id(String node) {
        String n = node.strip();
        return n.length() > 1 && n.charAt(0) == '!' && MetadataText.isNumber(n.substring(1)) ? n.substring(1) : null;
    }
}

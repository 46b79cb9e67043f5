package org.nvlower.llvm.corpus;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The classes of modules that nvlower accepts and llvm-as 14 rejects, as data, each with the
 * layer that must reject it: the PARSER (llvm.text: syntax and what LLParser itself checks) or
 * the VERIFIER (org.nvlower.llvm.analysis.IrVerifier: types, dominance, semantic rules). A class is
 * recognized by llvm-as's message; docs/llvm-ir.md lists every class with a minimal example.
 */
final class Rejections {

    private Rejections() {
    }

    enum Layer { PARSER, VERIFIER }

    record Rule(String name, Layer layer, Pattern llvmMessage) {
        Rule(String name, Layer layer, String regex) {
            this(name, layer, Pattern.compile(regex));
        }
    }

    /** First match wins. docs/llvm-ir.md gives a minimal example of each. */
    static final List<Rule> RULES = List.of(
            new Rule("attribute group contents", Layer.PARSER,
                    "unterminated attribute group|attribute group has no attributes"),
            new Rule("datalayout string", Layer.PARSER,
                    "datalayout string|not a number, or does not fit in an unsigned int"),
            new Rule("metadata operands and specialized-node fields", Layer.PARSER,
                    "invalid field '|expected field label here|invalid DWARF|debug info flag|expected metadata operand"
                    + "|Expected '.*' here"),
            new Rule("empty function body", Layer.PARSER, "function body requires at least one basic block"),
            new Rule("local names and numbering", Layer.PARSER,
                    "invalid use of function-local name|referenced value is not a basic block"
                    + "|variable expected to be numbered"),
            new Rule("uselistorder directives", Layer.PARSER, "uselistorder|value has no uses"),
            new Rule("comdat selection kind", Layer.PARSER, "unknown selection kind"),
            new Rule("summary entries", Layer.PARSER, "unexpected summary kind"),
            new Rule("ptr in typed-pointer IR", Layer.PARSER, "ptr type is only supported in -opaque-pointers mode"),
            new Rule("token sequence", Layer.PARSER,
                    "expected top-level entity|expected value token|expected type|expected '.*' (here|in constantexpr"
                    + "|at end of argument list|in function body)|expected (unsigned )?integer"
                    + "|expected instruction opcode|expected localdynamic|unknown global variable property"),
            new Rule("dominance and phi placement", Layer.VERIFIER,
                    "does not dominate all uses|PHI nodes not grouped"),
            new Rule("string attribute values", Layer.VERIFIER, "invalid value for '.*' attribute"),
            new Rule("types", Layer.VERIFIER,
                    "defined with type .* but expected|type mismatch|invalid shufflevector operands"),
            new Rule("undefined references", Layer.VERIFIER, "use of undefined comdat|use of undefined value")
    );

    static Optional<Rule> classify(String llvmMessage) {
        return RULES.stream().filter(r -> r.llvmMessage().matcher(llvmMessage).find()).findFirst();
    }

    record Tally(Map<Rule, Long> counts, List<Differential.Disagreement> unclassified) {
        long count(Layer layer) {
            return counts.entrySet().stream().filter(e -> e.getKey().layer() == layer).mapToLong(Map.Entry::getValue)
                    .sum();
        }

        String summary() {
            return "parser " + count(Layer.PARSER) + ", verifier " + count(Layer.VERIFIER) + ", unclassified "
                    + unclassified.size() + (counts.isEmpty() ? "" : ": " + counts.entrySet().stream()
                            .map(e -> e.getKey().name() + " " + e.getValue()).collect(Collectors.joining(", ")));
        }
    }

    static Tally tally(List<Differential.Disagreement> accepted) {
        Map<Rule, Long> counts = new LinkedHashMap<>();
        List<Differential.Disagreement> unclassified = new ArrayList<>();
        for (Differential.Disagreement d : accepted) {
            classify(d.llvmSays()).ifPresentOrElse(r -> counts.merge(r, 1L, Long::sum), () -> unclassified.add(d));
        }
        return new Tally(counts, unclassified);
    }
}

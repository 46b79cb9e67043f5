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
 * the VERIFIER (org.nvlower.llvm.ir.Verifier: types, dominance, semantic rules). A class is
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

    /** First match wins. */
    static final List<Rule> RULES = List.of(
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

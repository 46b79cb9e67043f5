package org.nvlower.llvm.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.llvm.analysis.IrVerifier;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.testing.ExternalTools;

/**
 * nvlower's accept/reject verdict against llvm-as 14 on mutants of the fixtures, llvm-stress
 * modules and libdevice functions. No module llvm-as accepts may be rejected; every module
 * nvlower accepts and llvm-as rejects must fall in a class of {@link Rejections} (docs/llvm-ir.md).
 * Every module of a verifier class must be reported by {@link IrVerifier}. The suite runs
 * {@link #INPUTS} ({@code -Dnvlower.differential=N} for more); {@code bench/ir-fuzz --differential
 * 10000} is the full run.
 */
class DifferentialFuzzTest {

    static final long INPUTS = Long.getLong("nvlower.differential", 200);
    static final int STRESS_MODULES = 8;

    @TempDir
    Path work;

    @Test
    void nvlowerAndLlvmAsAgree() {
        Optional<Path> llvmAs = ExternalTools.llvmAs();
        Assumptions.assumeTrue(llvmAs.isPresent(), "llvm-as (LLVM 14) is absent");
        List<String> seeds = Differential.seeds(llvmAs.get(), work, STRESS_MODULES, 24);
        Fuzzer fuzzer = new Fuzzer(seeds, FuzzSeeds.donors(seeds, Corpus.libdevice()), FuzzSeeds.SEED, 5000);
        Differential.Result r = Differential.run(fuzzer, llvmAs.get(), 0, INPUTS, work, 2);
        Rejections.Tally tally = Rejections.tally(r.invalidAccepted());
        System.out.printf("differential: %d seeds, %d mutants in %.1f s: both accept %d, both reject %d, "
                        + "llvm-as only accepts %d, nvlower only accepts %d (%s)%n", seeds.size(), r.inputs(),
                r.seconds(), r.bothAccept(), r.bothReject(), r.validRejected().size(), r.invalidAcceptedCount(),
                tally.summary());
        assertEquals(List.of(), r.validRejected().stream()
                .map(d -> "#" + d.index() + ": " + d.nvlowerSays()).toList(), "valid IR that nvlower rejects");
        assertEquals(List.of(), tally.unclassified().stream()
                .map(d -> "#" + d.index() + ": " + d.llvmSays()).toList(), "unclassified modules nvlower accepts");
        if (Boolean.getBoolean("nvlower.differential.show")) {
            showParserClassAcceptances(r.invalidAccepted());
        }
        // the verifier classes are the IrVerifier's job: it must report each of these modules
        List<String> missed = new ArrayList<>();
        for (Differential.Disagreement d : r.invalidAccepted()) {
            Optional<Rejections.Rule> rule = Rejections.classify(d.llvmSays());
            if (rule.isPresent() && rule.get().layer() == Rejections.Layer.VERIFIER
                    && IrVerifier.errors(IrParser.parse("mutant.ll", d.input())).isEmpty()) {
                missed.add("#" + d.index() + ": " + d.llvmSays());
            }
        }
        assertEquals(List.of(), missed, "modules of a verifier class that the Verifier finds valid");
    }

    /**
     * With {@code -Dnvlower.differential.show=true}: each parser-class acceptance, LLVM's message and its line,
     * the module in target/fuzz-findings/parser-accepted-INDEX.ll.
     */
    private static void showParserClassAcceptances(List<Differential.Disagreement> accepted) {
        for (Differential.Disagreement d : accepted) {
            Optional<Rejections.Rule> rule = Rejections.classify(d.llvmSays());
            if (rule.isEmpty() || rule.get().layer() == Rejections.Layer.PARSER) {
                String says = d.llvmSays();
                java.util.regex.Matcher m = java.util.regex.Pattern.compile(":(\\d+):\\d+:").matcher(says);
                String line = "";
                if (m.find()) {
                    String[] lines = d.input().split("\n", -1);
                    int n = Integer.parseInt(m.group(1));
                    line = n <= lines.length ? lines[n - 1] : "";
                }
                try {
                    Path dir = Files.createDirectories(Path.of("target", "fuzz-findings"));
                    Files.writeString(dir.resolve("parser-accepted-" + d.index() + ".ll"), d.input());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                System.out.printf("#%d [%s] %s%n    %s%n", d.index(), rule.map(Rejections.Rule::name).orElse("?"),
                        says.lines().findFirst().orElse(""), line.length() > 300 ? line.substring(0, 300) : line);
            }
        }
    }
}

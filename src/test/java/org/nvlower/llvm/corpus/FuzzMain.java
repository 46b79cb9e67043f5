package org.nvlower.llvm.corpus;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.nvlower.testing.ExternalTools;

/**
 * The long fuzz run behind {@code bench/ir-fuzz}:
 * {@code FuzzMain [N] [--seed S] [--first I] [--out DIR] [--replay INDEX] [--differential K]}.
 * Runs inputs I .. I+N-1 in chunks, printing progress; writes each finding, minimized, to DIR.
 * With {@code --differential K}, instead runs K inputs through both nvlower and LLVM 14's
 * {@code llvm-as} ({@link Differential}) and writes the minimized valid-IR-rejected cases.
 * Exit code 0 when there is no finding, 1 otherwise.
 */
public final class FuzzMain {

    private FuzzMain() {}

    public static void main(String[] args) throws IOException {
        long count = 1_000_000;
        long seed = FuzzSeeds.SEED;
        long first = 0;
        long replay = -1;
        long differential = -1;
        Path out = Path.of("target/fuzz-findings");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--seed" -> seed = Long.parseLong(args[++i]);
                case "--first" -> first = Long.parseLong(args[++i]);
                case "--out" -> out = Path.of(args[++i]);
                case "--replay" -> replay = Long.parseLong(args[++i]);
                case "--differential" -> differential = Long.parseLong(args[++i]);
                default -> count = Long.parseLong(args[i].replace("_", ""));
            }
        }
        Optional<String> libdevice = Corpus.libdevice();
        List<String> seeds = FuzzSeeds.seeds(libdevice, 24);
        Fuzzer fuzzer = new Fuzzer(seeds, FuzzSeeds.donors(seeds, libdevice), seed, 5000);
        System.out.printf("seed %d: %d seed inputs (%s), %s%n", seed, seeds.size(),
                libdevice.isPresent() ? "fixtures + 24 libdevice functions" : "fixtures only: no libdevice", "timeout 5 s per input");
        if (replay >= 0) {
            String input = fuzzer.input(replay);
            System.out.println(Fuzzer.classifyWithTimeout(FuzzSeeds.ROUND_TRIP, input, 5000));
            System.out.println("---- input #" + replay + " ----\n" + input);
            return;
        }
        if (differential >= 0) {
            System.exit(differential(seed, first, differential, out));
        }
        long chunk = 100_000;
        long accepted = 0;
        long rejected = 0;
        long bytes = 0;
        double seconds = 0;
        Map<String, Fuzzer.Finding> findings = new LinkedHashMap<>();
        for (long at = first; at < first + count; at += chunk) {
            Fuzzer.Report r = fuzzer.run(FuzzSeeds.ROUND_TRIP, at, Math.min(chunk, first + count - at), 50);
            accepted += r.accepted();
            rejected += r.rejected();
            bytes += r.bytes();
            seconds += r.seconds();
            for (Fuzzer.Finding f : r.findings()) {
                findings.putIfAbsent(f.outcome().verdict() + " " + f.outcome().signature(), f);
            }
            long done = at + Math.min(chunk, first + count - at) - first;
            System.out.printf("%,12d inputs  %,9.0f inputs/s  %,d accepted  %,d rejected  %d distinct findings%n",
                    done, done / seconds, accepted, rejected, findings.size());
        }
        System.out.printf("done: %,d inputs in %.1f s (%,.0f inputs/s, %.1f MB), %,d accepted, %,d rejected, %d distinct findings%n",
                count, seconds, count / seconds, bytes / 1e6, accepted, rejected, findings.size());
        if (!findings.isEmpty()) {
            Files.createDirectories(out);
            int n = 0;
            for (Fuzzer.Finding f : findings.values()) {
                Fuzzer.Outcome want = f.outcome();
                String small = Fuzzer.minimize(f.input(), s -> {
                    Fuzzer.Outcome o = Fuzzer.classifyWithTimeout(FuzzSeeds.ROUND_TRIP, s, 5000);
                    return o.verdict() == want.verdict() && o.signature().equals(want.signature());
                });
                Path file = out.resolve("finding-" + (++n) + ".ll");
                Files.writeString(file, small, StandardCharsets.UTF_8);
                System.out.printf("finding %d: input #%d, %s %s (%d times)%n  %s%n  minimized (%d chars): %s%n",
                        n, f.index(), want.verdict(), want.signature(), f.occurrences(), want.detail(), small.length(), file);
            }
            System.exit(1);
        }
    }

    private static int differential(long seed, long first, long count, Path out) throws IOException {
        Path llvmAs = ExternalTools.llvmAs()
                .orElseThrow(() -> new IllegalStateException("llvm-as (LLVM 14) not found"));
        Files.createDirectories(out);
        List<String> seeds = Differential.seeds(llvmAs, out, DifferentialFuzzTest.STRESS_MODULES, 24);
        Fuzzer fuzzer = new Fuzzer(seeds, FuzzSeeds.donors(seeds, Corpus.libdevice()), seed, 5000);
        System.out.printf("differential: %d seed inputs llvm-as accepts (fixtures, %d llvm-stress modules, "
                + "libdevice functions)%n", seeds.size(), DifferentialFuzzTest.STRESS_MODULES);
        Differential.Result r = Differential.run(fuzzer, llvmAs, first, count, out, 2);
        System.out.printf("differential: %,d inputs in %.1f s: both accept %,d, both reject %,d, "
                        + "valid IR rejected by nvlower: %d kinds, invalid IR accepted by nvlower: %,d%n",
                r.inputs(), r.seconds(), r.bothAccept(), r.bothReject(), r.validRejected().size(), r.invalidAcceptedCount());
        int n = 0;
        for (Differential.Disagreement d : r.validRejected()) {
            String small = Differential.minimize(d, llvmAs, out);
            Path file = out.resolve("valid-rejected-" + (++n) + ".ll");
            Files.writeString(file, small, StandardCharsets.UTF_8);
            System.out.printf("valid IR rejected %d: input #%d: %s%n  minimized (%d chars) %s: %s%n", n, d.index(),
                    d.nvlowerSays(), small.length(), file, Differential.nvlower(small));
        }
        Rejections.Tally tally = Rejections.tally(r.invalidAccepted());
        System.out.println("nvlower accepts, llvm-as rejects: " + tally.summary());
        try (var w = Files.newBufferedWriter(out.resolve("invalid-accepted.txt"))) {
            for (Differential.Disagreement d : r.invalidAccepted()) {
                w.write(d.index() + "\t" + Rejections.classify(d.llvmSays()).map(Rejections.Rule::name).orElse("?")
                        + "\t" + d.llvmSays().replace('\t', ' ') + "\n");
            }
        }
        // one minimized example of each unclassified kind of llvm-as message, to classify by hand
        Map<String, Differential.Disagreement> kinds = new LinkedHashMap<>();
        for (Differential.Disagreement d : tally.unclassified()) {
            kinds.putIfAbsent(Differential.llvmKind(d.llvmSays()), d);
        }
        int k = 0;
        for (var e : kinds.entrySet()) {
            long deadline = System.nanoTime() + 20_000_000_000L; // llvm-as is slow: 20 s of shrinking each
            String small = Fuzzer.minimize(e.getValue().input(), s -> System.nanoTime() < deadline
                    && Differential.nvlower(s) == null
                    && e.getKey().equals(Differential.llvmKind(Differential.llvmAs(llvmAs, s, out))));
            Path file = out.resolve("invalid-accepted-" + (++k) + ".ll");
            Files.writeString(file, small, StandardCharsets.UTF_8);
            System.out.printf("unclassified %d: input #%d: %s%n  minimized (%d chars): %s%n", k,
                    e.getValue().index(), e.getKey(), small.length(), file);
        }
        return r.validRejected().isEmpty() ? 0 : 1;
    }
}

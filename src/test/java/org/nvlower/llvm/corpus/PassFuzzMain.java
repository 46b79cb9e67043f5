package org.nvlower.llvm.corpus;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The long run behind {@code bench/ir-pass-fuzz}: {@code PassFuzzMain [N] [--seed S] [--first I]
 * [--chunk C] [--out DIR]} (N defaults to 100,000). Prints progress per chunk and the figures per
 * pass; findings (input, output, LLVM's message) go to DIR (default target/pass-fuzz-findings).
 * Exit code 1 when a pass crashed or wrote IR LLVM rejects.
 */
public final class PassFuzzMain {

    private PassFuzzMain() {}

    public static void main(String[] args) throws Exception {
        long count = 100_000;
        long seed = FuzzSeeds.SEED;
        long first = 0;
        int chunk = 5000;
        Path out = Path.of("target/pass-fuzz-findings");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--seed" -> seed = Long.parseLong(args[++i]);
                case "--first" -> first = Long.parseLong(args[++i]);
                case "--chunk" -> chunk = Integer.parseInt(args[++i]);
                case "--out" -> out = Path.of(args[++i]);
                default -> count = Long.parseLong(args[i].replace("_", ""));
            }
        }
        Path work = Files.createTempDirectory("nvlower-pass-fuzz");
        List<PassFuzz.Llvm> llvms = PassFuzz.llvms(work);
        if (llvms.isEmpty()) {
            System.err.println("bench/ir-pass-fuzz: llvm-link of LLVM 14 or 19 needed (/usr/lib/llvm-14/bin)");
            System.exit(2);
        }
        long t0 = System.nanoTime();
        List<String> seeds = PassFuzz.seeds(PassFuzz.allBuilds(), 24, true);
        List<String> donors = FuzzSeeds.donors(seeds, Corpus.libdevice());
        System.out.printf("seed %d: %d seed modules (clang 14/19 builds, libdevice functions, LLVM 14 fixtures) made in %.1f s; "
                + "judged by %s%n", seed, seeds.size(), (System.nanoTime() - t0) / 1e9,
                llvms.stream().map(PassFuzz.Llvm::name).toList());
        PassFuzz fuzz = new PassFuzz(new Fuzzer(seeds, donors, seed, 5000), llvms, work, out);
        PassFuzz.Report report = new PassFuzz.Report();
        fuzz.run(first, count, chunk, 2, report, r -> System.out.printf("%,10d mutants  %,8.1f s  %,d valid  %d findings%n",
                r.mutants, r.seconds, r.valid, r.findings()));
        System.out.print(report.summary());
        System.exit(report.findings() == 0 ? 0 : 1);
    }
}

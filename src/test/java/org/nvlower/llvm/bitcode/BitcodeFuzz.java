package org.nvlower.llvm.bitcode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.nvlower.testing.ExternalTools;

/**
 * Mutated bitcode through the reader: every input must either read or raise one
 * {@link BitcodeException}; anything else (another exception, an error, more than 5 s) is a
 * finding. Input {@code i} depends only on the seed files, the random seed and {@code i}.
 * {@code bench/bitcode-fuzz N} runs it; {@link BitcodeErrorsTest} runs a few hundred in ./check.
 */
public final class BitcodeFuzz {

    /** What happened to the inputs of one run. */
    public record Result(int inputs, int read, int rejected, List<String> findings) {
    }

    private BitcodeFuzz() {
    }

    /**
     * Seed bitcode: the LLVM 14 fixtures through llvm-as 14 (into {@code dir}); empty without
     * llvm-as. With clang 14 or 19 also dbg.c and eh.cpp at -O2 -g (debug-info nodes, exception
     * handling; LLVM 19's debug records), and at -O0 -g for clang 19 (#dbg_declare).
     */
    static List<byte[]> seeds(Path dir) throws Exception {
        List<byte[]> seeds = new ArrayList<>();
        var as = LlvmDis.tool(14, "llvm-as");
        if (as.isEmpty()) {
            return seeds;
        }
        Path fixtures = Path.of("src/test/resources/llvm/llvm14");
        try (var files = Files.list(fixtures)) {
            for (Path ll : files.filter(p -> p.toString().endsWith(".ll")).sorted().toList()) {
                Path bc = dir.resolve(ll.getFileName() + ".bc");
                if (ExternalTools.run(60, List.of(as.get().toString(), ll.toString(), "-o", bc.toString())).exitCode() == 0) {
                    seeds.add(Files.readAllBytes(bc));
                }
            }
        }
        for (int major : new int[] {14, 19}) {
            var clang = LlvmDis.tool(major, "clang");
            if (clang.isEmpty()) {
                continue;
            }
            for (String opt : major == 14 ? List.of("-O2") : List.of("-O0", "-O2")) {
                for (String source : List.of("dbg.c", "eh.cpp")) {
                    Path bc = dir.resolve(source + major + opt + ".bc");
                    if (ExternalTools.run(120, List.of(clang.get().toString(), "-c", "-emit-llvm", opt, "-g",
                            "src/test/resources/llvm/sources/" + source, "-o", bc.toString())).exitCode() == 0) {
                        seeds.add(Files.readAllBytes(bc));
                    }
                }
            }
        }
        return seeds;
    }

    /** The mutant number {@code i}: one to four edits (bit flips, byte values, cuts, copies) of a seed. */
    static byte[] mutant(List<byte[]> seeds, long seed, long i) {
        SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + i);
        byte[] base = seeds.get(r.nextInt(seeds.size()));
        byte[] b = base.clone();
        int edits = 1 + r.nextInt(4);
        for (int k = 0; k < edits && b.length > 8; k++) {
            int at = 4 + r.nextInt(b.length - 4);
            switch (r.nextInt(6)) {
                case 0 -> b[at] ^= (byte) (1 << r.nextInt(8));
                case 1 -> b[at] = (byte) r.nextInt(256);
                case 2 -> b = java.util.Arrays.copyOf(b, at); // truncated
                case 3 -> { // a word set to an extreme value
                    int w = at & ~3;
                    int v = r.nextBoolean() ? -1 : r.nextInt();
                    for (int j = 0; j < 4 && w + j < b.length; j++) {
                        b[w + j] = (byte) (v >>> (8 * j));
                    }
                }
                case 4 -> { // a span copied over another
                    int len = 1 + r.nextInt(Math.min(64, b.length - at));
                    int from = 4 + r.nextInt(b.length - 4 - len + 1);
                    System.arraycopy(b.clone(), from, b, at, Math.min(len, b.length - at));
                }
                default -> { // a span removed
                    int len = 1 + r.nextInt(Math.min(64, b.length - at));
                    byte[] c = new byte[b.length - len];
                    System.arraycopy(b, 0, c, 0, at);
                    System.arraycopy(b, at + len, c, at, b.length - at - len);
                    b = c;
                }
            }
        }
        return b;
    }

    /** Reads mutants {@code first .. first+n-1}; each gets at most 5 s. */
    public static Result run(List<byte[]> seeds, long seed, long first, int n) throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(null, r, "bitcode-fuzz", 64 << 20);
            t.setDaemon(true);
            return t;
        });
        int read = 0;
        int rejected = 0;
        List<String> findings = new ArrayList<>();
        try {
            for (long i = first; i < first + n; i++) {
                byte[] input = mutant(seeds, seed, i);
                Future<String> f = pool.submit(() -> {
                    try {
                        BitcodeReader.readWithUseLists("mutant.bc", input);
                        return "read";
                    } catch (BitcodeException e) {
                        return "rejected";
                    } catch (Throwable t) {
                        return "finding: " + t;
                    }
                });
                String outcome;
                try {
                    outcome = f.get(5, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    f.cancel(true);
                    outcome = "finding: more than 5 s";
                    pool.shutdownNow();
                    pool = Executors.newSingleThreadExecutor();
                }
                switch (outcome) {
                    case "read" -> read++;
                    case "rejected" -> rejected++;
                    default -> findings.add("input " + i + ": " + outcome);
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return new Result(n, read, rejected, findings);
    }

    /** {@code bench/bitcode-fuzz [N] [--seed S] [--first I]}. */
    public static void main(String[] args) throws Exception {
        int n = 100_000;
        long seed = 1;
        long first = 0;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--seed" -> seed = Long.parseLong(args[++i]);
                case "--first" -> first = Long.parseLong(args[++i]);
                default -> n = Integer.parseInt(args[i].replace("_", "").replace(",", ""));
            }
        }
        Path dir = Files.createTempDirectory("bitcode-fuzz");
        List<byte[]> seeds = seeds(dir);
        if (seeds.isEmpty()) {
            System.err.println("bitcode-fuzz: llvm-as 14 (/usr/lib/llvm-14/bin) is needed to make the seed bitcode");
            System.exit(2);
        }
        long t0 = System.nanoTime();
        Result r = run(seeds, seed, first, n);
        double s = (System.nanoTime() - t0) / 1e9;
        System.out.printf("%d mutants of %d seeds (seed %d, from %d): %d read, %d rejected with a BitcodeException,"
                + " %d findings (crashes or hangs), %.1f s%n", r.inputs(), seeds.size(), seed, first, r.read(),
                r.rejected(), r.findings().size(), s);
        r.findings().stream().limit(50).forEach(System.out::println);
        System.exit(r.findings().isEmpty() ? 0 : 1);
    }
}

package org.nvlower.llvm.corpus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.nvlower.diag.InputException;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.testing.ExternalTools;

/**
 * Differential fuzzing against LLVM 14: the same mutated inputs go to nvlower's parser and to
 * {@code llvm-as}. An input LLVM accepts but nvlower rejects is a bug (valid IR rejected); an
 * input nvlower accepts but LLVM rejects is counted (a lossless parser need not check everything
 * LLVM's verifier does) and the first few are shown.
 */
final class Differential {

    private Differential() {}

    record Disagreement(long index, String input, String nvlowerSays, String llvmSays) {}

    /** How {@link #llvmAs} marks a message of LLVM's verifier (the parser accepted the module). */
    static final String VERIFIER = "verifier: ";

    record Result(long inputs, long bothAccept, long bothReject, List<Disagreement> validRejected,
            List<Disagreement> invalidAccepted, long invalidAcceptedCount, double seconds) {}

    /** One input's two verdicts: null for accepted, else the first line of the error. */
    record Verdicts(long index, String input, String nvlower, String llvm) {}

    /**
     * Runs inputs {@code first .. first+count-1} through nvlower (on this thread) and llvm-as
     * ({@code threads} processes at a time, each in its own file under {@code work}); results in
     * input order, so a run is reproduced exactly from (seed, first, count).
     */
    static List<Verdicts> verdicts(Fuzzer fuzzer, Path llvmAs, long first, long count, Path work, int threads) {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
        try {
            List<java.util.concurrent.Future<Verdicts>> futures = new ArrayList<>();
            for (long i = first; i < first + count; i++) {
                long index = i;
                String input = fuzzer.input(index);
                String ours = nvlower(input);
                futures.add(pool.submit(() -> new Verdicts(index, input, ours,
                        llvmAs(llvmAs, input, work.resolve("t" + Thread.currentThread().getId())))));
            }
            List<Verdicts> out = new ArrayList<>(futures.size());
            for (var f : futures) {
                out.add(f.get());
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    static Result run(Fuzzer fuzzer, Path llvmAs, long first, long count, Path work, int threads) {
        long t0 = System.nanoTime();
        long bothAccept = 0;
        long bothReject = 0;
        long invalidAccepted = 0;
        Map<String, Disagreement> validRejected = new LinkedHashMap<>();
        List<Disagreement> accepted = new ArrayList<>();
        for (Verdicts v : verdicts(fuzzer, llvmAs, first, count, work, threads)) {
            String ours = v.nvlower();
            String theirs = v.llvm();
            if (ours == null && theirs == null) {
                bothAccept++;
            } else if (ours != null && theirs != null) {
                bothReject++;
            } else if (ours != null) {
                validRejected.putIfAbsent(kind(ours), new Disagreement(v.index(), v.input(), ours, "accepted"));
            } else {
                invalidAccepted++;
                accepted.add(new Disagreement(v.index(), v.input(), "accepted", theirs));
            }
        }
        return new Result(count, bothAccept, bothReject, List.copyOf(validRejected.values()), accepted, invalidAccepted,
                (System.nanoTime() - t0) / 1e9);
    }

    /** The initializer of each {@code @g = global T INIT} line, as {@code llvm-as | llvm-dis} spells it. */
    static List<String> disassembledInitializers(Path llvmAs, Path llvmDis, String module, Path work) {
        try {
            Files.createDirectories(work);
            Path ll = Files.writeString(work.resolve("in.ll"), module, StandardCharsets.UTF_8);
            Path bc = work.resolve("in.bc");
            ExternalTools.Result as = ExternalTools.run(30, List.of(llvmAs.toString(), ll.toString(), "-o", bc.toString()));
            if (!as.ok()) {
                throw new IllegalStateException(as.stderr());
            }
            ExternalTools.Result dis = ExternalTools.run(30, List.of(llvmDis.toString(), bc.toString(), "-o", "-"));
            return dis.stdout().lines().filter(l -> l.startsWith("@"))
                    .map(l -> l.replaceAll("^@\\S+ = global \\S+ ", "").replaceAll(", align \\d+$", "")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** llvm-stress 14 modules (random valid IR over many instruction kinds) for seeds 1..count. */
    static List<String> llvmStress(int count, int size) {
        Optional<Path> stress = ExternalTools.find("llvm-stress");
        List<String> out = new ArrayList<>();
        if (stress.isEmpty()) {
            return out;
        }
        for (int seed = 1; seed <= count; seed++) {
            ExternalTools.Result r = ExternalTools.run(30, List.of(stress.get().toString(), "-seed=" + seed,
                    "-size=" + size, "-o", "-"));
            if (!r.ok()) {
                throw new IllegalStateException("llvm-stress -seed=" + seed + ": " + r.stderr());
            }
            out.add(r.stdout());
        }
        return out;
    }

    /**
     * The differential's seed inputs: every fixture, {@code stress} llvm-stress modules and
     * {@code libdeviceFunctions} libdevice functions, less those llvm-as 14 rejects (the llvm17
     * fixtures are newer syntax; a few regression fixtures are invalid on purpose): a mutant
     * then differs from IR LLVM reads by its mutations alone.
     */
    static List<String> seeds(Path llvmAs, Path work, int stress, int libdeviceFunctions) {
        List<String> all = new ArrayList<>(FuzzSeeds.seeds(Corpus.libdevice(), libdeviceFunctions));
        all.addAll(llvmStress(stress, 60));
        return all.stream().filter(s -> llvmAs(llvmAs, s, work) == null).toList();
    }

    /** An llvm-as message without position, quoted words and numbers: one entry per kind. */
    static String llvmKind(String message) {
        return message == null ? "accepted" : message.replaceAll("fuzz.ll:\\d+:\\d+: ", "")
                .replaceAll("'[^']*'", "'X'").replaceAll("\\d+", "N");
    }

    /** A message without its position and quoted details: one entry per kind of disagreement. */
    static String kind(String message) {
        return message.replaceAll("^[^:]*:\\d+:\\d+: ", "").replaceAll("'.*", "");
    }

    /** null when nvlower parses {@code input}, else its message with position. */
    static String nvlower(String input) {
        try {
            IrParser.parse("fuzz.ll", input);
            return null;
        } catch (InputException e) {
            return e.position() == null ? e.getMessage() : e.position() + ": " + e.getMessage();
        } catch (RuntimeException | StackOverflowError e) {
            return "CRASH " + e;
        }
    }

    /** null when llvm-as 14 accepts {@code input} (opaque-pointer mode when it uses {@code ptr}). */
    static String llvmAs(Path llvmAs, String input, Path work) {
        try {
            Files.createDirectories(work);
            Path file = work.resolve("diff.ll");
            Files.writeString(file, input, StandardCharsets.UTF_8);
            boolean opaque = input.matches("(?s).*\\bptr\\b.*") && !input.contains("*");
            List<String> cmd = new ArrayList<>(List.of(llvmAs.toString()));
            if (opaque) {
                cmd.add("-opaque-pointers");
            }
            cmd.addAll(List.of(file.toString(), "-o", "/dev/null"));
            ExternalTools.Result r = ExternalTools.run(30, cmd);
            if (r.ok()) {
                return null;
            }
            List<String> lines = r.stderr().lines().toList();
            if (!lines.isEmpty() && lines.get(0).contains("does not verify as correct")) {
                // the parser accepted it; the verifier's first complaint is on the next line
                return VERIFIER + (lines.size() > 1 ? lines.get(1) : "");
            }
            String first = lines.isEmpty() ? "exit " + r.exitCode() : lines.get(0);
            return first.replace(file.toString(), "fuzz.ll");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The smallest input (lines, then characters) that LLVM still accepts and nvlower still
     * rejects with the same kind of message.
     */
    static String minimize(Disagreement d, Path llvmAs, Path work) {
        String kind = kind(d.nvlowerSays());
        return Fuzzer.minimize(d.input(), s -> {
            String ours = nvlower(s);
            return ours != null && kind(ours).equals(kind) && llvmAs(llvmAs, s, work) == null;
        });
    }
}

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

    record Result(long inputs, long bothAccept, long bothReject, List<Disagreement> validRejected,
            List<Disagreement> invalidAccepted, long invalidAcceptedCount, double seconds) {}

    static Result run(Fuzzer fuzzer, Path llvmAs, long first, long count, Path work) {
        long t0 = System.nanoTime();
        long bothAccept = 0;
        long bothReject = 0;
        long invalidAccepted = 0;
        Map<String, Disagreement> validRejected = new LinkedHashMap<>();
        List<Disagreement> accepted = new ArrayList<>();
        for (long i = first; i < first + count; i++) {
            String input = fuzzer.input(i);
            String ours = nvlower(input);
            String theirs = llvmAs(llvmAs, input, work);
            if (ours == null && theirs == null) {
                bothAccept++;
            } else if (ours != null && theirs != null) {
                bothReject++;
            } else if (ours != null) {
                validRejected.putIfAbsent(kind(ours), new Disagreement(i, input, ours, "accepted"));
            } else {
                invalidAccepted++;
                if (accepted.size() < 10) {
                    accepted.add(new Disagreement(i, input, "accepted", theirs));
                }
            }
        }
        return new Result(count, bothAccept, bothReject, List.copyOf(validRejected.values()), accepted, invalidAccepted,
                (System.nanoTime() - t0) / 1e9);
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
            String first = r.stderr().lines().findFirst().orElse("exit " + r.exitCode());
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

package org.nvlower.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The second judges for IR nvlower writes: LLVM 14's and LLVM 19's own tools (each skipped when
 * absent). Typed-pointer IR is read by both; opaque-pointer IR by LLVM 14 with
 * {@code -opaque-pointers}.
 */
public final class LlvmChecks {

    private LlvmChecks() {
    }

    /** An LLVM 14 tool: {@code /usr/lib/llvm-14/bin/NAME} or {@code NAME-14} on the PATH. */
    public static Optional<Path> llvm14(String tool) {
        return Optional.of(Path.of("/usr/lib/llvm-14/bin", tool)).filter(Files::isExecutable)
                .or(() -> ExternalTools.find(tool + "-14"));
    }

    /** An LLVM tool of version 14 and of version 19, where present. */
    public static List<Path> both(String tool) {
        List<Path> list = new ArrayList<>();
        llvm14(tool).ifPresent(list::add);
        ExternalTools.llvm19(tool).ifPresent(list::add);
        return list;
    }

    /** Writes {@code text} to a new file in {@code dir}. */
    public static Path write(Path dir, String name, String text) {
        try {
            Path file = dir.resolve(name);
            Files.writeString(file, text, StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** llvm-as 14 and 19 accept {@code text}; returns how many judged it. */
    public static int assertAccepted(Path dir, String text) {
        Path file = write(dir, "judged-" + Integer.toHexString(text.hashCode()) + ".ll", text);
        int judged = 0;
        for (Path as : both("llvm-as")) {
            List<String> cmd = new ArrayList<>(List.of(as.toString(), file.toString(), "-o", "/dev/null"));
            if (as.toString().contains("llvm-14") && text.contains(" ptr ")) {
                cmd.add("-opaque-pointers");
            }
            ExternalTools.Result r = ExternalTools.run(60, cmd);
            assertEquals(0, r.exitCode(), as + " rejected:\n" + r.stderr() + "\n" + text);
            judged++;
        }
        return judged;
    }

    /** Runs {@code tool args...}; fails with its output unless it exits 0. */
    public static ExternalTools.Result assertRuns(long timeoutSeconds, Path tool, String... args) {
        ExternalTools.Result r = ExternalTools.run(timeoutSeconds, tool, args);
        assertEquals(0, r.exitCode(), tool + " " + String.join(" ", args) + " failed:\n" + r.stderr());
        return r;
    }
}

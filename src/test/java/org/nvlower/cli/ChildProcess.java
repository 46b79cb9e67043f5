package org.nvlower.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** nvlower in a process of its own: through {@link Main#main} (real file descriptors, signals, heap limits). */
final class ChildProcess {

    private ChildProcess() {
    }

    /** {@code java [jvmOptions] -cp <the test class path> org.nvlower.cli.Main args}. */
    static ProcessBuilder nvlower(List<String> jvmOptions, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd);
    }

    record Result(int code, String stderr) {}

    /** Starts {@code pb} with standard input from nothing, waits (at most a minute), returns the exit code and stderr. */
    static Result run(ProcessBuilder pb) {
        try {
            Process p = pb.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
            CompletableFuture<String> err = drain(p.getErrorStream());
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("no exit after 60 s: " + pb.command());
            }
            return new Result(p.exitValue(), err.join());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Reads a stream to its end on another thread, so the child never blocks on a full pipe. */
    static CompletableFuture<String> drain(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "(unreadable: " + e + ")";
            }
        });
    }

    /** True when this JVM, and so a child, ignores SIGINT (a shell's background job): then the JVM has no SIGINT handler. */
    static boolean ignoresSigint() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("SigIgn:")) {
                    return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & 2) != 0;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // no /proc: assume the default disposition
        }
        return false;
    }
}

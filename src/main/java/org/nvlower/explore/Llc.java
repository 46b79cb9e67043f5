package org.nvlower.explore;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Stock LLVM's {@code llc}, the one external tool the explorer runs: the newest found on PATH or
 * in Debian's {@code /usr/lib/llvm-19} and {@code /usr/lib/llvm-14}. Absent, the PTX stage is
 * skipped with that reason; nothing else depends on it.
 */
final class Llc {

    /** What llc did: the PTX, or its error output. */
    record Outcome(boolean ok, String text) {}

    private final Path tool;

    private Llc(Path tool) {
        this.tool = tool;
    }

    static Optional<Llc> find() {
        List<Path> candidates = new ArrayList<>();
        candidates.add(Path.of("/usr/lib/llvm-19/bin/llc"));
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                if (!dir.isEmpty()) {
                    candidates.add(Path.of(dir, "llc"));
                }
            }
        }
        candidates.add(Path.of("/usr/lib/llvm-14/bin/llc"));
        return candidates.stream().filter(Files::isExecutable).findFirst().map(Llc::new);
    }

    String name() {
        return tool.toString();
    }

    /** PTX for {@code cpu} from IR text; the process is killed once {@code millis} have passed. */
    Outcome compile(String ir, String cpu, long millis) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(tool.toString(), "-march=nvptx64", "-mcpu=" + cpu, "-o", "-", "-")
                .redirectErrorStream(false).start();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> drain(p.getInputStream()));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> drain(p.getErrorStream()));
        try (OutputStream in = p.getOutputStream()) {
            in.write(ir.getBytes(StandardCharsets.ISO_8859_1));
        } catch (IOException e) {
            // llc quit early; its error output says why
        }
        if (!p.waitFor(millis, TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            return new Outcome(false, "llc did not finish in " + millis + " ms and was stopped");
        }
        return p.exitValue() == 0 ? new Outcome(true, out.join()) : new Outcome(false, err.join());
    }

    private static String drain(InputStream s) {
        try (s) {
            return new String(s.readAllBytes(), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            return "";
        }
    }
}

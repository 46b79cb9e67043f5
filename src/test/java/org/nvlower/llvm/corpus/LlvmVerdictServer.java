package org.nvlower.llvm.corpus;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * LLVM's verdicts from {@code llvm-verdict} (bench/ir-pass-fuzz-src/llvm_verdict.cpp, built against
 * LLVM 14 and 19 by bench/ir-pass-fuzz into {@code target/llvm-verdict-V}): one long-lived process
 * that parses and verifies each file it is given as llvm-as does, so a file costs LLVM's parse and
 * Verifier only, not a process (100 to 300 ms on the shared machine) nor a restart after each
 * rejected file as with {@link LlvmBatch}. A process that LLVM ended (a crash, or a fatal error on a
 * broken module with debug info) is started again for the next file.
 */
final class LlvmVerdictServer implements LlvmJudge, AutoCloseable {

    private final List<String> command;
    private final Path work;
    private final List<Worker> workers = new ArrayList<>();

    /** {@code flags}: e.g. {@code -opaque-pointers} for LLVM 14 on {@code ptr} IR. */
    LlvmVerdictServer(Path binary, List<String> flags, Path work) {
        this.command = new ArrayList<>(List.of(binary.toString()));
        this.command.addAll(flags);
        this.work = work;
        try {
            Files.createDirectories(work);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code target/llvm-verdict-V} when bench/ir-pass-fuzz has built it. */
    static Optional<Path> binary(int llvmVersion) {
        Path p = Path.of("target", "llvm-verdict-" + llvmVersion).toAbsolutePath();
        return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
    }

    @Override
    public synchronized Map<Path, String> verdicts(List<Path> files, int threads) {
        while (workers.size() < threads) {
            workers.add(new Worker(work.resolve("stderr-" + workers.size())));
        }
        int n = Math.max(1, Math.min(threads, files.size()));
        if (n == 1) {
            return workers.get(0).verdicts(files);
        }
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Future<Map<Path, String>>> parts = new ArrayList<>();
            int per = (files.size() + n - 1) / n;
            for (int k = 0; k < n; k++) {
                List<Path> part = files.subList(Math.min(files.size(), k * per), Math.min(files.size(), (k + 1) * per));
                Worker w = workers.get(k);
                parts.add(pool.submit(() -> w.verdicts(part)));
            }
            Map<Path, String> out = new HashMap<>();
            for (var p : parts) {
                out.putAll(p.get());
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

    @Override
    public synchronized void close() {
        workers.forEach(Worker::stop);
    }

    /** One llvm-verdict process, started on demand; its stderr is a file it empties per input. */
    private final class Worker {
        private final Path stderr;
        private Process process;
        private BufferedWriter in;
        private BufferedReader out;

        Worker(Path stderr) {
            this.stderr = stderr;
        }

        Map<Path, String> verdicts(List<Path> files) {
            Map<Path, String> out = new HashMap<>();
            for (Path f : files) {
                String v = verdict(f);
                if (v != null) {
                    out.put(f, v);
                }
            }
            return out;
        }

        private String verdict(Path file) {
            for (int attempt = 0;; attempt++) {
                try {
                    return ask(file);
                } catch (IOException e) { // the process ended between two files: once more on a new one
                    process = null;
                    if (attempt > 0) {
                        throw new UncheckedIOException(e);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
        }

        private String ask(Path file) throws IOException, InterruptedException {
            if (process == null || !process.isAlive()) {
                start();
            }
            String path = file.toAbsolutePath().toString();
            in.write(path);
            in.newLine();
            in.flush();
            String line = out.readLine();
            if (line == null) { // LLVM died on this file: its stack dump is in the stderr file
                int exit = process.waitFor();
                process = null;
                return exit == 128 + 14 ? "LLVM took over 60 s (SIGALRM)" : CRASH + crashFrame();
            }
            if (line.startsWith("FATAL ")) {
                process.waitFor();
                process = null;
                return line.substring(6);
            }
            if (line.equals("OK")) {
                return null;
            }
            if (line.startsWith("WARN ")) {
                return "warning: debug info dropped: " + line.substring(5);
            }
            return line.substring(line.indexOf(' ') + 1).replace(path, file.getFileName().toString());
        }

        /** As {@link LlvmBatch} names a crash: the first LLParser or Verifier frame of the stack dump. */
        private String crashFrame() throws IOException {
            return Files.readAllLines(stderr, StandardCharsets.ISO_8859_1).stream()
                    .filter(l -> l.contains(" llvm::LLParser::") || l.contains(" llvm::Verifier"))
                    .findFirst().orElse("").replaceAll("^.*?(llvm::\\S+).*", "$1");
        }

        private void start() throws IOException {
            ProcessBuilder pb = new ProcessBuilder(command);
            pb.redirectError(stderr.toFile());
            process = pb.start();
            in = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
            out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        }

        void stop() {
            if (process != null) {
                process.destroy();
                process = null;
            }
        }
    }
}

package org.nvlower.llvm.corpus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.nvlower.testing.ExternalTools;

/**
 * LLVM's verdict on many {@code .ll} files with few processes. {@code llvm-as} and {@code opt} read
 * one file each, and a process costs 100 to 300 ms on the shared machine; {@code llvm-link
 * --only-needed -disable-debug-info-type-map EMPTY F1 F2 ...} parses each file as llvm-as does
 * (debug info upgraded, invalid debug info dropped with a warning) and runs the Verifier on each
 * ("input module is broken!"), in order, stopping at the first bad one. The empty first module makes
 * {@code --only-needed} link next to nothing, so files do not clash. A failing file is recorded and
 * the files after it go again; a failure that names no file is bisected down to one file.
 */
final class LlvmBatch implements LlvmJudge {

    /** Files per llvm-link process. */
    static final int BATCH = 150;

    private final Path llvmLink;
    private final List<String> flags;
    private final Path empty;

    /** {@code flags}: e.g. {@code -opaque-pointers} for LLVM 14 on {@code ptr} IR. */
    LlvmBatch(Path llvmLink, List<String> flags, Path work) {
        this.llvmLink = llvmLink;
        this.flags = List.copyOf(flags);
        try {
            Files.createDirectories(work);
            this.empty = Files.writeString(work.resolve("empty.ll"), "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A crash's stack dump names the file with the others, so the batch is bisected down to it. */
    @Override
    public Map<Path, String> verdicts(List<Path> files, int threads) {
        Map<Path, String> out = new HashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Map<Path, String>>> parts = new ArrayList<>();
            for (int at = 0; at < files.size(); at += BATCH) {
                List<Path> chunk = files.subList(at, Math.min(files.size(), at + BATCH));
                parts.add(pool.submit(() -> check(chunk)));
            }
            for (var p : parts) {
                out.putAll(p.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
        return out;
    }

    private Map<Path, String> check(List<Path> files) {
        Map<Path, String> out = new HashMap<>();
        List<Path> rest = files;
        while (!rest.isEmpty()) {
            List<String> cmd = new ArrayList<>(List.of(llvmLink.toString()));
            cmd.addAll(flags);
            cmd.addAll(List.of("--only-needed", "-disable-debug-info-type-map", "-o", "/dev/null", empty.toString()));
            rest.forEach(f -> cmd.add(f.toString()));
            ExternalTools.Result r = ExternalTools.run(600, cmd);
            boolean crashed = r.stderr().contains("PLEASE submit a bug report");
            Map<Path, Integer> index = new HashMap<>();
            for (int i = 0; i < rest.size(); i++) {
                index.put(rest.get(i), i);
            }
            // stderr in order: a file's complaint, then the line that names it
            String first = null;
            int failed = -1;
            for (String line : crashed ? List.<String>of() : r.stderr().lines().toList()) {
                if (first == null && !line.isBlank()) {
                    first = line;
                }
                Path named = named(line, rest);
                if (named == null) {
                    continue;
                }
                if (line.contains("warning: ignoring invalid debug info")) {
                    out.putIfAbsent(named, "warning: debug info dropped: " + first);
                } else if (line.contains("error:")) {
                    String what = line.contains("input module is broken") ? first : line;
                    out.putIfAbsent(named, what == null ? line : what.replace(named.toString(), named.getFileName().toString()));
                    failed = index.get(named);
                    break;
                }
                first = null;
            }
            if (r.ok()) {
                return out;
            }
            if (failed < 0) {
                if (rest.size() == 1) {
                    out.put(rest.get(0), crashed ? CRASH + r.stderr().lines().filter(l -> l.contains(" llvm::LLParser::")
                            || l.contains(" llvm::Verifier")).findFirst().orElse("").replaceAll("^.*?(llvm::\\S+).*", "$1")
                            : r.stderr().lines().findFirst().orElse("exit " + r.exitCode()));
                    return out;
                }
                int half = rest.size() / 2;
                out.putAll(check(rest.subList(0, half)));
                out.putAll(check(rest.subList(half, rest.size())));
                return out;
            }
            rest = rest.subList(failed + 1, rest.size());
        }
        return out;
    }

    /** The file of the batch a line of llvm-link's stderr names, or null. */
    private static Path named(String line, List<Path> files) {
        for (Path f : files) {
            String s = f.toString();
            int at = line.indexOf(s);
            if (at >= 0) {
                int end = at + s.length();
                if (end == line.length() || line.charAt(end) == ':' || line.charAt(end) == '\'') {
                    return f;
                }
            }
        }
        return null;
    }
}

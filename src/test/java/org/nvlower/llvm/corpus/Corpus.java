package org.nvlower.llvm.corpus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.nvlower.testing.ExternalTools;

/**
 * Real-world IR made at test time by the tools on the machine: libdevice disassembled by
 * {@code llvm-dis}, and clang-14's output for the CUDA and C sources under
 * {@code llvm/sources/}. Each is made once per JVM, in a temporary directory.
 */
final class Corpus {

    private Corpus() {}

    private static Path tempDir;
    private static Optional<String> libdevice;

    /** libdevice.10.bc as text, or empty when llvm-dis or the CUDA toolkit is absent. */
    static synchronized Optional<String> libdevice() {
        if (libdevice == null) {
            libdevice = ExternalTools.llvmDis().flatMap(dis -> ExternalTools.libdeviceBitcode().map(bc -> {
                Path out = temp().resolve("libdevice.10.ll");
                ExternalTools.Result r = ExternalTools.run(120, dis, bc.toString(), "-o", out.toString());
                if (!r.ok()) {
                    throw new IllegalStateException("llvm-dis failed on " + bc + ":\n" + r.stderr());
                }
                return read(out);
            }));
        }
        return libdevice;
    }

    /** Why {@link #libdevice()} is empty, for the skip message. */
    static String libdeviceMissing() {
        return ExternalTools.llvmDis().isEmpty() ? "llvm-dis not found"
                : "libdevice.10.bc not found under $CUDA_HOME or /usr/local/cuda (nvvm/libdevice/)";
    }

    /** clang-14 {@code -S -emit-llvm} of a file under {@code llvm/sources/} with extra flags. */
    static String clang(Path clang, String source, String outName, String... flags) {
        Path out = temp().resolve(outName);
        List<String> cmd = new ArrayList<>(List.of(clang.toString(), "-S", "-emit-llvm"));
        cmd.addAll(List.of(flags));
        cmd.addAll(List.of(Fixtures.source(source).toString(), "-o", out.toString()));
        ExternalTools.Result r = ExternalTools.run(120, cmd);
        if (!r.ok()) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed:\n" + r.stderr());
        }
        return read(out);
    }

    /** The text of each function definition of {@code module} ({@code define ... }} lines). */
    static List<String> functionTexts(String module) {
        List<String> out = new ArrayList<>();
        int at = 0;
        while ((at = module.indexOf("\ndefine ", at)) >= 0) {
            int end = module.indexOf("\n}\n", at);
            if (end < 0) {
                break;
            }
            out.add(module.substring(at + 1, end + 3));
            at = end + 2;
        }
        return out;
    }

    static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static synchronized Path temp() {
        if (tempDir == null) {
            try {
                tempDir = Files.createTempDirectory("nvlower-corpus");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Path dir = tempDir;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(dir)));
        }
        return tempDir;
    }

    private static void deleteTree(Path dir) {
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort at JVM exit
        }
    }
}

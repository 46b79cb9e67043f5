package org.nvlower.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Finds the external tools that tests compare nvlower against (LLVM 14, CUDA) and runs them.
 * A tool is looked up, in order, on {@code PATH}, in {@code $CUDA_HOME/bin},
 * {@code /usr/local/cuda/bin} and {@code /usr/lib/llvm-14/bin}. Tests skip themselves with
 * {@code Assumptions.assumeTrue(tool.isPresent(), ...)} when a tool is absent.
 */
public final class ExternalTools {

    private ExternalTools() {}

    public static Optional<Path> llvmAs() {
        return find("llvm-as");
    }

    public static Optional<Path> llvmDis() {
        return find("llvm-dis");
    }

    public static Optional<Path> opt() {
        return find("opt");
    }

    public static Optional<Path> llc() {
        return find("llc");
    }

    /** clang 14 by its versioned name first, then LLVM 14's own {@code clang}, then any clang. */
    public static Optional<Path> clang14() {
        return find("clang-14").or(() -> inDir(Path.of("/usr/lib/llvm-14/bin"), "clang")).or(() -> find("clang"));
    }

    public static Optional<Path> mlirOpt() {
        return find("mlir-opt");
    }

    /** LLVM 14's mlir-opt: {@code /usr/lib/llvm-14/bin}, else {@code mlir-opt-14} on the search path. */
    public static Optional<Path> mlirOpt14() {
        return inDir(Path.of("/usr/lib/llvm-14/bin"), "mlir-opt").or(() -> find("mlir-opt-14"));
    }

    public static Optional<Path> ptxas() {
        return find("ptxas");
    }

    /**
     * ptxas's cheapest full compile: {@code -Ofc max} (fast-compile, CUDA 12.8 and later) where
     * {@code ptxas --help} offers it, else {@code -O0}. Either parses, type-checks and selects SASS
     * for the target (what an acceptance test needs); on the 6 MB PTX of every runtime operation
     * {@code -Ofc max} takes 7.5 s of CPU against 62 s at {@code -O0}.
     */
    public static List<String> ptxasFastCompile(Path ptxas) {
        return run(30, ptxas, "--help").stdout().contains("--Ofast-compile") ? List.of("-Ofc", "max")
                : List.of("-O0");
    }

    public static Optional<Path> nvcc() {
        return find("nvcc");
    }

    /** The CUDA toolkit root: {@code $CUDA_HOME}, else {@code /usr/local/cuda}, if it exists. */
    public static Optional<Path> cudaHome() {
        String env = System.getenv("CUDA_HOME");
        for (String dir : env == null ? List.of("/usr/local/cuda") : List.of(env, "/usr/local/cuda")) {
            if (Files.isDirectory(Path.of(dir))) {
                return Optional.of(Path.of(dir));
            }
        }
        return Optional.empty();
    }

    /** {@code nvvm/libdevice/libdevice.10.bc} of the CUDA toolkit, if present. */
    public static Optional<Path> libdeviceBitcode() {
        return cudaHome().map(home -> home.resolve("nvvm/libdevice/libdevice.10.bc")).filter(Files::isRegularFile);
    }

    /**
     * An LLVM 19 tool ({@code opt}, {@code llvm-as}, ...): {@code /usr/lib/llvm-19/bin/NAME} or
     * {@code NAME-19} on the PATH ({@code apt-get install llvm-19}).
     */
    public static Optional<Path> llvm19(String name) {
        return inDir(Path.of("/usr/lib/llvm-19/bin"), name).or(() -> find(name + "-19"));
    }

    /** Looks {@code name} up in the directories listed in the class comment. */
    public static Optional<Path> find(String name) {
        List<Path> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                if (!dir.isEmpty()) {
                    dirs.add(Path.of(dir));
                }
            }
        }
        String cuda = System.getenv("CUDA_HOME");
        if (cuda != null && !cuda.isEmpty()) {
            dirs.add(Path.of(cuda, "bin"));
        }
        dirs.add(Path.of("/usr/local/cuda/bin"));
        dirs.add(Path.of("/usr/lib/llvm-14/bin"));
        for (Path dir : dirs) {
            Optional<Path> hit = inDir(dir, name);
            if (hit.isPresent()) {
                return hit;
            }
        }
        return Optional.empty();
    }

    private static Optional<Path> inDir(Path dir, String name) {
        Path candidate = dir.resolve(name);
        return Files.isRegularFile(candidate) && Files.isExecutable(candidate) ? Optional.of(candidate) : Optional.empty();
    }

    /** What a finished tool run produced. */
    public record Result(int exitCode, String stdout, String stderr) {
        public boolean ok() {
            return exitCode == 0;
        }
    }

    /**
     * Runs {@code command} (the tool first), waits at most {@code timeoutSeconds}, and returns its
     * exit code and output. A run that times out is killed and reported as exit code -1.
     */
    public static Result run(long timeoutSeconds, List<String> command) {
        try {
            Path out = Files.createTempFile("nvlower-tool", ".out");
            Path err = Files.createTempFile("nvlower-tool", ".err");
            try {
                Process p = new ProcessBuilder(command)
                        .redirectOutput(out.toFile()).redirectError(err.toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                        .start();
                int code;
                if (p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                    code = p.exitValue();
                } else {
                    p.destroyForcibly().waitFor();
                    code = -1;
                }
                return new Result(code, new String(Files.readAllBytes(out), StandardCharsets.UTF_8),
                        new String(Files.readAllBytes(err), StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command, e);
        }
    }

    /** {@link #run(long, List)} with a path-typed tool. */
    public static Result run(long timeoutSeconds, Path tool, String... args) {
        List<String> command = new ArrayList<>();
        command.add(tool.toString());
        command.addAll(List.of(args));
        return run(timeoutSeconds, command);
    }
}

package org.nvlower.pipeline;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.nvlower.diag.InputException;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrParser;

/**
 * Where libdevice comes from: NVIDIA's {@code nvvm/libdevice/libdevice.10.bc} of the CUDA
 * installation ({@code $CUDA_HOME}, else {@code /usr/local/cuda}), read through {@code llvm-dis},
 * or a file the user names ({@code --libdevice}: bitcode, or text IR such as llvm-dis's output).
 * libdevice is NVIDIA's, under NVIDIA's license: nvlower reads it at run time and ships nothing of it.
 */
public final class Libdevice {

    /** Where {@code llvm-dis} is looked for after {@code $PATH}. */
    static final List<Path> LLVM_DIRS = List.of(Path.of("/usr/lib/llvm-14/bin"), Path.of("/usr/lib/llvm-19/bin"));

    private Libdevice() {
    }

    /** The CUDA installation's libdevice, or an InputException saying where it was looked for. */
    public static Path defaultPath() {
        List<String> tried = new ArrayList<>();
        String home = System.getenv("CUDA_HOME");
        for (String dir : home == null || home.isEmpty() ? List.of("/usr/local/cuda") : List.of(home, "/usr/local/cuda")) {
            Path p = Path.of(dir, "nvvm", "libdevice", "libdevice.10.bc");
            if (Files.isRegularFile(p)) {
                return p;
            }
            tried.add(p.toString());
        }
        throw new InputException("libdevice not found (looked for " + String.join(" and ", tried)
                + "); set CUDA_HOME or pass --libdevice FILE");
    }

    /** Reads libdevice from {@code path}: bitcode through llvm-dis, anything else as text IR. */
    public static Module load(Path path) {
        if (!Files.isRegularFile(path)) {
            throw new InputException(path + ": no such file (--libdevice)");
        }
        try {
            byte[] head = new byte[4];
            try (InputStream in = Files.newInputStream(path)) {
                in.readNBytes(head, 0, 4);
            }
            String text = isBitcode(head) ? disassemble(path)
                    : new String(Files.readAllBytes(path), StandardCharsets.ISO_8859_1);
            return IrParser.parse(path.toString(), text);
        } catch (IOException e) {
            throw new InputException(path + ": " + e.getMessage());
        }
    }

    /** LLVM's bitcode magic {@code BC 0xC0DE}, or the wrapper magic {@code 0x0B17C0DE}. */
    static boolean isBitcode(byte[] h) {
        return h[0] == 'B' && h[1] == 'C' && (h[2] & 0xff) == 0xc0 && (h[3] & 0xff) == 0xde
                || (h[0] & 0xff) == 0xde && (h[1] & 0xff) == 0xc0 && h[2] == 0x17 && h[3] == 0x0b;
    }

    private static String disassemble(Path bitcode) throws IOException {
        Path dis = llvmDis().orElseThrow(() -> new InputException(bitcode + " is LLVM bitcode, which nvlower reads "
                + "through llvm-dis; llvm-dis was not found on PATH or in " + LLVM_DIRS
                + " (install LLVM, or pass --libdevice FILE.ll made by llvm-dis)"));
        Process p = new ProcessBuilder(dis.toString(), bitcode.toString(), "-o", "-")
                .redirectErrorStream(false).start();
        p.getOutputStream().close();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread errReader = Thread.ofVirtual().start(() -> {
            try {
                p.getErrorStream().transferTo(err);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        byte[] out = p.getInputStream().readAllBytes();
        try {
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new InputException(dis + " " + bitcode + ": timed out");
            }
            errReader.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InputException(dis + " " + bitcode + ": interrupted");
        }
        if (p.exitValue() != 0) {
            throw new InputException(dis + " could not read " + bitcode + ": " + err.toString(StandardCharsets.UTF_8).strip());
        }
        return new String(out, StandardCharsets.ISO_8859_1);
    }

    /** {@code llvm-dis} on {@code $PATH}, else in the LLVM 14 or 19 installation. */
    static Optional<Path> llvmDis() {
        List<Path> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String d : path.split(java.io.File.pathSeparator)) {
                if (!d.isEmpty()) {
                    dirs.add(Path.of(d));
                }
            }
        }
        dirs.addAll(LLVM_DIRS);
        for (Path d : dirs) {
            Path candidate = d.resolve("llvm-dis");
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}

package org.nvlower.llvm.pass;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Assumptions;
import org.nvlower.testing.ExternalTools;

/**
 * The real libdevice as text, for the tests that use it: {@code llvm-dis} (LLVM 14) of the CUDA
 * installation's {@code libdevice.10.bc}, read once per test run into a temporary file (never into
 * the project). Tests skip, with the reason, when CUDA or llvm-dis is absent.
 */
final class LibdeviceText {

    private static String text;
    private static Path file;

    private LibdeviceText() {
    }

    /** Skips the calling test when libdevice or llvm-dis is missing. */
    static void assumePresent() {
        Assumptions.assumeTrue(ExternalTools.libdeviceBitcode().isPresent(),
                "libdevice.10.bc not found ($CUDA_HOME or /usr/local/cuda)");
        Assumptions.assumeTrue(ExternalTools.llvmDis().isPresent(), "llvm-dis not found");
    }

    /** The disassembled text. */
    static synchronized String text() {
        load();
        return text;
    }

    /** A temporary file holding {@link #text()}. */
    static synchronized Path file() {
        load();
        return file;
    }

    private static void load() {
        assumePresent();
        if (text != null) {
            return;
        }
        try {
            Path out = Files.createTempFile("nvlower-libdevice", ".ll");
            out.toFile().deleteOnExit();
            Optional<Path> dis = ExternalTools.llvmDis();
            ExternalTools.Result r = ExternalTools.run(120, dis.get(), ExternalTools.libdeviceBitcode().get().toString(),
                    "-o", out.toString());
            if (!r.ok()) {
                throw new IllegalStateException("llvm-dis failed: " + r.stderr());
            }
            text = Files.readString(out, StandardCharsets.ISO_8859_1);
            file = out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

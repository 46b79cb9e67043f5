package org.nvlower.pipeline;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.nvlower.diag.InputException;
import org.nvlower.llvm.bitcode.BitcodeReader;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrParser;

/**
 * Where libdevice comes from: NVIDIA's {@code nvvm/libdevice/libdevice.10.bc} of the CUDA
 * installation ({@code $CUDA_HOME}, else {@code /usr/local/cuda}), read by nvlower's own bitcode
 * reader ({@code org.nvlower.llvm.bitcode}), or a file the user names ({@code --libdevice}:
 * bitcode, or text IR such as llvm-dis's output).
 * libdevice is NVIDIA's, under NVIDIA's license: nvlower reads it at run time and ships nothing of it.
 */
public final class Libdevice {

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

    /** Reads libdevice from {@code path}: bitcode natively, anything else as text IR. */
    public static Module load(Path path) {
        if (!Files.isRegularFile(path)) {
            throw new InputException(path + ": no such file (--libdevice)");
        }
        try {
            byte[] head = new byte[4];
            try (InputStream in = Files.newInputStream(path)) {
                in.readNBytes(head, 0, 4);
            }
            if (isBitcode(head)) {
                return BitcodeReader.read(path.toString(), Files.readAllBytes(path));
            }
            return IrParser.parse(path.toString(), new String(Files.readAllBytes(path), StandardCharsets.ISO_8859_1));
        } catch (IOException e) {
            throw new InputException(path + ": " + e.getMessage());
        }
    }

    /** LLVM's bitcode magic {@code BC 0xC0DE}, or the wrapper magic {@code 0x0B17C0DE}. */
    static boolean isBitcode(byte[] h) {
        return h[0] == 'B' && h[1] == 'C' && (h[2] & 0xff) == 0xc0 && (h[3] & 0xff) == 0xde
                || (h[0] & 0xff) == 0xde && (h[1] & 0xff) == 0xc0 && h[2] == 0x17 && h[3] == 0x0b;
    }
}

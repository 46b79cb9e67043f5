package org.nvlower.api;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

import org.nvlower.llvm.analysis.IrVerifier;
import org.nvlower.llvm.bitcode.BitcodeReader;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;

/**
 * Reads, prints and verifies LLVM IR modules: textual IR (LLVM 14 to 19 syntax) and bitcode (read
 * by nvlower's own reader, no {@code llvm-dis}), into the model of {@code org.nvlower.llvm.ir},
 * which {@link org.nvlower.llvm.ir.IrBuilder} builds and edits. IR is handled one char per byte
 * (ISO-8859-1), so bytes that nvlower does not change are written back unchanged.
 *
 * <pre>{@code
 * Module m = LlvmIr.read(Path.of("kernel.ll"));          // or a .bc file
 * LlvmIr.verify(m);                                      // NvlowerException if invalid
 * Files.writeString(Path.of("out.ll"), LlvmIr.print(m));
 * }</pre>
 */
public final class LlvmIr {

    /** The charset of IR text: one char per byte. */
    public static final Charset CHARSET = StandardCharsets.ISO_8859_1;

    private LlvmIr() {
    }

    /**
     * Parses textual IR; {@code fileName} names it in messages.
     *
     * @throws NvlowerException with the line and column of the first error
     */
    public static Module parse(String fileName, String text) {
        return Failures.guard(() -> IrParser.parse(fileName, text));
    }

    /**
     * Reads LLVM bitcode (as written by LLVM 3.8, libdevice's, to 19).
     *
     * @throws NvlowerException for malformed or truncated bitcode, with the byte offset in the message
     */
    public static Module readBitcode(String fileName, byte[] bitcode) {
        return Failures.guard(() -> BitcodeReader.read(fileName, bitcode));
    }

    /** Whether {@code data} is LLVM bitcode (its magic, or the wrapper's). */
    public static boolean isBitcode(byte[] data) {
        return BitcodeReader.isBitcode(data);
    }

    /**
     * Reads a file of IR: bitcode when it starts with bitcode's magic, else text.
     *
     * @throws NvlowerException when the file cannot be read or does not parse
     */
    public static Module read(Path file) {
        byte[] data;
        try {
            data = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new NvlowerException("no such file: " + file, e);
        } catch (IOException e) {
            throw new NvlowerException("cannot read " + file + ": " + e.getMessage(), e);
        }
        String name = file.toString();
        return isBitcode(data) ? readBitcode(name, data) : parse(name, new String(data, CHARSET));
    }

    /** The module as textual IR: untouched entities as they were read, the rest from the model. */
    public static String print(Module module) {
        return IrPrinter.print(module);
    }

    /**
     * Writes the module's text to {@code file}, atomically (a temporary file beside it, then a rename).
     *
     * @throws NvlowerException when the file cannot be written
     */
    public static void write(Module module, Path file) {
        Path dir = file.toAbsolutePath().getParent();
        try {
            Path tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
            try {
                Files.writeString(tmp, print(module), CHARSET);
                try {
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new NvlowerException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The problems LLVM's verifier would report (block structure, SSA dominance, operand types,
     * calls against callees, metadata references), one line each; empty when the module is valid.
     */
    public static List<String> problems(Module module) {
        return IrVerifier.verify(module).stream().map(IrVerifier.Problem::toString).toList();
    }

    /**
     * Checks the module as {@link #problems} does.
     *
     * @throws NvlowerException naming the first problem (and how many there are)
     */
    public static void verify(Module module) {
        List<String> p = problems(module);
        if (!p.isEmpty()) {
            throw new NvlowerException(module.fileName() + ": invalid IR: " + p.get(0)
                    + (p.size() > 1 ? " (and " + (p.size() - 1) + " more problem(s))" : ""), null);
        }
    }
}

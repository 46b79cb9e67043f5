package org.nvlower.cli;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import org.nvlower.diag.InputException;
import org.nvlower.llvm.bitcode.BitcodeModule;
import org.nvlower.llvm.bitcode.BitcodeReader;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.softfloat.Hex128;

/**
 * The IR file a command reads: {@code -} for standard input, else a path. Every command that
 * reads textual IR comes through here, so every one gives the same messages for an empty,
 * missing, unreadable or directory path, for LLVM bitcode and for other binary data.
 */
final class IrInput {

    /** How IR is read and written: one char per byte, so the bytes out are the bytes in. */
    static final Charset CHARSET = StandardCharsets.ISO_8859_1;

    /** Larger inputs do not fit in one Java string. */
    static final long MAX_BYTES = Integer.MAX_VALUE - 8;

    /** Bytes of a binary file that a search for NUL looks at, as git and grep do. */
    private static final int BINARY_PROBE = 8000;

    private IrInput() {
    }

    /** IR text and the charset that gives back its bytes. */
    record Text(String text, Charset charset) {
    }

    /** How {@code input} is named in messages. */
    static String displayName(String input) {
        return input.equals("-") ? "<stdin>" : input;
    }

    /**
     * Reads and parses {@code input}: LLVM bitcode with the native reader (no llvm-dis), anything
     * else as text; a parse error in binary data says that instead of echoing it.
     */
    static Module parse(String input) throws IOException {
        return parseInput(input).module();
    }

    /**
     * Like {@link #parse}, with every function body read at once: for a pass over every function,
     * which would otherwise read each body twice (checked when parsed, read again on first use).
     */
    static Module parseWithBodies(String input) throws IOException {
        String raw = readRaw(input);
        if (isBitcode(raw)) {
            return BitcodeReader.readWithUseLists(displayName(input), raw.getBytes(CHARSET)).module();
        }
        return parseText(input, raw, true);
    }

    /** A module read from bitcode, with what llvm-dis style printing needs; null for text. */
    record Parsed(Module module, BitcodeModule bitcode) {
    }

    static Parsed parseInput(String input) throws IOException {
        String raw = readRaw(input);
        if (isBitcode(raw)) {
            BitcodeModule b = BitcodeReader.readWithUseLists(displayName(input), raw.getBytes(CHARSET));
            return new Parsed(b.module(), b);
        }
        return new Parsed(parseText(input, raw), null);
    }

    private static Module parseText(String input, String text) {
        return parseText(input, text, false);
    }

    private static Module parseText(String input, String text, boolean readBodies) {
        try {
            return readBodies ? IrParser.parseWithBodies(displayName(input), text)
                    : IrParser.parse(displayName(input), text);
        } catch (InputException e) {
            int nul = text.substring(0, Math.min(text.length(), BINARY_PROBE)).indexOf('\0');
            if (nul >= 0) {
                throw new InputException(displayName(input) + " is not textual LLVM IR: it holds binary data "
                        + "(a NUL byte at offset " + nul + ")");
            }
            throw e;
        }
    }

    /**
     * Reads IR as ISO-8859-1: one char per byte, so any bytes (UTF-8 in names, strings and
     * comments included) are written back unchanged, and a file's bytes become the string
     * without a second copy. LLVM's own syntax is ASCII. LLVM bitcode is read natively and
     * becomes the text llvm-dis would print for it (no llvm-dis is run).
     */
    static Text read(String input) throws IOException {
        String text = readRaw(input);
        if (isBitcode(text)) {
            BitcodeModule b = BitcodeReader.readWithUseLists(displayName(input), text.getBytes(CHARSET));
            return new Text(IrPrinter.printDisassembly(b.module(), b.predecessors()), CHARSET);
        }
        return new Text(text, CHARSET);
    }

    private static String readRaw(String input) throws IOException {
        return input.equals("-") ? new String(System.in.readAllBytes(), CHARSET) : readLatin1(path(input));
    }

    /** A readable regular file, or an InputException that says why not. */
    private static Path path(String input) throws IOException {
        if (input.isEmpty()) {
            throw new InputException("the input file name is empty");
        }
        Path path;
        try {
            path = Path.of(input);
        } catch (InvalidPathException e) {
            throw new InputException("invalid file name " + Hex128.quote(input) + ": "
                    + e.getReason());
        }
        if (Files.isDirectory(path)) {
            throw new InputException(input + " is a directory");
        }
        try {
            if (Files.size(path) > MAX_BYTES) {
                throw new InputException(input + " is larger than 2 GB, the most nvlower reads");
            }
        } catch (NoSuchFileException e) {
            throw new InputException("no such file: " + input);
        }
        return path;
    }

    /** The magic of a bitcode file ({@code BC 0xC0DE}) or of a bitcode wrapper ({@code 0x0B17C0DE}, little-endian). */
    static boolean isBitcode(String latin1) {
        return latin1.startsWith("BC\u00c0\u00de") || latin1.startsWith("\u00de\u00c0\u0017\u000b");
    }

    /**
     * The file as an ISO-8859-1 string. Files.readString makes the string from the bytes it read
     * without a second copy (a chunked read plus {@code new String} would hold the text twice),
     * but it reads the whole file in one call, which the JDK passes through a temporary native
     * buffer as large as the file and then keeps in a per-thread cache. On a short-lived thread
     * that buffer is freed when the thread ends, instead of staying for the whole run (100 MB of
     * peak RSS for a 100 MB module).
     */
    static String readLatin1(Path path) throws IOException {
        String[] text = new String[1];
        Throwable[] failure = new Throwable[1];
        Thread reader = new Thread(() -> {
            try {
                text[0] = Files.readString(path, CHARSET);
            } catch (Throwable e) { // rethrown on the calling thread, as if read there
                failure[0] = e;
            }
        }, "nvlower-read");
        reader.start();
        try {
            reader.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading " + path);
        }
        switch (failure[0]) {
            case null -> {
                return text[0];
            }
            case NoSuchFileException e -> throw new InputException("no such file: " + path);
            case AccessDeniedException e -> throw new InputException("cannot read " + path + ": permission denied");
            case IOException e -> throw new InputException("cannot read " + path + ": " + OutputException.reason(e));
            case RuntimeException e -> throw e;
            case Error e -> throw e;
            default -> throw new IllegalStateException(failure[0]);
        }
    }
}

package org.nvlower.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.Charset;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.Callable;

import org.nvlower.diag.InputException;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code nvlower roundtrip IN.ll [-o OUT.ll]}: parses and prints; the output equals the input byte for byte. */
@Command(name = "roundtrip", mixinStandardHelpOptions = true,
        description = "Parse textual LLVM IR and print it back (lossless: byte for byte).")
public final class RoundtripCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "IN.ll", description = "input file, or - for stdin")
    String input;

    // defaultValue, not a field initializer: the command object is reused across runs
    @Option(names = "-o", paramLabel = "OUT.ll", defaultValue = "-",
            description = "output file, or - for stdout (default: ${DEFAULT-VALUE})")
    String output;

    @Option(names = "--time", paramLabel = "N", defaultValue = "0",
            description = "also parse and print N more times in this process and report the time per round "
                    + "trip and the throughput on stderr (warm JIT)")
    int repeat;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        long t0 = System.nanoTime();
        IrText in = readIr(input);
        Module module = IrParser.parse(displayName(input), in.text());
        if (repeat > 0) {
            reportTimes(in.text(), System.nanoTime() - t0);
        }
        if (output.equals("-")) {
            // The text holds the input's bytes one per char (ISO-8859-1) and the CLI's stdout
            // writer encodes UTF-8: hand it the UTF-8 reading of the printed bytes, so that UTF-8
            // input (names, strings, comments) comes out byte for byte.
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(in.text().length());
            IrPrinter.print(module, bytes, in.charset());
            PrintWriter out = spec.commandLine().getOut();
            out.write(bytes.toString(StandardCharsets.UTF_8));
            out.flush();
        } else {
            writeAtomically(Path.of(output), module, in.charset());
        }
        return Main.OK;
    }

    private void reportTimes(String text, long firstNanos) {
        PrintWriter err = spec.commandLine().getErr();
        double mb = text.length() / 1e6;
        err.printf("first read+parse: %.3f s%n", firstNanos / 1e9);
        long best = Long.MAX_VALUE;
        long total = 0;
        for (int i = 0; i < repeat; i++) {
            long t = System.nanoTime();
            Module m = IrParser.parse(displayName(input), text);
            StringBuilder sb = new StringBuilder(text.length());
            IrPrinter.print(m, sb);
            long dt = System.nanoTime() - t;
            if (sb.length() != text.length()) {
                throw new IllegalStateException("round trip changed the length");
            }
            best = Math.min(best, dt);
            total += dt;
        }
        err.printf("parse+print of %.2f MB, %d warm rounds: best %.3f s (%.1f MB/s), mean %.3f s%n", mb, repeat,
                best / 1e9, mb / (best / 1e9), total / 1e9 / repeat);
        err.flush();
    }

    static String displayName(String input) {
        return input.equals("-") ? "<stdin>" : input;
    }

    /** IR text and the charset that gives back its bytes. */
    record IrText(String text, Charset charset) {
    }

    /**
     * Reads IR as ISO-8859-1: one char per byte, so any bytes (UTF-8 in names, strings and
     * comments included) are written back unchanged, and a file's bytes become the string
     * without a second copy. LLVM's own syntax is ASCII.
     */
    static IrText readIr(String input) throws IOException {
        try {
            if (input.equals("-")) {
                return new IrText(new String(System.in.readAllBytes(), StandardCharsets.ISO_8859_1),
                        StandardCharsets.ISO_8859_1);
            }
            if (Files.isDirectory(Path.of(input))) {
                throw new InputException(input + " is a directory");
            }
            return new IrText(readLatin1(Path.of(input)), StandardCharsets.ISO_8859_1);
        } catch (NoSuchFileException e) {
            throw new InputException("no such file: " + input);
        } catch (java.nio.file.AccessDeniedException e) {
            throw new InputException("cannot read " + input + ": permission denied");
        } catch (IOException e) {
            throw new InputException("cannot read " + input + ": " + e.getMessage());
        }
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
                text[0] = Files.readString(path, StandardCharsets.ISO_8859_1);
            } catch (Throwable e) { // rethrown on the calling thread, as if read there
                failure[0] = e;
            }
        }, "nvlower-read");
        reader.start();
        try {
            reader.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while reading " + path);
        }
        switch (failure[0]) {
            case null -> {
                return text[0];
            }
            case IOException e -> throw e;
            case RuntimeException e -> throw e;
            case Error e -> throw e;
            default -> throw new IllegalStateException(failure[0]);
        }
    }

    /** Writes to a temporary file next to {@code target}, then moves it into place. */
    static void writeAtomically(Path target, Module module, Charset charset) throws IOException {
        Path parent = target.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new InputException("cannot write " + target + ": no such directory");
        }
        if (Files.isDirectory(target)) {
            throw new InputException("cannot write " + target + ": it is a directory");
        }
        if (Files.exists(target) && !Files.isRegularFile(target)) {
            // a device or pipe (/dev/null): nothing to replace atomically, write through
            try (var out = Files.newOutputStream(target)) {
                IrPrinter.print(module, out, charset);
            }
            return;
        }
        Path dir = target.toAbsolutePath().getParent();
        Path tmp;
        try {
            tmp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
        } catch (java.nio.file.AccessDeniedException e) {
            throw new InputException("cannot write " + target + ": permission denied");
        }
        try {
            try (var out = Files.newOutputStream(tmp)) {
                IrPrinter.print(module, out, charset);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}

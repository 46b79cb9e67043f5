package org.nvlower.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

import picocli.CommandLine.Model.CommandSpec;

/**
 * Where commands write, and the one owner of output errors. {@link Main} puts standard output
 * behind a {@link CheckedStream} and gives picocli a {@link StdoutWriter} over it; every command
 * writes text through {@code spec.commandLine().getOut()}, exact bytes through
 * {@link #stdout}, and files named on the command line through {@link #open} (atomically). A
 * write that fails anywhere ends the run with one line, {@code nvlower: error: writing NAME:
 * REASON}, and exit code 1, without code in the command: Main checks standard output after every
 * command. Never write to {@code System.out} directly.
 */
final class Output {

    private Output() {
    }

    /** An output named on the command line: standard output ({@code -}) or a file. */
    interface Destination extends AutoCloseable {
        /** Where the bytes go; failures are {@link OutputException}s naming the destination. */
        OutputStream stream();

        /** All written: flushes, and moves a file into place. Without it a file never appears. */
        void commit() throws IOException;

        /** Gives up an uncommitted file (removes the temporary file); nothing for standard output. */
        @Override
        void close();
    }

    /** picocli's out writer as Main sets it up: UTF-8 text over the checked standard output. */
    static final class StdoutWriter extends PrintWriter {
        final CheckedStream bytes;

        StdoutWriter(CheckedStream bytes) {
            super(new OutputStreamWriter(bytes, StandardCharsets.UTF_8));
            this.bytes = bytes;
        }
    }

    /** Standard output as bytes, for output that must be exact (e.g. IR that is not UTF-8). */
    static OutputStream stdout(CommandSpec spec) {
        PrintWriter out = spec.commandLine().getOut();
        out.flush(); // text written before comes first
        if (out instanceof StdoutWriter w) {
            return w.bytes;
        }
        throw new IllegalStateException("the out writer was not set up by Main.run");
    }

    /** {@code -} for standard output, else a file written atomically ({@link OutputFile}). */
    static Destination open(CommandSpec spec, String name) throws OutputException {
        if (!name.equals("-")) {
            return OutputFile.open(name);
        }
        OutputStream out = stdout(spec);
        return new Destination() {
            @Override
            public OutputStream stream() {
                return out;
            }

            @Override
            public void commit() throws IOException {
                out.flush();
            }

            @Override
            public void close() {
            }
        };
    }

    /**
     * Flushes {@code out} (picocli's out writer) and throws if standard output can no longer be
     * written: for commands that stream, so they stop instead of computing for nobody.
     */
    static void check(PrintWriter out) throws OutputException {
        out.flush();
        if (out instanceof StdoutWriter w && w.bytes.failure() != null) {
            throw w.bytes.failure();
        }
        if (out.checkError()) {
            throw new OutputException("<stdout>", "write error");
        }
    }
}

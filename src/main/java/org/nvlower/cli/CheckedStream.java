package org.nvlower.cli;

import java.io.IOException;
import java.io.OutputStream;

/**
 * An output stream that remembers its first write failure: the failure becomes an
 * {@link OutputException} naming the destination, is thrown, and is thrown again by every later
 * write, so a writer that swallows exceptions (PrintWriter) cannot hide it. {@link #close} only
 * flushes: standard output stays open.
 */
final class CheckedStream extends OutputStream {

    private final OutputStream out;
    private final String name;
    private volatile OutputException failure;

    CheckedStream(OutputStream out, String name) {
        this.out = out;
        this.name = name;
    }

    /** The first failure, or null while every write succeeded. */
    OutputException failure() {
        return failure;
    }

    @Override
    public void write(int b) throws IOException {
        check();
        try {
            out.write(b);
        } catch (IOException e) {
            throw fail(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        check();
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw fail(e);
        }
    }

    @Override
    public void flush() throws IOException {
        check();
        try {
            out.flush();
        } catch (IOException e) {
            throw fail(e);
        }
    }

    @Override
    public void close() throws IOException {
        flush();
    }

    private void check() throws OutputException {
        if (failure != null) {
            throw failure;
        }
    }

    private synchronized OutputException fail(IOException e) {
        if (failure == null) {
            failure = e instanceof OutputException o ? o : new OutputException(name, e);
        }
        return failure;
    }
}

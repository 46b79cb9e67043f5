package org.nvlower.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Bytes into a {@link PrintWriter}, decoded as UTF-8 (invalid bytes become U+FFFD): standard
 * output for {@link Main#run(PrintWriter, PrintWriter, String...)}, which tests and embedders use.
 * A writer that reports an error makes the next write or flush fail.
 */
final class WriterStream extends OutputStream {

    private final PrintWriter out;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE);
    private final ByteBuffer pending = ByteBuffer.allocate(1 << 13);
    private final CharBuffer chars = CharBuffer.allocate(1 << 13);

    WriterStream(PrintWriter out) {
        this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        while (len > 0) {
            int n = Math.min(len, pending.remaining());
            pending.put(b, off, n);
            off += n;
            len -= n;
            decode(false);
        }
    }

    @Override
    public void flush() throws IOException {
        decode(false);
        out.flush();
        check();
    }

    /** Decodes what is left, an incomplete sequence at the end included. */
    void finish() throws IOException {
        decode(true);
        chars.clear();
        decoder.flush(chars);
        chars.flip();
        out.append(chars);
        out.flush();
        check();
    }

    private void decode(boolean endOfInput) throws IOException {
        pending.flip();
        CoderResult r;
        do {
            r = decoder.decode(pending, chars, endOfInput);
            chars.flip();
            out.append(chars);
            chars.clear();
        } while (r.isOverflow());
        pending.compact(); // keeps the bytes of a sequence not complete yet
        check();
    }

    private void check() throws IOException {
        if (out.checkError()) {
            throw new IOException("the output writer failed");
        }
    }
}

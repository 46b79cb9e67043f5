package org.nvlower.cli;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

/** Runs {@link Main} with captured output and the given standard input. */
record CliRunner(int exitCode, String out, String err) {

    static synchronized CliRunner run(String stdin, String... args) {
        InputStream saved = System.in;
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        try {
            System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
            int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
            return new CliRunner(code, out.toString(), err.toString());
        } finally {
            System.setIn(saved);
        }
    }
}

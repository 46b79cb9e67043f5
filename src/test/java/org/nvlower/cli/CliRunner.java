package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    /**
     * For each row {expected message part, args...}: {@code command args...} exits 1 with no output
     * and exactly one {@code error:} line containing the expected part.
     */
    static void assertOneLineErrors(String command, String[][] rows) {
        for (String[] row : rows) {
            String[] args = row.clone();
            args[0] = command;
            CliRunner r = run("", args);
            String call = String.join(" ", args);
            assertEquals(1, r.exitCode(), call);
            assertEquals("", r.out(), call);
            assertTrue(r.err().startsWith("error: ") && r.err().contains(row[0]), call + ": " + r.err());
            assertEquals(1, r.err().lines().count(), call + ": " + r.err());
        }
    }

    /**
     * For each row {expected message part, args...}: a usage error: exit 2, no output, an
     * {@code error:} line containing the expected part and the line pointing to --help.
     */
    static void assertUsageErrors(String command, String[][] rows) {
        for (String[] row : rows) {
            String[] args = row.clone();
            args[0] = command;
            CliRunner r = run("", args);
            String call = String.join(" ", args);
            assertEquals(2, r.exitCode(), call);
            assertEquals("", r.out(), call);
            assertTrue(r.err().startsWith("error: ") && r.err().contains(row[0]), call + ": " + r.err());
            assertEquals("(see 'nvlower " + command + " --help')", r.err().lines().toList().get(1), call);
        }
    }
}

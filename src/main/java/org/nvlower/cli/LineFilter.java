package org.nvlower.cli;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * Standard input to standard output, one answer per non-blank line, as {@code eval -} and
 * {@code testfloat} run. Buffered, but flushed whenever no more input is waiting: fast on files,
 * prompt in a pipe dialogue. A bad line throws before anything of it is written; output that can
 * no longer be written (a closed pipe) stops the run with an error instead of computing on unseen.
 */
final class LineFilter {

    /** The answer to one line; throws InputException naming {@code source:lineNumber}. */
    @FunctionalInterface
    interface LineEvaluator {
        String evaluateLine(String line, String source, int lineNumber);
    }

    static final String STDIN = "<stdin>";

    /** Lines between checks that the output can still be written (a reader such as head may have quit). */
    private static final int CHECK_EVERY = 4096;

    private LineFilter() {}

    static void run(PrintWriter out, LineEvaluator evaluator) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
        BufferedWriter buffered = new BufferedWriter(out, 1 << 16);
        try {
            int lineNumber = 0;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNumber++;
                if (!line.isBlank()) {
                    buffered.write(evaluator.evaluateLine(line, STDIN, lineNumber));
                    buffered.write('\n');
                }
                if (!in.ready() || lineNumber % CHECK_EVERY == 0) {
                    buffered.flush();
                    Output.check(out);
                }
            }
        } finally {
            buffered.flush();
        }
    }
}

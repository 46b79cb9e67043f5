package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * nvlower as a process, through {@link Main#main}: a full disk on the real standard output, bytes
 * that are not UTF-8 on it, an input larger than the heap, and SIGINT/SIGTERM in the middle of a
 * {@code -o} run.
 */
class ProcessTest {

    @TempDir
    Path dir;

    private static final String MODULE = "define i32 @f(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n";

    @Test
    void standardOutputOnAFullDisk() throws IOException {
        Assumptions.assumeTrue(Files.exists(OutputErrorsTest.DEV_FULL), "/dev/full is absent");
        Path in = Files.writeString(dir.resolve("f.ll"), MODULE);
        ChildProcess.Result r = ChildProcess.run(ChildProcess.nvlower(List.of(), "roundtrip", in.toString())
                .redirectOutput(OutputErrorsTest.DEV_FULL.toFile()));
        assertEquals(OutputErrorsTest.FULL, r.stderr());
        assertEquals(1, r.code());
    }

    @Test
    void bytesThatAreNotUtf8ReachStandardOutputUnchanged() throws IOException {
        byte[] text = "; \u00ff\u00fe\n@s = global [2 x i8] c\"\u00e9\u00ff\"\n".getBytes(StandardCharsets.ISO_8859_1);
        Path in = Files.write(dir.resolve("latin.ll"), text);
        File out = dir.resolve("stdout").toFile();
        ChildProcess.Result r = ChildProcess.run(ChildProcess.nvlower(List.of(), "roundtrip", in.toString())
                .redirectOutput(out));
        assertEquals(0, r.code(), r.stderr());
        assertArrayEquals(text, Files.readAllBytes(out.toPath()));
    }

    @Test
    void anInputLargerThanTheHeapIsOneLineThatSaysHowToRaiseIt() throws IOException {
        Path big = dir.resolve("big.ll");
        try (Writer w = Files.newBufferedWriter(big)) {
            String line = "; " + "x".repeat(97) + "\n";
            for (int i = 0; i < 240_000; i++) { // 24 MB
                w.write(line);
            }
        }
        ChildProcess.Result r = ChildProcess.run(ChildProcess.nvlower(List.of("-Xmx16m"), "roundtrip", big.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD));
        assertEquals(1, r.code(), r.stderr());
        assertEquals(1, r.stderr().lines().count(), r.stderr());
        assertTrue(r.stderr().startsWith("error: out of memory") && r.stderr().contains("NVLOWER_JAVA_OPTS=-Xmx"),
                r.stderr());
    }

    @Test
    void sourceLinesAreEchoedInTheTerminalsEncoding() throws Exception {
        Path in = Files.write(dir.resolve("bad.ll"),
                "@\"caf\u00e9\" = frobnicate\n".getBytes(StandardCharsets.UTF_8));
        for (String encoding : List.of("UTF-8", "ISO-8859-1", "US-ASCII")) {
            Path err = dir.resolve("err-" + encoding);
            ChildProcess.Result r = ChildProcess.run(ChildProcess.nvlower(List.of("-Dstderr.encoding=" + encoding),
                    "roundtrip", in.toString()).redirectError(err.toFile()));
            assertEquals(1, r.code());
            String expected = in + ":1:12: error: expected 'global' or 'constant'\n"
                    + "@\"caf\u00e9\" = frobnicate\n" + " ".repeat(10) + "^\n"; // 12 is a byte column, as llvm-as counts
            assertArrayEquals(expected.getBytes(encoding), Files.readAllBytes(err), encoding);
        }
    }

    @Test
    void sigtermLeavesNoTemporaryFile() throws Exception {
        interrupted("TERM", 143);
    }

    @Test
    void sigintLeavesNoTemporaryFile() throws Exception {
        Assumptions.assumeFalse(ChildProcess.ignoresSigint(), "SIGINT is ignored here (a background job): "
                + "the JVM installs no handler for it");
        interrupted("INT", 130);
    }

    /**
     * {@code roundtrip - -o OUT} with standard input left open: the temporary file exists while it
     * waits for input; the signal must remove it and leave no OUT.
     */
    private void interrupted(String signal, int expectedCode) throws Exception {
        Path out = dir.resolve("out.ll");
        Process p = ChildProcess.nvlower(List.of(), "roundtrip", "-", "-o", out.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        var err = ChildProcess.drain(p.getErrorStream());
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (temporaryFiles().isEmpty()) {
                assertTrue(p.isAlive(), "ended early: " + err);
                assertTrue(System.nanoTime() < deadline, "no temporary file after 30 s");
                Thread.sleep(20);
            }
            // kill(1), not Process.destroy: that also closes the child's standard input
            assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor());
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "no exit after the signal");
            assertEquals(expectedCode, p.exitValue(), err.join());
            assertEquals(List.of(), temporaryFiles(), "the temporary file is removed");
            assertTrue(Files.notExists(out), "no output");
        } finally {
            p.destroyForcibly();
        }
    }

    private List<Path> temporaryFiles() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.toList();
        }
    }
}

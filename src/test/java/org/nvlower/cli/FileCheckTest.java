package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.nvlower.testing.ExternalTools;

/**
 * Tests in LLVM's own convention: {@code .ll} files under {@code llvm/filecheck/} with
 * {@code ; RUN: [not] nvlower ARGS [2>&1] | FileCheck %s} lines and {@code ; CHECK:} lines,
 * checked with LLVM's FileCheck (14, and 19 when present). nvlower runs in-process; {@code %s}
 * is the file, {@code %S} its directory. The same behaviours have Java tests of their own
 * (IrEditCommandsTest, the llvm.ir tests), so nothing depends on FileCheck alone.
 */
class FileCheckTest {

    static Stream<Path> files() throws IOException, URISyntaxException {
        Path dir = Path.of(FileCheckTest.class.getResource("/llvm/filecheck").toURI());
        return Files.list(dir).filter(p -> p.toString().endsWith(".ll")).sorted();
    }

    @ParameterizedTest
    @MethodSource("files")
    void runLinesPassFileCheck(Path file, @TempDir Path dir) throws IOException {
        List<Path> fileChecks = new ArrayList<>();
        ExternalTools.find("FileCheck").ifPresent(fileChecks::add);
        ExternalTools.llvm19("FileCheck").ifPresent(fileChecks::add);
        Assumptions.assumeTrue(!fileChecks.isEmpty(), "FileCheck not found (apt-get install llvm-14-tools)");
        List<String> runs = Files.readAllLines(file).stream().filter(l -> l.startsWith("; RUN: "))
                .map(l -> l.substring("; RUN: ".length()).strip()).toList();
        assertTrue(!runs.isEmpty(), file + " has a RUN line");
        for (String run : runs) {
            String line = run.replace("%s", file.toString()).replace("%S", file.getParent().toString());
            String[] pipe = line.split("\\|", 2);
            assertEquals("FileCheck " + file, pipe[1].strip(), "RUN: ... | FileCheck %s");
            String command = pipe[0].strip();
            boolean expectFailure = command.startsWith("not ");
            command = command.replaceFirst("^not ", "");
            boolean stderr = command.endsWith("2>&1");
            command = command.replaceFirst("\\s*2>&1$", "");
            String[] words = command.split("\\s+");
            assertEquals("nvlower", words[0]);
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = Main.run(new PrintWriter(out), new PrintWriter(err), java.util.Arrays.copyOfRange(words, 1, words.length));
            if (expectFailure) {
                assertNotEquals(0, code, run);
            } else {
                assertEquals(0, code, run + ": " + err);
            }
            Path input = Files.writeString(dir.resolve("output.txt"), out + (stderr ? err.toString() : ""));
            for (Path fileCheck : fileChecks) {
                ExternalTools.Result r = ExternalTools.run(60, fileCheck, file.toString(), "--input-file", input.toString());
                assertEquals(0, r.exitCode(), fileCheck + " on " + file.getFileName() + ":\n" + r.stderr());
            }
        }
    }

}

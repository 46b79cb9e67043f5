package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.nvlower.testing.CheckMatcher;
import org.nvlower.testing.ExternalTools;

/**
 * Golden tests of the outputs a user reads (template listings, lower128, reflect, mathlower):
 * each file under {@code golden/} has a {@code RUN: nvlower ARGS} line ({@code %s}: the file) and
 * FileCheck directives written from the specification or ptxas's listings (the file says which),
 * not captured from nvlower. nvlower runs in-process; its standard output is checked by
 * {@link CheckMatcher} always, and also by LLVM's FileCheck (14, and 19) where present.
 */
class GoldenTest {

    static Stream<Path> files() throws IOException, URISyntaxException {
        Path dir = Path.of(GoldenTest.class.getResource("/golden").toURI());
        return Files.list(dir).sorted();
    }

    @ParameterizedTest
    @MethodSource("files")
    void outputMatchesItsChecks(Path file, @TempDir Path dir) throws IOException {
        String text = Files.readString(file);
        List<String> runs = text.lines().filter(l -> l.contains("RUN: "))
                .map(l -> l.substring(l.indexOf("RUN: ") + 5).strip()).toList();
        assertEquals(1, runs.size(), file + " has one RUN line");
        String[] words = runs.get(0).replace("%s", file.toString()).split("\\s+");
        assertEquals("nvlower", words[0]);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), Arrays.copyOfRange(words, 1, words.length));
        assertEquals(0, code, runs.get(0) + ": " + err);
        CheckMatcher.of(text).match(out.toString())
                .ifPresent(why -> fail(file.getFileName() + ": " + why + "\n--- output:\n" + out));
        List<Path> fileChecks = new ArrayList<>();
        ExternalTools.find("FileCheck").ifPresent(fileChecks::add);
        ExternalTools.llvm19("FileCheck").ifPresent(fileChecks::add);
        Path input = Files.writeString(dir.resolve("output.txt"), out.toString());
        for (Path fileCheck : fileChecks) {
            ExternalTools.Result r = ExternalTools.run(60, fileCheck, file.toString(), "--input-file", input.toString());
            assertEquals(0, r.exitCode(), fileCheck + " on " + file.getFileName() + ":\n" + r.stderr());
        }
        assertTrue(text.contains("Written from") || text.contains("ptxas"), file + " says where its checks come from");
    }
}

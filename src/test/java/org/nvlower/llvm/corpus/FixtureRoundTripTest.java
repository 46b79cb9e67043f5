package org.nvlower.llvm.corpus;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.nvlower.diag.InputException;
import org.nvlower.llvm.text.IrParser;

/**
 * Every fixture, LLVM 14 and LLVM 17+ syntax and fuzz regressions alike, prints back byte for
 * byte. A regression marked {@code nvlower-may-reject} (valid for LLVM, but an input nvlower may
 * refuse, e.g. a NUL byte between tokens) may instead be rejected, with a one-line printable message.
 */
class FixtureRoundTripTest {

    static final String MAY_REJECT = "nvlower-may-reject";

    @TestFactory
    Stream<DynamicTest> everyFixtureRoundTrips() {
        Path root = Fixtures.root();
        return Fixtures.all().stream().map(file -> DynamicTest.dynamicTest(root.relativize(file).toString(),
                () -> roundTrip(file)));
    }

    private static void roundTrip(Path file) {
        String name = file.getFileName().toString();
        String text = Corpus.read(file);
        if (text.contains(MAY_REJECT)) {
            try {
                IrParser.parse(name, text);
            } catch (InputException e) {
                assertTrue(e.getMessage().chars().noneMatch(c -> c < 0x20), () -> "control character in: " + e.getMessage());
                return;
            }
        }
        RoundTrip.check(name, text);
    }
}

package org.nvlower.llvm.corpus;

import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Every fixture, LLVM 14 and LLVM 17+ syntax and fuzz regressions alike, prints back byte for byte. */
class FixtureRoundTripTest {

    @TestFactory
    Stream<DynamicTest> everyFixtureRoundTrips() {
        Path root = Fixtures.root();
        return Fixtures.all().stream().map(file -> DynamicTest.dynamicTest(root.relativize(file).toString(),
                () -> RoundTrip.check(file.getFileName().toString(), Corpus.read(file))));
    }
}

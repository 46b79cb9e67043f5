package org.nvlower.llvm.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.nvlower.testing.ExternalTools;

/**
 * The fixtures are real IR: LLVM 14's {@code llvm-as} accepts every file of the LLVM 14 sets, and
 * rejects every file of the LLVM 17+ set (so that set really holds syntax newer than LLVM 14).
 */
class FixtureValidityTest {

    @Test
    void everySetHasFixtures() {
        assertTrue(Fixtures.LLVM14.files().size() >= 10, "LLVM 14 fixtures: " + Fixtures.LLVM14.files());
        assertFalse(Fixtures.LLVM14_OPAQUE.files().isEmpty());
        assertFalse(Fixtures.LLVM17.files().isEmpty());
    }

    @TestFactory
    Stream<DynamicTest> llvm14AcceptsTheLlvm14Fixtures() {
        Path llvmAs = requireLlvmAs();
        return Stream.of(Fixtures.LLVM14, Fixtures.LLVM14_OPAQUE)
                .flatMap(set -> set.files().stream().map(file -> DynamicTest.dynamicTest(
                        set.directory + "/" + file.getFileName(), () -> {
                            List<String> cmd = new ArrayList<>(List.of(llvmAs.toString()));
                            cmd.addAll(set.llvmAsFlags);
                            cmd.addAll(List.of(file.toString(), "-o", "/dev/null"));
                            ExternalTools.Result r = ExternalTools.run(60, cmd);
                            assertEquals(0, r.exitCode(), () -> "llvm-as rejects " + file + ":\n" + r.stderr());
                        })));
    }

    @TestFactory
    Stream<DynamicTest> llvm14RejectsTheLlvm17Fixtures() {
        Path llvmAs = requireLlvmAs();
        return Fixtures.LLVM17.files().stream().map(file -> DynamicTest.dynamicTest(
                "llvm17/" + file.getFileName(), () -> {
                    ExternalTools.Result r = ExternalTools.run(60, llvmAs, "-opaque-pointers", file.toString(), "-o", "/dev/null");
                    assertEquals(1, r.exitCode(), () -> "LLVM 14 should not read " + file + ":\n" + r.stderr());
                    assertTrue(r.stderr().contains("error:"), r.stderr());
                }));
    }

    private static Path requireLlvmAs() {
        var llvmAs = ExternalTools.llvmAs();
        Assumptions.assumeTrue(llvmAs.isPresent(), "llvm-as (LLVM 14) not found on PATH or in /usr/lib/llvm-14/bin");
        return llvmAs.get();
    }
}

package org.nvlower.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.api.Test;

/** The golden tests' matcher fails where FileCheck fails and passes where it passes. */
class CheckMatcherTest {

    private static Optional<String> run(String checks, String input) {
        return CheckMatcher.of(checks).match(input);
    }

    @Test
    void checkFindsInOrderAndNextMeansTheNextLine() {
        String in = "a 1\nb  2\nc 3\n";
        assertTrue(run("CHECK: a 1\nCHECK-NEXT: b 2\nCHECK: c", in).isEmpty(), "blank runs match");
        assertTrue(run("CHECK: a\nCHECK-NEXT: c", in).isPresent());
        assertTrue(run("CHECK: b\nCHECK: a", in).isPresent(), "order");
        assertTrue(run("CHECK: z", in).isPresent());
    }

    @Test
    void notExcludesBetweenMatchesAndAtTheEnd() {
        String in = "a\nx\nb\n";
        assertTrue(run("CHECK: a\nCHECK-NOT: x\nCHECK: b", in).isPresent());
        assertTrue(run("CHECK: a\nCHECK-NOT: y\nCHECK: b", in).isEmpty());
        assertTrue(run("CHECK: x\nCHECK-NOT: b", in).isPresent());
        assertTrue(run("CHECK: b\nCHECK-NOT: x", in).isEmpty(), "only after the last match");
    }

    @Test
    void variablesAndRegexes() {
        String in = "MOV R3, R1 ;\nADD R4, R3, R3 ;\n";
        assertTrue(run("CHECK: MOV [[D:R[0-9]+]], {{R[0-9]}} ;\nCHECK-NEXT: ADD {{R[0-9]+}}, [[D]], [[D]] ;", in).isEmpty());
        assertTrue(run("CHECK: MOV [[D:R[0-9]+]], [[S:R[0-9]+]] ;\nCHECK-NEXT: ADD {{R[0-9]+}}, [[S]],", in).isPresent());
        assertTrue(run("CHECK: a.c", "abc\n").isPresent(), "text outside {{ }} is literal");
        assertTrue(run("CHECK: a{{.}}c", "abc\n").isEmpty());
    }

    @Test
    void sameContinuesTheLine() {
        assertTrue(run("CHECK: define\nCHECK-SAME: @f(", "define i32 @f(i32 %x)\n").isEmpty());
        assertTrue(run("CHECK: @f(\nCHECK-SAME: define", "define i32 @f(i32 %x)\n").isPresent());
    }

    @Test
    void aFailureSaysWhichCheckLine() {
        assertEquals("check line 2", run("CHECK: a\nCHECK-NEXT: q", "a\nb\n").orElseThrow().substring(0, 12));
    }
}

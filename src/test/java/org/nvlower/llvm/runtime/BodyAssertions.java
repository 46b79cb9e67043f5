package org.nvlower.llvm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.nvlower.verify.runtime.RuntimeChecker;

/** The quad body tests' one assertion: a body agrees with its reference on every case. */
final class BodyAssertions {

    private BodyAssertions() {
    }

    /** Fails with the first mismatches (and how many of how many) when {@code f}'s body and its reference differ. */
    static void assertAgree(RuntimeChecker checker, RuntimeFunction f, List<long[]> cases) {
        RuntimeChecker.Report r = checker.check(f, cases);
        assertEquals(List.of(), r.first().stream().map(Object::toString).toList(),
                r.mismatches() + " of " + r.cases() + " differ");
    }
}

package org.nvlower.llvm.corpus;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.Map;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.function.Executable;

/**
 * Cases that fail because of parser bugs reported to the ir engineer (/work/wt/ir-requests.md)
 * and not fixed yet, by test case id. Strict: such a case must still fail — it is then reported
 * as skipped with the bug — and a case that passes fails, so that it is taken off this list.
 */
final class KnownIrBugs {

    private KnownIrBugs() {}

    static final Map<String, String> BUGS = Map.ofEntries(
            Map.entry("fixture:regressions/repeated-argument-open-body.ll", "NullPointerException in parseBody (08:58)"),
            Map.entry("error:REPEATED_ARGUMENT", "repeated argument name reported at 1:1, not at the second name (08:58)"),
            Map.entry("error:UNKNOWN_WORD_IN_DEFINE", "`define void @f() bogus_attr {` accepted (08:46)"),
            Map.entry("error:UNKNOWN_WORD_AFTER_DECLARE", "`declare void @d() s0ction \".x\"` accepted (08:46)"),
            Map.entry("error:UNDEFINED_PERSONALITY", "undefined personality function accepted (08:46)"),
            Map.entry("error:EXPECTED_TYPE", "`define foo @f()` reported at 1:12, not at `foo` (08:00)"),
            Map.entry("error:UNDEFINED_METADATA", "undefined metadata `!99` accepted (07:50)"),
            Map.entry("error:BAD_LINKAGE", "`@g = privat global` accepted (07:50)"),
            Map.entry("error:BAD_METADATA_TUPLE", "`!{!\"a\" !\"b\"}` accepted (07:50)"),
            Map.entry("error:UNTERMINATED_NAME", "message holds the rest of the line and its newline (08:00)"),
            Map.entry("error:MISSING_BRACE", "unterminated body reported at its `{`, not at end of file (08:19)"));

    /** Runs {@code test}; for a known bug, expects it to fail and reports it as skipped. */
    static void check(String id, Executable test) throws Throwable {
        String bug = BUGS.get(id);
        if (bug == null) {
            test.execute();
            return;
        }
        try {
            test.execute();
        } catch (AssertionError | RuntimeException e) {
            String first = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
            Assumptions.abort("known ir bug, " + bug + ": " + first);
        }
        fail(id + " passes now: take it off KnownIrBugs (" + bug + ")");
    }

    static boolean isKnown(String id) {
        return BUGS.containsKey(id);
    }
}

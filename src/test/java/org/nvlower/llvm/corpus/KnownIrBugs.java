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
            Map.entry("fixture:llvm14/edge-cases.ll", "uselistorder inside a function body rejected (ir-requests 08:00)"),
            Map.entry("fixture:regressions/uselistorder-in-body.ll", "uselistorder inside a function body rejected (08:00)"),
            Map.entry("fixture:llvm14/function-headers.ll", "string attributes in a function header rejected (08:21)"),
            Map.entry("fixture:regressions/string-attributes-in-header.ll", "string attributes in a function header rejected (08:21)"),
            Map.entry("fixture:llvm14/module-level.ll", "attribute group on a global variable rejected (08:00)"),
            Map.entry("fixture:regressions/global-attribute-group.ll", "attribute group on a global variable rejected (08:00)"),
            Map.entry("fixture:regressions/entities-sharing-a-line.ll", "top-level entities sharing a line rejected (08:27)"),
            Map.entry("fixture:regressions/signed-address-space.ll", "`addrspace(+1)` crashes with IllegalArgumentException (08:40)"),
            Map.entry("fixture:regressions/nul-between-tokens.ll", "raw NUL in the error message (08:19)"),
            Map.entry("error:EXPECTED_TYPE", "`define foo @f()` reported at 1:12, not at `foo` (08:00)"),
            Map.entry("error:UNDEFINED_TYPE", "undefined type reported at end of file, not at the use (07:50)"),
            Map.entry("error:UNDEFINED_METADATA", "undefined metadata `!99` accepted (07:50)"),
            Map.entry("error:BAD_LINKAGE", "`@g = privat global` accepted (07:50)"),
            Map.entry("error:BAD_ALIGNMENT", "`align 3` accepted (07:50)"),
            Map.entry("error:BAD_METADATA_TUPLE", "`!{!\"a\" !\"b\"}` accepted (07:50)"),
            Map.entry("error:BAD_ORDERING", "`fence sideways` says \"expected instruction opcode\" (08:00)"),
            Map.entry("error:UNTERMINATED_NAME", "message holds the rest of the line and its newline (08:00)"),
            Map.entry("error:MISSING_BRACE", "unterminated body reported at its `{`, not at end of file (08:19)"),
            Map.entry("error:EOF_IN_INSTRUCTION", "error in an unterminated body reported at its `{` (08:19)"),
            Map.entry("cli:outputIntoAMissingDirectoryIsAUserError", "internal error + stack trace (08:23)"),
            Map.entry("cli:aDirectoryAsInputIsAUserError", "internal error + stack trace (08:23)"));

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

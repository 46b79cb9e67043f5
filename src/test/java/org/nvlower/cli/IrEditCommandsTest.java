package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code nvlower link}, {@code inline} and {@code verify-ir} as a user runs them. */
class IrEditCommandsTest {

    private static final String CALLER = """
            declare i32 @twice(i32)
            define i32 @main() {
              %r = call i32 @twice(i32 21)
              ret i32 %r
            }
            """;
    private static final String CALLEE = """
            define i32 @twice(i32 %x) {
              %y = add i32 %x, %x
              ret i32 %y
            }
            define i32 @unused() noinline {
              ret i32 0
            }
            """;

    @Test
    void linkThenInlineThenVerify(@TempDir Path dir) throws IOException {
        Path a = Files.writeString(dir.resolve("a.ll"), CALLER);
        Path b = Files.writeString(dir.resolve("b.ll"), CALLEE);
        Path linked = dir.resolve("linked.ll");
        CliRunner link = CliRunner.run("", "link", a.toString(), b.toString(), "-o", linked.toString());
        assertEquals(0, link.exitCode(), link.err());
        String text = Files.readString(linked);
        assertTrue(text.contains("define i32 @twice(i32 %x)") && text.contains("define i32 @unused()"), text);

        CliRunner needed = CliRunner.run("", "link", "--only-needed", a.toString(), b.toString());
        assertEquals(0, needed.exitCode(), needed.err());
        assertTrue(needed.out().contains("@twice(i32 %x)") && !needed.out().contains("@unused"), needed.out());

        CliRunner inline = CliRunner.run("", "inline", linked.toString(), "--stats");
        assertEquals(0, inline.exitCode(), inline.err());
        assertEquals("1 call(s) inlined\n", inline.err());
        assertTrue(inline.out().contains("%y.i = add i32 21, 21") && !inline.out().contains("call i32 @twice"),
                inline.out());

        Path inlined = Files.writeString(dir.resolve("inlined.ll"), inline.out());
        CliRunner ok = CliRunner.run("", "verify-ir", inlined.toString());
        assertEquals(0, ok.exitCode(), ok.err());
        assertEquals("", ok.out() + ok.err());
    }

    @Test
    void verifyIrReportsEachProblemAndFails(@TempDir Path dir) throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.ll"), """
                define i32 @f(i32 %x) {
                entry:
                  %a = add i32 %b, 1
                  %b = add i32 %x, 1
                  switch i32 %x, label %entry [ i32 1, label %entry i32 1, label %entry ]
                }
                """);
        CliRunner r = CliRunner.run("", "verify-ir", bad.toString());
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("does not dominate") && r.err().contains("duplicate integer as switch case")
                && r.err().contains("entry block has predecessors"), r.err());
        assertTrue(r.err().lines().allMatch(l -> l.matches(java.util.regex.Pattern.quote(bad.toString())
                + ":\\d+:\\d+: error: in function @f.*")), r.err());
        assertTrue(r.err().contains(bad + ":3:3: error: in function @f: block %entry: instruction does not dominate"),
                r.err());
    }

    @Test
    void linkConflictsAreOneLineErrors(@TempDir Path dir) throws IOException {
        Path b = Files.writeString(dir.resolve("b.ll"), CALLEE);
        CliRunner r = CliRunner.run("", "link", b.toString(), b.toString());
        assertEquals(1, r.exitCode());
        assertEquals("error: " + b + ": symbol multiply defined: @twice\n", r.err());
        CliRunner missing = CliRunner.run("", "inline", b.toString(), "--only", "nope");
        assertEquals(1, missing.exitCode());
        assertTrue(missing.err().contains("no function @nope"), missing.err());
    }
}

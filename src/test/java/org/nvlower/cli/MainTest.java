package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What every command shares: --help, and one plain error line for words picocli does not know. */
class MainTest {

    @Test
    void everyCommandHasHelp() {
        for (String command : new String[] {"demo", "eval", "testfloat", "target"}) {
            CliRunner r = CliRunner.run("", command, "--help");
            assertEquals(0, r.exitCode(), command + ": " + r.err());
            assertTrue(r.out().startsWith("Usage: nvlower " + command + " "), r.out());
            assertTrue(r.out().contains("-h, --help"), r.out());
        }
        CliRunner r = CliRunner.run("", "--help");
        assertTrue(r.out().contains("demo") && r.out().contains("testfloat"), r.out());
    }

    @Test
    void unknownWordsAreNamed() {
        CliRunner r = CliRunner.run("", "bogus");
        assertEquals(Main.USAGE_ERROR, r.exitCode());
        assertEquals("error: unknown command 'bogus'\n(see 'nvlower --help')\n", r.err());
        r = CliRunner.run("", "demo", "--bogus");
        assertEquals(Main.USAGE_ERROR, r.exitCode());
        assertEquals("error: unknown option '--bogus'\n(see 'nvlower demo --help')\n", r.err());
        r = CliRunner.run("", "demo", "extra");
        assertEquals("error: unexpected argument 'extra'\n(see 'nvlower demo --help')\n", r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace");
        r = CliRunner.run("", "--" + "x".repeat(100_000));
        assertEquals("error: unknown option '--" + "x".repeat(30) + "...' (100002 characters)\n(see 'nvlower --help')\n",
                r.err(), "a huge word is cut");
    }
}

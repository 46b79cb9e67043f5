package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

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

    /** A run registers only the command it names; what that command prints is the same either way. */
    @Test
    void aRunRegistersOnlyTheCommandItNames() {
        assertEquals(Main.SUBCOMMANDS, Main.subcommandsFor(), "no arguments: all, for the usage message");
        assertEquals(Main.SUBCOMMANDS, Main.subcommandsFor("--help"));
        assertEquals(Main.SUBCOMMANDS, Main.subcommandsFor("bogus"));
        Set<String> names = new HashSet<>();
        for (Class<?> sub : Main.SUBCOMMANDS) {
            String name = sub.getAnnotation(CommandLine.Command.class).name();
            assertTrue(names.add(name), "one command per name: " + name);
            assertEquals(List.of(sub), Main.subcommandsFor(name, "--help"));
            assertEquals(usage(Main.commandLine(null).getSubcommands().get(name)), usage(Main.commandLine(null, name).getSubcommands().get(name)),
                    name + "'s help");
        }
    }

    private static String usage(CommandLine cli) {
        StringWriter w = new StringWriter();
        cli.usage(new PrintWriter(w));
        return w.toString();
    }
}

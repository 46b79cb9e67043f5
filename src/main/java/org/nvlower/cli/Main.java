package org.nvlower.cli;

import java.io.PrintWriter;
import java.util.List;

import org.nvlower.diag.InputException;
import org.nvlower.softfloat.Hex128;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code nvlower} command. Subcommands are registered in {@link #SUBCOMMANDS}, one line each.
 * Exit codes: 0 ok, 1 user error (one {@code error:} message), 2 internal error.
 */
@Command(name = "nvlower",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Math lowering of NVIDIA's GPU compiler stack, reimplemented and proven bit-exact.",
        synopsisSubcommandLabel = "COMMAND")
public final class Main implements Runnable {

    public static final int OK = 0;
    public static final int USER_ERROR = 1;
    public static final int INTERNAL_ERROR = 2;

    /**
     * Every subcommand, in the order {@code --help} lists them. Classes, not instances: picocli
     * then makes fresh command objects for every {@link #run}, so no option value leaks from one
     * run into the next.
     */
    static final List<Class<?>> SUBCOMMANDS = List.of(
            DemoCommand.class,
            EvalCommand.class,
            TestFloatCommand.class,
            TargetCommand.class,
            RoundtripCommand.class,
            StatsCommand.class,
            BenchCommand.class,
            VerifyCommand.class,
            ExpandCommand.class
    );

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required");
    }

    public static void main(String[] args) {
        System.exit(run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /** Runs the CLI with the given streams; returns the exit code (used by tests too). */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = commandLine();
        cli.setOut(out);
        cli.setErr(err);
        int code;
        try {
            code = cli.execute(args);
        } catch (OutOfMemoryError e) {
            err.println("error: out of memory; give the JVM more heap, e.g. NVLOWER_JAVA_OPTS=-Xmx8g ./nvlower ...");
            code = INTERNAL_ERROR;
        } catch (StackOverflowError e) {
            err.println("error: input nested too deeply (stack overflow); NVLOWER_JAVA_OPTS=-Xss64m may help");
            code = INTERNAL_ERROR;
        }
        out.flush();
        err.flush();
        return code;
    }

    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Main());
        for (Class<?> sub : SUBCOMMANDS) {
            cli.addSubcommand(sub);
        }
        cli.setParameterExceptionHandler((ex, args) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("error: " + message(ex));
            err.println("(see '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help')");
            return USER_ERROR;
        });
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            PrintWriter err = commandLine.getErr();
            if (ex instanceof InputException input) {
                err.println(input.render());
                return USER_ERROR;
            }
            err.println("internal error: " + ex);
            for (StackTraceElement frame : ex.getStackTrace()) {
                err.println("\tat " + frame);
            }
            err.println("This is a bug in nvlower; please report it with the command line above.");
            return INTERNAL_ERROR;
        });
        return cli;
    }

    /** picocli's message, but an unknown word says what it is instead of "Unmatched argument at index N". */
    private static String message(CommandLine.ParameterException ex) {
        if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            String word = u.getUnmatched().get(0);
            boolean top = ex.getCommandLine().getParent() == null;
            return (word.startsWith("-") ? "unknown option " : top ? "unknown command " : "unexpected argument ")
                    + Hex128.quote(word);
        }
        return ex.getMessage();
    }

    /** Reads the version from the jar manifest (falls back to "dev" when run from classes). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"nvlower " + (v == null ? "dev" : v)};
        }
    }
}

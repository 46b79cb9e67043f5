package org.nvlower.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.nvlower.diag.InputException;
import org.nvlower.softfloat.Hex128;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code nvlower} command. Subcommands are registered in {@link #SUBCOMMANDS}, one line each.
 * Exit codes: 0 ok; 1 an error in the input or in I/O (one {@code error:} message); 2 a usage
 * error (a command line that cannot be parsed: the message and a pointer to {@code --help});
 * 70 an internal error (a bug: the stack trace is printed); 141, silently, when the reader of
 * standard output quit.
 */
@Command(name = "nvlower",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Math lowering of NVIDIA's GPU compiler stack, reimplemented and proven bit-exact.",
        synopsisSubcommandLabel = "COMMAND")
public final class Main implements Runnable {

    public static final int OK = 0;
    /** Bad input (malformed IR, a wrong operand, a missing file) or output that could not be written. */
    public static final int USER_ERROR = 1;
    /** A command line picocli cannot parse: unknown command or option, missing or extra argument. */
    public static final int USAGE_ERROR = 2;
    /** A bug in nvlower; 70 is EX_SOFTWARE of BSD's sysexits.h. */
    public static final int INTERNAL_ERROR = 70;
    /**
     * The reader of standard output went away ({@code nvlower stats x.ll | head}): no message and
     * the status of a process killed by SIGPIPE (128 + 13), as cat or grep would end.
     */
    public static final int READER_QUIT = 141;

    /** How standard output is named in messages. */
    static final String STDOUT = "<stdout>";

    /**
     * Every subcommand, in the order {@code --help} lists them. Classes, not instances: picocli
     * then makes fresh command objects for every {@link #run}, so no option value leaks from one
     * run into the next.
     *
     * <p>Output convention (see {@link Output}): a command writes text only through
     * {@code spec.commandLine().getOut()}, exact bytes through {@link Output#stdout}, files through
     * {@link Output#open}; never {@code System.out}. Then a write that fails (full disk, closed
     * pipe) is reported by {@link #run} as one line with exit code 1, with no code in the command.
     */
    static final List<Class<?>> SUBCOMMANDS = List.of(
            DemoCommand.class,
            EvalCommand.class,
            TestFloatCommand.class,
            TargetCommand.class,
            RoundtripCommand.class,
            StatsCommand.class,
            VerifyIrCommand.class,
            LinkCommand.class,
            InlineCommand.class,
            MathlowerCommand.class,
            ReflectCommand.class,
            LinkLibdeviceCommand.class,
            FoldCommand.class,
            CompileCommand.class,
            Lower128Command.class,
            RuntimeCommand.class,
            VerifyRuntimeCommand.class,
            BenchCommand.class,
            VerifyCommand.class,
            ExpandCommand.class,
            ExploreCommand.class
    );

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required");
    }

    public static void main(String[] args) {
        CheckedStream stdout = new CheckedStream(new FileOutputStream(FileDescriptor.out), STDOUT);
        // stray System.out writes (there should be none) go through the same check, in order
        System.setOut(new PrintStream(stdout, true, StandardCharsets.UTF_8));
        PrintWriter err = new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.err),
                stderrCharset()), true);
        System.exit(run(stdout, err, args));
    }

    /**
     * Runs the CLI with the given writers; returns the exit code (used by tests and embedders).
     * Standard output reaches {@code out} decoded as UTF-8, so byte-exact output (roundtrip of
     * IR that is not UTF-8) is exact only through {@link #main}.
     */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        WriterStream bytes = new WriterStream(out);
        CheckedStream stdout = new CheckedStream(bytes, STDOUT);
        int code = run(stdout, err, args);
        if (stdout.failure() == null) {
            try {
                bytes.finish();
            } catch (IOException e) {
                err.println("nvlower: error: writing " + STDOUT + ": " + OutputException.reason(e));
                code = USER_ERROR;
            }
        }
        err.flush();
        return code;
    }

    /** The run behind both entry points: every command's output check happens here. */
    static int run(CheckedStream stdout, PrintWriter err, String... args) {
        Output.StdoutWriter out = new Output.StdoutWriter(stdout);
        CommandLine cli = commandLine(stdout, args);
        cli.setOut(out);
        cli.setErr(err);
        int code;
        try {
            code = cli.execute(args);
        } catch (OutOfMemoryError e) {
            err.println("error: out of memory: the input needs more than the Java heap's "
                    + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB; raise the limit, e.g. "
                    + "NVLOWER_JAVA_OPTS=-Xmx8g nvlower ...");
            code = USER_ERROR;
        } catch (StackOverflowError e) {
            err.println("error: input nested too deeply for the thread stack; raise it, e.g. "
                    + "NVLOWER_JAVA_OPTS=-Xss256m nvlower ...");
            code = USER_ERROR;
        }
        out.flush();
        if (stdout.failure() != null && stdout.failure().isBrokenPipe()) {
            code = READER_QUIT;
        } else if (stdout.failure() != null) {
            err.println("nvlower: error: " + stdout.failure().getMessage());
            code = USER_ERROR;
        }
        err.flush();
        return code;
    }

    /** The terminal's encoding for messages (source lines echoed in them may be any text). */
    static Charset stderrCharset() {
        try {
            return Charset.forName(System.getProperty("stderr.encoding", Charset.defaultCharset().name()));
        } catch (IllegalArgumentException e) {
            return StandardCharsets.UTF_8;
        }
    }

    static CommandLine commandLine(CheckedStream stdout, String... words) {
        CommandLine cli = new CommandLine(new Main());
        for (Class<?> sub : subcommandsFor(words)) {
            cli.addSubcommand(sub);
        }
        // 'nvlower verify runtime' too, when a 'verify' command (of the SASS templates) is there
        CommandLine verify = cli.getSubcommands().get("verify");
        if (verify != null) {
            verify.addSubcommand("runtime", VerifyRuntimeCommand.class);
        }
        cli.setParameterExceptionHandler((ex, args) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("error: " + message(ex));
            err.println("(see '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help')");
            return USAGE_ERROR;
        });
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            PrintWriter err = commandLine.getErr();
            if (stdout.failure() != null) {
                return USER_ERROR; // whatever broke next, the lost output is the error; run reports it
            }
            OutputException lost = outputException(ex);
            if (lost != null) {
                err.println("nvlower: error: " + lost.getMessage());
                return USER_ERROR;
            }
            if (ex instanceof org.nvlower.gpu.GpuException gpu) {
                err.println("nvlower: error: " + gpu.getMessage());
                return USER_ERROR;
            }
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

    /**
     * The subcommands a run registers: only the one {@code args} names, else all of them (for
     * {@code --help} and for the message about an unknown command). picocli reads each command's
     * annotations when it is registered; all of them together cost about 0.2 s of every start.
     */
    static List<Class<?>> subcommandsFor(String... args) {
        if (args.length > 0) {
            for (Class<?> sub : SUBCOMMANDS) {
                if (sub.getAnnotation(Command.class).name().equals(args[0])) {
                    return List.of(sub);
                }
            }
        }
        return SUBCOMMANDS;
    }

    /** The OutputException {@code ex} is or wraps (e.g. in an UncheckedIOException), or null. */
    private static OutputException outputException(Throwable ex) {
        for (Throwable t = ex; t != null; t = t.getCause()) {
            if (t instanceof OutputException o) {
                return o;
            }
            if (!(t instanceof UncheckedIOException || t instanceof IOException)) {
                return null;
            }
        }
        return null;
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

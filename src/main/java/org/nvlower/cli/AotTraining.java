package org.nvlower.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The training run behind the launcher's AOT cache (JDK 25+, JEP 483/515): one JVM that runs the
 * demo and then the IR commands on IR nvlower writes itself, so the cache holds the classes of
 * every command and the parser's and printer's method profiles. With profiles from a real parse,
 * the JIT compiles the parser's large methods once, early and with fewer deoptimizations, which
 * is most of a cold run's CPU (docs/PERFORMANCE.md, "JIT"). Needs no input: nothing of the user's
 * and nothing of NVIDIA's (libdevice) is read, so every build trains the same way.
 */
public final class AotTraining {

    /**
     * Round trips of the runtime module: enough for the parser's hot methods to reach C2. 26 of the
     * 2.55 MB module with erf and gamma parse about the bytes that 40 of the module before them (about
     * 1.65 MB, estimated as the module less its erf and gamma functions)
     * did (the launcher's first build trains synchronously: LauncherTest allows it 60 s).
     */
    static final int ROUNDS = 26;

    private AotTraining() {
    }

    public static void main(String[] args) throws IOException {
        System.setProperty("nvlower.aot.training", "true");
        Path dir = Files.createTempDirectory("nvlower-aot-training");
        try {
            String failed = train(dir);
            if (failed != null) {
                System.err.println("nvlower: AOT training: " + failed);
                System.exit(1);
            }
        } finally {
            try (var files = Files.list(dir)) {
                for (Path file : files.toList()) {
                    Files.deleteIfExists(file);
                }
            }
            Files.deleteIfExists(dir);
        }
    }

    /** Runs every command with its output discarded; the first that fails, or null. */
    static String train(Path dir) {
        PrintWriter discard = new PrintWriter(Writer.nullWriter());
        for (String[] command : commands(dir)) {
            int code = Main.run(discard, discard, command);
            if (code != 0) {
                return "'" + String.join(" ", command) + "' exited " + code;
            }
        }
        return null;
    }

    /** The commands trained, in order; the runtime module is the IR the later ones read. */
    static List<String[]> commands(Path dir) {
        String runtime = dir.resolve("runtime.ll").toString();
        String out = dir.resolve("out.ll").toString();
        List<String[]> commands = new ArrayList<>();
        commands.add(new String[] {"demo"});
        commands.add(new String[] {"runtime", "-o", runtime});
        for (int i = 0; i < ROUNDS; i++) {
            commands.add(new String[] {"roundtrip", runtime, "-o", out});
        }
        commands.add(new String[] {"verify-ir", runtime});
        commands.add(new String[] {"stats", runtime});
        commands.add(new String[] {"reflect", runtime, "-o", out});
        // one round over the whole module: 330 call sites of about 40 functions, 15 MB written (the
        // about 10,000 row calls of the quad math bodies are noinline call sites and stay calls)
        commands.add(new String[] {"inline", runtime, "--rounds", "1", "-o", out});
        return commands;
    }
}

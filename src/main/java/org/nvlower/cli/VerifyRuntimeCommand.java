package org.nvlower.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.nvlower.diag.InputException;
import org.nvlower.llvm.ir.Module;
import org.nvlower.verify.runtime.LliDriver;
import org.nvlower.verify.runtime.RuntimeCases;
import org.nvlower.verify.runtime.RuntimeChecker;
import org.nvlower.llvm.runtime.RuntimeFunction;
import org.nvlower.verify.runtime.TestFloatOperands;
import org.nvlower.llvm.text.IrPrinter;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code nvlower verify runtime}: the runtime bodies against softfloat. Registered as the
 * subcommand {@code runtime} of {@code nvlower verify} when that command exists, and always as
 * {@code nvlower verify-runtime}.
 */
@Command(name = "verify-runtime", mixinStandardHelpOptions = true,
        description = {"Run the bodies of the fp128/i128 runtime functions ('nvlower runtime') on edge cases, random "
                + "cases and TestFloat operands, and compare every result bit for bit with softfloat ('nvlower eval').",
            "By default in nvlower's interpreter; with --lli in LLVM's lli (a driver module prints each result). "
                + "Exit code 1 on any mismatch."})
public final class VerifyRuntimeCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FUNCTION", arity = "0..*",
            description = "__nv_* functions to check (default: every body, the seed's 55 and the later ones)")
    List<String> names = new ArrayList<>();

    @Option(names = "-n", paramLabel = "N", defaultValue = "1000",
            description = "random cases per function, after the edge cases (default: ${DEFAULT-VALUE})")
    long random;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "seed of the random cases")
    long seed;

    @Option(names = "--testfloat", paramLabel = "DIR",
            description = "also the operands of the TestFloat vector files (*.txt.gz) in DIR that apply")
    Path testFloat;

    @Option(names = "--threads", paramLabel = "T", defaultValue = "1", description = "worker threads")
    int threads;

    @Option(names = "--lli", description = "run the bodies under lli instead of the interpreter")
    boolean lli;

    @Option(names = "--lli-path", paramLabel = "LLI",
            description = "the lli to run (default: lli on the PATH, else /usr/lib/llvm-14/bin/lli)")
    Path lliPath;

    @Option(names = "--impl", paramLabel = "gpu",
            description = "gpu: the bodies compiled to PTX by llc 14 and 19 (whichever are here) run on a GPU (docs/gpu.md)")
    String impl;

    @Option(names = "--prepare", paramLabel = "DIR", description = "--impl gpu: write the runtime's PTX to DIR/runtime; no GPU needed")
    Path prepare;

    @Option(names = "--ptx", paramLabel = "DIR", description = "--impl gpu: run the PTX --prepare wrote to DIR (no llc needed)")
    Path ptxDir;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        List<RuntimeFunction> functions = functions();
        if (threads < 1) {
            throw new InputException("--threads must be at least 1");
        }
        if (testFloat != null && !Files.isDirectory(testFloat)) {
            throw new InputException("--testfloat " + testFloat + ": no such directory");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (impl != null && !impl.equals("gpu")) {
            throw new InputException("--impl must be gpu (the default runs the interpreter), not '" + impl + "'");
        }
        if ((prepare != null || ptxDir != null) && impl == null) {
            throw new InputException("--prepare and --ptx go with --impl gpu");
        }
        if (impl != null) {
            return prepare != null ? GpuRuntimeVerification.prepare(out, functions, random, seed, prepare)
                    : GpuRuntimeVerification.run(out, functions, random, seed, ptxDir);
        }
        out.printf(Locale.ROOT, "%-24s %12s %10s %9s %12s%n", "function", "cases", "mismatches", "seconds", "cases/s");
        List<RuntimeChecker.Report> reports = lli ? viaLli(functions, out) : inInterpreter(functions, out);
        long cases = reports.stream().mapToLong(RuntimeChecker.Report::cases).sum();
        long bad = reports.stream().mapToLong(RuntimeChecker.Report::mismatches).sum();
        out.printf(Locale.ROOT, "%d functions, %d cases, %d mismatches (%s)%n", reports.size(), cases, bad,
                lli ? "lli" : "interpreter");
        for (RuntimeChecker.Report r : reports) {
            r.first().forEach(m -> out.println("  " + m));
        }
        out.flush();
        return bad == 0 ? Main.OK : Main.USER_ERROR;
    }

    private List<RuntimeFunction> functions() {
        if (names.isEmpty()) {
            return List.of(RuntimeFunction.values());
        }
        List<RuntimeFunction> list = new ArrayList<>();
        for (String name : names) {
            list.add(RuntimeFunction.bySymbol(name).orElseThrow(() -> new InputException(
                    "unknown runtime function '" + name + "' (see 'nvlower eval --list')")));
        }
        return list;
    }

    /** A report and the seconds it took. */
    private record Timed(RuntimeChecker.Report report, double seconds) {
    }

    /** One checker per thread; functions are handed out in order, the reports printed in order. */
    private List<RuntimeChecker.Report> inInterpreter(List<RuntimeFunction> functions, PrintWriter out)
            throws InterruptedException, ExecutionException {
        ThreadLocal<RuntimeChecker> checkers = ThreadLocal.withInitial(RuntimeChecker::forAllBodies);
        Map<RuntimeFunction, List<Path>> vectors = vectorFiles();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Timed>> futures = new ArrayList<>();
            for (RuntimeFunction f : functions) {
                futures.add(pool.submit(() -> {
                    RuntimeChecker c = checkers.get();
                    RuntimeChecker.Tally tally = new RuntimeChecker.Tally(f);
                    long t0 = System.nanoTime();
                    RuntimeCases.forEach(f, random, seed, ops -> tally.add(c.check(f, ops)));
                    for (Path file : vectors.getOrDefault(f, List.of())) {
                        TestFloatOperands.forEach(file, (g, ops) -> {
                            if (g == f) {
                                tally.add(c.check(f, ops));
                            }
                        });
                    }
                    return new Timed(tally.report(), (System.nanoTime() - t0) / 1e9);
                }));
            }
            List<RuntimeChecker.Report> reports = new ArrayList<>();
            for (Future<Timed> fu : futures) {
                Timed t = fu.get();
                reports.add(t.report());
                print(out, t.report(), t.seconds());
            }
            return reports;
        } finally {
            pool.shutdownNow();
        }
    }

    private static void print(PrintWriter out, RuntimeChecker.Report r, double seconds) {
        out.printf(Locale.ROOT, "%-24s %12d %10d %9.2f %12.0f%n", r.function().symbol(), r.cases(), r.mismatches(),
                seconds, r.cases() / seconds);
        out.flush();
    }

    /** The vector files that feed each function (empty without --testfloat). */
    private Map<RuntimeFunction, List<Path>> vectorFiles() {
        Map<RuntimeFunction, List<Path>> map = new EnumMap<>(RuntimeFunction.class);
        if (testFloat == null) {
            return map;
        }
        for (Path file : TestFloatOperands.files(testFloat)) {
            for (RuntimeFunction f : TestFloatOperands.functions(TestFloatOperands.functionOf(file.getFileName().toString()))) {
                map.computeIfAbsent(f, k -> new ArrayList<>()).add(file);
            }
        }
        return map;
    }

    /** The same cases through a driver module run by lli. */
    private List<RuntimeChecker.Report> viaLli(List<RuntimeFunction> functions, PrintWriter out)
            throws IOException, InterruptedException {
        Map<RuntimeFunction, List<long[]>> cases = new LinkedHashMap<>();
        for (RuntimeFunction f : functions) {
            List<long[]> list = new ArrayList<>();
            RuntimeCases.forEach(f, random, seed, ops -> list.add(ops.clone()));
            cases.put(f, list);
        }
        for (Map.Entry<RuntimeFunction, List<Path>> e : vectorFiles().entrySet()) {
            if (cases.containsKey(e.getKey())) {
                for (Path file : e.getValue()) {
                    TestFloatOperands.forEach(file, (g, ops) -> {
                        if (g == e.getKey()) {
                            cases.get(g).add(ops.clone());
                        }
                    });
                }
            }
        }
        Path tool = lliPath != null ? lliPath : findLli();
        Module driver = LliDriver.build(cases);
        Path file = Files.createTempFile("nvlower-runtime-driver", ".ll");
        Path output = Files.createTempFile("nvlower-runtime-driver", ".out");
        try {
            Files.writeString(file, IrPrinter.print(driver), StandardCharsets.UTF_8);
            long t0 = System.nanoTime();
            Process p = new ProcessBuilder(tool.toString(), file.toString()).redirectOutput(output.toFile())
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            if (!p.waitFor(3600, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new InputException(tool + " did not finish within an hour");
            }
            if (p.exitValue() != 0) {
                throw new InputException(tool + " failed with exit code " + p.exitValue());
            }
            double secs = (System.nanoTime() - t0) / 1e9;
            List<String> lines = Files.readAllLines(output, StandardCharsets.US_ASCII);
            List<RuntimeChecker.Report> reports = List.of(LliDriver.mismatches(cases, lines));
            long total = reports.stream().mapToLong(RuntimeChecker.Report::cases).sum();
            for (RuntimeChecker.Report r : reports) {
                print(out, r, secs * r.cases() / total);
            }
            return reports;
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(output);
        }
    }

    private static Path findLli() {
        String path = System.getenv("PATH");
        List<Path> candidates = new ArrayList<>();
        if (path != null) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                candidates.add(Path.of(dir, "lli"));
            }
        }
        candidates.add(Path.of("/usr/lib/llvm-14/bin/lli"));
        candidates.add(Path.of("/usr/lib/llvm-19/bin/lli"));
        return candidates.stream().filter(Files::isExecutable).findFirst().orElseThrow(() -> new InputException(
                "lli not found on the PATH or in /usr/lib/llvm-14/bin (install llvm-14, or give --lli-path)"));
    }
}

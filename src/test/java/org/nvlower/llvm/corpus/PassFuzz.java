package org.nvlower.llvm.corpus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import org.nvlower.diag.InputException;
import org.nvlower.llvm.analysis.IrVerifier;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.pass.Lower128;
import org.nvlower.llvm.pass.MathCallFolder;
import org.nvlower.llvm.pass.NvvmReflect;
import org.nvlower.llvm.pass.ReflectBranchFold;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.llvm.transform.Inliner;
import org.nvlower.llvm.transform.Linker;
import org.nvlower.nvptx.TargetMachine;
import org.nvlower.pipeline.Libdevice;
import org.nvlower.pipeline.MathPipeline;
import org.nvlower.testing.ExternalTools;

/**
 * Issue 24 item 5, "pass outputs are always valid": mutants of real IR ({@link Fuzzer}) that are
 * valid inputs (nvlower's parser reads them and llvm-as 14, or LLVM 19 for LLVM 19 syntax, accepts
 * them; the IrVerifier's verdict is compared on the way) go through each {@link Pass} as its CLI command runs it, in process; every output
 * must be accepted by each LLVM that accepted the input (LLVM 14 as llvm-as reads it, LLVM 19 as
 * {@code opt -verify} does), without dropping debug info the input kept. The LLVM verdicts come
 * from {@link LlvmVerdictServer} (or {@link LlvmBatch}): many files per process.
 */
final class PassFuzz {

    /** The passes of the CLI commands, each applied as its command applies it. */
    enum Pass {
        /** {@code nvlower inline IN}: {@link Inliner#inlineAll} with the command's 8 rounds. */
        INLINE {
            @Override
            Module apply(Module m, Supplier<Module> libdevice) {
                Inliner.inlineAll(m, null, 8);
                return m;
            }
        },
        /** {@code nvlower link IN}: the module linked into an empty one, as llvm-link of one file. */
        LINK {
            @Override
            Module apply(Module m, Supplier<Module> libdevice) {
                Module dest = Module.create("llvm-link", m.opaquePointers());
                dest.setSourceFileName("llvm-link");
                try {
                    Linker.link(dest, m, new Linker.Options(false, true, false));
                } catch (Linker.LinkException | IllegalArgumentException e) {
                    throw new InputException("link: " + e.getMessage()); // as LinkCommand reports it
                }
                return dest;
            }
        },
        /** {@code nvlower lower128 IN}: the target's triple and layout when the module has none. */
        LOWER128 {
            @Override
            Module apply(Module m, Supplier<Module> libdevice) {
                if (m.targetTriple() == null) {
                    m.setTargetTriple(TARGET.triple());
                    m.setDataLayout(TARGET.dataLayout());
                }
                Lower128.run(m, Lower128.Options.DEFAULT);
                return m;
            }
        },
        /** {@code nvlower reflect IN}: NVVMReflect, then its branch folding. */
        REFLECT {
            @Override
            Module apply(Module m, Supplier<Module> libdevice) {
                NvvmReflect.Result r = NvvmReflect.run(m, NvvmReflect.values(TARGET, m, true, Map.of()));
                ReflectBranchFold.run(r.functions());
                return m;
            }
        },
        /** {@code nvlower fold IN}: the by-name folder, then constant folding. */
        FOLD {
            @Override
            Module apply(Module m, Supplier<Module> libdevice) {
                MathCallFolder.run(m, NvvmReflect.values(TARGET, m, true, Map.of()));
                ReflectBranchFold.run(m);
                return m;
            }
        },
        /** {@code nvlower compile IN.ll}: the whole chain (libdevice linked when the module calls it). */
        COMPILE {
            @Override
            Module apply(Module m, Supplier<Module> libdevice) {
                return MathPipeline.compile(m, new MathPipeline.Settings(TARGET, false, Map.of(), null), libdevice).module();
            }
        };

        abstract Module apply(Module m, Supplier<Module> libdevice);

        String command() {
            return name().toLowerCase();
        }
    }

    /** The cicc defaults, as the commands take them without options. */
    static final TargetMachine TARGET = TargetMachine.fromCommandLine(List.of());

    /** An LLVM that judges files: its name and its batch checker (per pointer dialect). */
    record Llvm(String name, LlvmJudge typed, LlvmJudge opaque) {
        /** {@code files}: each file and its text (which says the pointer dialect). */
        Map<Path, String> verdicts(Map<Path, String> files, int threads) {
            List<Path> t = new ArrayList<>();
            List<Path> o = new ArrayList<>();
            files.forEach((f, text) -> (usesOpaquePointers(text) ? o : t).add(f));
            Map<Path, String> out = new HashMap<>(typed.verdicts(t, threads));
            out.putAll(opaque.verdicts(o, threads));
            return out;
        }
    }

    /** As {@link Differential#llvmAs}: LLVM 14 reads {@code ptr} only with {@code -opaque-pointers}. */
    static boolean usesOpaquePointers(String text) {
        return text.matches("(?s).*\\bptr\\b.*") && !text.contains("*");
    }

    /**
     * LLVM 14 and 19, or fewer when absent: from {@link LlvmVerdictServer} where bench/ir-pass-fuzz
     * built it (one process per LLVM, each file parsed and verified as llvm-as does), else from
     * llvm-link batches ({@link LlvmBatch}; also with {@code -Dnvlower.llvmLinkBatches=true}).
     */
    static List<Llvm> llvms(Path work) {
        List<Llvm> out = new ArrayList<>();
        judge(14, List.of(), work.resolve("l14")).ifPresent(typed -> out.add(new Llvm("llvm-as 14", typed,
                judge(14, List.of("-opaque-pointers"), work.resolve("l14o")).orElseThrow())));
        judge(19, List.of(), work.resolve("l19")).ifPresent(j -> out.add(new Llvm("opt-19 -verify", j, j)));
        return out;
    }

    private static Optional<LlvmJudge> judge(int version, List<String> flags, Path work) {
        Optional<Path> server = LlvmVerdictServer.binary(version);
        if (server.isPresent() && !Boolean.getBoolean("nvlower.llvmLinkBatches")) {
            return Optional.of(new LlvmVerdictServer(server.get(), flags, work));
        }
        return tool(version, "llvm-link").map(link -> new LlvmBatch(link, flags, work));
    }

    /** What one pass did over a run. */
    static final class Tally {
        long inputs;
        long refused;
        long unchanged;
        long outputs;
        long checked;
        long invalid;
        long crashes;
        long llvmCrashes;
        final List<String> examples = new ArrayList<>();
        final List<String> crashExamples = new ArrayList<>();

        @Override
        public String toString() {
            return String.format("%,d inputs, %,d refused (InputException), %,d crashes; %,d outputs (%,d unchanged), "
                    + "%,d checks by LLVM, %,d invalid, %,d LLVM crashes", inputs, refused, crashes, outputs, unchanged, checked,
                    invalid, llvmCrashes);
        }
    }

    /** A run's figures. */
    static final class Report {
        long mutants;
        long parserRejected;
        long verifierRejected;
        long verifierDisagrees;
        final List<String> verifierExamples = new ArrayList<>();
        long llvmRejected;
        long valid;
        final Map<String, Long> validBy = new LinkedHashMap<>();
        final Map<Pass, Tally> passes = new EnumMap<>(Pass.class);
        double seconds;
        /** Seconds in each phase: nvlower reads the mutants, LLVM judges them, the passes, LLVM judges the outputs. */
        final double[] phases = new double[4];

        Report() {
            for (Pass p : Pass.values()) {
                passes.put(p, new Tally());
            }
        }

        long findings() {
            return passes.values().stream().mapToLong(t -> t.invalid + t.crashes).sum();
        }

        String summary() {
            StringBuilder s = new StringBuilder(String.format("%,d mutants in %.1f s: nvlower's parser rejects %,d; "
                    + "LLVM rejects %,d of the rest, accepts %,d (valid: %s); IrVerifier rejects %,d (LLVM accepts %,d of them)%n",
                    mutants, seconds, parserRejected, llvmRejected, valid, validBy, verifierRejected, verifierDisagrees));
            s.append(String.format("  phases: nvlower reads %.1f s, LLVM on inputs %.1f s, passes %.1f s, LLVM on outputs %.1f s%n",
                    phases[0], phases[1], phases[2], phases[3]));
            verifierExamples.forEach(e -> s.append("  IrVerifier rejects valid IR: ").append(e).append('\n'));
            passes.forEach((p, t) -> s.append(String.format("  %-9s %s%n", p.command(), t)));
            passes.forEach((p, t) -> t.examples.forEach(e -> s.append("  ").append(p.command()).append(": ").append(e).append('\n')));
            passes.forEach((p, t) -> t.crashExamples.forEach(e -> s.append("  LLVM crash, ").append(p.command()).append(": ")
                    .append(e).append('\n')));
            return s.toString();
        }
    }

    private final Fuzzer fuzzer;
    private final List<Llvm> llvms;
    private final Path work;
    private final Path findings;
    private final Supplier<Module> libdevice;
    private final Map<String, String> seen = new HashMap<>(); // llvm name + output digest -> verdict ("" = accepted)
    private ExecutorService runner = newRunner();

    PassFuzz(Fuzzer fuzzer, List<Llvm> llvms, Path work, Path findings) {
        this.fuzzer = fuzzer;
        this.llvms = llvms;
        this.work = work;
        this.findings = findings;
        Module[] lib = new Module[1];
        this.libdevice = () -> {
            synchronized (lib) {
                if (lib[0] == null) {
                    lib[0] = Libdevice.load(Libdevice.defaultPath());
                }
                return lib[0];
            }
        };
    }

    /** Mutants {@code first .. first+count-1}, in chunks of {@code chunk}, into {@code report}. */
    void run(long first, long count, int chunk, int threads, Report report, java.util.function.Consumer<Report> progress) {
        long t0 = System.nanoTime();
        for (long at = first; at < first + count; at += chunk) {
            runChunk(at, Math.min(chunk, first + count - at), threads, report);
            report.seconds += (System.nanoTime() - t0) / 1e9;
            t0 = System.nanoTime();
            progress.accept(report);
        }
    }

    private record Candidate(long index, String text, Path file, Map<String, String> inputVerdicts, boolean verifierRejects) {}

    private record Output(Candidate in, Pass pass, String text, String digest, Path file) {}

    private void runChunk(long first, long count, int threads, Report report) {
        Map<Long, String> texts = new LinkedHashMap<>();
        for (long i = first; i < first + count; i++) {
            texts.put(i, fuzzer.input(i));
        }
        runTexts(texts, threads, report);
    }

    /** The seeds themselves, unmutated (numbered -1, -2, ...): each pass's output on real IR. */
    void runSeeds(List<String> seeds, int threads, Report report) {
        Map<Long, String> texts = new LinkedHashMap<>();
        for (int k = 0; k < seeds.size(); k++) {
            texts.put(-1L - k, seeds.get(k));
        }
        long t0 = System.nanoTime();
        runTexts(texts, threads, report);
        report.seconds += (System.nanoTime() - t0) / 1e9;
    }

    private void runTexts(Map<Long, String> texts, int threads, Report report) {
        Path in = mkdirs(work.resolve("in"));
        Path out = mkdirs(work.resolve("out"));
        // 1. nvlower's own verdict: only what it parses and verifies can be a valid input
        long clock = System.nanoTime();
        List<Candidate> candidates = new ArrayList<>();
        for (Map.Entry<Long, String> entry : texts.entrySet()) {
            long i = entry.getKey();
            report.mutants++;
            String text = entry.getValue();
            boolean verifierRejects;
            try {
                Module m = IrParser.parse("mutant.ll", text);
                m.functions().forEach(Function::materialize);
                verifierRejects = !IrVerifier.errors(m).isEmpty();
            } catch (InputException e) {
                report.parserRejected++;
                continue;
            } catch (RuntimeException | StackOverflowError e) {
                report.parserRejected++; // the round-trip fuzz's business (bench/ir-fuzz), not this one's
                continue;
            }
            candidates.add(new Candidate(i, text, write(in.resolve(i + ".ll"), text), new HashMap<>(), verifierRejects));
        }
        clock = phase(report, 0, clock);
        // 2. LLVM's verdict on those
        for (Llvm l : llvms) {
            Map<Path, String> files = new LinkedHashMap<>();
            candidates.forEach(c -> files.put(c.file(), c.text()));
            Map<Path, String> v = l.verdicts(files, threads);
            candidates.forEach(c -> c.inputVerdicts().put(l.name(), v.getOrDefault(c.file(), "")));
        }
        clock = phase(report, 1, clock);
        List<Output> outputs = new ArrayList<>();
        for (Candidate c : candidates) {
            List<String> by = llvms.stream().map(Llvm::name).filter(n -> !rejects(c.inputVerdicts().get(n))).toList();
            if (c.verifierRejects()) {
                report.verifierRejected++;
                if (!by.isEmpty()) {
                    report.verifierDisagrees++; // valid IR the IrVerifier rejects: still a valid input for the passes
                    if (report.verifierExamples.size() < 5) {
                        report.verifierExamples.add("mutant #" + c.index() + ": " + IrVerifier.errors(IrParser.parse("mutant.ll",
                                c.text())).get(0));
                    }
                }
            }
            if (by.isEmpty()) {
                report.llvmRejected++;
                continue;
            }
            report.valid++;
            report.validBy.merge(String.join(" + ", by), 1L, Long::sum);
            // 3. every pass on its own parse of the mutant
            for (Pass p : Pass.values()) {
                Tally t = report.passes.get(p);
                t.inputs++;
                String result;
                try {
                    result = runPass(p, c.text());
                } catch (InputException e) {
                    t.refused++;
                    continue;
                } catch (Throwable e) {
                    t.crashes++;
                    save(t, p, c, null, Fuzzer.signature(e) + ": " + e);
                    continue;
                }
                t.outputs++;
                if (result.equals(c.text())) {
                    t.unchanged++; // the input's own verdicts
                    continue;
                }
                String digest = digest(result);
                outputs.add(new Output(c, p, result, digest, write(out.resolve(p.command() + "-" + c.index() + ".ll"), result)));
            }
        }
        clock = phase(report, 2, clock);
        // 4. LLVM's verdict on the outputs (each distinct text once per LLVM)
        for (Llvm l : llvms) {
            Map<String, Output> fresh = new LinkedHashMap<>();
            for (Output o : outputs) {
                if (!rejects(o.in().inputVerdicts().get(l.name())) && !seen.containsKey(l.name() + o.digest())) {
                    fresh.putIfAbsent(o.digest(), o);
                }
            }
            Map<Path, String> files = new LinkedHashMap<>();
            fresh.values().forEach(o -> files.put(o.file(), o.text()));
            Map<Path, String> v = l.verdicts(files, threads);
            fresh.forEach((d, o) -> seen.put(l.name() + d, v.getOrDefault(o.file(), "")));
            for (Output o : outputs) {
                String before = o.in().inputVerdicts().get(l.name());
                if (rejects(before)) {
                    continue;
                }
                Tally t = report.passes.get(o.pass());
                t.checked++;
                String after = seen.get(l.name() + o.digest());
                boolean bad = rejects(after) || after.startsWith("warning:") && before.isEmpty();
                if (after.startsWith(LlvmJudge.CRASH)) {
                    // LLVM's bug, not a verdict (llvm-link's own output of the input crashes it alike): kept apart
                    t.llvmCrashes++;
                    saveCrash(t, o.pass(), o.in(), o.text(), l.name() + ": " + after);
                } else if (bad) {
                    t.invalid++;
                    save(t, o.pass(), o.in(), o.text(), l.name() + ": " + after);
                }
            }
        }
        phase(report, 3, clock);
        deleteTree(in);
        deleteTree(out);
    }

    private static long phase(Report r, int phase, long since) {
        long now = System.nanoTime();
        r.phases[phase] += (now - since) / 1e9;
        return now;
    }

    /** A verdict of {@link LlvmJudge}: "" accepted, "warning: ..." accepted without its debug info, else rejected. */
    private static boolean rejects(String verdict) {
        return verdict == null || !verdict.isEmpty() && !verdict.startsWith("warning:");
    }

    /**
     * The pass on a fresh parse of {@code text}, printed; at most 20 s of the pass's CPU time (a
     * hang is a crash). CPU time, not wall time: on the shared machine a pass that needs 4 s of CPU
     * (inlining a recursive mutant 8 rounds deep) waited over 20 s for a core. At most 10 minutes.
     */
    String runPass(Pass p, String text) throws Exception {
        java.util.concurrent.atomic.AtomicLong thread = new java.util.concurrent.atomic.AtomicLong(-1);
        Future<String> f = runner.submit(() -> {
            thread.set(Thread.currentThread().threadId());
            Module m = IrParser.parse("mutant.ll", text);
            return IrPrinter.print(p.apply(m, libdevice));
        });
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        for (int waited = 0;; waited++) {
            try {
                return f.get(20, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException e) {
                throw e.getCause() instanceof Exception x ? x : new IllegalStateException(e.getCause());
            } catch (TimeoutException e) {
                long used = thread.get() < 0 ? 0 : cpu.getThreadCpuTime(thread.get());
                if (used >= 0 && used < 20_000_000_000L && waited < 30) {
                    continue; // waiting for a core, not stuck
                }
                f.cancel(true);
                runner.shutdownNow();
                runner = newRunner(); // the stuck thread is a daemon: left behind
                throw new IllegalStateException("no result after " + (used / 1_000_000_000L) + " s of CPU time");
            }
        }
    }

    private static ExecutorService newRunner() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "pass-fuzz");
            t.setDaemon(true);
            return t;
        });
    }

    /** LLVM crashes on outputs: the first 3 saved as findings are, listed apart. */
    private void saveCrash(Tally t, Pass p, Candidate c, String output, String message) {
        if (t.crashExamples.size() < 3) {
            String base = p.command() + "-" + c.index() + "-llvm-crash";
            Path dir = mkdirs(findings);
            write(dir.resolve(base + "-input.ll"), c.text());
            write(dir.resolve(base + "-output.ll"), output);
            t.crashExamples.add("mutant #" + c.index() + ": " + message + " (" + dir.resolve(base) + "-*)");
        }
    }

    /** The first 5 findings of a pass: the input, the output and LLVM's message under {@link #findings}. */
    private void save(Tally t, Pass p, Candidate c, String output, String message) {
        if (t.examples.size() >= 5) {
            return;
        }
        Path dir = mkdirs(findings);
        String base = p.command() + "-" + c.index();
        write(dir.resolve(base + "-input.ll"), c.text());
        if (output != null) {
            write(dir.resolve(base + "-output.ll"), output);
        }
        write(dir.resolve(base + ".txt"), message + "\n");
        t.examples.add("mutant #" + c.index() + ": " + message.lines().findFirst().orElse("") + " (" + dir.resolve(base) + "-*)");
    }

    static String digest(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.ISO_8859_1)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Path write(Path p, String text) {
        try {
            return Files.writeString(p, text, StandardCharsets.UTF_8); // as Differential gives llvm-as its inputs
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path mkdirs(Path p) {
        try {
            return Files.createDirectories(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path dir) {
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- seeds ----

    /** One clang build of a source: the compiler's LLVM version, the source, the flags. */
    record Build(int llvm, String source, List<String> flags) {
        String name() {
            return "clang" + llvm + "-" + source + String.join("", flags).replaceAll("[^A-Za-z0-9]", "_") + ".ll";
        }
    }

    static final List<String> CUDA = List.of("-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_80", "-nocudainc",
            "-nocudalib");
    static final List<String> HOST = List.of("-target", "x86_64-linux-gnu");
    /** Calls left for the inliner: -O0 marks every function noinline, -O2 has inlined them already. */
    static final List<String> INLINABLE_C = List.of("-target", "x86_64-linux-gnu", "-O1", "-Xclang", "-disable-llvm-passes");
    /** C++ with exceptions and DIArgList, calls kept (as DebugInfoEditsTest builds it). */
    static final List<String> INLINABLE_CPP = List.of("-target", "x86_64-linux-gnu", "-O2", "-g", "-mllvm",
            "-inline-threshold=-1000");

    /**
     * The issue's corpus: clang 14 and 19, -O0 and -O2, with and without -g, of C ({@code host-mix.c},
     * {@code inline-me.c}), C++ with exceptions ({@code eh.cpp}, {@code debug-arglist.cpp}: DIArgList at
     * -O2 -g) and CUDA device code ({@code device-math.cu}); and two builds that leave calls to inline.
     */
    static List<Build> allBuilds() {
        List<Build> out = new ArrayList<>();
        for (int llvm : new int[] {14, 19}) {
            for (String opt : List.of("-O0", "-O2")) {
                for (boolean g : new boolean[] {false, true}) {
                    for (String src : List.of("device-math.cu", "host-mix.c", "inline-me.c", "eh.cpp", "debug-arglist.cpp")) {
                        List<String> flags = new ArrayList<>(src.endsWith(".cu") ? CUDA : HOST);
                        flags.add(opt);
                        if (g) {
                            flags.add("-g");
                        }
                        out.add(new Build(llvm, src, flags));
                    }
                }
            }
            out.add(new Build(llvm, "inline-me.c", INLINABLE_C));
            out.add(new Build(llvm, "debug-arglist.cpp", INLINABLE_CPP));
        }
        return out;
    }

    /** The clang outputs of {@code builds} whose compiler is on the machine. */
    static List<String> clangSeeds(List<Build> builds) {
        List<String> out = new ArrayList<>();
        for (Build b : builds) {
            Optional<Path> clang = clang(b);
            clang.ifPresent(c -> out.add(Corpus.clang(c, b.source(), b.name(), b.flags().toArray(String[]::new))));
        }
        return out;
    }

    private static Optional<Path> clang(Build b) {
        return tool(b.llvm(), b.source().endsWith(".cpp") ? "clang++" : "clang");
    }

    /** An LLVM tool of one version: {@code /usr/lib/llvm-V/bin/NAME}, else {@code NAME-V} on the PATH. */
    static Optional<Path> tool(int version, String name) {
        Path p = Path.of("/usr/lib/llvm-" + version + "/bin", name);
        return Files.isExecutable(p) ? Optional.of(p) : ExternalTools.find(name + "-" + version);
    }

    /** The seeds: clang output of {@code builds}, libdevice functions and (if asked) the LLVM 14 fixtures. */
    static List<String> seeds(List<Build> builds, int libdeviceFunctions, boolean fixtures) {
        List<String> seeds = new ArrayList<>(clangSeeds(builds));
        Corpus.libdevice().ifPresent(text -> seeds.addAll(LibdeviceSlices.standaloneFunctions(text, libdeviceFunctions)));
        for (Fixtures set : fixtures ? List.of(Fixtures.LLVM14, Fixtures.LLVM14_OPAQUE) : List.<Fixtures>of()) {
            set.files().forEach(p -> seeds.add(Corpus.read(p)));
        }
        return seeds;
    }
}

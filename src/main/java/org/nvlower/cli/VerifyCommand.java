package org.nvlower.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.nvlower.diag.InputException;
import org.nvlower.softfloat.Hex128;
import org.nvlower.ptx.PtxMathOp;
import org.nvlower.sass.template.ConstantDivision;
import org.nvlower.verify.ptx.TemplatePtx;
import org.nvlower.verify.sass.CaseSet;
import org.nvlower.verify.sass.ConstantDivisionCheck;
import org.nvlower.verify.sass.SassOp;
import org.nvlower.verify.sass.TemplateVerifier;
import org.nvlower.verify.sass.TemplateVerifier.Counterexample;
import org.nvlower.verify.sass.TemplateVerifier.Plan;
import org.nvlower.verify.sass.TemplateVerifier.Result;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code nvlower verify OP}: the template in the emulator (or, {@code --impl ptx}, its emitted PTX in
 * the PTX interpreter, also against the emulator) against softfloat or integer arithmetic.
 */
@Command(name = "verify",
        mixinStandardHelpOptions = true,
        description = {
            "Runs a template (see 'nvlower expand') in the SASS emulator on a case set and compares every result with "
                    + "the reference: softfloat (bit for bit, NaNs included) for the .rn float ops, integer arithmetic "
                    + "(division by zero gives all ones, as ptxas's expansion) for div/rem, and the ulp error against "
                    + "the PTX ISA's bound for div.full and div.approx.",
            "Case i of a set is a function of (op, set, seed, i) alone: --range FROM:TO runs a slice, and slices can "
                    + "run anywhere. Exit code 1 on any mismatch (or an approximation beyond its bound).",
            "--impl ptx runs the template's PTX ('expand OP --emit ptx') in nvlower's PTX interpreter instead; each "
                    + "result must also equal the emulator's for the same case and MUFU model.",
            "--impl gpu (OP or all) runs the template's PTX on a GPU against the GPU's own instruction, the operands "
                    + "generated in the kernel from the same case space (the hard set made here and uploaded); "
                    + "see docs/gpu.md."})
public final class VerifyCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "OP", description = "A template, e.g. div.rn.f32, sqrt.rn.ftz.f32, div.s64.")
    String op;

    @Option(names = "--cases", split = ",", paramLabel = "SET",
            description = "edge, random, hard, exhaustive, binades (rcp/sqrt: the binades of the fast path); "
                    + "comma-separated (default: edge,random,hard)")
    List<String> cases = new ArrayList<>();

    @Option(names = "-n", paramLabel = "N", defaultValue = "1000000",
            description = "random cases to run, and the most of each other set but edge and exhaustive ('all': "
                    + "the whole hard set); default: ${DEFAULT-VALUE}")
    String count;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "seed of the random cases and of the bounded/adversarial MUFU models (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--mufu", paramLabel = "MODEL", defaultValue = "exact",
            description = "exact, bounded, adversarial, adversarial-low, adversarial-high, or all (every MUFU output "
                    + "inside the bound, each case run once per output); default: ${DEFAULT-VALUE}")
    String mufu;

    @Option(names = "--threads", paramLabel = "T",
            description = "worker threads (default: every core, here ${sys:nvlower.cores})")
    Integer threads;

    @Option(names = "--range", paramLabel = "FROM:TO",
            description = "case indices [FROM, TO) of every selected set (clipped to its size)")
    String range;

    @Option(names = "--divisor", paramLabel = "D",
            description = "division by a constant (div/rem .u32 .s32 .u64 .s64): the immediate divisor D, or all16 "
                    + "(every nonzero 16-bit divisor); --cases exhaustive (every 16-bit dividend), edge or random (-n per divisor)")
    String divisor;

    @Option(names = "--impl", paramLabel = "FORM", defaultValue = "sass",
            description = "sass (the template in the emulator), gpu (its PTX on a GPU against the native instruction) or ptx (the template as 'expand OP --emit ptx' writes it, "
                    + "run in nvlower's PTX interpreter, its approximations through the MUFU model; every result is also "
                    + "compared with the emulator's); default: ${DEFAULT-VALUE}")
    String impl;

    @Option(names = "--operands", paramLabel = "HEX[,HEX]",
            description = "one case: the operands' bit patterns in hex; prints the reference's, the emulator's, the PTX "
                    + "interpreter's and (--impl gpu) the GPU's results (nvlower's PTX and the native instruction)")
    String operands;

    @Option(names = "--prepare", paramLabel = "DIR",
            description = "--impl gpu: write the check kernels' PTX (OP or all) to DIR/verify for a GPU machine; no GPU needed")
    java.nio.file.Path prepare;

    @Option(names = "--ptx", paramLabel = "DIR",
            description = "--impl gpu: run the check kernels that --prepare wrote to DIR instead of fresh ones")
    java.nio.file.Path ptxDir;

    @Option(names = "--no-progress", description = "no progress bar, even on a terminal")
    boolean noProgress;

    static {
        System.setProperty("nvlower.cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (!impl.equals("sass") && !impl.equals("ptx") && !impl.equals("gpu")) {
            throw new InputException("--impl must be sass, ptx or gpu, not " + Hex128.quote(impl));
        }
        if ((prepare != null || ptxDir != null) && !impl.equals("gpu")) {
            throw new InputException("--prepare and --ptx go with --impl gpu");
        }
        if (operands != null) {
            return GpuVerification.operands(out, GpuVerification.ops(op, divisor), operands, impl.equals("gpu"));
        }
        if (impl.equals("gpu")) {
            List<org.nvlower.verify.gpu.GpuOp> ops = GpuVerification.ops(op, divisor);
            if (prepare != null) {
                return GpuVerification.prepare(out, ops, prepare);
            }
            return GpuVerification.run(out, ops, caseSets(), parseCount(), parseRange(), seed, ptxDir);
        }
        if (divisor != null) {
            if (impl.equals("ptx")) {
                throw new InputException("--impl ptx: the constant-divisor templates have no PTX form");
            }
            return constantDivision(out);
        }
        SassOp sassOp = SassOp.parse(op).orElseThrow(() -> new InputException("no template for " + Hex128.quote(op)
                + " (templates: " + String.join(", ", SassOp.names()) + ")"));
        List<CaseSet> sets = caseSets();
        long n = parseCount();
        int t = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (t < 1 || t > 1024) {
            throw new InputException("--threads must be between 1 and 1024, not " + t);
        }
        long[] slice = parseRange();
        try {
            TemplateVerifier.Plan probe = new Plan(sassOp, CaseSet.EDGE, 0, 0, seed, mufu, 1);
            TemplateVerifier.run(probe, null);
        } catch (IllegalArgumentException e) {
            throw new InputException("--mufu: " + e.getMessage() + " (or all)");
        }
        TemplatePtx ptx = impl.equals("ptx") ? TemplatePtx.of(sassOp) : null;
        List<Plan> plans = new ArrayList<>();
        for (CaseSet set : sets) {
            long size;
            try {
                size = set.size(sassOp);
            } catch (IllegalArgumentException e) {
                throw new InputException(e.getMessage());
            }
            long from = 0;
            long to = switch (set) {
                case EDGE, EXHAUSTIVE, BINADES -> size;
                case RANDOM -> n < 0 ? 1_000_000 : n;
                case HARD -> n < 0 ? size : Math.min(size, n);
            };
            if (slice != null) {
                from = Math.min(slice[0], size);
                to = Math.min(slice[1], size);
            }
            plans.add(new Plan(sassOp, set, from, to, seed, mufu, t, ptx));
        }
        long total = plans.stream().mapToLong(Plan::cases).sum();
        out.printf(Locale.ROOT, "verify %s%s: MUFU %s, seed %d, %d thread%s%n", sassOp.name(),
                ptx == null ? "" : " (its PTX in the interpreter, against the reference and the emulator)", mufu, seed, t,
                t == 1 ? "" : "s");
        out.flush();
        long start = System.nanoTime();
        boolean failed = false;
        Result firstFailure = null;
        double maxUlp = 0;
        try (ProgressBar bar = progressBar(total)) {
            for (Plan plan : plans) {
                long setStart = System.nanoTime();
                Result r = TemplateVerifier.run(plan, bar == null ? null : bar::stepBy);
                double secs = (System.nanoTime() - setStart) / 1e9;
                if (bar != null) {
                    bar.pause();
                }
                out.printf(Locale.ROOT, "  %-10s %,14d cases  %s%s  (%.1f s)%n", plan.set().spelling(), r.cases(),
                        sassOp.exact() ? r.mismatches() + " mismatches"
                                : String.format(Locale.ROOT, "max error %.3f ulp (bound %s), %d beyond%s",
                                        r.maxUlp(), bound(sassOp), r.beyondBound(),
                                        ptx == null ? "" : ", " + r.mismatches() + " differ from the emulator"),
                        slice != null ? "  [range " + plan.from() + ":" + plan.to() + "]" : "",
                        secs);
                out.flush();
                if (bar != null) {
                    bar.resume();
                }
                maxUlp = Math.max(maxUlp, r.maxUlp());
                if (!r.passed()) {
                    failed = true;
                    if (firstFailure == null) {
                        firstFailure = r;
                    }
                }
            }
        }
        double secs = (System.nanoTime() - start) / 1e9;
        out.printf(Locale.ROOT, "  total      %,14d cases  %s  (%.1f s, %.2f M cases/s)%n", total,
                failed ? "FAILED" : sassOp.exact() ? "0 mismatches" : String.format(Locale.ROOT, "max error %.3f ulp", maxUlp),
                secs, total / secs / 1e6);
        if (firstFailure != null) {
            printCounterexample(out, sassOp, firstFailure);
        }
        out.flush();
        return failed ? Main.USER_ERROR : Main.OK;
    }

    /** {@code --divisor}: the constant-divisor template of op on every selected dividend set. */
    private Integer constantDivision(PrintWriter out) {
        long[] divisors;
        PtxMathOp mathOp;
        try {
            Long single = divisor.equals("all16") ? null : Long.decode(divisor);
            mathOp = PtxMathOp.bySpelling(op).orElseThrow(() -> new IllegalArgumentException(ConstantDivision.noForm(op)));
            divisors = single == null ? ConstantDivisionCheck.all16(mathOp) : new long[] {single};
            ConstantDivision.template(mathOp, divisors[0]);
        } catch (IllegalArgumentException e) {
            throw new InputException("--divisor: " + e.getMessage());
        }
        long n = parseCount();
        boolean failed = false;
        out.printf(Locale.ROOT, "verify %s by %s: %d divisor(s)%n", op, divisor, divisors.length);
        for (String c : cases.isEmpty() ? List.of("edge", "random", "exhaustive") : cases) {
            ConstantDivisionCheck.Dividends set = switch (c) {
                case "exhaustive" -> ConstantDivisionCheck.Dividends.SIXTEEN_BIT;
                case "edge" -> ConstantDivisionCheck.Dividends.EDGE;
                case "random" -> ConstantDivisionCheck.Dividends.RANDOM;
                default -> throw new InputException("--cases with --divisor: exhaustive (16-bit dividends), edge or random, not "
                        + Hex128.quote(c));
            };
            long start = System.nanoTime();
            ConstantDivisionCheck.Result r = ConstantDivisionCheck.run(mathOp, divisors, set, n < 0 ? 1_000_000 : n, seed, null);
            out.printf(Locale.ROOT, "  %-10s %,16d cases  %s  (%.1f s)%n", c, r.cases(),
                    r.passed() ? "0 mismatches" : r.mismatches() + " mismatches; first: " + r.first(),
                    (System.nanoTime() - start) / 1e9);
            out.flush();
            failed |= !r.passed();
        }
        return failed ? Main.USER_ERROR : Main.OK;
    }

    private static String bound(SassOp op) {
        return op.template().ulpBound() + " ulp";
    }

    /** The --cases sets, in their order (default: edge, random, hard). */
    private List<CaseSet> caseSets() {
        List<CaseSet> sets = new ArrayList<>();
        for (String c : cases.isEmpty() ? List.of("edge", "random", "hard") : cases) {
            try {
                sets.add(CaseSet.parse(c));
            } catch (IllegalArgumentException e) {
                throw new InputException("--cases: " + e.getMessage());
            }
        }
        return sets;
    }

    private long parseCount() {
        if (count.equals("all")) {
            return -1;
        }
        try {
            long v = Long.parseLong(count.replace("_", ""));
            if (v < 0) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new InputException("-n must be a non-negative number or 'all', not " + Hex128.quote(count));
        }
    }

    private long[] parseRange() {
        if (range == null) {
            return null;
        }
        String[] parts = range.split(":", -1);
        try {
            if (parts.length != 2) {
                throw new NumberFormatException();
            }
            long from = Long.parseLong(parts[0]);
            long to = Long.parseLong(parts[1]);
            if (from < 0 || to < from) {
                throw new NumberFormatException();
            }
            return new long[] {from, to};
        } catch (NumberFormatException e) {
            throw new InputException("--range must be FROM:TO with 0 <= FROM <= TO, not " + Hex128.quote(range));
        }
    }

    private void printCounterexample(PrintWriter out, SassOp op, Result r) {
        Counterexample c = r.first();
        Plan p = r.plan();
        out.printf(Locale.ROOT, "first counterexample: %s case %d%s%n", p.set().spelling(), c.index(),
                c.mufuChoice().isEmpty() ? "" : " (" + c.mufuChoice() + ")");
        if (p.subjects() != null) {
            out.println("  (--impl ptx: 'got' is the PTX's result, 'expected' the reference's or, where the PTX and the "
                    + "emulator differ, the emulator's)");
        }
        if (op.isFloat()) {
            out.printf(Locale.ROOT, "  inputs   %s%n", op.unary() ? f32(c.a()) : f32(c.a()) + ", " + f32(c.b()));
            out.printf(Locale.ROOT, "  expected %s%n", c.expected() < 0 ? "(within " + bound(op) + ")" : f32(c.expected()));
            out.printf(Locale.ROOT, "  got      %s%n", f32(c.got()));
        } else {
            int w = op.operands().bits / 4;
            out.printf(Locale.ROOT, "  inputs   0x%0" + w + "x, 0x%0" + w + "x%n", c.a(), c.b());
            out.printf(Locale.ROOT, "  expected 0x%0" + w + "x%n  got      0x%0" + w + "x%n", c.expected(), c.got());
        }
        int choice = c.mufuChoice().isEmpty() ? 0 : Integer.parseInt(c.mufuChoice().replaceAll("\\D", ""));
        out.println("  trace (each executed instruction and the value it wrote):");
        out.print(TemplateVerifier.trace(op, c.a(), c.b(), p.mufu(), p.seed(), choice));
    }

    private static String f32(long bits) {
        return String.format(Locale.ROOT, "0x%08x (%s)", bits & 0xFFFFFFFFL, Float.intBitsToFloat((int) bits));
    }

    /** A progress bar on stderr when stderr is a terminal, else null. */
    private ProgressBar progressBar(long total) {
        if (noProgress || !onTerminal()) {
            return null;
        }
        PrintWriter err = spec.commandLine().getErr();
        PrintStream stream = new PrintStream(new OutputStream() {
            @Override
            public void write(int b) {
                err.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                err.write(new String(b, off, len, StandardCharsets.UTF_8));
            }

            @Override
            public void flush() {
                err.flush();
            }
        }, true, StandardCharsets.UTF_8);
        return new ProgressBarBuilder().setTaskName(op).setInitialMax(total).setStyle(ProgressBarStyle.ASCII)
                .setConsumer(new ConsoleProgressBarConsumer(stream)).setUpdateIntervalMillis(500)
                .showSpeed().build();
    }

    /** Whether the JVM runs attached to a terminal (Console.isTerminal on JDK 22+, else a console exists). */
    private static boolean onTerminal() {
        java.io.Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }
}

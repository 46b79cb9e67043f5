package org.nvlower.verify.sass;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

import org.nvlower.sass.Emulator;
import org.nvlower.sass.MufuModel;
import org.nvlower.sass.Printer;
import org.nvlower.sass.Program;
import org.nvlower.softfloat.Env;

/**
 * Runs a template in the emulator on a range of a case set and compares every result with the
 * reference ({@link SassOp}): bit for bit for exact ops (NaN included: both sides give the
 * canonical 0x7FFFFFFF), in ulps against the documented bound for div.full/div.approx. The
 * range is cut into chunks that worker threads take in turn; each thread has its own emulator,
 * MUFU model and environment, so nothing is shared but the chunk counter. The result is
 * independent of the thread count (the first counterexample is the one of lowest index).
 *
 * <p>With {@link Subjects} in the plan (the template's PTX in the PTX interpreter,
 * {@code verify --impl ptx}), the subject's result is judged against the reference instead, and
 * also compared with the emulator's for the same case and MUFU model: a different word is a
 * mismatch too, so the two forms of a template agree bit for bit, approximations included.
 */
public final class TemplateVerifier {

    /** Chunk of cases a worker takes at a time. */
    private static final int CHUNK = 1 << 15;

    /** Computes a template's result for a case (operands and result words as the emulator's). */
    public interface Subject {
        long run(long a, long b);
    }

    /** Makes each worker's subject, around the worker's MUFU model. */
    public interface Subjects {
        Subject make(MufuModel mufu);
    }

    /**
     * What to run: op, case set, index range [from, to), seed, MUFU model, threads, and the
     * subject (null: the emulator alone).
     */
    public record Plan(SassOp op, CaseSet set, long from, long to, long seed, String mufu, int threads, Subjects subjects) {
        public Plan(SassOp op, CaseSet set, long from, long to, long seed, String mufu, int threads) {
            this(op, set, from, to, seed, mufu, threads, null);
        }

        public Plan {
            if (from < 0 || to < from) {
                throw new IllegalArgumentException("bad range " + from + ":" + to);
            }
            if (threads < 1) {
                throw new IllegalArgumentException("--threads must be at least 1");
            }
        }

        public long cases() {
            return to - from;
        }

        /** "all": every MUFU output inside the bound, each case run once per choice. */
        public boolean everyMufu() {
            return mufu.equals("all");
        }
    }

    /** A case whose result differs from the reference (or exceeds the bound). */
    public record Counterexample(long index, long a, long b, long expected, long got, String mufuChoice) {}

    /**
     * The upper ends of the ulp-error histogram's buckets for the approximations: bucket i holds
     * the runs whose error e has {@code ULP_BUCKETS[i-1] < e <= ULP_BUCKETS[i]} (bucket 0: e == 0).
     */
    public static final double[] ULP_BUCKETS = {0, 0.5, 1, 1.5, 2, 4, 8, Double.POSITIVE_INFINITY};

    /**
     * The outcome of a plan. {@code ulpHistogram}: runs per {@link #ULP_BUCKETS} bucket for an
     * approximation (all zero for an exact op).
     */
    public record Result(Plan plan, long cases, long mismatches, Counterexample first, double maxUlp,
            long beyondBound, long runs, long[] ulpHistogram) {
        public boolean passed() {
            return mismatches == 0 && beyondBound == 0;
        }
    }

    static int ulpBucket(double err) {
        int i = 0;
        while (err > ULP_BUCKETS[i]) {
            i++;
        }
        return i;
    }

    private TemplateVerifier() {}

    static MufuModel model(String spec, long seed) {
        return spec.equals("all") ? new MufuModel.Enumerating() : MufuModel.byName(spec, seed);
    }

    /** Runs the plan; {@code progress} receives the number of cases each finished chunk had. */
    public static Result run(Plan plan, LongConsumer progress) {
        model(plan.mufu(), plan.seed()); // fail early on a bad model name
        AtomicLong next = new AtomicLong(plan.from());
        List<Worker> workers = new ArrayList<>();
        for (int t = 0; t < plan.threads(); t++) {
            workers.add(new Worker(plan, next, progress));
        }
        if (plan.threads() == 1) {
            workers.get(0).call();
        } else {
            ExecutorService pool = Executors.newFixedThreadPool(plan.threads());
            try {
                List<Future<Void>> futures = new ArrayList<>();
                for (Worker w : workers) {
                    futures.add(pool.submit(w));
                }
                for (Future<Void> f : futures) {
                    f.get();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            } finally {
                pool.shutdownNow();
            }
        }
        long mismatches = 0;
        long beyond = 0;
        long runs = 0;
        double maxUlp = 0;
        Counterexample first = null;
        long[] histogram = new long[ULP_BUCKETS.length];
        for (Worker w : workers) {
            for (int i = 0; i < histogram.length; i++) {
                histogram[i] += w.histogram[i];
            }
            mismatches += w.mismatches;
            beyond += w.beyond;
            runs += w.runs;
            maxUlp = Math.max(maxUlp, w.maxUlp);
            if (w.first != null && (first == null || w.first.index() < first.index())) {
                first = w.first;
            }
        }
        return new Result(plan, plan.cases(), mismatches, first, maxUlp, beyond, runs, histogram);
    }

    /** One thread's share: its own emulator, model and environment. */
    private static final class Worker implements java.util.concurrent.Callable<Void> {
        private final Plan plan;
        private final SassOp op;
        private final AtomicLong next;
        private final LongConsumer progress;
        private final Emulator em;
        private final MufuModel.Enumerating choices;
        private final Env env;
        private final Subject subject;
        private final long[] operands = new long[2];
        long mismatches;
        long beyond;
        long runs;
        double maxUlp;
        final long[] histogram = new long[ULP_BUCKETS.length];
        Counterexample first;

        Worker(Plan plan, AtomicLong next, LongConsumer progress) {
            this.plan = plan;
            this.op = plan.op();
            this.next = next;
            this.progress = progress;
            MufuModel m = model(plan.mufu(), plan.seed());
            this.choices = m instanceof MufuModel.Enumerating e ? e : null;
            this.em = new Emulator(op.template().program(), m);
            // this worker's share of the runs: whether compiling the program pays (Emulator.expectRuns)
            this.em.expectRuns(plan.cases() * (choices == null ? 1 : MufuModel.Enumerating.choices(op.template().program()))
                    / plan.threads());
            this.env = op.env();
            this.subject = plan.subjects() == null ? null : plan.subjects().make(m);
        }

        @Override
        public Void call() {
            int passes = choices == null ? 1 : MufuModel.Enumerating.choices(op.template().program());
            while (true) {
                long start = next.getAndAdd(CHUNK);
                if (start >= plan.to()) {
                    return null;
                }
                long end = Math.min(plan.to(), start + CHUNK);
                for (long i = start; i < end; i++) {
                    plan.set().operands(op, plan.seed(), i, operands);
                    for (int k = 0; k < passes; k++) {
                        if (choices != null) {
                            choices.choice = k;
                        }
                        check(i, k);
                    }
                }
                if (progress != null) {
                    progress.accept(end - start);
                }
            }
        }

        private void check(long i, int choice) {
            long a = operands[0];
            long b = operands[1];
            runs++;
            long got = emulated(a, b);
            if (subject != null) {
                long sass = got;
                got = subject.run(a, b);
                if (got != sass) { // the subject disagrees with the emulator: the SASS result stands as expected
                    mismatches++;
                    note(i, a, b, sass, got, choice);
                    return;
                }
            }
            if (!op.exact()) { // rsqrt.approx.f64, div.full/div.approx.f32
                double err = op.error(a, b, got);
                maxUlp = Math.max(maxUlp, err);
                histogram[ulpBucket(err)]++;
                if (err > op.template().ulpBound()) {
                    beyond++;
                    note(i, a, b, -1, got, choice);
                }
                return;
            }
            long want = switch (op.operands()) {
                case I16_BINARY -> op.expected32((int) a, (int) b, env) & 0xFFFFL;
                case I64_BINARY -> op.expected64(a, b);
                case F64_BINARY, F64_UNARY -> op.expected64f(a, b, env);
                case F32_UNARY -> op.expected32((int) a, 0, env) & 0xFFFFFFFFL;
                default -> op.expected32((int) a, (int) b, env) & 0xFFFFFFFFL;
            };
            if (got != want) {
                mismatches++;
                note(i, a, b, want, got, choice);
            }
        }

        /** The template's result in the emulator. */
        private long emulated(long a, long b) {
            return switch (op.operands()) {
                case I64_BINARY, F64_BINARY -> em.run64(a, b);
                case F64_UNARY -> em.run64(a);
                case F32_UNARY -> em.run((int) a) & 0xFFFFFFFFL;
                case I16_BINARY -> em.run((int) a, (int) b) & 0xFFFFL; // the result is the low half
                default -> em.run((int) a, (int) b) & 0xFFFFFFFFL;
            };
        }

        private void note(long i, long a, long b, long want, long got, int choice) {
            if (first == null || i < first.index()) {
                first = new Counterexample(i, a, b, want, got, choices == null ? "" : "MUFU output #" + choice);
            }
        }
    }

    /** The listing's trace of one case: every executed instruction with the value it wrote. */
    public static String trace(SassOp op, long a, long b, String mufu, long seed, int choice) {
        MufuModel m = model(mufu, seed);
        if (m instanceof MufuModel.Enumerating e) {
            e.choice = choice;
        }
        Program p = op.template().program();
        Emulator em = new Emulator(p, m);
        StringBuilder sb = new StringBuilder();
        em.setTracer((pc, in, value) -> sb.append(String.format("  /*%04x*/ %-60s -> 0x%08x%n", pc * 16,
                Printer.instruction(p, pc), value)));
        switch (op.operands()) {
            case I64_BINARY, F64_BINARY -> em.run64(a, b);
            case F64_UNARY -> em.run64(a);
            case F32_UNARY -> em.run((int) a);
            default -> em.run((int) a, (int) b);
        }
        return sb.toString();
    }
}

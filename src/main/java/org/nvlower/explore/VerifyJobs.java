package org.nvlower.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.nvlower.gpu.Gpu;
import org.nvlower.gpu.GpuException;
import org.nvlower.llvm.runtime.RuntimeFunction;
import org.nvlower.verify.runtime.RuntimeCases;
import org.nvlower.verify.runtime.RuntimeChecker;
import org.nvlower.sass.template.TemplateKey;
import org.nvlower.verify.gpu.CheckPtx;
import org.nvlower.verify.gpu.GpuCheck;
import org.nvlower.verify.gpu.GpuOp;
import org.nvlower.verify.sass.CaseSet;
import org.nvlower.verify.sass.SassOp;
import org.nvlower.verify.sass.TemplateVerifier;

/**
 * The page's verify action, on one thread, its progress readable while it runs: a template run in
 * the emulator against the oracle over N cases of one set, or a runtime function's IR body run in
 * nvlower's interpreter against softfloat over its edge cases and N random ones. A job is
 * cancelled on request or when it outlives its time limit, at the next chunk of 32,768 cases (a
 * template) or the next case (a runtime function); it never runs on.
 */
final class VerifyJobs implements AutoCloseable {

    /** What the page asks for; {@code gpu}: the same cases on a GPU too, where one is found (templates). */
    record Request(String op, String cases, long n, String mufu, boolean gpu) {
        Request(String op, String cases, long n, String mufu) {
            this(op, cases, n, mufu, false);
        }
    }

    /** A bucket of the ulp-error histogram: its label and how many runs fell in it. */
    record Bucket(String label, long count) {}

    enum State { RUNNING, DONE, CANCELLED, FAILED }

    /** A running or finished job, as the page polls it. */
    static final class Job {
        final long total;
        final long deadline;
        final AtomicLong done = new AtomicLong();
        volatile State state = State.RUNNING;
        volatile boolean cancelRequested;
        volatile long mismatches;
        volatile String report = "";
        volatile List<Bucket> histogram = List.of();

        Job(long total, long deadline) {
            this.total = total;
            this.deadline = deadline;
        }

        State state() {
            return state;
        }

        /** Counts {@code k} more cases done; stops the run when cancelled or past its deadline. */
        void progress(long k) {
            done.addAndGet(k);
            if (cancelRequested || System.nanoTime() > deadline) {
                throw new CancellationException();
            }
        }
    }

    static final long MAX_CASES = 100_000_000L;

    private final ExecutorService pool = Executors.newFixedThreadPool(1, r -> {
        Thread t = new Thread(r, "nvlower-explore-verify");
        t.setDaemon(true);
        return t;
    });
    private final Map<String, Job> jobs = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final long limitMillis;
    private RuntimeChecker checker;

    VerifyJobs(long limitMillis) {
        this.limitMillis = limitMillis;
    }

    /** Starts a job; bad requests fail here, with a message for the page. */
    String start(Request r) {
        if (r.n() < 1 || r.n() > MAX_CASES) {
            throw new IllegalArgumentException("N must be between 1 and " + MAX_CASES);
        }
        return r.op().startsWith("__nv_") ? startRuntime(r) : startTemplate(r);
    }

    /**
     * Runs the job's work on the pool: the work writes the report and the job is done after it; a
     * cancellation (or the deadline) or a failure ends the job with its reason instead.
     */
    private String submit(Job job, Runnable work) {
        String id = Long.toString(ids.incrementAndGet());
        jobs.put(id, job);
        pool.submit(() -> {
            try {
                work.run();
                job.state = State.DONE;
            } catch (CancellationException e) {
                job.report = job.cancelRequested ? "cancelled" : "stopped: the run outlived the explorer's time limit";
                job.state = State.CANCELLED;
            } catch (RuntimeException e) {
                job.report = String.valueOf(e.getMessage());
                job.state = State.FAILED;
            }
        });
        return id;
    }

    private String startRuntime(Request r) {
        RuntimeFunction f = RuntimeFunction.bySymbol(r.op())
                .orElseThrow(() -> new IllegalArgumentException("no runtime function " + r.op()));
        long[] edges = {0};
        RuntimeCases.forEach(f, 0, 1, ops -> edges[0]++);
        Job job = new Job(edges[0] + r.n(), System.nanoTime() + limitMillis * 1_000_000L);
        return submit(job, () -> runRuntime(job, f, r.n()));
    }

    private void runRuntime(Job job, RuntimeFunction f, long random) {
        RuntimeChecker checker = runtime();
        RuntimeChecker.Tally tally = new RuntimeChecker.Tally(f);
        RuntimeCases.forEach(f, random, 1, ops -> {
            tally.add(checker.check(f, ops));
            job.progress(1);
        });
        RuntimeChecker.Report report = tally.report();
        job.mismatches = report.mismatches();
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "verify-runtime %s: %,d cases (edge + %,d random), IR body in nvlower's interpreter against softfloat: %s",
                f.symbol(), report.cases(), random, report.mismatches() == 0 ? "0 mismatches"
                        : report.mismatches() + " mismatch(es)"));
        report.first().forEach(m -> sb.append('\n').append(m));
        job.report = sb.toString();
    }

    /** The 55 bodies (and nvlower's extensions) in the interpreter, built on first use. */
    private synchronized RuntimeChecker runtime() {
        if (checker == null) {
            checker = RuntimeChecker.forAllBodies();
        }
        return checker;
    }

    private String startTemplate(Request r) {
        SassOp op;
        CaseSet set;
        try {
            op = SassOp.of(TemplateKey.valueOf(r.op()));
            set = CaseSet.parse(r.cases());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        long n = Math.min(r.n(), set.size(op));
        TemplateVerifier.Plan plan = new TemplateVerifier.Plan(op, set, 0, n, 1, r.mufu(), 1);
        Job job = new Job(n, System.nanoTime() + limitMillis * 1_000_000L);
        return submit(job, () -> run(job, plan, r.gpu() ? () -> onGpu(r.op(), set, n) : null));
    }

    /**
     * The same cases on the GPU, its own instruction beside the template's PTX (verify --impl gpu's
     * check kernel), or the one line that says why not (no libcuda, no device, JDK older than 22).
     */
    private static String onGpu(String op, CaseSet set, long n) {
        try (Gpu gpu = Gpu.open()) {
            GpuOp g = GpuOp.of(op);
            GpuCheck.Report r = GpuCheck.run(gpu, gpu.load(CheckPtx.module(g, gpu.sm())), g, set, 0, n, 1);
            return String.format(Locale.ROOT, "GPU %s: %,d cases against the native %s: %d value(s), %d NaN payload(s), "
                    + "%d division(s) by zero differ (%.2f s)", gpu.describe(), r.cases(), g.ptxOp(), r.values(),
                    r.nanPayloads(), r.divisionByZero(), r.seconds());
        } catch (GpuException | IllegalArgumentException e) {
            return "GPU: not run: " + e.getMessage();
        }
    }

    Job get(String id) {
        return jobs.get(id);
    }

    void cancel(String id) {
        Job j = jobs.get(id);
        if (j != null) {
            j.cancelRequested = true;
        }
    }

    /** Runs the plan; {@code gpu}, when not null, adds the GPU's line to the report before the job is done. */
    private static void run(Job job, TemplateVerifier.Plan plan, java.util.function.Supplier<String> gpu) {
        TemplateVerifier.Result r = TemplateVerifier.run(plan, job::progress);
        job.mismatches = r.mismatches() + r.beyondBound();
        job.report = report(r);
        job.histogram = plan.op().exact() ? List.of() : histogram(r.ulpHistogram());
        if (gpu != null) {
            job.report += "\n" + gpu.get();
        }
    }

    private static String report(TemplateVerifier.Result r) {
        TemplateVerifier.Plan p = r.plan();
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "verify %s: %s cases %,d, MUFU %s: %s", p.op().name(), p.set().spelling(), r.cases(), p.mufu(),
                r.passed() ? "0 mismatches" : r.mismatches() + " mismatch(es), " + r.beyondBound() + " beyond the bound"));
        if (!p.op().exact()) {
            sb.append(String.format(Locale.ROOT, "%nmax error %.3f ulp (bound %s)", r.maxUlp(),
                    p.op().template().ulpBound()));
        }
        TemplateVerifier.Counterexample c = r.first();
        if (c != null) {
            sb.append(String.format(Locale.ROOT, "%nfirst: case %d, a=0x%x b=0x%x expected=%s got=0x%x %s", c.index(),
                    c.a(), c.b(), c.expected() < 0 ? "(within the bound)" : String.format("0x%x", c.expected()),
                    c.got(), c.mufuChoice()));
        }
        return sb.toString();
    }

    private static List<Bucket> histogram(long[] counts) {
        double[] ends = TemplateVerifier.ULP_BUCKETS;
        List<Bucket> out = new ArrayList<>();
        for (int i = 0; i < counts.length; i++) {
            String label = i == 0 ? "0" : Double.isInfinite(ends[i]) ? ">" + fmt(ends[i - 1]) : "<=" + fmt(ends[i]);
            out.add(new Bucket(label, counts[i]));
        }
        return out;
    }

    private static String fmt(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    @Override
    public void close() {
        jobs.values().forEach(j -> j.cancelRequested = true);
        pool.shutdownNow();
    }
}

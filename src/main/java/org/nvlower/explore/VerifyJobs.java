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
import org.nvlower.verify.sass.CaseSet;
import org.nvlower.verify.sass.SassOp;
import org.nvlower.verify.sass.TemplateVerifier;

/**
 * The page's verify action: a template run in the emulator against the oracle over N cases of
 * one set, on one thread, with its progress readable while it runs. A job is cancelled on request
 * or when it outlives its time limit, at the next chunk of cases (32,768); it never runs on.
 */
final class VerifyJobs implements AutoCloseable {

    /** What the page asks for. */
    record Request(String op, String cases, long n, String mufu) {}

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

    VerifyJobs(long limitMillis) {
        this.limitMillis = limitMillis;
    }

    /** Starts a job; bad requests fail here, with a message for the page. */
    String start(Request r) {
        SassOp op;
        CaseSet set;
        try {
            op = SassOp.of(r.op());
            set = CaseSet.parse(r.cases());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        if (r.n() < 1 || r.n() > MAX_CASES) {
            throw new IllegalArgumentException("N must be between 1 and " + MAX_CASES);
        }
        long n = Math.min(r.n(), set.size(op));
        TemplateVerifier.Plan plan = new TemplateVerifier.Plan(op, set, 0, n, 1, r.mufu(), 1);
        Job job = new Job(n, System.nanoTime() + limitMillis * 1_000_000L);
        String id = Long.toString(ids.incrementAndGet());
        jobs.put(id, job);
        pool.submit(() -> run(job, plan));
        return id;
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

    private static void run(Job job, TemplateVerifier.Plan plan) {
        try {
            TemplateVerifier.Result r = TemplateVerifier.run(plan, k -> {
                job.done.addAndGet(k);
                if (job.cancelRequested || System.nanoTime() > job.deadline) {
                    throw new CancellationException();
                }
            });
            job.mismatches = r.mismatches() + r.beyondBound();
            job.report = report(r);
            job.histogram = plan.op().exact() ? List.of() : histogram(r.ulpHistogram());
            job.state = State.DONE;
        } catch (CancellationException e) {
            job.report = job.cancelRequested ? "cancelled" : "stopped: the run outlived the explorer's time limit";
            job.state = State.CANCELLED;
        } catch (RuntimeException e) {
            job.report = String.valueOf(e.getMessage());
            job.state = State.FAILED;
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

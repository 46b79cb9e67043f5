package org.nvlower.llvm.corpus;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

import org.nvlower.diag.InputException;

/**
 * A deterministic mutation fuzzer. Input number {@code i} is a function of (seed, i) alone: a base
 * input picked from the seeds, then one to four {@link Mutation}s. Each input goes to a
 * {@link Subject}; the verdict is ACCEPTED (ran to the end), REJECTED (threw
 * {@link InputException}: a clean error), or a finding: CRASH (any other throwable), MISMATCH
 * (the subject's own {@link Mismatch}) or HANG (took longer than the per-input timeout).
 */
final class Fuzzer {

    /** What the code under test does with one input; throws to say it did not accept it. */
    @FunctionalInterface
    interface Subject {
        void run(String input) throws Exception;
    }

    /** Thrown by a subject whose check failed, e.g. print(parse(x)) differs from x. */
    static final class Mismatch extends RuntimeException {
        Mismatch(String message) {
            super(message, null, false, false);
        }
    }

    enum Verdict { ACCEPTED, REJECTED, CRASH, MISMATCH, HANG }

    /** The classification of one run: the verdict and, for findings, where it came from. */
    record Outcome(Verdict verdict, String signature, String detail) {
        boolean isFinding() {
            return verdict != Verdict.ACCEPTED && verdict != Verdict.REJECTED;
        }
    }

    /** A finding: the first input (by index) with a given signature, and how often it recurred. */
    record Finding(long index, Outcome outcome, String input, long occurrences) {}

    record Report(long inputs, long accepted, long rejected, long bytes, double seconds, List<Finding> findings) {
        double inputsPerSecond() {
            return inputs / Math.max(seconds, 1e-9);
        }
    }

    private final List<String> seeds;
    private final List<String> donors;
    private final long seed;
    private final long timeoutNanos;

    Fuzzer(List<String> seeds, List<String> donors, long seed, long timeoutMillis) {
        if (seeds.isEmpty()) {
            throw new IllegalArgumentException("no seed inputs");
        }
        this.seeds = List.copyOf(seeds);
        this.donors = List.copyOf(donors);
        this.seed = seed;
        this.timeoutNanos = timeoutMillis * 1_000_000L;
    }

    /** Input number {@code index}: a seed input with one to four mutations. */
    String input(long index) {
        SplittableRandom rnd = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
        String s = seeds.get(rnd.nextInt(seeds.size()));
        int rounds = 1 + rnd.nextInt(4);
        Mutation[] ops = Mutation.values();
        for (int r = 0; r < rounds; r++) {
            s = ops[rnd.nextInt(ops.length)].apply(s, rnd, donors);
        }
        return s;
    }

    /** Runs {@code subject} on one input on this thread and classifies what happened. */
    static Outcome classify(Subject subject, String input) {
        try {
            subject.run(input);
            return new Outcome(Verdict.ACCEPTED, "", "");
        } catch (InputException e) {
            return new Outcome(Verdict.REJECTED, "", e.getMessage());
        } catch (Mismatch e) {
            return new Outcome(Verdict.MISMATCH, "mismatch", e.getMessage());
        } catch (Throwable t) {
            return new Outcome(Verdict.CRASH, signature(t), t.toString());
        }
    }

    /**
     * {@link #classify} on a fresh daemon thread, giving up after {@code timeoutMillis} (a HANG);
     * for re-running single inputs, e.g. while minimizing.
     */
    static Outcome classifyWithTimeout(Subject subject, String input, long timeoutMillis) {
        Outcome[] result = new Outcome[1];
        Thread t = new Thread(() -> result[0] = classify(subject, input), "fuzz-single");
        t.setDaemon(true);
        t.start();
        try {
            t.join(timeoutMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return t.isAlive() ? new Outcome(Verdict.HANG, "hang", "no result after " + timeoutMillis + " ms") : result[0];
    }

    /** Exception class and the first project frame: stable across inputs hitting one bug. */
    static String signature(Throwable t) {
        for (StackTraceElement f : t.getStackTrace()) {
            if (f.getClassName().startsWith("org.nvlower.") && !f.getClassName().startsWith("org.nvlower.llvm.corpus.")) {
                return t.getClass().getName() + " at " + f.getClassName() + "." + f.getMethodName() + ":" + f.getLineNumber();
            }
        }
        StackTraceElement[] st = t.getStackTrace();
        return t.getClass().getName() + (st.length > 0 ? " at " + st[0] : "");
    }

    /**
     * Runs inputs {@code first .. first+count-1}. A worker thread runs the subject; this thread
     * watches the clock and, when one input exceeds the timeout, records a HANG, abandons that
     * worker (a daemon) and starts a new one at the next input. Stops early after
     * {@code maxFindings} distinct findings.
     */
    Report run(Subject subject, long first, long count, int maxFindings) {
        Map<String, Finding> findings = new LinkedHashMap<>();
        long[] tally = new long[3]; // accepted, rejected, bytes
        long t0 = System.nanoTime();
        long next = first;
        long end = first + count;
        while (next < end && findings.size() < maxFindings) {
            Worker w = new Worker(subject, next, end, maxFindings, findings, tally);
            w.thread.start();
            try {
                while (w.thread.isAlive()) {
                    w.thread.join(50);
                    long started = w.startedAt;
                    if (w.thread.isAlive() && started != 0 && System.nanoTime() - started > timeoutNanos) {
                        w.abandoned.set(true);
                        long index = w.current;
                        synchronized (findings) {
                            record(findings, index, new Outcome(Verdict.HANG, "hang",
                                    "no result after " + timeoutNanos / 1_000_000 + " ms"), input(index));
                        }
                        break;
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            next = w.abandoned.get() ? w.current + 1 : end;
        }
        synchronized (findings) {
            return new Report(tally[0] + tally[1] + findings.values().stream().mapToLong(Finding::occurrences).sum(),
                    tally[0], tally[1], tally[2], (System.nanoTime() - t0) / 1e9, List.copyOf(findings.values()));
        }
    }

    private static void record(Map<String, Finding> findings, long index, Outcome o, String input) {
        String key = o.verdict() + " " + o.signature();
        Finding old = findings.get(key);
        findings.put(key, old == null ? new Finding(index, o, input, 1)
                : new Finding(old.index(), old.outcome(), old.input(), old.occurrences() + 1));
    }

    /** Runs inputs in order on its own daemon thread, publishing the current one for the watchdog. */
    private final class Worker implements Runnable {
        final Thread thread;
        final AtomicBoolean abandoned = new AtomicBoolean();
        volatile long current;
        volatile long startedAt;
        private final Subject subject;
        private final long end;
        private final int maxFindings;
        private final Map<String, Finding> findings;
        private final long[] tally;

        Worker(Subject subject, long from, long end, int maxFindings, Map<String, Finding> findings, long[] tally) {
            this.subject = subject;
            this.current = from;
            this.end = end;
            this.maxFindings = maxFindings;
            this.findings = findings;
            this.tally = tally;
            this.thread = new Thread(this, "fuzz-worker-" + from);
            this.thread.setDaemon(true);
        }

        @Override
        public void run() {
            for (long i = current; i < end; i++) {
                String in = input(i);
                current = i;
                startedAt = System.nanoTime();
                Outcome o = classify(subject, in);
                startedAt = 0;
                synchronized (findings) {
                    if (abandoned.get()) {
                        return;
                    }
                    switch (o.verdict()) {
                        case ACCEPTED -> tally[0]++;
                        case REJECTED -> tally[1]++;
                        default -> record(findings, i, o, in);
                    }
                    tally[2] += in.length();
                    if (findings.size() >= maxFindings) {
                        return;
                    }
                }
            }
        }
    }

    /**
     * Shrinks {@code input} while {@code stillFails} holds: delta debugging over lines, then over
     * single characters (bounded, so a minimization of a large input stays quick).
     */
    static String minimize(String input, Predicate<String> stillFails) {
        String s = shrink(input, stillFails, true);
        return s.length() <= 4000 ? shrink(s, stillFails, false) : s;
    }

    private static String shrink(String input, Predicate<String> stillFails, boolean byLines) {
        List<String> parts = byLines ? splitLines(input) : splitChars(input);
        int chunk = Math.max(1, parts.size() / 2);
        while (chunk >= 1) {
            boolean removed = false;
            for (int start = 0; start < parts.size(); ) {
                List<String> candidate = new ArrayList<>(parts.subList(0, start));
                candidate.addAll(parts.subList(Math.min(parts.size(), start + chunk), parts.size()));
                if (!candidate.isEmpty() && stillFails.test(String.join("", candidate))) {
                    parts = candidate;
                    removed = true;
                } else {
                    start += chunk;
                }
            }
            if (!removed) {
                chunk /= 2;
            }
        }
        return String.join("", parts);
    }

    private static List<String> splitLines(String s) {
        List<String> out = new ArrayList<>();
        int at = 0;
        while (at < s.length()) {
            int nl = s.indexOf('\n', at);
            int end = nl < 0 ? s.length() : nl + 1;
            out.add(s.substring(at, end));
            at = end;
        }
        return out;
    }

    private static List<String> splitChars(String s) {
        List<String> out = new ArrayList<>(s.length());
        s.codePoints().forEach(c -> out.add(Character.toString(c)));
        return out;
    }
}

package org.nvlower.verify.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import org.nvlower.softfloat.Env;

/**
 * Single-threaded throughput of one binary128 operation: passes of {@link Fp128Op#pass} over the
 * operand array, a quarter of the time budget as warm-up (JIT compilation, caches), then passes
 * until the budget is spent; clocks are read between passes only.
 *
 * <p>Time is the measuring thread's CPU time when the JVM provides it (else wall time): on a
 * shared machine other processes stretch wall time but not this thread's CPU time, and on an
 * idle machine the two agree. The kernel allocates nothing, so no GC work hides elsewhere.
 * Wall-clock throughput is reported alongside.
 */
public final class Fp128Throughput {

    /** What a measurement found; rates are million operations per second (CPU and wall). */
    public record Result(Fp128Op op, double mops, double wallMops, long passes, int pairs, long checksum) {}

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** Stores the sinks of timed passes so that the JIT cannot drop the work. */
    private static volatile long blackhole;

    private Fp128Throughput() {}

    public static Result measure(Fp128Op op, Fp128Operands operands, double seconds) {
        if (!(seconds > 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("seconds must be positive and finite: " + seconds);
        }
        Env env = new Env();
        long checksum = op.checksum(operands, env);
        long[] w = operands.words();
        long budget = (long) (seconds * 1e9);
        long sink = 0;
        long warmEnd = cpuNanos() + budget / 4;
        do {
            sink += op.pass(w, env);
        } while (cpuNanos() < warmEnd);
        long passes = 0;
        long wallStart = System.nanoTime();
        long start = cpuNanos();
        long now;
        do {
            sink += op.pass(w, env);
            passes++;
        } while ((now = cpuNanos()) - start < budget);
        long wall = System.nanoTime() - wallStart;
        blackhole = sink;
        double ops = passes * (double) operands.pairs();
        return new Result(op, ops / ((now - start) / 1e3), ops / (wall / 1e3), passes, operands.pairs(), checksum);
    }

    private static long cpuNanos() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
    }
}

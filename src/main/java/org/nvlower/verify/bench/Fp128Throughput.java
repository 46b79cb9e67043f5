package org.nvlower.verify.bench;

import org.nvlower.softfloat.Env;

/**
 * Single-threaded throughput of one binary128 operation: passes of {@link Fp128Op#pass} over the
 * operand array, a quarter of the time budget as warm-up (JIT compilation, caches), then passes
 * until the budget is spent; the clock is read between passes only.
 */
public final class Fp128Throughput {

    /** What a measurement found. {@code mops} is million operations per second. */
    public record Result(Fp128Op op, double mops, long passes, int pairs, long checksum) {}

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
        long warmEnd = System.nanoTime() + budget / 4;
        do {
            sink += op.pass(w, env);
        } while (System.nanoTime() < warmEnd);
        long passes = 0;
        long start = System.nanoTime();
        long now;
        do {
            sink += op.pass(w, env);
            passes++;
        } while ((now = System.nanoTime()) - start < budget);
        blackhole = sink;
        double mops = passes * (double) operands.pairs() / ((now - start) / 1e3);
        return new Result(op, mops, passes, operands.pairs(), checksum);
    }
}

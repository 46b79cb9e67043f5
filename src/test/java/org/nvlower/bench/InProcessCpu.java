package org.nvlower.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * The in-process jobs of bench/inprocess-peers timed by the CPU time of the whole JVM (every
 * thread: the job, the garbage collector, the JIT) per operation, beside the wall time: on the
 * shared machine the wall time of a warm loop swings with the load, the CPU time much less, and
 * bench/inprocess-peers times the LLVM tools' processes by user + system CPU the same way.
 * Each job runs WARMUP times, then RUNS times measured; prints the mean CPU time (the process's
 * user + system time from /proc/self/stat over the measured runs, 10 ms ticks, divided by RUNS)
 * and the mean and minimum wall time.
 *
 * <p>{@code java -cp ... org.nvlower.bench.InProcessCpu [WARMUP] [RUNS]} (bench/inprocess-peers runs it).
 */
public final class InProcessCpu {

    private InProcessCpu() {
    }

    public static void main(String[] args) throws Exception {
        int warmup = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        ReflectBenchmark reflect = new ReflectBenchmark();
        reflect.read();
        MathlowerBenchmark math = new MathlowerBenchmark();
        math.setup();
        BitcodeReadBenchmark bitcode = new BitcodeReadBenchmark();
        bitcode.load();
        time("ReflectBenchmark.wholeJob", warmup, runs, reflect::wholeJob);
        time("MathlowerBenchmark.parseLowerPrint", warmup, runs, math::parseLowerPrint);
        time("BitcodeReadBenchmark.read", warmup, runs, bitcode::read);
        time("BitcodeReadBenchmark.readAndPrint", warmup, runs, bitcode::readAndPrint);
    }

    private static void time(String name, int warmup, int runs, Callable<?> job) throws Exception {
        Object sink = null;
        for (int i = 0; i < warmup; i++) {
            sink = job.call();
        }
        List<Long> wall = new ArrayList<>();
        long c0 = processCpuTicks();
        for (int i = 0; i < runs; i++) {
            long w0 = System.nanoTime();
            sink = job.call();
            wall.add(System.nanoTime() - w0);
        }
        double cpuMs = (processCpuTicks() - c0) * 10.0 / runs; // USER_HZ is 100 on Linux
        System.out.printf("%-40s cpu mean %8.1f ms   wall mean %8.1f ms  min %8.1f ms  (%d runs)%s%n",
                name, cpuMs, mean(wall), min(wall), runs, sink == null ? "?" : "");
    }

    /** utime + stime of this process, in clock ticks (fields 14 and 15 of /proc/self/stat). */
    private static long processCpuTicks() throws IOException {
        String stat = Files.readString(Path.of("/proc/self/stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }

    private static double mean(List<Long> ns) {
        return ns.stream().mapToLong(Long::longValue).average().orElse(0) / 1e6;
    }

    private static double min(List<Long> ns) {
        return ns.stream().mapToLong(Long::longValue).min().orElse(0) / 1e6;
    }
}

package org.nvlower.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.pass.NvvmReflect;
import org.nvlower.llvm.pass.ReflectBranchFold;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;

/**
 * {@link ReflectBenchmark#wholeJob}'s job (parse, reflect, fold, print of libdevice.ll) timed the
 * way a JVM compiler pays it: after WARMUP runs, the CPU time of the whole process per run (the
 * job's thread, the garbage collector, the JIT), the job thread's CPU time and allocation per
 * phase, and the CPU time of each group of threads (from /proc/self/task, so the JIT and GC
 * threads left after the warm-up show). Compare with opt's user + system time on the same file.
 *
 * <p>{@code java -XX:+UseParallelGC -Xss16m -cp target/test-classes:target/classes
 * org.nvlower.bench.ReflectJobCpu libdevice.ll [WARMUP] [RUNS]}
 */
public final class ReflectJobCpu {

    private ReflectJobCpu() {
    }

    public static void main(String[] args) throws Exception {
        String text = Files.readString(Path.of(args[0]), StandardCharsets.ISO_8859_1);
        int warmup = args.length > 1 ? Integer.parseInt(args[1]) : 120;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 40;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[] cpu = new long[4];
        long[] bytes = new long[4];
        int sink = 0;
        for (int i = 0; i < warmup; i++) {
            sink += job(text, threads, new long[4], new long[4]);
        }
        Map<String, Long> tasks0 = taskTicks();
        long gc0 = gcMillis();
        long process0 = processCpuTicks();
        long wall0 = System.nanoTime();
        for (int i = 0; i < runs; i++) {
            sink += job(text, threads, cpu, bytes);
        }
        long process = (processCpuTicks() - process0) * 10_000_000L; // USER_HZ is 100: ns
        long wall = System.nanoTime() - wall0;
        Map<String, Long> tasks = taskTicks();
        StringBuilder groups = new StringBuilder();
        tasks.forEach((name, ticks) -> {
            long d = ticks - tasks0.getOrDefault(name, 0L);
            if (d > 0) {
                groups.append(String.format(" [%s %.1f]", name, d * 10.0 / runs)); // USER_HZ is 100
            }
        });
        long thread = cpu[0] + cpu[1] + cpu[2] + cpu[3];
        System.out.printf("process cpu %.1f ms/op, job thread %.1f ms/op (parse %.1f reflect %.1f fold %.1f print %.1f),"
                + " wall %.1f ms/op, allocated %.1f MB/op (parse %.1f reflect %.1f fold %.1f print %.1f), gc %d ms,"
                + " load %s%s%n",
                process / 1e6 / runs, thread / 1e6 / runs, cpu[0] / 1e6 / runs, cpu[1] / 1e6 / runs,
                cpu[2] / 1e6 / runs, cpu[3] / 1e6 / runs, wall / 1e6 / runs,
                (bytes[0] + bytes[1] + bytes[2] + bytes[3]) / 1e6 / runs, bytes[0] / 1e6 / runs,
                bytes[1] / 1e6 / runs, bytes[2] / 1e6 / runs, bytes[3] / 1e6 / runs, gcMillis() - gc0,
                Files.readString(Path.of("/proc/loadavg")).trim(), sink == 0 ? " (no output?)" : "");
        System.out.println("thread groups, cpu ms/op:" + groups);
    }

    private static int job(String text, ThreadMXBean threads, long[] cpu, long[] bytes)
            throws Exception {
        long c0 = threads.getCurrentThreadCpuTime();
        long a0 = allocated();
        Module m = IrParser.parseWithBodies("libdevice.ll", text);
        long c1 = threads.getCurrentThreadCpuTime();
        long a1 = allocated();
        NvvmReflect.Result r = NvvmReflect.run(m, ReflectBenchmark.VALUES);
        long c2 = threads.getCurrentThreadCpuTime();
        long a2 = allocated();
        ReflectBranchFold.run(r.functions());
        long c3 = threads.getCurrentThreadCpuTime();
        long a3 = allocated();
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length());
        IrPrinter.print(m, out, StandardCharsets.ISO_8859_1);
        long c4 = threads.getCurrentThreadCpuTime();
        long a4 = allocated();
        cpu[0] += c1 - c0;
        cpu[1] += c2 - c1;
        cpu[2] += c3 - c2;
        cpu[3] += c4 - c3;
        bytes[0] += a1 - a0;
        bytes[1] += a2 - a1;
        bytes[2] += a3 - a2;
        bytes[3] += a4 - a3;
        return out.size();
    }

    /** com.sun.management.ThreadMXBean's count, asked reflectively (the test module does not read jdk.management). */
    private static final java.lang.reflect.Method ALLOCATED;
    static {
        try {
            ALLOCATED = Class.forName("com.sun.management.ThreadMXBean").getMethod("getCurrentThreadAllocatedBytes");
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static long allocated() throws ReflectiveOperationException {
        return (Long) ALLOCATED.invoke(ManagementFactory.getThreadMXBean());
    }

    /** utime + stime of this process, in clock ticks (fields 14 and 15 of /proc/self/stat). */
    private static long processCpuTicks() throws IOException {
        String stat = Files.readString(Path.of("/proc/self/stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }

    /** utime + stime per thread name (digits and '#' at the end dropped: "C2 CompilerThre", "GC Thread"). */
    private static Map<String, Long> taskTicks() throws IOException {
        Map<String, Long> ticks = new TreeMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
            for (Path t : tasks) {
                String stat;
                try {
                    stat = Files.readString(t.resolve("stat"));
                } catch (IOException gone) {
                    continue; // the thread ended
                }
                String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replaceAll("[0-9#]+$", "")
                        .trim();
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                ticks.merge(name, Long.parseLong(f[11]) + Long.parseLong(f[12]), Long::sum);
            }
        }
        return ticks;
    }

    private static long gcMillis() {
        long sum = 0;
        for (GarbageCollectorMXBean g : ManagementFactory.getGarbageCollectorMXBeans()) {
            sum += g.getCollectionTime();
        }
        return sum;
    }
}

package org.nvlower.verify.gpu;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import org.nvlower.gpu.Gpu;
import org.nvlower.verify.sass.CaseSet;
import org.nvlower.verify.sass.ConstantDivisionCheck;
import org.nvlower.verify.sass.SassOp;

/**
 * An op's template against the GPU's own instruction on the GPU ({@code nvlower verify OP --impl
 * gpu}): cases [from, to) of a set, generated in the kernel ({@link CheckPtx}) or, for the hard
 * set, made on the host by {@link CaseSet} and uploaded; every result compared, differences
 * counted by kind and the first {@link #RECORDS} recorded with their operands. For the
 * approximate ops the recorded differences are measured in ulps against the CPU reference.
 */
public final class GpuCheck {

    /** Differences recorded with their operands (and measured in ulps for the approximate ops). */
    public static final int RECORDS = 4096;
    private static final int BLOCK = 256;
    private static final long GENERATED_CHUNK = 1L << 26;
    private static final long HOST_CHUNK = 1L << 20;

    /** One case where the template and the native instruction differ. */
    public record Difference(long index, long a, long b, long template, long nativeResult) {}

    /**
     * What a run found. {@code ulpMeasured}: recorded differences measured against the reference
     * (approximate ops); the max ulp errors of the template and of the native instruction over those.
     */
    /**
     * executed: the cases the kernel counted as run (each thread adds its iterations), to be equal to
     * cases(); inlineDiffers: the cases where the template spliced into the kernel gave another result
     * than the template called (to be 0).
     */
    public record Report(GpuOp op, String set, long from, long to, long executed, long inlineDiffers, long values, long nanPayloads,
            long divisionByZero, List<Difference> first, double seconds, long ulpMeasured, double templateMaxUlp,
            double nativeMaxUlp) {
        public long cases() {
            return to - from;
        }

        public long differences() {
            return values + nanPayloads + divisionByZero;
        }
    }

    private GpuCheck() {}

    /** The set's code in the kernel and its size for op (constant divisions: edge, random, exhaustive of 16 bits). */
    public static int code(CaseSet set) {
        return switch (set) {
            case EDGE -> GpuCases.EDGE;
            case RANDOM -> GpuCases.RANDOM;
            case HARD -> GpuCases.BUFFER;
            case EXHAUSTIVE -> GpuCases.EXHAUSTIVE;
            case BINADES -> GpuCases.BINADES;
        };
    }

    public static long size(GpuOp op, CaseSet set) {
        if (op.divisor() != null) {
            return switch (set) {
                case EDGE -> ConstantDivisionCheck.edges(op.bits() == 64).length;
                case RANDOM -> Long.MAX_VALUE;
                case EXHAUSTIVE -> 65536;
                default -> throw new IllegalArgumentException("division by a constant: the sets are edge, random and exhaustive");
            };
        }
        return set.size(op.sassOp());
    }

    private static long[] edgeTable(GpuOp op) {
        return op.divisor() != null ? ConstantDivisionCheck.edges(op.bits() == 64) : CaseSet.edgeValues(op.sassOp());
    }

    /** Runs cases [from, to) of set on the GPU with the module's check entry. */
    public static Report run(Gpu gpu, Gpu.Module module, GpuOp op, CaseSet set, long from, long to, long seed) {
        Gpu.Kernel check = module.kernel("nvlower_check");
        int grid = gpu.multiprocessors() * 16;
        long counters = gpu.alloc(8L * (CheckPtx.RECORDS_AT + (long) CheckPtx.RECORD_WORDS * RECORDS));
        long[] table = edgeTable(op);
        boolean host = set == CaseSet.HARD;
        long tab = gpu.alloc(8L * Math.max(table.length, host ? 2 * HOST_CHUNK : 1));
        double ms = 0;
        try {
            if (!host) {
                gpu.upload(tab, table);
            }
            long chunk = host ? HOST_CHUNK : GENERATED_CHUNK;
            for (long at = from; at < to; at += Math.min(chunk, to - at)) {
                long count = Math.min(chunk, to - at);
                if (host) {
                    gpu.upload(tab, hostOperands(op, set, seed, at, count));
                }
                ms += gpu.launch(check, grid, BLOCK, at, count, seed, code(set), tab, table.length, counters, RECORDS);
            }
            long[] head = new long[CheckPtx.RECORDS_AT + CheckPtx.RECORD_WORDS * RECORDS];
            gpu.download(counters, head);
            int recorded = (int) Math.min(head[3], RECORDS);
            List<Difference> diffs = new ArrayList<>();
            for (int k = 0; k < recorded; k++) {
                int w = CheckPtx.RECORDS_AT + CheckPtx.RECORD_WORDS * k;
                diffs.add(new Difference(head[w], head[w + 1], head[w + 2], head[w + 3], head[w + 4]));
            }
            diffs.sort((x, y) -> Long.compareUnsigned(x.index(), y.index()));
            double[] ulp = ulps(op, diffs);
            return new Report(op, set.spelling(), from, to, head[CheckPtx.EXECUTED_AT], head[CheckPtx.INLINE_DIFFERS_AT], head[0], head[1], head[2], diffs, ms / 1e3,
                    op.approximate() ? diffs.size() : 0, ulp[0], ulp[1]);
        } finally {
            gpu.free(tab);
            gpu.free(counters);
        }
    }

    /** Cases at..at+count-1 made by the CPU harness (the hard set), as pairs. */
    static long[] hostOperands(GpuOp op, CaseSet set, long seed, long at, long count) {
        long[] words = new long[(int) (2 * count)];
        IntStream.range(0, (int) count).parallel().forEach(k -> {
            long[] out = new long[2];
            set.operands(op.sassOp(), seed, at + k, out);
            words[2 * k] = out[0];
            words[2 * k + 1] = out[1];
        });
        return words;
    }

    /** The largest ulp error of the template's and of the native results among the differences (approximate ops). */
    private static double[] ulps(GpuOp op, List<Difference> diffs) {
        double t = 0;
        double n = 0;
        if (!op.approximate()) {
            return new double[] {0, 0};
        }
        for (Difference d : diffs) {
            t = Math.max(t, ulp(op.sassOp(), d.a(), d.b(), d.template()));
            n = Math.max(n, ulp(op.sassOp(), d.a(), d.b(), d.nativeResult()));
        }
        return new double[] {t, n};
    }

    /** The ulp error of an approximate op's result against the exact value (0 outside the measured domain). */
    public static double ulp(SassOp op, long a, long b, long got) {
        return op.error(a, b, got);
    }
}

package org.nvlower.verify.gpu;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import org.nvlower.gpu.Gpu;
import org.nvlower.llvm.runtime.RuntimeFunction;
import org.nvlower.verify.runtime.RuntimeCases;
import org.nvlower.verify.runtime.RuntimeChecker;

/**
 * The runtime bodies on a GPU ({@code nvlower verify-runtime --impl gpu}): the cases of the CPU
 * harness ({@link RuntimeCases}: edge and seeded random operands) uploaded, each function's kernel
 * of {@link RuntimePtx} run on them, and every result compared with softfloat on the CPU.
 */
public final class GpuRuntimeCheck {

    private static final int BLOCK = 128;

    private GpuRuntimeCheck() {}

    /** A function's report and its kernel's time over all its cases (the faster of two launches: the first loads it). */
    public record Result(RuntimeChecker.Report report, float kernelMs) {

        /** Kernel time per case in nanoseconds: the GPU's throughput over the cases, not one call's latency. */
        public double nanosPerCase() {
            return report.cases() == 0 ? 0 : kernelMs * 1e6 / report.cases();
        }
    }

    public static Result run(Gpu gpu, Gpu.Module module, RuntimeFunction f, long random, long seed) {
        List<long[]> cases = new ArrayList<>();
        RuntimeCases.forEach(f, random, seed, ops -> cases.add(ops.clone()));
        int words = f.operandWords();
        long[] in = new long[Math.max(1, cases.size() * words)];
        for (int k = 0; k < cases.size(); k++) {
            System.arraycopy(cases.get(k), 0, in, k * words, words);
        }
        long[] out = new long[2 * cases.size()];
        long din = gpu.alloc(8L * in.length);
        long dout = gpu.alloc(8L * Math.max(1, out.length));
        float ms;
        try {
            gpu.upload(din, in);
            int grid = (cases.size() + BLOCK - 1) / BLOCK;
            Gpu.Kernel kernel = module.kernel(RuntimePtx.kernel(f));
            ms = Math.min(gpu.launch(kernel, Math.max(1, grid), BLOCK, din, dout, cases.size()),
                    gpu.launch(kernel, Math.max(1, grid), BLOCK, din, dout, cases.size()));
            gpu.download(dout, out);
        } finally {
            gpu.free(din);
            gpu.free(dout);
        }
        RuntimeChecker.Tally tally = new RuntimeChecker.Tally(f);
        boolean wide = f.returnType().words() == 2;
        // softfloat on every core: the exact references of exp/log/pow cost far more than the GPU's run
        long[][] reference = new long[cases.size()][];
        IntStream.range(0, cases.size()).parallel().forEach(k -> reference[k] = f.evaluate(cases.get(k)));
        for (int k = 0; k < cases.size(); k++) {
            long[] actual = wide ? new long[] {out[2 * k], out[2 * k + 1]} : new long[] {out[2 * k + 1]};
            long[] expected = reference[k];
            tally.add(f.accepts(expected, actual) ? null : new RuntimeChecker.Mismatch(f, cases.get(k), expected, actual));
        }
        return new Result(tally.report(), ms);
    }
}

package org.nvlower.verify.gpu;

import org.nvlower.gpu.Gpu;
import org.nvlower.verify.sass.CaseSet;

/**
 * Kernel time of an op's template PTX against the GPU's own instruction ({@code nvlower bench OP
 * --impl gpu}): the same random cases through four kernels of the check module (the operand
 * generator alone, with the template called, spliced in, or the native instruction; each case's operands used
 * {@link CheckPtx#BENCH_REPEATS} times), each the fastest of a few launches; the generator's time is
 * subtracted from the other three.
 */
public final class GpuBench {

    private static final int BLOCK = 256;
    private static final int REPEATS = 3;
    /** An unlikely fold of all results: the kernels store it only then, so no result is dead code. */
    private static final long MAGIC = 0x6E766C6F77657221L;

    /**
     * Milliseconds of each kernel for {@code cases} cases: the generator alone, with the template
     * called (its .func), spliced in ({@code PtxEmitter.splice}), and with the native instruction.
     */
    public record Timing(GpuOp op, long cases, double generationMs, double templateMs, double inlineMs, double nativeMs) {
        /** The called template's time over the native instruction's, generation subtracted from both. */
        public double ratio() {
            return (templateMs - generationMs) / (nativeMs - generationMs);
        }

        /** The spliced template's time over the native instruction's, generation subtracted from both. */
        public double inlineRatio() {
            return (inlineMs - generationMs) / (nativeMs - generationMs);
        }
    }

    private GpuBench() {}

    public static Timing run(Gpu gpu, Gpu.Module module, GpuOp op, long cases, long seed) {
        int grid = gpu.multiprocessors() * 16;
        long sink = gpu.alloc(8);
        try {
            String[] kernels = {"nvlower_bench_gen", "nvlower_bench_template", "nvlower_bench_inline", "nvlower_bench_native"};
            double[] ms = new double[kernels.length];
            for (int k = 0; k < kernels.length; k++) {
                Gpu.Kernel kernel = module.kernel(kernels[k]);
                gpu.launch(kernel, grid, BLOCK, 0, Math.min(cases, 1 << 20), seed, GpuCheck.code(CaseSet.RANDOM), 0, 0,
                        sink, MAGIC); // warm-up
                ms[k] = Double.MAX_VALUE;
                for (int r = 0; r < REPEATS; r++) {
                    ms[k] = Math.min(ms[k], gpu.launch(kernel, grid, BLOCK, 0, cases, seed,
                            GpuCheck.code(CaseSet.RANDOM), 0, 0, sink, MAGIC));
                }
            }
            return new Timing(op, cases, ms[0], ms[1], ms[2], ms[3]);
        } finally {
            gpu.free(sink);
        }
    }
}

package org.nvlower.verify.ptx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.nvlower.sass.MufuModel;
import org.nvlower.sass.template.PtxEmitter;
import org.nvlower.sass.template.TemplateKey;
import org.nvlower.verify.sass.SassOp;

/**
 * A function's decoded layout is shared by every thread that runs it (PtxLayout.of), and a
 * branch's target and a step's shape are filled in on first use: four Java threads that start
 * together on a function no thread has run yet (so they decode it side by side) get, case for
 * case, what one thread gets alone from its own copy of the same text.
 */
class SharedLayoutTest {

    private static final int THREADS = 4;
    private static final int CASES = 2_000;

    @ParameterizedTest
    @ValueSource(strings = {"div.rn.f64", "div.s64", "sqrt.rn.f32", "rcp.rn.f64"})
    void threadsDecodingOneFunctionTogetherGetWhatOneThreadGetsAlone(String name) throws Exception {
        SassOp op = SassOp.of(TemplateKey.valueOf(name));
        String text = PtxEmitter.emitCalling(op.template(), "sm_90"); // a kernel and the .func it calls
        long[][] operands = new long[CASES][];
        SplittableRandom r = new SplittableRandom(29);
        for (int i = 0; i < CASES; i++) {
            operands[i] = new long[] {r.nextLong(), r.nextLong()};
        }
        TemplatePtx shared = TemplatePtx.of(op, text);
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        List<Future<long[]>> runs = new ArrayList<>();
        try {
            for (int t = 0; t < THREADS; t++) {
                runs.add(pool.submit(() -> {
                    start.await();
                    long[] results = new long[CASES];
                    for (int i = 0; i < CASES; i++) {
                        results[i] = shared.run(operands[i][0], operands[i][1], MufuModel.exact());
                    }
                    return results;
                }));
            }
            start.countDown();
            TemplatePtx alone = TemplatePtx.of(op, text); // parsed again: its functions, so its layouts, its own
            long[] expected = new long[CASES];
            for (int i = 0; i < CASES; i++) {
                expected[i] = alone.run(operands[i][0], operands[i][1], MufuModel.exact());
            }
            for (Future<long[]> run : runs) {
                assertArrayEquals(expected, run.get(), name);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}

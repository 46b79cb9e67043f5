package org.nvlower.verify.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.nvlower.sass.MufuModel;
import org.nvlower.ptx.PtxReader;
import org.nvlower.pipeline.KernelExpansion;

/**
 * nvcc's kernels run end to end, one thread at a time: with the math instructions computed by
 * their expansions in the emulator, and with the oracle; global memory must end up identical.
 */
class KernelRunTest {

    private static KernelExpansion expand(String resource) throws IOException {
        try (InputStream in = KernelRunTest.class.getResourceAsStream(resource)) {
            return KernelExpansion.of(PtxReader.read(resource, new String(in.readAllBytes(), StandardCharsets.UTF_8)), false);
        }
    }

    private static KernelRun.Result run(String resource, int threads, long n, String mufu) throws IOException {
        KernelExpansion x = expand(resource);
        return KernelRun.run(x, KernelRun.kernels(x).get(0), threads, n, mufu, 11);
    }

    @Test
    void floatKernelGivesTheSameMemoryThroughTheTemplates() throws IOException {
        for (String mufu : new String[] {"exact", "adversarial"}) {
            // n = 48 of 64 threads: the guarded branch skips the rest
            KernelRun.Result r = run("/ptx/fdiv.ptx", 64, 48, mufu);
            assertTrue(r.passed(), r.toString());
            assertEquals(3 * 48, r.mathRuns(), r.toString());
            assertTrue(r.changed() > 48 * 4, r.toString()); // three 4-byte results per active thread, most of them new
        }
    }

    @Test
    void integerKernelGivesTheSameMemoryThroughTheTemplates() throws IOException {
        assertTrue(run("/ptx/intdiv.ptx", 64, 0, "adversarial").passed());
        KernelRun.Result r = run("/ptx/intdiv.ptx", 64, 0, "exact");
        assertTrue(r.passed(), r.toString());
        // four divisions per thread: div.s32, div.u32, and for each 64-bit pair div.s64/div.u64 or (both operands
        // below 2^32) div.u32; the seeded memory takes both paths
        assertEquals(64 * 4, r.mathRuns(), r.toString());
        assertEquals(64, r.runsByOp().get("div.s32"), r.toString());
        assertTrue(r.runsByOp().get("div.s64") > 0 && r.runsByOp().get("div.u64") > 0, r.toString());
        assertTrue(r.runsByOp().get("div.u32") > 64, r.toString());
        assertTrue(r.changed() > 64 * 8, r.toString());
    }

    @Test
    void demoKernelGivesTheSameMemoryThroughTheTemplates() throws IOException {
        assertTrue(run("/org/nvlower/cli/demo-kernel.ptx", 64, 0, "exact").passed());
        KernelRun.Result r = run("/org/nvlower/cli/demo-kernel.ptx", 64, 0, "adversarial");
        assertTrue(r.passed(), r.toString());
        assertEquals(64 * 4, r.mathRuns(), r.toString());
    }

    @Test
    void loopKernelWithSharedMemoryBarrierAndCallGivesTheSameMemory() throws IOException {
        // each of 128 threads stores its input in shared memory, waits at bar.sync, then sums
        // scale(tile[(t + k) & 127], k + 1) for k < n: the division runs in the called device function
        assertTrue(run("/ptx/loop.ptx", 128, 6, "exact").passed());
        KernelRun.Result r = run("/ptx/loop.ptx", 128, 6, "adversarial");
        assertTrue(r.passed(), r.toString());
        assertEquals(128 * 6, r.mathRuns(), r.toString());
        assertTrue(r.changed() > 128, r.toString());
    }

    @Test
    void barrierSyncIsBarSync() throws IOException {
        String text;
        try (InputStream in = KernelRunTest.class.getResourceAsStream("/ptx/loop.ptx")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(text.contains("bar.sync \t0;"), "the fixture's barrier");
        KernelExpansion x = KernelExpansion.of(PtxReader.read("barrier.ptx", text.replace("bar.sync \t0;",
                "barrier.sync.aligned 0;")), false);
        KernelRun.Result r = KernelRun.run(x, KernelRun.kernels(x).get(0), 128, 6, "adversarial", 11);
        assertTrue(r.passed(), r.toString());
        assertEquals(128 * 6, r.mathRuns(), r.toString());
    }

    @Test
    void volatileCacheHintsAndGenericAddressesReadAsPlainLoadsAndStores() throws IOException {
        // ld.ca and st.wb through generic addresses of global memory; st/ld.volatile.shared across a
        // bar.sync (each thread reads its neighbour's word); sqrt.rn.f32 of it
        KernelRun.Result r = run("/ptx/hints.ptx", 64, 0, "adversarial");
        assertTrue(r.passed(), r.toString());
        assertEquals(java.util.Map.of("sqrt.rn.f32", 64), r.runsByOp(), r.toString());
        assertTrue(r.changed() >= 64 * 2, r.toString());
    }

    @Test
    void aKernelWithWarpShufflesVotesAndReductionsGivesTheSameMemory() throws IOException {
        // nvcc 13's PTX: a shfl.down tree sum of quotients, shfl up/bfly/idx, ballot, redux.sync.add, vote.any
        KernelRun.Result r = run("/ptx/warp.ptx", 64, 64, "adversarial");
        assertTrue(r.passed(), r.toString());
        assertEquals(java.util.Map.of("div.rn.f32", 128, "sqrt.rn.f32", 64), r.runsByOp(), r.toString());
        assertTrue(r.changed() > 64 * 4, r.toString());
    }

    @Test
    void localMemoryIsEachThreadsOwn() throws IOException {
        // a -G style __local_depot: a word stored through the generic %SP and read back by ld.local
        // from %SPL, and the reverse, with a bar.sync between (every thread stores before any loads):
        // out[t] = in[t] / (t + 3) only if each thread keeps its own depot
        KernelRun.Result r = run("/ptx/local.ptx", 64, 0, "adversarial");
        assertTrue(r.passed(), r.toString());
        assertEquals(java.util.Map.of("div.u32", 64), r.runsByOp(), r.toString());
        KernelExpansion x = expand("/ptx/local.ptx");
        java.util.Map<Long, Byte> global = new java.util.HashMap<>();
        long p = 0x100000;
        for (int t = 0; t < 64; t++) {
            LittleEndian.put32(global, p + 4L * t, 1000 + 7L * t);
        }
        KernelRun.block(KernelRun.kernels(x).get(0), java.util.Map.of("p", p),
                new PtxThread.Memories(global, new java.util.HashMap<>(), java.util.Map.of(), java.util.Map.of()), 64,
                (in, src) -> Integer.toUnsignedLong(Integer.divideUnsigned((int) src[0], (int) src[1])), MufuModel.exact());
        for (int t = 0; t < 64; t++) {
            assertEquals((1000 + 7L * t) / (t + 3), LittleEndian.get32(global, p + 4L * t), "thread " + t);
        }
    }

    @Test
    void fp64KernelGivesTheSameMemoryThroughTheTemplates() throws IOException {
        for (String mufu : new String[] {"exact", "adversarial"}) {
            KernelRun.Result r = run("/ptx/dexact.ptx", 64, 0, mufu);
            assertTrue(r.passed(), r.toString());
            assertEquals(java.util.Map.of("div.rn.f64", 64, "rcp.rn.f64", 64, "sqrt.rn.f64", 64), r.runsByOp(), r.toString());
            assertTrue(r.changed() > 64 * 8, r.toString());
        }
    }

    @Test
    void aKernelReadingConstantAndGlobalTablesGivesTheSameMemory() throws IOException {
        // nvcc 13's PTX: a division by a __constant__ table, then a __device__ table read through a
        // __device__ pointer initialized to generic(bias)+4; the tables are compared too
        for (String mufu : new String[] {"exact", "adversarial"}) {
            KernelRun.Result r = run("/ptx/consttable.ptx", 64, 40, mufu);
            assertTrue(r.passed(), r.toString());
            assertEquals(java.util.Map.of("div.rn.f32", 40), r.runsByOp(), r.toString());
            assertTrue(r.changed() >= 40 * 3, r.toString());
            assertEquals(2 * 2048 + 16 + 16 + 8, r.bytes(), r.toString()); // two buffers and the three variables
        }
    }

    @Test
    void aKernelCallingThroughAFunctionPointerTableGivesTheSameMemory() throws IOException {
        // nvcc 13's PTX: ops[i & 1](a[i], b[i]) through '.u64 ops[2] = {_Z5halveff, _Z4rootff}' and
        // 'call (retval0), %rd13, (param0, param1), prototype_0'; one function divides, the other takes a root
        for (String mufu : new String[] {"exact", "adversarial"}) {
            KernelRun.Result r = run("/ptx/fptable.ptx", 64, 40, mufu);
            assertTrue(r.passed(), r.toString());
            assertEquals(java.util.Map.of("div.rn.f32", 20, "sqrt.rn.f32", 20), r.runsByOp(), r.toString());
            assertTrue(r.changed() >= 40 * 3, r.toString());
        }
    }

    @Test
    void aKernelWithApproximationsHasNoBitExactOracle() throws IOException {
        String ptx = ".version 8.0\n.target sm_80\n.address_size 64\n.entry k(.param .u64 p)\n{\n"
                + "\t.reg .f32 %f<3>;\n\t.reg .b64 %rd<2>;\n\tld.param.u64 %rd1, [p];\n\tld.global.v2.f32 {%f1, %f2}, [%rd1];\n"
                + "\tdiv.full.f32 %f1, %f1, %f2;\n\tst.global.f32 [%rd1], %f1;\n\tret;\n}\n";
        KernelExpansion x = KernelExpansion.of(PtxReader.read("approx.ptx", ptx), false);
        var e = assertThrows(UnsupportedOperationException.class,
                () -> KernelRun.run(x, KernelRun.kernels(x).get(0), 2, 0, "exact", 1));
        assertTrue(e.getMessage().contains("div.full.f32 is an approximation"), e.getMessage());
    }
}

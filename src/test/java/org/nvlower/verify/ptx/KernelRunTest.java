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

    static KernelExpansion expand(String resource) throws IOException {
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
        PtxMemory global = new PtxMemory();
        long p = 0x100000;
        global.map(p, 4 * 64);
        for (int t = 0; t < 64; t++) {
            global.store(p + 4L * t, 1000 + 7L * t, 4);
        }
        KernelRun.block(KernelRun.kernels(x).get(0), java.util.Map.of("p", p),
                new PtxThread.Memories(global, new PtxMemory(), java.util.Map.of(), java.util.Map.of()), 64,
                (in, src) -> Integer.toUnsignedLong(Integer.divideUnsigned((int) src[0], (int) src[1])), MufuModel.exact());
        for (int t = 0; t < 64; t++) {
            assertEquals((1000 + 7L * t) / (t + 3), global.load(p + 4L * t, 4), "thread " + t);
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
            assertEquals(2 * 256 * 1024 + 16 + 16 + 8, r.bytes(), r.toString()); // two buffers of 256 KiB and the three variables
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

    /**
     * nvcc's atomics (atomics.cu): each one whole at its thread's turn, threads in order between the
     * barriers; the expected memory is worked out here from the CUDA source, not by the interpreter.
     */
    @Test
    void atomicsReadModifyWriteInThreadOrder() throws IOException {
        KernelExpansion x = expand("/ptx/atomics.ptx");
        long u = 0x100000, s = 0x200000, f = 0x300000, d = 0x400000, w = 0x500000;
        PtxMemory global = new PtxMemory();
        global.map(u, 4 * (16 + 64));
        global.store(u + 4 * 12, 0xFFFFFFFFL, 4);
        global.map(s, 8);
        global.store(s, -1000, 4);
        global.store(s + 4, 1000, 4);
        global.map(f, 4);
        global.map(d, 8);
        global.map(w, 8);
        String p = "_Z7atomicsPjPiPfPdPy_param_";
        java.util.Map<String, Long> args = java.util.Map.of(p + 0, u, p + 1, s, p + 2, f, p + 3, d, p + 4, w);
        PtxMemory shared = new PtxMemory();
        shared.map(0x100, 32);
        KernelRun.block(KernelRun.kernels(x).get(0), args, new PtxThread.Memories(global, shared,
                java.util.Map.of("_ZZ7atomicsPjPiPfPdPyE4bins", 0x100L), java.util.Map.of()), 64, (in, src) -> switch (in.opcode()) {
                    case "rcp.rn.f32" -> Float.floatToRawIntBits(1 / Float.intBitsToFloat((int) src[0])) & 0xFFFFFFFFL;
                    case "rcp.rn.f64" -> Double.doubleToRawLongBits(1 / Double.longBitsToDouble(src[0]));
                    default -> throw new AssertionError(in.opcode());
                }, MufuModel.exact());
        for (int k = 0; k < 8; k++) {
            assertEquals(8 * k + 224, global.load(u + 4 * k, 4), "bins[" + k + "]: the t with t % 8 == k summed in shared memory");
        }
        assertEquals(64 % 6, global.load(u + 4 * 8, 4), "atomicInc(5) wraps to 0 after 5");
        assertEquals(0, global.load(u + 4 * 9, 4), "atomicDec(3) from 0: 3, 2, 1, 0, 3, ...");
        assertEquals(5 * 62, (int) global.load(s, 4), "max of 5t (t even) and -3t (t odd)");
        assertEquals(-3 * 63, (int) global.load(s + 4, 4), "min");
        assertEquals(64, global.load(u + 4 * 10, 4), "the CAS chain 0 -> 1 -> ... -> 64");
        assertEquals(63, global.load(u + 4 * 11, 4), "the last exchange");
        assertEquals(0, global.load(u + 4 * 12, 4), "and: every bit cleared");
        assertEquals(0xFFFFFFFFL, global.load(u + 4 * 13, 4), "or: every bit set");
        assertEquals(0, global.load(u + 4 * 14, 4), "xor of 0..63");
        float fs = 0;
        double ds = 0;
        for (int t = 0; t < 64; t++) {
            fs += 1.0f / (t + 1);
            ds += 1.0 / (t + 1);
            assertEquals(t, global.load(u + 4 * (16 + t), 4), "atomicAdd's old value, thread " + t);
        }
        assertEquals(Float.floatToRawIntBits(fs), (int) global.load(f, 4), "float sum in thread order, nearest even");
        assertEquals(Double.doubleToRawLongBits(ds), global.load(d, 8), "double sum in thread order");
        assertEquals(2016L << 33, global.load(w, 8));
        KernelRun.Result r = KernelRun.run(x, KernelRun.kernels(x).get(0), 64, 64, "adversarial", 3);
        assertTrue(r.passed(), r.toString());
        assertEquals(java.util.Map.of("rcp.rn.f32", 64, "rcp.rn.f64", 64), r.runsByOp(), r.toString());
    }

    @Test
    void reductionsAndGenericAtomics() {
        String text = """
                .version 8.0
                .target sm_80
                .address_size 64
                .visible .entry k(.param .u64 p)
                {
                	.reg .b32 %r<4>;
                	.reg .b64 %rd<4>;
                	ld.param.u64 %rd1, [p];
                	mov.u32 %r1, %tid.x;
                	cvt.u64.u32 %rd2, %r1;
                	red.relaxed.gpu.global.add.u64 [%rd1], %rd2;
                	red.global.max.u32 [%rd1+8], %r1;
                	atom.add.s32 %r2, [%rd1+12], -1;
                	atom.global.cas.b64 %rd3, [%rd1+16], %rd2, 7;
                	atom.global.exch.b32 %r3, [%rd1+24], %r2;
                	ret;
                }
                """;
        long p = 0x100000;
        PtxMemory global = new PtxMemory();
        global.map(p, 32);
        global.store(p + 16, 5, 8);
        runBlock(text, java.util.Map.of("p", p), global, 40);
        assertEquals(780, global.load(p, 8), "red.add of 0..39");
        assertEquals(39, global.load(p + 8, 4), "red.max");
        assertEquals(-40, (int) global.load(p + 12, 4), "a generic atom.add");
        assertEquals(7, global.load(p + 16, 8), "cas: thread 5 finds 5 and writes 7");
        assertEquals(-39 & 0xFFFFFFFFL, global.load(p + 24, 4), "exch: the last thread's old counter value");
    }

    /** cuda-samples' spinWhileLessThanOne: a thread spinning on a word nothing in the run writes is refused, not a crash. */
    @Test
    void aSpinLoopIsRefusedByName() {
        String text = """
                .version 8.0
                .target sm_80
                .address_size 64
                .visible .entry spin(.param .u64 p)
                {
                	.reg .pred %p<2>;
                	.reg .b32 %r<2>;
                	.reg .b64 %rd<3>;
                	ld.param.u64 %rd2, [p];
                	cvta.to.global.u64 %rd1, %rd2;
                $L__BB0_1:
                	ld.volatile.global.u32 %r1, [%rd1];
                	setp.eq.s32 %p1, %r1, 0;
                	@%p1 bra $L__BB0_1;
                	ret;
                }
                """;
        PtxMemory global = new PtxMemory();
        global.map(0x100000, 4);
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                () -> runBlock(text, java.util.Map.of("p", 0x100000L), global, 1));
        assertTrue(e.getMessage().contains("spin: more than 10^6 steps without a barrier"), e.getMessage());
    }

    /** cuda-samples' LargeKernelParameter: a struct passed by value read through its address (mov.b64 %rd, param). */
    @Test
    void aStructParameterIsReadThroughItsAddress() {
        String text = """
                .version 8.0
                .target sm_80
                .address_size 64
                .visible .entry big(.param .align 4 .b8 big_param_0[64], .param .u64 big_param_1)
                {
                	.reg .b32 %r<4>;
                	.reg .b64 %rd<4>;
                	mov.b64 %rd1, big_param_0;
                	ld.param.u64 %rd2, [big_param_1];
                	ld.param.u32 %r1, [%rd1+60];
                	cvta.param.u64 %rd3, %rd1;
                	ld.u32 %r2, [%rd3+4];
                	add.s32 %r3, %r1, %r2;
                	add.s32 %r3, %r3, 9;
                	st.global.u32 [%rd2], %r3;
                	ret;
                }
                """;
        PtxMemory global = new PtxMemory();
        global.map(0x100000, 4);
        runBlock(text, java.util.Map.of("big_param_0", 0L, "big_param_1", 0x100000L), global, 1);
        assertEquals(9, global.load(0x100000, 4), "the struct's 64 bytes are there, zeroed, directly and through a generic address");
    }

    /** Runs the first function of {@code text} as a block over {@code global} (no shared memory, no math instructions). */
    private static void runBlock(String text, java.util.Map<String, Long> args, PtxMemory global, int threads) {
        KernelRun.block(PtxReader.read("test.ptx", text).functions().get(0), args,
                new PtxThread.Memories(global, new PtxMemory(), java.util.Map.of(), java.util.Map.of()), threads,
                (in, src) -> {
                    throw new AssertionError(in.opcode() + ": no math instruction expected");
                }, MufuModel.exact());
    }
}

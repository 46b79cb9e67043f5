package org.nvlower.verify.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.nvlower.ptx.PtxFunction;
import org.nvlower.ptx.PtxReader;
import org.nvlower.sass.MufuModel;
import org.nvlower.verify.gpu.CheckPtx;
import org.nvlower.verify.gpu.GpuOp;
import org.nvlower.verify.sass.CaseSet;
import org.nvlower.verify.sass.ConstantDivisionCheck;

/**
 * The template spliced into the check kernels (what {@code bench --impl gpu}'s inline column
 * times) computes what the template called computes: every check module's {@code nvlower_one}
 * entry in the PTX interpreter on edge pairs and random operands, its out[2] (spliced) equal to
 * its out[0] (called) and, for the ops the interpreter has a harness for, to the template's PTX
 * as {@link TemplatePtx} runs it.
 */
class CheckSpliceTest {

    private static final long TAB = 0x10000;
    private static final long OUT = 0x20000;

    @TestFactory
    Stream<DynamicTest> theSplicedTemplateComputesWhatTheCalledOneDoes() {
        List<DynamicTest> tests = new ArrayList<>();
        for (GpuOp op : GpuOp.all()) {
            tests.add(DynamicTest.dynamicTest(op.name(), () -> {
                Map<String, PtxFunction> functions = new HashMap<>();
                for (PtxFunction f : PtxReader.read(op.symbol() + ".ptx", CheckPtx.module(op, "sm_90")).functions()) {
                    functions.put(f.name(), f);
                }
                long mask = op.bits() == 64 ? -1L : 0xFFFFFFFFL;
                for (long[] ab : operands(op)) {
                    long[] r = one(functions, op, ab[0], ab[1]);
                    String what = op + String.format(" a=%x b=%x", ab[0], ab[1]);
                    assertEquals(r[0] & mask, r[2] & mask, what + ": spliced against called");
                    if (op.sassOp() != null) {
                        long want = TemplatePtx.of(op.sassOp()).run(ab[0], ab[1], MufuModel.exact()) & mask;
                        assertEquals(want, r[0] & mask, what + ": called against TemplatePtx");
                    }
                }
            }));
        }
        return tests.stream();
    }

    /** 24 edge pairs spread over the table's square (from its first one) and 8 random words. */
    private static List<long[]> operands(GpuOp op) {
        long[] edge = op.divisor() != null ? ConstantDivisionCheck.edges(op.bits() == 64) : CaseSet.edgeValues(op.sassOp());
        List<long[]> v = new ArrayList<>();
        int pairs = edge.length * edge.length;
        for (int k = 0; k < pairs; k += Math.max(1, pairs / 24)) {
            v.add(new long[] {edge[k / edge.length], edge[k % edge.length]});
        }
        SplittableRandom random = new SplittableRandom(op.name().hashCode());
        for (int k = 0; k < 8; k++) {
            v.add(new long[] {random.nextLong(), random.nextLong()});
        }
        return v;
    }

    /** out[0..2] of nvlower_one for one case; the native instruction gives 0 (the interpreter runs templates, not it). */
    private static long[] one(Map<String, PtxFunction> functions, GpuOp op, long a, long b) {
        PtxMemory global = new PtxMemory();
        global.map(TAB, 16);
        global.store(TAB, a, 8);
        global.store(TAB + 8, b, 8);
        global.map(OUT, 24);
        Map<String, Long> args = Map.of("p_tab", TAB, "p_out", OUT);
        PtxThread t = new PtxThread(functions.get("nvlower_one"), args,
                new PtxThread.Memories(global, new PtxMemory(), Map.of(), functions), name -> null, (in, src) -> 0L,
                MufuModel.exact());
        assertTrue(t.run());
        return new long[] {global.load(OUT, 8), global.load(OUT + 8, 8), global.load(OUT + 16, 8)};
    }
}

package org.nvlower.verify.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.nvlower.ptx.PtxFunction;
import org.nvlower.ptx.PtxReader;
import org.nvlower.sass.MufuModel;
import org.nvlower.verify.gpu.CheckPtx;
import org.nvlower.verify.gpu.GpuCases;
import org.nvlower.verify.gpu.GpuOp;
import org.nvlower.verify.sass.CaseSet;
import org.nvlower.verify.sass.ConstantDivisionCheck;
import org.nvlower.verify.sass.ConstantDivisionCheck.Dividends;

/**
 * The GPU check's operand generator ({@link CheckPtx}'s nvlower_operands entry, the generator text
 * of every check module the GPU runs) run in the PTX interpreter gives, for every op and case set it generates, the operands of
 * the CPU harness's case space for the same (op, set, seed, index): edge, random (two seeds),
 * exhaustive and binades, and the constant divisions' dividends.
 */
class GpuCaseGeneratorTest {

    private static final long TAB = 0x10000;
    private static final long OUT = 0x80000;

    /** The generator of one op's module, runnable in the interpreter. */
    private record Generator(PtxFunction entry, Map<String, PtxFunction> functions, long[] table) {

        static Generator of(GpuOp op) {
            Map<String, PtxFunction> functions = new HashMap<>();
            for (PtxFunction f : PtxReader.read(op.symbol() + ".ptx", CheckPtx.operandsModule(op, "sm_90")).functions()) {
                functions.put(f.name(), f);
            }
            long[] table = op.divisor() != null ? ConstantDivisionCheck.edges(op.bits() == 64)
                    : CaseSet.edgeValues(op.sassOp());
            return new Generator(functions.get("nvlower_operands"), functions, table);
        }

        long[] operands(int set, long seed, long i) {
            PtxMemory global = new PtxMemory();
            global.map(TAB, 8L * table.length);
            for (int k = 0; k < table.length; k++) {
                global.store(TAB + 8L * k, table[k], 8);
            }
            global.map(OUT, 16);
            Map<String, Long> args = Map.of("p_i", i, "p_seed", seed, "p_set", (long) set, "p_tab", TAB,
                    "p_tabn", (long) table.length, "p_out", OUT);
            PtxThread t = new PtxThread(entry, args, new PtxThread.Memories(global, new PtxMemory(), Map.of(), functions),
                    name -> null, (in, src) -> switch (in.opcode()) {
                        case "div.u64" -> Long.divideUnsigned(src[0], src[1]);
                        case "rem.u64" -> Long.remainderUnsigned(src[0], src[1]);
                        default -> throw new UnsupportedOperationException(in.opcode() + " in the generator");
                    }, MufuModel.exact());
            assertTrue(t.run());
            return new long[] {global.load(OUT, 8), global.load(OUT + 8, 8)};
        }
    }


    /** Indices to try from a set of the given size: the first ones, the last ones and spread ones. */
    private static List<Long> indices(long size, int n) {
        List<Long> v = new ArrayList<>();
        for (long i = 0; i < Math.min(size, n); i++) {
            v.add(i);
        }
        for (long k = 1; k <= n && size > n; k++) {
            v.add(size - k);
            v.add(Long.remainderUnsigned(k * 0x9E3779B97F4A7C15L, size));
        }
        return v;
    }

    @TestFactory
    Stream<DynamicTest> theGpuGeneratorMakesTheCpuCaseSpace() {
        List<DynamicTest> tests = new ArrayList<>();
        for (GpuOp op : GpuOp.all()) {
            tests.add(DynamicTest.dynamicTest(op.name(), () -> {
                Generator gen = Generator.of(op);
                long mask = op.bits() == 64 ? -1L : 0xFFFFFFFFL;
                int compared = 0;
                if (op.divisor() != null) {
                    Object[][] sets = {{Dividends.EDGE, GpuCases.EDGE, (long) gen.table().length},
                        {Dividends.RANDOM, GpuCases.RANDOM, 1L << 40}, {Dividends.SIXTEEN_BIT, GpuCases.EXHAUSTIVE, 65536L}};
                    for (Object[] s : sets) {
                        for (long seed : new long[] {1, 0x5EED}) {
                            for (long i : indices((Long) s[2], 16)) {
                                long want = ConstantDivisionCheck.dividend(op.ptxOp(), op.divisor(), (Dividends) s[0], seed, i);
                                long got = gen.operands((Integer) s[1], seed, i)[0];
                                assertEquals(want & mask, got & mask, op + " " + s[0] + " seed " + seed + " case " + i);
                                compared++;
                            }
                        }
                    }
                } else {
                    int[] codes = {GpuCases.EDGE, GpuCases.RANDOM, GpuCases.EXHAUSTIVE, GpuCases.BINADES};
                    CaseSet[] sets = {CaseSet.EDGE, CaseSet.RANDOM, CaseSet.EXHAUSTIVE, CaseSet.BINADES};
                    for (int s = 0; s < sets.length; s++) {
                        long size;
                        try {
                            size = sets[s].size(op.sassOp());
                        } catch (IllegalArgumentException e) {
                            continue; // the set does not exist for this op
                        }
                        for (long seed : new long[] {1, 0x5EED}) {
                            for (long i : indices(Math.min(size, 1L << 40), sets[s] == CaseSet.RANDOM ? 50 : 12)) {
                                long[] want = new long[2];
                                sets[s].operands(op.sassOp(), seed, i, want);
                                long[] got = gen.operands(codes[s], seed, i);
                                for (int k = 0; k < op.inputs(); k++) {
                                    assertEquals(want[k] & mask, got[k] & mask,
                                            op + " " + sets[s].spelling() + " seed " + seed + " case " + i + " operand " + k);
                                }
                                compared++;
                            }
                        }
                    }
                }
                assertTrue(compared >= 80, op + ": only " + compared + " cases compared");
            }));
        }
        return tests.stream();
    }

    @Test
    void theHardSetComesFromTheHostBuffer() {
        GpuOp op = GpuOp.of("div.rn.f64");
        Generator gen = Generator.of(op);
        // set BUFFER with index 0 reads the first pair of the buffer (here: the edge table's first words)
        long[] got = gen.operands(GpuCases.BUFFER, 1, 12345);
        assertEquals(gen.table()[0], got[0]);
        assertEquals(gen.table()[1], got[1]);
    }
}

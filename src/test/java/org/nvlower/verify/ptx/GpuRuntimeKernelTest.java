package org.nvlower.verify.ptx;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.nvlower.llvm.runtime.RuntimeFunction;
import org.nvlower.ptx.PtxFunction;
import org.nvlower.ptx.PtxModule;
import org.nvlower.ptx.PtxReader;
import org.nvlower.sass.MufuModel;
import org.nvlower.verify.gpu.RuntimePtx;
import org.nvlower.verify.runtime.RuntimeCases;

/**
 * The runtime's GPU kernels ({@link RuntimePtx}) as each stock llc found (14, 19) compiles them,
 * run in the PTX interpreter on the CPU harness's edge cases and a few random ones: every result
 * equals softfloat's, so the kernels' operand and result words are what the GPU run compares.
 * Skipped without llc 14 or 19.
 */
class GpuRuntimeKernelTest {

    private static final long IN = 0x100000;
    private static final long OUT = 0x200000;
    private static final long TABLES = 0x1000000;

    @Test
    void theKernelsComputeWhatSoftfloatDoes() throws Exception {
        List<RuntimePtx.Llc> llcs = RuntimePtx.findLlc();
        Assumptions.assumeTrue(!llcs.isEmpty(), "no llc 14 or 19 found");
        List<RuntimeFunction> functions = List.of(RuntimeFunction.values());
        for (RuntimePtx.Llc llc : llcs) {
            Map<String, PtxFunction> fs = new HashMap<>();
            PtxModule module = PtxReader.read("runtime.ptx", RuntimePtx.compile(llc, functions, "sm_80"));
            for (PtxFunction f : module.functions()) {
                fs.put(f.name(), f);
            }
            // the constant arrays (erfcx's coefficients, lgamma's zeros) loaded once: the kernels only read them
            PtxMemory global = new PtxMemory();
            Map<String, Long> symbols = PtxGlobals.load(module, global, TABLES);
            byte[] inBytes = global.map(IN, 64);
            byte[] outBytes = global.map(OUT, 16);
            int checked = 0;
            List<String> bad = new ArrayList<>();
            for (RuntimeFunction f : functions) {
                List<long[]> cases = new ArrayList<>();
                RuntimeCases.forEach(f, 4, 7, ops -> cases.add(ops.clone()));
                for (int k = 0; k < cases.size(); k += Math.max(1, cases.size() / 12)) {
                    long[] ops = cases.get(k);
                    java.util.Arrays.fill(inBytes, (byte) 0);
                    java.util.Arrays.fill(outBytes, (byte) 0);
                    for (int w = 0; w < ops.length; w++) {
                        global.store(IN + 8L * w, ops[w], 8);
                    }
                    PtxFunction kernel = fs.get(RuntimePtx.kernel(f));
                    PtxThread t = new PtxThread(kernel, params(kernel, IN, OUT, 1),
                            new PtxThread.Memories(global, new PtxMemory(), symbols, fs),
                            name -> switch (name) { // thread 0 of a block of one
                                case "%tid.x", "%ctaid.x" -> 0L;
                                case "%ntid.x" -> 1L;
                                default -> null;
                            }, (in, src) -> switch (in.opcode()) { // llc's integer divisions (exact on the GPU)
                                case "div.u64" -> Long.divideUnsigned(src[0], src[1]);
                                case "div.u32" -> Integer.toUnsignedLong(Integer.divideUnsigned((int) src[0], (int) src[1]));
                                case "rem.u64" -> Long.remainderUnsigned(src[0], src[1]);
                                case "rem.u32" -> Integer.toUnsignedLong(Integer.remainderUnsigned((int) src[0], (int) src[1]));
                                default -> throw new UnsupportedOperationException(in.opcode());
                            }, MufuModel.exact());
                    assertTrue(t.run());
                    long[] expected = f.evaluate(ops);
                    long[] actual = f.returnType().words() == 2 ? new long[] {global.load(OUT, 8), global.load(OUT + 8, 8)}
                            : new long[] {global.load(OUT + 8, 8)};
                    if (!f.accepts(expected, actual)) { // pow: within its 1 ulp (docs/quad-math.md)
                        bad.add("llc " + llc.major() + " " + f.symbol() + " operands " + hex(ops) + " got " + hex(actual)
                                + " want " + hex(expected));
                    }
                    checked++;
                }
            }
            assertTrue(bad.isEmpty(), bad.size() + " of " + checked + " differ: " + String.join("\n", bad));
            assertTrue(checked > 55 * 5, "llc " + llc.major() + ": " + checked + " cases");
        }
    }

    private static List<String> hex(long[] words) {
        return java.util.Arrays.stream(words).mapToObj(Long::toHexString).toList();
    }

    private static Map<String, Long> params(PtxFunction kernel, long... values) {
        Map<String, Long> m = new HashMap<>();
        for (int k = 0; k < values.length; k++) {
            m.put(kernel.params().get(k).name(), values[k]);
        }
        return m;
    }
}

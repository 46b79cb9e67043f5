package org.nvlower.verify.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.sass.template.PtxEmitter;
import org.nvlower.testing.ExternalTools;

/**
 * The GPU check modules: ptxas (CUDA 13) accepts them for sm_80, sm_90 and sm_100 (one op of
 * each operand shape and a constant division; docs/gpu.md has the run over
 * all 56), and each has the entries the runner launches with the native instruction in it.
 */
class CheckPtxTest {

    static final String[] SHAPES = {"div.rn.f32", "rcp.rn.ftz.f32", "rem.s64", "div.rn.f64:minimal", "rsqrt.approx.f64",
        "sin.approx.f32", "ex2.approx.f32", "div.s16"};

    @TempDir
    Path dir;

    private static List<GpuOp> ops() {
        List<GpuOp> ops = new ArrayList<>();
        for (String s : SHAPES) {
            ops.add(GpuOp.of(s));
        }
        ops.add(GpuOp.of("div.s32", -3));
        return ops;
    }

    @Test
    void everyModuleHasItsEntriesAndNativeInstruction() {
        // 85 templates (div/rem .u16/.s16 and the MUFU approximations included) and 28 divisions by constants
        assertEquals(113, GpuOp.all().size());
        for (GpuOp op : GpuOp.all()) {
            String m = CheckPtx.module(op, "sm_90");
            for (String e : List.of("operands", "one", "check", "bench_gen", "bench_template", "bench_inline", "bench_native")) {
                assertTrue(m.contains(".visible .entry nvlower_" + e + "("), op + " " + e);
            }
            assertTrue(m.contains("    " + op.ptxOp() + " %"), op + ": no native " + op.ptxOp());
            assertTrue(m.contains("call (r), nvlower_" + op.symbol() + ", "), op.name());
            // the template's body is also spliced into the entries (three sites: one, check, bench_inline)
            String body = PtxEmitter.splice(op.template(), "sm_90", op.bits() == 64 ? List.of("%opa", "%opb").subList(0, op.inputs())
                    : List.of("%w4", "%w5").subList(0, op.inputs()), op.bits() == 64 ? "%ri" : "%w6");
            assertEquals(3, m.split(java.util.regex.Pattern.quote(body), -1).length - 1, op.name());
            assertTrue(!m.contains("call.uni"), op.name() + ": call.uni of a .func some threads may not reach");
        }
        assertTrue(CheckPtx.module(GpuOp.of("div.s32", -3), "sm_90").contains("div.s32 %w7, %w4, -3;"));
        assertTrue(CheckPtx.module(GpuOp.of("div.u64", 0x100000001L), "sm_90").contains("div.u64 %rn, %opa, 0x100000001;"));
    }

    @TestFactory
    Stream<DynamicTest> ptxasAcceptsTheCheckModules() {
        List<DynamicTest> tests = new ArrayList<>();
        for (GpuOp op : ops()) {
            for (String sm : List.of("sm_80", "sm_90", "sm_100")) {
                tests.add(DynamicTest.dynamicTest(op + " " + sm, () -> {
                    Path ptxas = ExternalTools.ptxas().orElse(null);
                    Assumptions.assumeTrue(ptxas != null, "ptxas not found (PATH, CUDA_HOME, /usr/local/cuda)");
                    Path in = dir.resolve(op.symbol() + "_" + sm + ".ptx");
                    Files.writeString(in, CheckPtx.module(op, sm));
                    ExternalTools.Result r = ExternalTools.run(120, ptxas, "-arch=" + sm, in.toString(), "-o",
                            dir.resolve(op.symbol() + "_" + sm + ".cubin").toString());
                    assertEquals(0, r.exitCode(), op + " " + sm + ":\n" + r.stderr());
                }));
            }
        }
        return tests.stream();
    }
}

package org.nvlower.sass.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.testing.ExternalTools;

/** {@code nvlower expand OP --emit ptx}: ptxas (CUDA 13) accepts every emittable template for sm_80, sm_90, sm_100. */
class PtxEmitTest {

    static final String[] OPS = {"div.rn.f64", "div.rn.f64:rcp", "rcp.rn.f64", "sqrt.rn.f64", "sqrt.rn.f64:rsq", "rsqrt.approx.f64",
        "rsqrt.approx.f64:full", "rcp.rn.f32", "sqrt.rn.f32", "div.full.f32", "div.approx.ftz.f32", "div.rn.f32",
        "div.rn.ftz.f32", "rcp.rn.ftz.f32", "sqrt.rn.ftz.f32", "div.full.ftz.f32", "div.approx.f32", "div.u32", "div.s32",
        "rem.u32", "rem.s32", "div.u64", "div.s64", "rem.u64", "rem.s64",
        // directed rounding: each rounding, both FP32 forms, both FP64 seeds
        "div.rz.f32", "div.rm.f32", "div.rp.f32", "div.rz.ftz.f32", "div.rm.ftz.f32", "div.rp.ftz.f32", "rcp.rm.ftz.f32", "sqrt.rp.f32", "div.rm.f64", "rcp.rz.f64:rcp", "sqrt.rp.f64:rsq",
        "rsqrt.approx.f32", "rsqrt.approx.ftz.f32", "div.s16", "rem.u16",
        "ex2.approx.f32", "ex2.approx.ftz.f32", "lg2.approx.f32", "lg2.approx.ftz.f32", "sin.approx.f32", "cos.approx.ftz.f32",
        "sqrt.approx.f32", "sqrt.approx.ftz.f32", "rcp.approx.f32", "rcp.approx.ftz.f32", "tanh.approx.f32"};

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> ptxasAcceptsTheTemplates() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String op : OPS) {
            for (String sm : List.of("sm_80", "sm_90", "sm_100")) {
                tests.add(DynamicTest.dynamicTest(op + " " + sm, () -> {
                    String ptx = PtxEmitter.emit(Templates.require(TemplateKey.valueOf(op)), sm);
                    assertTrue(ptx.contains(".target " + sm));
                    assertTrue(ptx.contains(op.endsWith("f64") || op.contains("f64:") ? ".f64" : ".f32"));
                    Path ptxas = ExternalTools.ptxas().orElse(null);
                    Assumptions.assumeTrue(ptxas != null, "ptxas not found (PATH, CUDA_HOME, /usr/local/cuda)");
                    Path in = dir.resolve(op.replace(':', '_') + "_" + sm + ".ptx");
                    Files.writeString(in, ptx, StandardCharsets.UTF_8);
                    Process p = new ProcessBuilder(ptxas.toString(), "-arch=" + sm, "-v", in.toString(), "-o",
                            dir.resolve("out_" + sm + ".cubin").toString()).redirectErrorStream(true).start();
                    String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                    assertTrue(p.waitFor(120, TimeUnit.SECONDS));
                    assertEquals(0, p.exitValue(), op + " " + sm + ":\n" + log);
                    assertTrue(log.contains("Used"), log);
                }));
            }
        }
        return tests.stream();
    }
}

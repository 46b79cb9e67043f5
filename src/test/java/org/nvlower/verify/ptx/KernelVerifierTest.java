package org.nvlower.verify.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.nvlower.ptx.PtxReader;
import org.nvlower.pipeline.KernelExpansion;

/**
 * End to end on nvcc's kernels: every math instruction of each fixture, expanded into its
 * template, run in the emulator on every edge case and on random and hard cases, equals the
 * oracle (softfloat bit for bit, exact integer arithmetic, or within div.full/div.approx's bound),
 * under the exact and the adversarial MUFU models.
 */
class KernelVerifierTest {

    private static KernelExpansion expand(String fixture, boolean ftz) throws IOException {
        try (InputStream in = KernelVerifierTest.class.getResourceAsStream("/ptx/" + fixture + ".ptx")) {
            return KernelExpansion.of(PtxReader.read(fixture + ".ptx", new String(in.readAllBytes(), StandardCharsets.UTF_8)),
                    ftz);
        }
    }

    @Test
    void everyExpandedInstructionOfTheFixturesMatchesTheOracle() throws IOException {
        // the expanded ops of each fixture, read off the .ptx files
        Map<String, List<String>> want = Map.of(
                "fdiv", List.of("div.rn.f32", "rcp.rn.f32", "sqrt.rn.f32"),
                "intdiv", List.of("div.s32", "div.u32", "div.s64", "div.u64"),
                "loop", List.of("div.rn.f32"),
                "fastmath", List.of("div.approx.ftz.f32", "rcp.rn.ftz.f32"),
                "ddiv", List.of("div.rn.f64", "rcp.rn.f64", "sqrt.rn.f64", "rsqrt.approx.f64"),
                "canonical", List.of("div.full.f32", "div.approx.ftz.f32", "div.rn.ftz.f32", "sqrt.rn.ftz.f32",
                        "rsqrt.approx.f64", "div.rn.f64", "rcp.rn.f64", "sqrt.rn.f64", "div.u32/7", "rem.s32", "div.s64",
                        "rem.u64/10"));
        long cases = 0;
        for (var e : want.entrySet()) {
            KernelExpansion x = expand(e.getKey(), false);
            for (String mufu : List.of("exact", "adversarial")) {
                List<KernelVerifier.OpResult> results = KernelVerifier.verify(x, 300, mufu, 7, 1);
                assertEquals(e.getValue(), results.stream().map(KernelVerifier.OpResult::op).toList(), e.getKey());
                for (KernelVerifier.OpResult r : results) {
                    assertTrue(r.passed(), e.getKey() + " " + r.op() + " under MUFU " + mufu + ": " + r.results());
                    assertTrue(r.cases() > 600, r.op() + ": " + r.cases());
                    cases += r.cases();
                }
            }
        }
        assertTrue(cases > 400_000, "cases: " + cases);
    }

    @Test
    void ftzVerifiesTheFtzTemplatesAgainstTheFtzReference() throws IOException {
        List<KernelVerifier.OpResult> results = KernelVerifier.verify(expand("fdiv", true), 300, "exact", 3, 1);
        assertEquals(List.of("div.rn.ftz.f32", "rcp.rn.ftz.f32", "sqrt.rn.ftz.f32"),
                results.stream().map(KernelVerifier.OpResult::op).toList());
        assertTrue(results.stream().allMatch(KernelVerifier.OpResult::passed), results.toString());
    }
}

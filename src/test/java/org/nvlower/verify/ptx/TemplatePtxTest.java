package org.nvlower.verify.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.nvlower.sass.template.TemplateKey;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.nvlower.sass.MufuModel;
import org.nvlower.sass.template.Templates;
import org.nvlower.verify.sass.CaseSet;
import org.nvlower.verify.sass.SassOp;
import org.nvlower.verify.sass.TemplateVerifier;
import org.nvlower.verify.sass.TemplateVerifier.Plan;

/**
 * Every template's emitted PTX ({@code expand OP --emit ptx}), all 85, runs in the PTX interpreter on
 * edge, random and hard cases under the exact and an adversarial MUFU model (the directed
 * roundings: the adversarial one, fewer cases): every result equals
 * the reference (or lies within the bound) and the emulator's word for the same case.
 */
class TemplatePtxTest {

    private static TemplateVerifier.Result verify(SassOp op, CaseSet set, long n, String mufu, TemplateVerifier.Subjects subjects) {
        return TemplateVerifier.run(new Plan(op, set, 0, Math.min(n, set.size(op)), 3, mufu, 1, subjects), null);
    }

    @Test
    void everyTemplateHasAHarnessKernel() {
        // the 25 PtxEmitTest has ptxas accept, DDIV's two lower register tiers and DRCP's MUFU.RCP seed,
        // the 18 FP32 and 18 FP64 (9 ops, 2 seeds) directed roundings, div/rem .u16/.s16, rsqrt.approx(.ftz).f32,
        // rcp/sqrt/ex2/lg2/sin/cos.approx(.ftz).f32, tanh.approx.f32, rcp/rsqrt.approx.ftz.f64
        assertEquals(85, Templates.names().size());
        for (String name : Templates.names()) {
            String kernel = "nvlower_" + name.replaceAll("[^A-Za-z0-9]", "_") + "_kernel(.param .u64 buf)";
            assertTrue(TemplatePtx.of(SassOp.of(TemplateKey.valueOf(name))).text().contains(".visible .entry " + kernel), name);
        }
    }

    @TestFactory
    Stream<DynamicTest> everyTemplatesPtxAgreesWithTheReferenceAndTheEmulator() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String name : Templates.names()) {
            tests.add(DynamicTest.dynamicTest(name, () -> {
                SassOp op = SassOp.of(TemplateKey.valueOf(name));
                TemplatePtx ptx = TemplatePtx.of(op);
                // a directed rounding's PTX is its .rn template's with the correction: a smaller share
                boolean directed = op.template().key().op().rounding().matches("r[zmp]");
                for (String mufu : directed ? new String[] {"adversarial"} : new String[] {"exact", "adversarial"}) {
                    for (CaseSet set : new CaseSet[] {CaseSet.EDGE, CaseSet.RANDOM, CaseSet.HARD}) {
                        long n = directed ? (set == CaseSet.EDGE ? 1500 : 150)
                                : set == CaseSet.EDGE ? 4000 : mufu.equals("exact") ? 600 : 300;
                        TemplateVerifier.Result r = verify(op, set, n, mufu, ptx);
                        assertTrue(r.cases() >= Math.min(n, 50), name + " " + set + ": " + r.cases() + " cases");
                        assertTrue(r.passed(), name + " " + set + " " + mufu + ": " + r.mismatches() + " mismatches, "
                                + r.beyondBound() + " beyond, first " + r.first());
                    }
                }
            }));
        }
        return tests.stream();
    }

    /** The check can fail: a PTX whose FMA rounds toward zero, and a subject one bit off, are caught. */
    @Test
    void aWrongPtxOrAWrongWordIsAMismatch() {
        SassOp div = SassOp.of(TemplateKey.valueOf("div.rn.f64"));
        String text = TemplatePtx.of(div).text();
        assertTrue(text.contains("fma.rn.f64"));
        TemplatePtx mutant = TemplatePtx.of(div, text.replace("fma.rn.f64", "fma.rz.f64"));
        assertTrue(verify(div, CaseSet.RANDOM, 300, "exact", mutant).mismatches() > 0);
        // an approximation: the reference only bounds it, the emulator's word pins it
        SassOp approx = SassOp.of(TemplateKey.valueOf("div.full.f32"));
        TemplatePtx ptx = TemplatePtx.of(approx);
        TemplateVerifier.Subjects offByOne = mufu -> {
            TemplateVerifier.Subject s = ptx.make(mufu);
            return (a, b) -> s.run(a, b) ^ 1;
        };
        TemplateVerifier.Result r = verify(approx, CaseSet.RANDOM, 300, "exact", offByOne);
        assertEquals(300, r.mismatches());
        assertEquals(0, r.beyondBound());
    }

    @Test
    void theApproximationsFollowTheModel() {
        // the same case under two models: the PTX's result moves with the MUFU exactly as the emulator's
        SassOp op = SassOp.of(TemplateKey.valueOf("div.approx.ftz.f32"));
        TemplatePtx ptx = TemplatePtx.of(op);
        long a = Float.floatToRawIntBits(1f) & 0xFFFFFFFFL;
        long b = Float.floatToRawIntBits(3f) & 0xFFFFFFFFL;
        long exact = ptx.run(a, b, MufuModel.exact());
        long low = ptx.run(a, b, MufuModel.adversarial(MufuModel.Extreme.LOW, 1));
        long high = ptx.run(a, b, MufuModel.adversarial(MufuModel.Extreme.HIGH, 1));
        assertEquals(Float.floatToRawIntBits(1f / 3f) & 0xFFFFFFFFL, exact);
        assertTrue(low < exact || high > exact, "low " + low + " exact " + exact + " high " + high);
    }
}

package org.nvlower.verify.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.nvlower.verify.sass.Verifier;
import org.nvlower.verify.sass.Verifier.Plan;

/**
 * Every template's emitted PTX ({@code expand OP --emit ptx}) runs in the PTX interpreter on
 * edge, random and hard cases under the exact and an adversarial MUFU model: every result equals
 * the reference (or lies within the bound) and the emulator's word for the same case.
 */
class TemplatePtxTest {

    /** The 25 templates PtxEmitter covers (PtxEmitTest has ptxas accept them). */
    static final List<String> OPS = List.of("div.rn.f64", "div.rn.f64:rcp", "rcp.rn.f64", "sqrt.rn.f64", "sqrt.rn.f64:rsq",
            "rsqrt.approx.f64", "rsqrt.approx.f64:full", "rcp.rn.f32", "sqrt.rn.f32", "div.full.f32", "div.approx.ftz.f32",
            "div.rn.f32", "div.rn.ftz.f32", "rcp.rn.ftz.f32", "sqrt.rn.ftz.f32", "div.full.ftz.f32", "div.approx.f32",
            "div.u32", "div.s32", "rem.u32", "rem.s32", "div.u64", "div.s64", "rem.u64", "rem.s64");

    private static Verifier.Result verify(SassOp op, CaseSet set, long n, String mufu, Verifier.Subjects subjects) {
        return Verifier.run(new Plan(op, set, 0, Math.min(n, set.size(op)), 3, mufu, 1, subjects), null);
    }

    @Test
    void theListIsEveryTemplateButTheTiersAndTheRcpSeedOfRcp() {
        List<String> rest = new ArrayList<>(Templates.names());
        rest.removeAll(OPS);
        assertEquals(List.of("div.rn.f64:partial", "div.rn.f64:minimal", "rcp.rn.f64:rcp"), rest);
    }

    @TestFactory
    Stream<DynamicTest> everyTemplatesPtxAgreesWithTheReferenceAndTheEmulator() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String name : OPS) {
            tests.add(DynamicTest.dynamicTest(name, () -> {
                SassOp op = SassOp.of(name);
                TemplatePtx ptx = TemplatePtx.of(op);
                for (String mufu : new String[] {"exact", "adversarial"}) {
                    for (CaseSet set : new CaseSet[] {CaseSet.EDGE, CaseSet.RANDOM, CaseSet.HARD}) {
                        long n = set == CaseSet.EDGE ? 4000 : mufu.equals("exact") ? 600 : 300;
                        Verifier.Result r = verify(op, set, n, mufu, ptx);
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
        SassOp div = SassOp.of("div.rn.f64");
        String text = TemplatePtx.of(div).text();
        assertTrue(text.contains("fma.rn.f64"));
        TemplatePtx mutant = TemplatePtx.of(div, text.replace("fma.rn.f64", "fma.rz.f64"));
        assertTrue(verify(div, CaseSet.RANDOM, 300, "exact", mutant).mismatches() > 0);
        // an approximation: the reference only bounds it, the emulator's word pins it
        SassOp approx = SassOp.of("div.full.f32");
        TemplatePtx ptx = TemplatePtx.of(approx);
        Verifier.Subjects offByOne = mufu -> {
            Verifier.Subject s = ptx.make(mufu);
            return (a, b) -> s.run(a, b) ^ 1;
        };
        Verifier.Result r = verify(approx, CaseSet.RANDOM, 300, "exact", offByOne);
        assertEquals(300, r.mismatches());
        assertEquals(0, r.beyondBound());
    }

    @Test
    void theApproximationsFollowTheModel() {
        // the same case under two models: the PTX's result moves with the MUFU exactly as the emulator's
        SassOp op = SassOp.of("div.approx.ftz.f32");
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

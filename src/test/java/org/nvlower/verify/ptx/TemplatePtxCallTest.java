package org.nvlower.verify.ptx;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.nvlower.sass.template.PtxEmitter;
import org.nvlower.sass.template.TemplateKey;
import org.nvlower.sass.template.Templates;
import org.nvlower.verify.sass.CaseSet;
import org.nvlower.verify.sass.SassOp;
import org.nvlower.verify.sass.TemplateVerifier;
import org.nvlower.verify.sass.TemplateVerifier.Plan;

/**
 * The template's .func called through its parameters ({@link PtxEmitter#emitCalling}: what a
 * user of {@code expand --emit ptx} who calls it runs) passes the same harness as the spliced body
 * ({@link TemplatePtxTest}): every template's calling kernel runs in the PTX interpreter on edge,
 * random and hard cases under the exact and an adversarial MUFU model, each result equal to the
 * reference (or within the bound) and to the emulator's word.
 */
class TemplatePtxCallTest {

    private static TemplateVerifier.Result verify(SassOp op, CaseSet set, long n, String mufu, TemplateVerifier.Subjects subjects) {
        return TemplateVerifier.run(new Plan(op, set, 0, Math.min(n, set.size(op)), 3, mufu, 1, subjects), null);
    }

    @TestFactory
    Stream<DynamicTest> everyCalledTemplateAgreesWithTheReferenceAndTheEmulator() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String name : Templates.names()) {
            tests.add(DynamicTest.dynamicTest(name, () -> {
                SassOp op = SassOp.of(TemplateKey.valueOf(name));
                String text = PtxEmitter.emitCalling(op.template(), "sm_90");
                assertTrue(text.contains("call (r), "), name + ": the kernel does not call the .func");
                TemplatePtx ptx = TemplatePtx.of(op, text);
                boolean directed = op.template().key().op().rounding().matches("r[zmp]");
                for (String mufu : directed ? new String[] {"adversarial"} : new String[] {"exact", "adversarial"}) {
                    for (CaseSet set : new CaseSet[] {CaseSet.EDGE, CaseSet.RANDOM, CaseSet.HARD}) {
                        long n = directed ? (set == CaseSet.EDGE ? 300 : 50) : set == CaseSet.EDGE ? 1000 : 150;
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

    /** A spliced body that takes its operands the wrong way round is caught (the splice's bindings matter). */
    @Test
    void aWrongSpliceIsAMismatch() {
        SassOp op = SassOp.of(TemplateKey.valueOf("div.u32"));
        String text = PtxEmitter.emit(op.template(), "sm_90");
        String wrong = text.replace("mov.b32 %t_io, %x0;", "mov.b32 %t_io, %x1;");
        assertTrue(!wrong.equals(text));
        assertTrue(verify(op, CaseSet.RANDOM, 200, "exact", TemplatePtx.of(op, wrong)).mismatches() > 0);
    }
}

package org.nvlower.verify.sass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.nvlower.sass.template.TemplateKey;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.nvlower.sass.template.Templates;
import org.nvlower.verify.sass.TemplateVerifier.Plan;
import org.nvlower.verify.sass.TemplateVerifier.Result;

/**
 * CI's share of the proofs in docs/templates.md: every template on every edge case and a slice of
 * the random and hard sets under each MUFU model (exact, bounded, adversarial, both extremes),
 * the fast-path binades of rcp.rn and sqrt.rn with every MUFU output inside the bound (a stride
 * of them), and 16-bit integer operands (a stride of the exhaustive set). The long runs cover all
 * of it (docs/templates.md gives the commands and their results).
 */
class TemplatesVerifyTest {

    static final String[] MODELS = {"exact", "bounded", "adversarial", "adversarial-low", "adversarial-high"};
    static final int RANDOM = Integer.getInteger("nvlower.verify.random", 12_000);
    static final int HARD = Integer.getInteger("nvlower.verify.hard", 12_000);
    /**
     * The directed roundings (.rz .rm .rp, 27 templates) share their .rn template's code up to one
     * correction: CI runs a sixth of the random and hard cases for them (docs/templates.md has the long runs).
     */
    static final int DIRECTED_SHARE = 6;

    static boolean directed(String op) {
        return TemplateKey.valueOf(op).op().rounding().matches("r[zmp]");
    }

    private static Result run(String op, CaseSet set, long from, long to, String mufu) {
        return TemplateVerifier.run(new Plan(SassOp.of(TemplateKey.valueOf(op)), set, from, to, 7, mufu, 2), null);
    }

    /**
     * a * MUFU.RCP(b) with MUFU anywhere in its 1-ulp bound: 1 ulp of 1/b is up to 2^-23 relative,
     * up to 2 ulps of the quotient, plus half an ulp of rounding. PTX's 2-ulp bound for div.full
     * and div.approx holds with the correctly rounded MUFU (checked below); with MUFU at the edge of
     * its own documented bound the measured maximum reaches 2.306 ulps here (2.495 in the long runs
     * of docs/templates.md).
     */
    static final double APPROX_WITH_ANY_MUFU = 2.5;

    private static void assertPassed(Result r) {
        if (!r.plan().op().exact() && !r.plan().mufu().equals("exact")) {
            assertEquals(0, r.mismatches());
            // div.full/div.approx: the PTX ISA's 2 ulps need the correctly rounded MUFU; the others' bounds
            // (rsqrt, ex2, lg2, sin, cos .approx.f32) are derived for every MUFU inside its own bound
            double limit = r.plan().op().kind() == SassOp.Kind.APPROX_DIV_F32 ? APPROX_WITH_ANY_MUFU
                    : r.plan().op().template().ulpBound();
            assertTrue(r.maxUlp() <= limit, r.plan().op() + " " + r.plan().mufu() + ": " + r.maxUlp() + " ulp");
            return;
        }
        String where = r.first() == null ? "" : " first at case " + r.first().index() + ": "
                + Long.toHexString(r.first().a()) + ", " + Long.toHexString(r.first().b()) + " expected "
                + Long.toHexString(r.first().expected()) + " got " + Long.toHexString(r.first().got());
        assertTrue(r.passed(), r.plan().op() + " " + r.plan().set() + " " + r.plan().mufu() + ": " + r.mismatches()
                + " mismatches, " + r.beyondBound() + " beyond the bound, max " + r.maxUlp() + " ulp" + where);
    }

    @TestFactory
    Stream<DynamicTest> everyTemplateUnderEveryMufuModel() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String op : Templates.names()) {
            for (String mufu : MODELS) {
                tests.add(DynamicTest.dynamicTest(op + " " + mufu, () -> {
                    CaseSet edge = CaseSet.EDGE;
                    assertPassed(run(op, edge, 0, edge.size(SassOp.of(TemplateKey.valueOf(op))), mufu));
                    int share = directed(op) ? DIRECTED_SHARE : 1;
                    assertPassed(run(op, CaseSet.RANDOM, 0, RANDOM / share, mufu));
                    assertPassed(run(op, CaseSet.HARD, 0, HARD / share, mufu));
                }));
            }
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> fastPathBinadesWithEveryMufuOutput() {
        return Stream.of("rcp.rn.f32", "sqrt.rn.f32", "rcp.rz.f32", "sqrt.rp.f32").map(op -> DynamicTest.dynamicTest(op, () -> {
            // every 97th input of the binades, each with every admissible MUFU output
            SassOp o = SassOp.of(TemplateKey.valueOf(op));
            Plan plan = new Plan(o, CaseSet.BINADES, 0, CaseSet.BINADES.size(o), 0, "all", 1);
            long runs = 0;
            for (long start = 0; start < plan.to(); start += 97 * 64) {
                Result r = TemplateVerifier.run(new Plan(o, CaseSet.BINADES, start, Math.min(plan.to(), start + 64), 0, "all", 1), null);
                assertPassed(r);
                runs += r.runs();
            }
            assertTrue(runs > 100_000, "runs " + runs);
        }));
    }

    @TestFactory
    Stream<DynamicTest> sixteenBitIntegerOperands() {
        return Stream.of("div.u32", "rem.s32", "div.s64", "rem.u64").map(op -> DynamicTest.dynamicTest(op, () -> {
            // the divisors 0..255 against 16 dividends spread over the 16-bit range (case i of the
            // exhaustive set: a = i >>> 16, b = i & 0xFFFF), one run of 256 consecutive cases each
            long runs = 0;
            for (long a = 0; a < 65536; a += 4096) {
                Result r = run(op, CaseSet.EXHAUSTIVE, a << 16, (a << 16) + 256, "exact");
                assertPassed(r);
                runs += r.runs();
            }
            assertEquals(16 * 256, runs);
            assertPassed(run(op, CaseSet.EXHAUSTIVE, 0, 1 << 18, "adversarial"));
        }));
    }
}

package org.nvlower.verify.sass;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.nvlower.sass.template.TemplateKey;
import java.math.BigDecimal;
import java.math.MathContext;

import org.junit.jupiter.api.Test;

/** Case spaces: pure functions of (op, set, seed, i), and the hard cases as hard as they claim. */
class CaseSetTest {

    @Test
    void caseIDependsOnOpSetSeedAndIAlone() {
        SassOp op = SassOp.of(TemplateKey.valueOf("div.rn.f32"));
        long[] x = new long[2];
        long[] y = new long[2];
        for (CaseSet set : new CaseSet[] {CaseSet.RANDOM, CaseSet.HARD, CaseSet.EDGE}) {
            for (long i : new long[] {0, 1, 77, 3000, 123_456}) {
                if (i >= set.size(op)) {
                    continue;
                }
                set.operands(op, 9, i, x);
                set.operands(op, 9, 5, y); // something else in between
                set.operands(op, 9, i, y);
                assertArrayEquals(x, y, set + " case " + i);
            }
        }
        CaseSet.RANDOM.operands(op, 9, 10, x);
        CaseSet.RANDOM.operands(op, 10, 10, y);
        assertTrue(x[0] != y[0] || x[1] != y[1], "the seed matters for random cases");
        CaseSet.HARD.operands(op, 9, 10, x);
        CaseSet.HARD.operands(op, 10, 10, y);
        assertArrayEquals(x, y, "the hard set does not depend on the seed");
        assertEquals(62L * 62, CaseSet.EDGE.size(op));
        assertEquals(1L << 32, CaseSet.EXHAUSTIVE.size(SassOp.of(TemplateKey.valueOf("sqrt.rn.f32"))));
        CaseSet.EXHAUSTIVE.operands(SassOp.of(TemplateKey.valueOf("rem.s32")), 0, 0xFFFF_8000L, x);
        assertEquals(-1, x[0]);
        assertEquals(-32768, x[1]);
    }

    /** Distance of a / b from the nearest midpoint between two floats, in ulps of the quotient. */
    private static double midpointDistance(int a, int b) {
        BigDecimal q = new BigDecimal(Float.intBitsToFloat(a)).divide(new BigDecimal(Float.intBitsToFloat(b)),
                new MathContext(80)).abs();
        float lo = new BigDecimal(q.floatValue()).compareTo(q) > 0 ? Math.nextDown(q.floatValue()) : q.floatValue();
        BigDecimal ulp = new BigDecimal(Math.ulp(lo));
        BigDecimal mid = new BigDecimal(lo).add(ulp.divide(BigDecimal.valueOf(2)));
        return q.subtract(mid).abs().divide(ulp, new MathContext(20)).doubleValue();
    }

    @Test
    void hardQuotientsLieNextToMidpoints() {
        SassOp op = SassOp.of(TemplateKey.valueOf("div.rn.f32"));
        long[] x = new long[2];
        double worst = 0;
        for (long i = 0; i < 4000; i += 8) { // category 0: near a 24-bit midpoint
            CaseSet.HARD.operands(op, 0, i, x);
            double d = midpointDistance((int) x[0], (int) x[1]);
            worst = Math.max(worst, d);
        }
        assertTrue(worst < 1e-6, "every constructed quotient is within 1e-6 ulp of a midpoint, worst " + worst);
    }

    @Test
    void hardRootsLieNextToMidpoints() {
        SassOp op = SassOp.of(TemplateKey.valueOf("sqrt.rn.f32"));
        long[] x = new long[2];
        int near = 0;
        for (long i = 0; i < 600; i++) {
            CaseSet.HARD.operands(op, 0, i, x);
            if (i % 6 == 5) {
                continue; // the subnormal category
            }
            BigDecimal root = new BigDecimal(Float.intBitsToFloat((int) x[0])).sqrt(new MathContext(80));
            float lo = new BigDecimal(root.floatValue()).compareTo(root) > 0 ? Math.nextDown(root.floatValue())
                    : root.floatValue();
            BigDecimal ulp = new BigDecimal(Math.ulp(lo));
            BigDecimal mid = new BigDecimal(lo).add(ulp.divide(BigDecimal.valueOf(2)));
            if (root.subtract(mid).abs().divide(ulp, new MathContext(20)).doubleValue() < 1e-4) {
                near++;
            }
        }
        assertTrue(near >= 490, "roots within 1e-4 ulp of a midpoint: " + near + " of 500");
    }
}

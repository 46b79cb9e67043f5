package org.nvlower.verify.sass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.nvlower.ptx.PtxMathOp;
import org.nvlower.sass.template.TemplateKey;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.nvlower.sass.SassInstruction;
import org.nvlower.sass.Mod;
import org.nvlower.sass.SassOpcode;
import org.nvlower.sass.template.Dispatcher;
import org.nvlower.sass.template.Template;
import org.nvlower.sass.template.Templates;
import org.nvlower.nvptx.SmProcessor;
import org.nvlower.verify.sass.TemplateVerifier.Plan;
import org.nvlower.verify.sass.TemplateVerifier.Result;

/**
 * The FP64 templates and each of their variants (the three DDIV register-pressure tiers, the
 * MUFU.RCP seed of SMs without MUFU.RCP64H, DRSQRT's coordinators A and B) on the edge, random
 * and hard sets under every MUFU model: 0 mismatches for the exact ops, rsqrt.approx.f64 within
 * its bound. (TemplatesVerifyTest runs every registered template too; this test names the
 * variants and the target selection explicitly.)
 */
class Fp64TemplatesTest {

    static final String[] FP64 = {"div.rn.f64", "div.rn.f64:partial", "div.rn.f64:minimal", "div.rn.f64:rcp",
        "rcp.rn.f64", "rcp.rn.f64:rcp", "sqrt.rn.f64", "sqrt.rn.f64:rsq", "rsqrt.approx.f64", "rsqrt.approx.f64:full"};
    static final String[] MODELS = {"exact", "bounded", "adversarial", "adversarial-low", "adversarial-high"};
    static final int N = Integer.getInteger("nvlower.verify.fp64", 20_000);

    private static void check(String op, CaseSet set, long n, String mufu) {
        SassOp o = SassOp.of(TemplateKey.valueOf(op));
        Result r = TemplateVerifier.run(new Plan(o, set, 0, n, 11, mufu, 1), null);
        String where = r.first() == null ? "" : " first: a=" + Long.toHexString(r.first().a()) + " b="
                + Long.toHexString(r.first().b()) + " expected " + Long.toHexString(r.first().expected()) + " got "
                + Long.toHexString(r.first().got());
        assertTrue(r.passed(), op + " " + set + " " + mufu + ": " + r.mismatches() + " mismatches, " + r.beyondBound()
                + " beyond, max ulp " + r.maxUlp() + where);
        assertEquals(n, r.cases());
    }

    @TestFactory
    Stream<DynamicTest> everyVariantUnderEveryMufuModel() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String op : FP64) {
            for (String mufu : MODELS) {
                tests.add(DynamicTest.dynamicTest(op + " " + mufu, () -> {
                    check(op, CaseSet.EDGE, CaseSet.EDGE.size(SassOp.of(TemplateKey.valueOf(op))), mufu);
                    check(op, CaseSet.RANDOM, N, mufu);
                    check(op, CaseSet.HARD, N, mufu);
                }));
            }
        }
        return tests.stream();
    }

    /** The hard division cases of the near-midpoint categories really are within 2^-40 ulp of a midpoint. */
    @Test
    void hardQuotientsLieNearMidpoints() {
        SassOp op = SassOp.of(TemplateKey.valueOf("div.rn.f64"));
        long[] ab = new long[2];
        int near = 0;
        int total = 0;
        java.math.MathContext mc = new java.math.MathContext(80);
        for (long i = 0; i < 4000; i += 8) { // category 0: anywhere in the exponent range
            CaseSet.HARD.operands(op, 0, i, ab);
            double a = Math.abs(Double.longBitsToDouble(ab[0]));
            double b = Math.abs(Double.longBitsToDouble(ab[1]));
            java.math.BigDecimal q = new java.math.BigDecimal(a).divide(new java.math.BigDecimal(b), mc);
            int e = Math.getExponent(q.doubleValue());
            if (e < Double.MIN_EXPONENT || e > Double.MAX_EXPONENT) {
                continue;
            }
            java.math.BigDecimal scaled = q.multiply(new java.math.BigDecimal(Math.scalb(1.0, 52 - e)), mc);
            java.math.BigDecimal frac = scaled.subtract(new java.math.BigDecimal(scaled.toBigInteger()));
            total++;
            if (frac.subtract(new java.math.BigDecimal("0.5")).abs().doubleValue() < 0x1p-40) {
                near++;
            }
        }
        assertTrue(total > 400 && near >= total * 9 / 10, near + " of " + total + " near a midpoint");
    }

    /**
     * The hard reciprocal cases of the near-midpoint categories (i mod 8 < 7) are within 2^-40 ulp
     * of a midpoint of their result's grid, the subnormal grid included, every one of them; category
     * 5's results are subnormal, category 6's operands subnormal with results above 2^1022.
     */
    @Test
    void hardReciprocalsLieNearMidpoints() {
        SassOp op = SassOp.of(TemplateKey.valueOf("rcp.rn.f64"));
        long[] x = new long[2];
        java.math.MathContext mc = new java.math.MathContext(80);
        java.math.BigDecimal half = new java.math.BigDecimal("0.5");
        int[] perCategory = new int[7];
        for (long i = 0; i < 8000; i++) {
            int category = (int) (i & 7);
            if (category == 7) {
                continue;
            }
            CaseSet.HARD.operands(op, 0, i, x);
            java.math.BigDecimal r = java.math.BigDecimal.ONE.divide(new java.math.BigDecimal(
                    Math.abs(Double.longBitsToDouble(x[0]))), mc);
            int e = Math.getExponent(r.doubleValue());
            if (r.compareTo(pow2(e)) < 0) {
                e--;
            }
            int ulp = Math.max(e, Double.MIN_EXPONENT) - 52;
            java.math.BigDecimal scaled = r.multiply(pow2(-ulp), mc);
            java.math.BigDecimal frac = scaled.subtract(new java.math.BigDecimal(scaled.toBigInteger()));
            double off = frac.subtract(half).abs().doubleValue();
            assertTrue(off < 0x1p-40, "case " + i + ": x = " + Long.toHexString(x[0]) + " is " + off + " ulp from a midpoint");
            if (category == 5) {
                assertTrue(e < Double.MIN_EXPONENT, "case " + i + ": 1/x not subnormal");
            }
            if (category == 6) {
                assertTrue((x[0] & 0x7FF0000000000000L) == 0 && e >= 1022, "case " + i + ": not at the overflow edge");
            }
            perCategory[category]++;
        }
        assertEquals(List.of(1000, 1000, 1000, 1000, 1000, 1000, 1000),
                java.util.Arrays.stream(perCategory).boxed().toList());
    }

    /**
     * The branch of the slow path's final scaling that runs only when the significands' rounded
     * quotient (or reciprocal) q_s lies exactly on a midpoint of the subnormal grid while the true
     * result does not: operands built so (q_s = M, an odd multiple of half a subnormal ulp, with a
     * nonzero residual of either sign), for every subnormal precision, through every tier and
     * rcp.rn.f64, under every MUFU model: equal to softfloat. (Random and hard cases reach it rarely.)
     */
    @Test
    void subnormalMidpointsOfTheRoundedQuotient() {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(0x5CA1E);
        List<long[]> cases = new ArrayList<>();
        int above = 0;
        while (cases.size() < 400) {
            boolean rcp = cases.size() % 4 == 3;               // 1/x is subnormal only just below 2^-1022
            int j = rcp ? 1 + rnd.nextInt(2) : 1 + rnd.nextInt(52); // the result keeps 52 - j fraction bits
            double m = 1 + (2 * rnd.nextLong(1L << (52 - j)) + 1) * Math.scalb(1.0, j - 53);
            double bs = rcp ? 1 / m : 1 + rnd.nextLong(1L << 52) * 0x1p-52;
            double as = rcp ? 1 : m * bs;
            double rs = Math.fma(-m, bs, as);                 // the template's exact residual
            if (as >= 2 || as < 1 || as / bs != m || rs == 0) {
                continue;                                     // q_s must be m, and inexact
            }
            above += rs > 0 ? 1 : 0;
            int eb = 60 + rnd.nextInt(400);                   // b = bs 2^eb, a = as 2^(eb - 1022 - j)
            long b = Double.doubleToLongBits(rcp ? Math.scalb(bs, 1022 + j) : Math.scalb(bs, eb));
            long a = rcp ? 0 : Double.doubleToLongBits(Math.scalb(as, eb - 1022 - j));
            cases.add(rcp ? new long[] {b, 0, 1} : new long[] {a, b, 0});
        }
        assertTrue(above > 50 && above < 350, above + " of 400 above the midpoint");
        for (String name : new String[] {"div.rn.f64", "div.rn.f64:partial", "div.rn.f64:minimal", "div.rn.f64:rcp",
            "rcp.rn.f64", "rcp.rn.f64:rcp"}) {
            SassOp op = SassOp.of(TemplateKey.valueOf(name));
            for (String mufu : MODELS) {
                org.nvlower.sass.Emulator em = new org.nvlower.sass.Emulator(op.template().program(),
                        org.nvlower.sass.MufuModel.byName(mufu, 3));
                int run = 0;
                for (long[] c : cases) {
                    if ((c[2] == 1) != op.unary()) {
                        continue;
                    }
                    long expected = op.expected64f(c[0], c[1], op.env());
                    long got = op.unary() ? em.run64(c[0]) : em.run64(c[0], c[1]);
                    assertEquals(Long.toHexString(expected), Long.toHexString(got), name + " " + mufu + " a="
                            + Long.toHexString(c[0]) + " b=" + Long.toHexString(c[1]));
                    run++;
                }
                assertTrue(run >= 90, name + ": " + run + " cases");
            }
        }
    }

    private static java.math.BigDecimal pow2(int k) {
        java.math.BigDecimal p = new java.math.BigDecimal(java.math.BigInteger.ONE.shiftLeft(Math.abs(k)));
        return k >= 0 ? p : java.math.BigDecimal.ONE.divide(p);
    }

    @Test
    void targetSelectsTheVariant() {
        SmProcessor sm90 = SmProcessor.byName("sm_90").orElseThrow();
        SmProcessor sm70 = SmProcessor.byName("sm_70").orElseThrow();
        assertEquals("div.rn.f64", Templates.forTarget(PtxMathOp.DIV_RN_F64, sm90, 65536).name());
        assertEquals("div.rn.f64:partial", Templates.forTarget(PtxMathOp.DIV_RN_F64, sm90, 20479).name());
        assertEquals("div.rn.f64:partial", Templates.forTarget(PtxMathOp.DIV_RN_F64, sm90, 16384).name());
        assertEquals("div.rn.f64:minimal", Templates.forTarget(PtxMathOp.DIV_RN_F64, sm90, 16383).name());
        assertEquals("div.rn.f64:rcp", Templates.forTarget(PtxMathOp.DIV_RN_F64, sm70, 65536).name());
        assertEquals("rsqrt.approx.f64", Templates.forTarget(PtxMathOp.RSQRT_APPROX_F64, sm90, 65536).name());
        assertEquals("rsqrt.approx.f64:full", Templates.forTarget(PtxMathOp.RSQRT_APPROX_F64, sm70, 65536).name());
        assertEquals("sqrt.rn.f64", Templates.forTarget(PtxMathOp.SQRT_RN_F64, sm90, 65536).name());
        assertEquals("sqrt.rn.f64:rsq", Templates.forTarget(PtxMathOp.SQRT_RN_F64, sm70, 65536).name());
    }

    /**
     * Every SM of the table gets, for every op the dispatcher knows, a template using only MUFU
     * functions it has; tanh.approx.f32 (MUFU.TANH alone) has none before sm_75. The exceptions are
     * rcp/rsqrt.approx.ftz.f64, which are MUFU.RCP64H/RSQ64H themselves: ptxas 11.8 writes that MUFU
     * for them on every SM it targets (sm_35 to sm_90, docs/templates.md), though the seed's table,
     * which picks the FP64 templates' seeds, has MUFU.RCP64H/RSQ64H from sm_80 on.
     */
    @Test
    void noSmGetsAMufuFunctionItLacks() {
        int checked = 0;
        for (SmProcessor sm : SmProcessor.all()) {
            for (PtxMathOp op : Dispatcher.opcodes()) {
                java.util.Optional<Template> chosen = Templates.chosen(op, sm, sm.registerFileSize());
                assertEquals(op != PtxMathOp.TANH_APPROX_F32 || sm.hasMufuTanh(), chosen.isPresent(), sm.name() + " " + op);
                if (chosen.isEmpty()) {
                    continue;
                }
                Template t = chosen.get();
                if (op == PtxMathOp.RCP_APPROX_FTZ_F64 || op == PtxMathOp.RSQRT_APPROX_FTZ_F64) {
                    continue;
                }
                for (SassInstruction i : t.program().code()) {
                    if (i.op() == SassOpcode.MUFU) {
                        Mod.MufuFn fn = Mod.mufuOf(i.mods());
                        boolean has = switch (fn) {
                            case RCP64H -> sm.hasMufuRcp64h();
                            case RSQ64H -> sm.hasMufuRsq64h();
                            case TANH -> sm.hasMufuTanh();
                            default -> true;
                        };
                        assertTrue(has, sm.name() + " " + op + " (" + t.name() + ") uses MUFU." + fn);
                        checked++;
                    }
                }
            }
        }
        assertTrue(checked > 1000, "MUFU instructions checked: " + checked);
    }

    /**
     * The DDIV register-pressure tiers need strictly fewer physical registers from full to minimal
     * (the whole template, fast and slow path, after RegisterAllocation); their results are proven
     * equal to softfloat above. ptxas 13.0 uses 24 for the whole div.rn.f64 (docs/facts.md).
     */
    @Test
    void tiersDifferInRegistersNotInResults() {
        int full = Templates.require(TemplateKey.valueOf("div.rn.f64")).registers();
        int partial = Templates.require(TemplateKey.valueOf("div.rn.f64:partial")).registers();
        int minimal = Templates.require(TemplateKey.valueOf("div.rn.f64:minimal")).registers();
        assertTrue(full > partial && partial > minimal, "full " + full + " partial " + partial + " minimal " + minimal);
        assertEquals(List.of(22, 20, 18), List.of(full, partial, minimal));
    }
}

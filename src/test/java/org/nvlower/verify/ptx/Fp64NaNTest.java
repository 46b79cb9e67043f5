package org.nvlower.verify.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.nvlower.sass.template.TemplateKey;
import org.nvlower.sass.Emulator;
import org.nvlower.sass.MufuModel;
import org.nvlower.sass.template.Templates;
import org.nvlower.verify.sass.CaseSet;
import org.nvlower.verify.sass.SassOp;
import org.nvlower.verify.sass.TemplateVerifier;
import org.nvlower.verify.sass.TemplateVerifier.Plan;

/**
 * The FP64 templates give the NaNs an H200 gives (../shared/reference/FACTS.md, "On a real GPU";
 * docs/nan.md): the measured examples, typed in here from the measurement, through the emulator
 * and through the emitted PTX in the interpreter, under the exact and the adversarial MUFU model;
 * and the verifier tells two NaNs with different payloads apart.
 */
class Fp64NaNTest {

    private static final long INVALID = 0xFFF8000000000000L;

    /** operands (b unused by unary ops) and the H200's result. */
    private record Case(long a, long b, long want) {}

    private static final List<Case> DIV = List.of(
            new Case(0xfffa8a96a0d5fa21L, 0xfff347d518754190L, 0xfffa8a96a0d5fa21L), // two NaNs: the first
            new Case(0x3FF0000000000000L, 0xfff347d518754190L, 0xfffb47d518754190L), // the second, quieted
            new Case(0x7ff0000000000001L, 0x3FF0000000000000L, 0x7ff8000000000001L),
            new Case(0x7ff0000000000001L, 0x7ff0000000000002L, 0x7ff8000000000001L),
            new Case(0, 0, INVALID), new Case(Long.MIN_VALUE, 0, INVALID),
            new Case(0x7FF0000000000000L, 0x7FF0000000000000L, INVALID),
            new Case(0xFFF0000000000000L, 0x7FF0000000000000L, INVALID));

    private static final List<Case> RCP = List.of(
            new Case(0x7ff0000000000001L, 0, 0x7ff8000000000001L),
            new Case(0xfffa8a96a0d5fa21L, 0, 0xfffa8a96a0d5fa21L),
            new Case(0x7ff0000000000789L, 0, 0x7ff8000000000789L));

    private static final List<Case> ROOT = List.of(
            new Case(0xBFF0000000000000L, 0, INVALID), // sqrt(-1), rsqrt(-1)
            new Case(0xFFF0000000000000L, 0, INVALID),
            new Case(0x8000000000000001L, 0, INVALID), // a negative subnormal
            new Case(0xfff347d518754190L, 0, 0xfffb47d518754190L),
            new Case(0x7ff0000000000001L, 0, 0x7ff8000000000001L));

    /**
     * rcp.approx.ftz.f64 (MUFU.RCP64H) reads the high word alone: a NaN high word gives
     * 0x7FFFFFFF00000000, an infinite one (a NaN double with a low payload) gives 0.
     */
    private static final List<Case> RCP_APPROX = List.of(
            new Case(0x7FF8000000000000L, 0, 0x7FFFFFFF00000000L),
            new Case(0x7ff0000000000789L, 0, 0));

    /** rsqrt.approx.ftz.f64 (MUFU.RSQ64H): assumed as RCP64H (docs/nan.md), +inf's reciprocal root +0. */
    private static final List<Case> RSQRT_APPROX = List.of(
            new Case(0x7FF8000000000000L, 0, 0x7FFFFFFF00000000L),
            new Case(0x7ff0000000000789L, 0, 0),
            new Case(0xBFF0000000000000L, 0, 0x7FFFFFFF00000000L));

    private static List<Case> cases(SassOp op) {
        return switch (op.kind()) {
            case DIV_F64 -> DIV;
            case RCP_F64 -> RCP;
            case RCP_APPROX_FTZ_F64 -> RCP_APPROX;
            case RSQRT_APPROX_FTZ_F64 -> RSQRT_APPROX;
            default -> ROOT;
        };
    }

    private static List<String> fp64Templates() {
        return Templates.names().stream().filter(n -> SassOp.of(TemplateKey.valueOf(n)).isDouble()).toList();
    }

    @Test
    void everyFp64TemplateIsCovered() {
        // div.rn.f64 with its tiers and the MUFU.RCP seed, rcp.rn.f64 and sqrt.rn.f64 with theirs, rsqrt.approx.f64's two
        assertTrue(fp64Templates().size() >= 8, fp64Templates().toString());
    }

    @TestFactory
    Stream<DynamicTest> theMeasuredNaNsThroughTheEmulatorAndThePtx() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String name : fp64Templates()) {
            tests.add(DynamicTest.dynamicTest(name, () -> {
                SassOp op = SassOp.of(TemplateKey.valueOf(name));
                TemplatePtx ptx = TemplatePtx.of(op);
                for (MufuModel mufu : new MufuModel[] {MufuModel.exact(), MufuModel.byName("adversarial", 5)}) {
                    Emulator em = new Emulator(op.template().program(), mufu);
                    for (Case c : cases(op)) {
                        long sass = op.unary() ? em.run64(c.a()) : em.run64(c.a(), c.b());
                        String what = name + " " + hex(c.a()) + (op.unary() ? "" : " " + hex(c.b())) + " " + mufu;
                        assertEquals(hex(c.want()), hex(sass), "emulator: " + what);
                        assertEquals(hex(c.want()), hex(ptx.run(c.a(), c.b(), mufu)), "PTX: " + what);
                        if (op.exact()) {
                            assertEquals(hex(c.want()), hex(op.expected64f(c.a(), c.b(), op.env())), "reference: " + what);
                        } else {
                            assertEquals(0.0, op.error(c.a(), c.b(), c.want()), "reference: " + what);
                        }
                    }
                }
            }));
        }
        return tests.stream();
    }

    /** A subject that gives another NaN (the former canonical one) where the GPU gives a payload is a mismatch. */
    @Test
    void aNaNWithAnotherPayloadIsAMismatch() {
        SassOp div = SassOp.of(TemplateKey.valueOf("div.rn.f64"));
        TemplatePtx divPtx = TemplatePtx.of(div);
        TemplateVerifier.Subjects canonical = mufu -> (a, b) -> {
            long r = divPtx.run(a, b, mufu);
            return Double.isNaN(Double.longBitsToDouble(r)) ? 0x7FFFFFFFFFFFFFFFL : r;
        };
        TemplateVerifier.Result r = TemplateVerifier.run(
                new Plan(div, CaseSet.EDGE, 0, CaseSet.EDGE.size(div), 3, "exact", 1, canonical), null);
        assertTrue(r.mismatches() > 0, "edge cases with NaN operands");
        SassOp sqrt = SassOp.of(TemplateKey.valueOf("sqrt.rn.f64"));
        TemplatePtx sqrtPtx = TemplatePtx.of(sqrt);
        TemplateVerifier.Subjects flipped = mufu -> (a, b) -> {
            long v = sqrtPtx.run(a, b, mufu);
            return v == INVALID ? 0x7FF8000000000000L : v;
        };
        Plan negatives = new Plan(sqrt, CaseSet.EDGE, 0, CaseSet.EDGE.size(sqrt), 3, "exact", 1, flipped);
        assertTrue(TemplateVerifier.run(negatives, null).mismatches() > 0, "sqrt of negative numbers");
    }

    private static String hex(long v) {
        return String.format(Locale.ROOT, "0x%016x", v);
    }
}

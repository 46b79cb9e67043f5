package org.nvlower.verify.sass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.nvlower.sass.Emulator;
import org.nvlower.sass.MufuModel;
import org.nvlower.sass.Printer;
import org.nvlower.sass.Program;
import org.nvlower.sass.template.TemplateKey;
import org.nvlower.verify.sass.TemplateVerifier.Plan;
import org.nvlower.verify.sass.TemplateVerifier.Result;

/**
 * rcp.approx.ftz.f64 and rsqrt.approx.ftz.f64: the template is ptxas 11.8's two instructions
 * (MUFU.RCP64H / RSQ64H of the high word, a zero low word); the reference ({@link
 * SassOp#approxFtzF64Error}, the PTX ISA's definition on the high word) tells wrong results
 * apart, on values worked by hand; and as the result depends on the high word alone, the 2^32
 * high words are every input: runs of 64 consecutive high words every {@code 64 * STRIDE}, each
 * under every MUFU output the model enumerates, lie within the bound
 * ({@code -Dnvlower.approxf64.stride=1}: all of them, docs/templates.md has the run).
 */
class Fp64ApproxProofTest {

    static final long STRIDE = Long.getLong("nvlower.approxf64.stride", 32749);

    private static final double UNIT = 0x1p-20;

    @Test
    void theTemplateIsTheMufuOfTheHighWordAndAZeroLowWord() {
        for (String op : List.of("rcp.approx.ftz.f64", "rsqrt.approx.ftz.f64")) {
            Program p = SassOp.of(TemplateKey.valueOf(op)).template().program();
            StringBuilder listing = new StringBuilder();
            for (int pc = 0; pc < p.code().size(); pc++) {
                listing.append(Printer.instruction(p, pc)).append('\n');
            }
            String mufu = op.startsWith("rcp") ? "RCP64H" : "RSQ64H";
            assertTrue(listing.toString().matches("MUFU\\." + mufu + " R\\d+, R\\d+ ;\nMOV R\\d+, RZ ;\nEXIT ;\n"), listing.toString());
            // the MUFU reads the operand's high word and writes the result's: a low word changes nothing
            Emulator em = new Emulator(p, MufuModel.exact());
            assertEquals(em.run64(0x4008000000000000L), em.run64(0x40080000FFFFFFFFL), op);
        }
    }

    @Test
    void theReferenceTellsWrongResultsApart() {
        // 1/3 = 0x3FD55555_55555555: cut to its high word, 2^-22 relative below it (0.25 units of 2^-20)
        assertEquals(0.25, SassOp.approxFtzF64Error(false, 0x4008000000000000L, 0x3FD5555500000000L), 1e-6);
        assertEquals(0.25, SassOp.approxFtzF64Error(false, 0x40080000DEADBEEFL, 0x3FD5555500000000L), 1e-6, "any low word");
        // two ulps of the high word above: 5 2^-22 relative
        assertEquals(1.25, SassOp.approxFtzF64Error(false, 0x4008000000000000L, 0x3FD5555700000000L), 1e-6);
        assertEquals(inf(), SassOp.approxFtzF64Error(false, 0x4008000000000000L, 0x3FD5555500000001L), "low word not zero");
        assertEquals(inf(), SassOp.approxFtzF64Error(false, 0x4008000000000000L, 0xBFD5555500000000L), "sign");
        // 1/sqrt(4) = 1/2 exactly; 1/sqrt(2) = 0x3FE6A09E_667F3BCD cut: 0x667F3BCD 2^-53 / 2^-0.5 relative
        assertEquals(0, SassOp.approxFtzF64Error(true, 0x4010000000000000L, 0x3FE0000000000000L));
        assertEquals(0x667F3BCDL * 0x1p-53 * Math.sqrt(2) / UNIT,
                SassOp.approxFtzF64Error(true, 0x4000000000000000L, 0x3FE6A09E00000000L), 1e-6);
        // the ISA's tables, on the high word: a high word +inf is infinity even in a NaN double
        assertEquals(0, SassOp.approxFtzF64Error(false, 0x7FF0000000000789L, 0));
        assertEquals(inf(), SassOp.approxFtzF64Error(false, 0x7FF0000000000789L, 0x7FFFFFFF00000000L));
        assertEquals(0, SassOp.approxFtzF64Error(false, 0x7FF8000000000000L, 0x7FFFFFFF00000000L));
        assertEquals(0, SassOp.approxFtzF64Error(false, 0x800FFFFFFFFFFFFFL, 0xFFF0000000000000L), "-subnormal: -inf");
        assertEquals(inf(), SassOp.approxFtzF64Error(false, 0x800FFFFFFFFFFFFFL, 0x7FF0000000000000L));
        assertEquals(0, SassOp.approxFtzF64Error(false, 0xFFF0000000000000L, Long.MIN_VALUE), "-inf: -0");
        assertEquals(0, SassOp.approxFtzF64Error(true, 0xBFF0000000000000L, 0x7FFFFFFF00000000L), "rsqrt(-1): NaN");
        assertEquals(0, SassOp.approxFtzF64Error(true, Long.MIN_VALUE, 0xFFF0000000000000L), "rsqrt(-0): -inf");
        assertEquals(0, SassOp.approxFtzF64Error(true, 0x7FF0000000000000L, 0), "rsqrt(+inf): +0");
        assertEquals(inf(), SassOp.approxFtzF64Error(true, 0x7FF0000000000000L, 0x7FF0000000000000L));
        // a flushed 1/h: where every output in the bound is below 2^-1022 (h = 2^1022 - a few ulps on)
        assertEquals(0, SassOp.approxFtzF64Error(false, 0x7FD0000000000000L, 0));
        assertEquals(0, SassOp.approxFtzF64Error(false, 0x7FCFFFFF00000000L, 0));
        assertEquals(inf(), SassOp.approxFtzF64Error(false, 0x7FCFFFF000000000L, 0), "1/h 2^-16 above 2^-1022: not flushed");
    }

    private static double inf() {
        return Double.POSITIVE_INFINITY;
    }

    @TestFactory
    Stream<DynamicTest> highWordsUnderEveryMufuOutput() {
        return Stream.of("rcp.approx.ftz.f64", "rsqrt.approx.ftz.f64").map(name -> DynamicTest.dynamicTest(name, () -> {
            SassOp op = SassOp.of(TemplateKey.valueOf(name));
            long runs = 0;
            double max = 0;
            for (long start = 0; start < 1L << 32; start += 64 * STRIDE) {
                Result r = TemplateVerifier.run(new Plan(op, CaseSet.EXHAUSTIVE, start, Math.min(1L << 32, start + 64), 5,
                        "all", 1), null);
                assertTrue(r.passed(), name + " from high word " + Long.toHexString(start) + ": " + r.beyondBound()
                        + " beyond the bound, max " + r.maxUlp() + (r.first() == null ? ""
                                : ", first " + Long.toHexString(r.first().a()) + " -> " + Long.toHexString(r.first().got())));
                runs += r.runs();
                max = Math.max(max, r.maxUlp());
            }
            assertTrue(runs > 30_000, "runs " + runs);
            assertTrue(max > 0.9 && max <= op.template().ulpBound(), "max " + max);
        }));
    }
}

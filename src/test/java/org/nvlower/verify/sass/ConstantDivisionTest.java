package org.nvlower.verify.sass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.nvlower.ptx.PtxMathOp;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.nvlower.sass.template.ConstantDivision;
import org.nvlower.verify.sass.ConstantDivisionCheck.Dividends;
import org.nvlower.verify.sass.ConstantDivisionCheck.Result;

/**
 * Division by a constant, CI's share: for each of the eight ops, every 16-bit dividend against
 * every 8,191st 16-bit divisor plus 2^k - 1, 2^k, 2^k + 1 (k = 3, 8, 15), 1, 3 and the extremes; the integer
 * edge dividends and 2,000 random ones against a spread of full-width divisors. (The exhaustive
 * 16-bit sweep and 10^8 random pairs are long runs: docs/templates.md.)
 */
class ConstantDivisionTest {

    static final String[] OPS = {"div.u32", "rem.u32", "div.s32", "rem.s32", "div.u64", "rem.u64", "div.s64", "rem.s64"};

    private static void assertPassed(Result r, long cases) {
        assertTrue(r.passed(), r.mismatches() + " mismatches; first: " + r.first());
        assertEquals(cases, r.cases());
    }

    @TestFactory
    Stream<DynamicTest> sixteenBitSlice() {
        return Stream.of(OPS).map(op -> DynamicTest.dynamicTest(op, () -> {
            long[] all = ConstantDivisionCheck.all16(PtxMathOp.bySpelling(op).orElseThrow());
            LongStream.Builder pick = LongStream.builder();
            for (int i = 0; i < all.length; i += 8191) {
                pick.add(all[i]);
            }
            for (int k : new int[] {3, 8, 15}) {
                for (long d : new long[] {(1L << k) - 1, 1L << k, (1L << k) + 1}) {
                    if (op.contains(".s") ? d <= 32767 : d <= 65535) {
                        pick.add(d);
                        if (op.contains(".s")) {
                            pick.add(-d);
                        }
                    }
                }
            }
            pick.add(1);
            pick.add(op.contains(".s") ? -1 : 65535);
            pick.add(op.contains(".s") ? -32768 : 3);
            long[] divisors = pick.build().distinct().toArray();
            assertPassed(ConstantDivisionCheck.run(PtxMathOp.bySpelling(op).orElseThrow(), divisors, Dividends.SIXTEEN_BIT, 0, 1, null), 65536L * divisors.length);
        }));
    }

    @TestFactory
    Stream<DynamicTest> fullWidthDivisors() {
        return Stream.of(OPS).map(op -> DynamicTest.dynamicTest(op, () -> {
            boolean wide = op.endsWith("64");
            long[] divisors = LongStream.concat(LongStream.of(3, 7, 10, 641, 6700417, 0x7FFFFFFF, -1, -3, -7, -1000000007,
                    0x80000000L, 0xFFFFFFFFL, 0x80000001L), wide
                            ? LongStream.of(Long.MAX_VALUE, Long.MIN_VALUE, 0x8000000000000001L, 0xFFFFFFFFFFFFFFFFL - 4,
                                    1L << 40, (1L << 40) + 1, 274177, 67280421310721L, 0x123456789ABCDEFL)
                            : LongStream.empty())
                    .map(d -> wide ? d : op.contains(".s") ? (int) d : d & 0xFFFFFFFFL).filter(d -> d != 0).distinct()
                    .toArray();
            Result edge = ConstantDivisionCheck.run(PtxMathOp.bySpelling(op).orElseThrow(), divisors, Dividends.EDGE, 0, 1, null);
            assertTrue(edge.passed(), edge.first());
            assertPassed(ConstantDivisionCheck.run(PtxMathOp.bySpelling(op).orElseThrow(), divisors, Dividends.RANDOM, 2000, 7, null), 2000L * divisors.length);
        }));
    }

    @TestFactory
    Stream<DynamicTest> shortSequences() {
        // Granlund-Montgomery: multiply-high and shift, 2-3 instructions for most 32-bit divisors
        return Stream.of(DynamicTest.dynamicTest("div.u32 by 10: IMAD.HI + SHF", () -> assertEquals(2,
                ConstantDivision.template(PtxMathOp.DIV_U32, 10).fastPath())),
                DynamicTest.dynamicTest("div.u32 by 7: the 33-bit magic", () -> assertEquals(5,
                        ConstantDivision.template(PtxMathOp.DIV_U32, 7).fastPath())),
                DynamicTest.dynamicTest("div.s32 by 3: IMAD.HI, SHF, IADD3", () -> assertTrue(
                        ConstantDivision.template(PtxMathOp.DIV_S32, 3).fastPath() <= 3)));
    }
}

package org.nvlower.verify.sass;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.nvlower.sass.Emulator;
import org.nvlower.sass.MufuModel;
import org.nvlower.sass.template.TemplateKey;

/**
 * rcp/sqrt/ex2/lg2/sin/cos.approx.f32 where ptxas's sequence does arithmetic around the MUFU, every input
 * of the range under every MUFU output the model enumerates (9 per input): ex2 below -126 (the
 * halving and the squaring into the subnormal range, down to -150 and the first results that
 * round to 0), lg2 of every positive subnormal (the 2^24 scaling and the subtraction of 24), sqrt
 * of every positive subnormal (the scalings by 2^24 and 2^-12, exact), rcp of every subnormal and
 * every |x| above 2^126 up to infinity, both signs (x and the result times 2^24, or times 1/4 and
 * the result rounded into the subnormal range),
 * sin/cos in [pi, 2 pi) of both signs (the largest argument error in [-2 pi, 2 pi]). Each result
 * must lie within the op's derived bound (docs/templates.md). CI takes every 97th input of ex2's
 * range and every 997th of the others ({@code -Dnvlower.transcendental.stride=1}: every input,
 * docs/templates.md has the run).
 */
class TranscendentalProofTest {

    /** 0: CI's strides (the range's own). */
    static final int STRIDE = Integer.getInteger("nvlower.transcendental.stride", 0);

    /**
     * ex2's subnormal results: 2^(x/2) = m 2^e (e <= -64) is within 2.5 ulps (2^(e-23)) of MUFU's
     * output, as no float x below -126 puts it within 2 floats of 2^-63; the square is then within
     * 5 m 2^(2e-23) <= 2.5 2^-149 before its rounding: 3 ulps of 2^-149.
     */
    static final double EX2_SUBNORMAL_BOUND = 3 + 0x1p-20;

    private record Range(String op, int from, int to, int ciStride, double bound) {
        Range(String op, int from, int to) {
            this(op, from, to, to - from > 0x200000 ? 997 : 97, 0);
        }

        int stride() {
            return STRIDE > 0 ? STRIDE : ciStride;
        }
    }

    private static final float PI = (float) Math.PI;

    @TestFactory
    Stream<DynamicTest> everyInputOfTheScaledRangesUnderEveryMufuOutput() {
        int pi = Float.floatToRawIntBits(PI);
        int twoPi = Float.floatToRawIntBits(2 * PI);
        return Stream.of(
                new Range("ex2.approx.f32", Float.floatToRawIntBits(Math.nextDown(-126f)), Float.floatToRawIntBits(-151f), 97,
                        EX2_SUBNORMAL_BOUND),
                new Range("lg2.approx.f32", 1, 0x00800000), new Range("sqrt.approx.f32", 1, 0x00800000),
                new Range("rcp.approx.f32", 1, 0x00800000), new Range("rcp.approx.f32", 0x80000001, 0x80800000),
                new Range("rcp.approx.f32", 0x7E800001, 0x7F800001), new Range("rcp.approx.f32", 0xFE800001, 0xFF800001),
                new Range("sin.approx.f32", pi, twoPi), new Range("sin.approx.f32", pi | 0x80000000, twoPi | 0x80000000),
                new Range("cos.approx.f32", pi, twoPi), new Range("cos.approx.f32", pi | 0x80000000, twoPi | 0x80000000))
                .map(r -> DynamicTest.dynamicTest(r.op() + " " + Integer.toHexString(r.from()), () -> {
                    SassOp op = SassOp.of(TemplateKey.valueOf(r.op()));
                    MufuModel.Enumerating mufu = new MufuModel.Enumerating();
                    Emulator em = new Emulator(op.template().program(), mufu);
                    int choices = MufuModel.Enumerating.choices(op.template().program());
                    double bound = r.bound() > 0 ? r.bound() : op.template().ulpBound();
                    double max = 0;
                    long runs = 0;
                    for (long x = r.from(); x < r.to(); x += r.stride()) { // the bit patterns grow with |x|
                        for (int c = 0; c < choices; c++) {
                            mufu.choice = c;
                            int got = em.run((int) x);
                            double err = op.error((int) x, 0, got);
                            if (!(err <= bound)) {
                                assertTrue(err <= bound, r.op() + " " + Long.toHexString(x) + " MUFU output #" + c + ": "
                                        + Integer.toHexString(got) + ", error " + err + " > " + bound);
                            }
                            max = Math.max(max, err);
                            runs++;
                        }
                    }
                    assertTrue(runs > 10_000, "runs " + runs);
                    System.out.printf("%s [%08x, %08x) stride %d: %,d runs, max error %.4f (bound %.4f)%n", r.op(), r.from(),
                            r.to(), r.stride(), runs, max, bound);
                }));
    }
}

package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.nvlower.softfloat.ExactReference.Exact;
import org.nvlower.softfloat.ExactReference.Fmt;
import org.nvlower.softfloat.ExactReference.Rounded;

/**
 * Every one of the 65,536 binary16 and bfloat16 patterns, in every rounding mode: sqrt,
 * roundToInt and the conversion to binary32 (exact) and back from binary64 (rounded), against
 * {@link ExactReference}.
 */
class HalfExhaustiveTest {

    @ParameterizedTest
    @EnumSource(value = Fmt.class, names = {"B16", "BF16"})
    void everyPatternInEveryMode(Fmt f) {
        FloatFormat g = FloatProperties.narrow(f);
        int checked = 0;
        for (RoundingMode rm : RoundingMode.values()) {
            for (int bits = 0; bits < 0x10000; bits++) {
                BigInteger a = BigInteger.valueOf(bits);
                if (!ExactReference.isFinite(f, a)) {
                    continue; // NaN and infinities: the unit tests and vectors
                }
                Exact x = ExactReference.decode(f, a);
                String what = f + " " + Integer.toHexString(bits) + " " + rm;

                Env env = new Env(Specialization.X86);
                long root = Narrow.sqrt(g, bits, rm, env);
                if (x.isZero()) {
                    assertEquals(bits, root, what + " sqrt");
                } else if (x.negative()) {
                    assertTrue(g.isNaN(root), what + " sqrt");
                    assertEquals(ExceptionFlags.INVALID, env.flags, what + " sqrt flags");
                } else {
                    Rounded r = ExactReference.sqrt(f, x, rm);
                    assertEquals(r.bits().longValue(), root, what + " sqrt");
                    assertEquals(r.flags(), env.flags, what + " sqrt flags");
                }

                env = new Env(Specialization.X86);
                long integral = Narrow.roundToInt(g, bits, rm, true, env);
                ExactReference.IntResult ir = ExactReference.toInteger(x, rm);
                Rounded expected = ExactReference.round(f, new Exact(x.negative(), ir.value().abs(), 0), rm);
                assertEquals(expected.bits().longValue(), integral, what + " roundToInt");
                assertEquals(ir.inexact() ? ExceptionFlags.INEXACT : 0, env.flags, what + " roundToInt flags");

                env = new Env(Specialization.X86);
                long wide = Narrow.convert(g, bits, FloatFormat.BINARY32, rm, env);
                assertEquals(ExactReference.round(Fmt.B32, x, rm).bits().longValue(), wide, what + " to f32");
                assertEquals(0, env.flags, what + " to f32 flags");

                // A binary64 value between this one and the next, rounded back.
                long d = Narrow.convert(g, bits, FloatFormat.BINARY64, rm, env) + 0x0000_0100_0000_0001L;
                Exact y = ExactReference.decode(Fmt.B64, BigInteger.valueOf(d));
                env = new Env(Specialization.X86);
                Rounded back = ExactReference.round(f, y, rm);
                assertEquals(back.bits().longValue(), Narrow.convert(FloatFormat.BINARY64, d, g, rm, env), what + " from f64");
                assertEquals(back.flags(), env.flags, what + " from f64 flags");
                checked++;
            }
        }
        assertTrue(checked > 6 * 60000, "checked " + checked);
    }
}

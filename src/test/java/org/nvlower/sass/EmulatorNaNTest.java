package org.nvlower.sass;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.nvlower.sass.Mod.MufuFn;
import org.nvlower.sass.Reg.RegClass;

/**
 * DADD, DMUL, DFMA and MUFU.RCP64H give the NaNs an H200 gives (../shared/reference/FACTS.md,
 * "On a real GPU"; docs/nan.md), in round-to-nearest (the JVM's arithmetic) and in a directed
 * rounding (softfloat): the expected words are the measured rules applied by hand.
 */
class EmulatorNaNTest {

    private static final long ONE = 0x3FF0000000000000L, INF = 0x7FF0000000000000L, INVALID = 0xFFF8000000000000L;
    private static final long S1 = 0x7ff0000000000001L, Q1 = 0x7ff8000000000001L; // signaling, and it quieted
    private static final long NA = 0xfffa8a96a0d5fa21L, NB = 0xfff347d518754190L, NB_QUIET = 0xfffb47d518754190L;
    private static final long NC = 0x7ff4000000000abcL, NC_QUIET = 0x7ffc000000000abcL;

    private static long run(SassOpcode op, int round, long a, long b, long c) {
        ProgramBuilder p = new ProgramBuilder(op.name());
        Reg x = p.input("x", RegClass.R64);
        Reg y = p.input("y", RegClass.R64);
        Reg z = p.input("z", RegClass.R64);
        Reg d = p.output("d", RegClass.R64);
        if (op == SassOpcode.DFMA) {
            p.emit(op, round, Operand.dest(d.id()), x.op(), y.op(), z.op());
        } else {
            p.emit(op, round, Operand.dest(d.id()), x.op(), y.op());
        }
        p.exit();
        Emulator em = new Emulator(p.build(), MufuModel.exact());
        long[] in = {a, b, c};
        for (int k = 0; k < 3; k++) {
            em.setInput(2 * k, (int) in[k]);
            em.setInput(2 * k + 1, (int) (in[k] >>> 32));
        }
        em.execute();
        return (em.output(0) & 0xFFFFFFFFL) | ((long) em.output(1) << 32);
    }

    private static void check(long want, SassOpcode op, long a, long b, long c) {
        for (int round : new int[] {Mod.RN, Mod.RZ}) {
            assertEquals(hex(want), hex(run(op, round, a, b, c)), op + " " + hex(a) + " " + hex(b) + " " + hex(c)
                    + " round " + round);
        }
    }

    @Test
    void addAndMulTakeTheSecondNaNQuieted() {
        check(Q1, SassOpcode.DADD, S1, ONE, 0); // 0x7ff0000000000001 + 1.0 = 0x7ff8000000000001 (measured)
        check(Q1, SassOpcode.DADD, ONE, S1, 0);
        check(NB_QUIET, SassOpcode.DADD, NA, NB, 0);
        check(NA, SassOpcode.DADD, NB, NA, 0);
        check(NB_QUIET, SassOpcode.DMUL, NA, NB, 0);
        check(Q1, SassOpcode.DMUL, S1, 0, 0);
        check(INVALID, SassOpcode.DADD, INF, INF | Long.MIN_VALUE, 0);
        check(INVALID, SassOpcode.DMUL, 0, INF, 0);
    }

    @Test
    void fmaTakesBThenCThenA() {
        check(NB_QUIET, SassOpcode.DFMA, NA, NB, NC);
        check(NC_QUIET, SassOpcode.DFMA, NA, ONE, NC);
        check(NA, SassOpcode.DFMA, NA, ONE, ONE);
        check(NC_QUIET, SassOpcode.DFMA, 0, INF, NC); // fma(0, inf, NaN c) gives c
        check(INVALID, SassOpcode.DFMA, 0, INF, ONE);
        check(INVALID, SassOpcode.DFMA, INF, ONE, INF | Long.MIN_VALUE);
    }

    @Test
    void rcp64hReadsTheHighWordOnly() {
        ProgramBuilder p = new ProgramBuilder("rcp64h");
        Reg x = p.input("x", RegClass.R32);
        Reg d = p.output("d", RegClass.R32);
        p.mufu(MufuFn.RCP64H, d, x.op());
        p.exit();
        Emulator em = new Emulator(p.build(), MufuModel.exact());
        assertEquals(0x7FFFFFFF, em.run(0x7ff80000)); // a quiet NaN: 0x7FFFFFFF00000000
        assertEquals(0x7FFFFFFF, em.run(0xfffa8a96));
        assertEquals(0, em.run(0x7ff00000)); // 0x7ff00000_00000789: the high word reads as +inf
    }

    private static String hex(long v) {
        return String.format(Locale.ROOT, "0x%016x", v);
    }
}

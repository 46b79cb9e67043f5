package org.nvlower.verify.sass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.nvlower.sass.Emulator;
import org.nvlower.sass.MufuModel;
import org.nvlower.sass.template.TemplateKey;

/**
 * div/rem .u16/.s16 on every quotient boundary under every MUFU.RCP output inside its bound: for a
 * divisor b the template's q = trunc(RZ(|a| r)) is nondecreasing in |a| (r is fixed by b and the
 * MUFU output), so it equals floor(|a|/|b|) for every |a| when it does at each |a| = k |b| (the
 * smallest with quotient k) and k |b| + |b| - 1 (the largest); the remainder and the signs are
 * exact integer steps after it. With stride 1 this covers all 2^32 operand pairs of each op (every
 * divisor, zero included; signed: every sign of both operands); CI runs the divisors below 8 and every 61st,
 * about 48 quotients each ({@code -Dnvlower.int16.stride=1}: the full run, docs/templates.md).
 */
class Int16DivisionProofTest {

    static final int STRIDE = Integer.getInteger("nvlower.int16.stride", 61);

    @TestFactory
    Stream<DynamicTest> everyQuotientBoundaryUnderEveryMufuOutput() {
        return Stream.of("div.u16", "rem.u16", "div.s16", "rem.s16").map(name -> DynamicTest.dynamicTest(name, () -> {
            SassOp op = SassOp.of(TemplateKey.valueOf(name));
            MufuModel.Enumerating mufu = new MufuModel.Enumerating();
            Emulator em = new Emulator(op.template().program(), mufu);
            boolean signed = op.signed();
            int maxMagnitude = signed ? 32768 : 65535;
            long runs = 0;
            boolean full = STRIDE == 1;
            for (int a = 0; a < 65536; a += full ? 1 : 97) { // a zero divisor: all ones, for every dividend
                mufu.choice = 0;
                assertEquals(0xFFFF, em.run(a, 0) & 0xFFFF, name + " " + a + " / 0");
            }
            for (int d = 1; d <= maxMagnitude; d += full || d < 8 ? 1 : STRIDE) {
                int kStride = full ? 1 : Math.max(1, maxMagnitude / d / 48); // CI: about 48 quotients per divisor
                for (int k = 0; (long) k * d <= maxMagnitude; k += kStride) {
                    for (int m : new int[] {k * d, Math.min(maxMagnitude, k * d + d - 1)}) {
                        for (int signs = 0; signs < (signed ? 4 : 1); signs++) {
                            int a = (signs & 1) != 0 ? -m : m;
                            int b = (signs & 2) != 0 ? -d : d;
                            if (signed && (a > 32767 || b > 32767)) {
                                continue; // +32768 is not a 16-bit signed value (-32768 is)
                            }
                            int want = op.expected32(a, b, op.env()) & 0xFFFF;
                            for (int c = 0; c < MufuModel.Enumerating.MAX_CHOICES; c++) {
                                mufu.choice = c;
                                int got = em.run(a & 0xFFFF, b & 0xFFFF) & 0xFFFF;
                                if (got != want) {
                                    assertEquals(want, got, name + " " + a + ", " + b + " MUFU output #" + c);
                                }
                                runs++;
                            }
                        }
                    }
                }
            }
            assertTrue(runs > 50_000, "runs " + runs);
            System.out.printf("%s: %,d runs (%,d operand pairs, %d MUFU outputs each)%n", name, runs,
                    runs / MufuModel.Enumerating.MAX_CHOICES, MufuModel.Enumerating.MAX_CHOICES);
        }));
    }
}

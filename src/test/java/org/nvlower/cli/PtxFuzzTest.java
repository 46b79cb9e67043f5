package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The small run of {@code bench/ptx-fuzz} in the suite: 200 mutants of the PTX fixtures, read,
 * printed, read back and expanded: none gives anything but an InputException, none hangs.
 */
class PtxFuzzTest {

    @Test
    void mutatedRealPtxIsReadAndExpandedOrRefusedNeverACrash() {
        PtxFuzz fuzz = new PtxFuzz(PtxFuzz.fixtures(), 22);
        PtxFuzz.Report r = fuzz.run(0, 200, 10_000);
        assertEquals(List.of(), r.findings());
        assertEquals(0, r.crashes() + r.hangs());
        // both outcomes occur: the mutations reach the expander and the reader's errors
        assertTrue(r.read() > 25 && r.refused() > 25, r.toString());
    }

    @Test
    void theHarnessSeesACrash() {
        // a module the expander must refuse with an InputException: a vector as a division's operand
        String bad = ".version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n\t.reg .b32 %r<4>;\n"
                + "\tdiv.u32 %r1, {%r2, %r3}, %r3;\n\tret;\n}\n";
        assertEquals("refused", PtxFuzz.check(bad, 0).kind());
        assertEquals("read", PtxFuzz.check(bad.replace("{%r2, %r3}", "%r2"), 0).kind());
    }
}

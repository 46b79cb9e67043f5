package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The demo's PTX section: the bundled kernel's four math instructions expanded and verified. */
class DemoPtxTest {

    @Test
    void bundledKernelIsExpandedAndEveryExpansionVerified() {
        StringWriter text = new StringWriter();
        DemoCommand.ptxKernel(new PrintWriter(text, true));
        String out = text.toString();
        // demo-kernel.ptx, counted by hand: 18 instructions, 4 of them div.rn.f32, sqrt.rn.f32, div.s64, rem.u64
        assertTrue(out.contains("  kernel 'demo': 18 PTX instructions, 4 of them math;"), out);
        List<String> rows = out.lines().filter(l -> l.contains(" SASS (fast path")).toList();
        assertEquals(4, rows.size(), out);
        List<String> ops = List.of("div.rn.f32 %f3, %f1, %f2;", "sqrt.rn.f32 %f4, %f3;", "div.s64 %rd9, %rd8, %rd5;",
                "rem.u64 %rd5, %rd8, %rd9;");
        for (int i = 0; i < 4; i++) {
            assertTrue(rows.get(i).startsWith("  " + ops.get(i)), rows.get(i));
            assertTrue(rows.get(i).endsWith(": 0 mismatches"), rows.get(i));
        }
        // 64 threads, four math instructions each
        assertTrue(out.contains("  global memory identical (524,288 bytes, "), out); // two pointers, 256 KiB each
        assertTrue(out.contains(" changed, 256 math instructions per side)"), out);
        // four outputs (%f3, %f4, %rd9, %rd5) of 1,000 cases, in both modes
        assertTrue(out.contains("strategy 0 (inline): "), out);
        assertTrue(out.contains("strategy 5 (template calls): "), out);
        assertEquals(2, out.lines().filter(l -> l.endsWith("; 4,000 results against the oracle: 0 mismatches")).count(),
                out);
    }
}

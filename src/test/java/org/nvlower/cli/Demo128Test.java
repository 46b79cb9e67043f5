package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The demo's fp128/i128 lowering section. */
class Demo128Test {

    @Test
    void demoLowersTheBundledKernelAndRunsIt() {
        CliRunner r = CliRunner.run("", "demo");
        assertEquals(0, r.exitCode(), r.err());
        String out = r.out();
        assertTrue(out.contains("      %m = fdiv fp128 %sum, %c\n"), out);
        assertTrue(out.contains("      %m = call i128 @__nv_div_fp128(i128 %sum, i128 %c)\n"), out);
        assertTrue(out.contains("call __nv_div_fp128 __nv_irem128 __nv_int128_to_fp128 __nv_fcmp_olt,"), out);
        // 1/3 in binary128 (see DemoCommandTest), computed by the lowered IR in the interpreter
        assertTrue(out.contains("interpreter: mean(1, 3) = 0x3FFD5555555555555555555555555555; softfloat 1/3 = "
                + "0x3FFD5555555555555555555555555555: equal"), out);
    }
}

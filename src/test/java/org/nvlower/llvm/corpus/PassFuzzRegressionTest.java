package org.nvlower.llvm.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.llvm.analysis.IrVerifier;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.testing.ExternalTools;

/**
 * The pass bugs {@link PassFuzz} found (bench/ir-pass-fuzz), minimized: each input is valid IR
 * (llvm-as 14 accepts it), and the pass's output must be too: nvlower's IrVerifier always, llvm-as
 * 14 where present.
 */
class PassFuzzRegressionTest {

    @TempDir
    Path work;

    /**
     * LLVM takes a reference to an attribute group the module never defines as no attributes
     * (llvm-as accepts it); the Cloner threw "undefined attribute group #0" (mutant #258 of the suite's
     * run, a libdevice function whose {@code attributes #0} line was deleted).
     */
    @Test
    void linkDropsUndefinedAttributeGroups() throws Exception {
        String in = """
                define i32 @f(i32 %x) #0 {
                  %y = call i32 @g(i32 %x) #1
                  ret i32 %y
                }
                declare i32 @g(i32) #2
                attributes #1 = { nounwind }
                """;
        assertValid(in);
        String out = new PassFuzz(null, List.of(), work, work).runPass(PassFuzz.Pass.LINK, in);
        assertFalse(out.contains("@f(i32 %x) #") || out.contains("@g(i32) #"), out); // the undefined groups dropped
        assertTrue(out.contains("call i32 @g(i32 %x) #0") && out.contains("attributes #0 = { nounwind }"), out);
        assertValid(out);
    }

    private void assertValid(String text) {
        assertEquals(List.of(), IrVerifier.errors(IrParser.parse("t.ll", text)), text);
        ExternalTools.llvmAs().ifPresent(as -> assertNull(Differential.llvmAs(as, text, work), text));
    }
}

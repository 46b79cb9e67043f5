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

    /**
     * A computed goto at -O0 (host-mix.c's {@code dispatch}): compile's memory cleanup removes loads,
     * the function is renumbered, and the label table kept {@code blockaddress(@dispatch, %9)} for a
     * block now numbered 8 (opt-19: "instruction forward referenced with type 'label'"; mutants #322
     * and #328 of bench/ir-pass-fuzz).
     */
    @Test
    void blockAddressesFollowRenumberedBlocks() throws Exception {
        String in = """
                target triple = "x86_64-unknown-linux-gnu"
                @labels = internal global [2 x i8*] [i8* blockaddress(@dispatch, %9), i8* blockaddress(@dispatch, %11)]

                define i32 @dispatch(i32 %0) {
                  %2 = alloca i32, align 4
                  store i32 %0, i32* %2, align 4
                  %3 = load i32, i32* %2, align 4
                  %4 = sext i32 %3 to i64
                  %5 = getelementptr inbounds [2 x i8*], [2 x i8*]* @labels, i64 0, i64 %4
                  %6 = load i8*, i8** %5, align 8
                  br label %7

                7:
                  %8 = phi i8* [ %6, %1 ]
                  indirectbr i8* %8, [label %9, label %11]

                9:
                  %10 = load i32, i32* %2, align 4
                  ret i32 %10

                11:
                  store i8* blockaddress(@dispatch, %9), i8** %5, align 8
                  ret i32 0
                }
                """;
        assertValid(in);
        String out = new PassFuzz(null, List.of(), work, work).runPass(PassFuzz.Pass.COMPILE, in);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("blockaddress\\(@dispatch, %(\\d+)\\)").matcher(out);
        int seen = 0;
        while (m.find()) {
            seen++;
            assertTrue(out.contains("\n" + m.group(1) + ":"), "blockaddress of %" + m.group(1) + ", no such block:\n" + out);
        }
        assertEquals(3, seen, out);
        assertFalse(out.contains("%10 = load"), "memory cleanup removed no load, so nothing was renumbered:\n" + out);
        assertValid(out);
    }

    private void assertValid(String text) {
        assertEquals(List.of(), IrVerifier.errors(IrParser.parse("t.ll", text)), text);
        ExternalTools.llvmAs().ifPresent(as -> assertNull(Differential.llvmAs(as, text, work), text));
    }
}

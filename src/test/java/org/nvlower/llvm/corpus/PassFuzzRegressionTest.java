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

    /**
     * LLVM lexes {@code !} and a node number as two tokens, so {@code metadata ! 7} names node 7; the
     * metadata renumbering of {@code link} did not see it as a reference and kept {@code ! 7}, now
     * another node (opt-19: "invalid llvm.dbg.value intrinsic variable", debug info dropped; mutant
     * #21149 of bench/ir-pass-fuzz, an llvm14/debug-info.ll fixture with a space inserted).
     */
    @Test
    void linkRenumbersNodeReferencesSpelledWithASpace() throws Exception {
        String in = """
                define void @f(i32 %n) !dbg !4 {
                  call void @llvm.dbg.value(metadata i32 %n, metadata ! 7, metadata !DIExpression()), !dbg !8
                  ret void
                }
                declare void @llvm.dbg.value(metadata, metadata, metadata)
                !llvm.dbg.cu = !{!0}
                !llvm.module.flags = !{!3}
                !0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
                !1 = !DIFile(filename: "a.c", directory: "/")
                !2 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
                !3 = !{i32 2, !"Debug Info Version", i32 3}
                !4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, type: !5, unit: !0, spFlags: DISPFlagDefinition, retainedNodes: !6)
                !5 = !DISubroutineType(types: !6)
                !6 = !{}
                !7 = !DILocalVariable(name: "n", arg: 1, scope: !4, file: !1, type: !2)
                !8 = !DILocation(line: 1, scope: !4)
                """;
        assertValid(in);
        String out = new PassFuzz(null, List.of(), work, work).runPass(PassFuzz.Pass.LINK, in);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("metadata ! ?(\\d+), metadata !DIExpression").matcher(out);
        assertTrue(m.find(), out);
        assertTrue(out.contains("\n!" + m.group(1) + " = !DILocalVariable(name: \"n\""), "the variable is !" + m.group(1) + ":\n" + out);
        assertFalse(out.contains("metadata ! 7,") && !out.contains("\n!7 = !DILocalVariable"), out);
        assertValid(out);
        ExternalTools.llvmAs().ifPresent(as -> {
            ExternalTools.Result r = ExternalTools.run(60, as, "-o", "/dev/null", write("out.ll", out).toString());
            assertEquals("", r.stderr(), "llvm-as 14 drops no debug info"); // "ignoring invalid debug info" before the fix
        });
    }

    private Path write(String name, String text) {
        try {
            return java.nio.file.Files.writeString(work.resolve(name), text);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void assertValid(String text) {
        assertEquals(List.of(), IrVerifier.errors(IrParser.parse("t.ll", text)), text);
        ExternalTools.llvmAs().ifPresent(as -> assertNull(Differential.llvmAs(as, text, work), text));
    }
}

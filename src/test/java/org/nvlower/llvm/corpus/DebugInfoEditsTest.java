package org.nvlower.llvm.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.llvm.analysis.IrVerifier;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.llvm.transform.Inliner;
import org.nvlower.llvm.pass.Lower128;
import org.nvlower.llvm.pass.NvvmReflect;
import org.nvlower.llvm.pass.ReflectBranchFold;
import org.nvlower.testing.ExternalTools;

/**
 * Debug info through edits (issue 24): the locals that {@code !DIArgList} operands and LLVM 19
 * {@code #dbg_value} records name follow cloning, inlining, replacement, renumbering and
 * deletion; inlined locations get LLVM's inlined-at chain. The judges are llvm-as 14 and 19,
 * whose verifier drops invalid debug info with a warning: the tests require an empty stderr.
 */
class DebugInfoEditsTest {

    private static String fixture(String name) {
        return Corpus.read(Fixtures.root().resolve("debuginfo").resolve(name));
    }

    private static Module inlineAll(String name, String text) {
        Module m = IrParser.parse(name, text);
        assertEquals(List.of(), IrVerifier.verify(m));
        assertTrue(Inliner.inlineAll(m, null, 3) > 0);
        assertEquals(List.of(), IrVerifier.verify(m));
        return m;
    }

    @Test
    void inlinedArgListNamesTheCallersValues() {
        String out = IrPrinter.print(inlineAll("arglist-inline.ll", fixture("arglist-inline.ll")));
        String caller = out.substring(out.indexOf("define i64 @caller"));
        // the callee's %p is the call's operand %1, its %d the clone %d.i
        assertTrue(caller.contains("metadata !DIArgList(i64 %1, i64 %d.i)"), caller);
        // the caller's own DIArgList named the call (%2): it follows the returned value, renumbered %3
        assertTrue(caller.contains("%3 = mul i64 %d.i, 3"), caller);
        assertTrue(caller.contains("metadata !DIArgList(i64 %3, i64 %1)"), caller);
    }

    @Test
    void inlinedLocationsGetTheCallSiteAsInlinedAt() {
        String out = IrPrinter.print(inlineAll("arglist-inline.ll", fixture("arglist-inline.ll")));
        Matcher dbg = Pattern.compile("%d\\.i = sub i64 %b, %1, !dbg !(\\d+)").matcher(out);
        assertTrue(dbg.find(), out);
        Matcher loc = Pattern.compile("\n!" + dbg.group(1) + " = !DILocation\\(line: 2, column: 3, scope: !10, inlinedAt: !(\\d+)\\)")
                .matcher(out);
        assertTrue(loc.find(), out);
        // the inlined-at node is a distinct copy of the call's location (!17)
        assertTrue(out.contains("\n!" + loc.group(1) + " = distinct !DILocation(line: 6, column: 7, scope: !16)"), out);
    }

    @Test
    void recordsAreRespelledWhenTheFunctionIsRenumbered() {
        String out = IrPrinter.print(inlineAll("arglist-inline-records.ll", fixture("arglist-inline-records.ll")));
        String caller = out.substring(out.indexOf("define i64 @caller"));
        assertTrue(caller.contains("    #dbg_value(!DIArgList(i64 %1, i64 %d.i), !9,"), caller);
        assertTrue(caller.contains("    #dbg_value(!DIArgList(i64 %3, i64 %1), !13,"), caller);
    }

    @Test
    void aDeletedValueBecomesUndefOrPoison() {
        for (String name : List.of("arglist-inline.ll", "arglist-inline-records.ll")) {
            Module m = IrParser.parse(name, fixture(name));
            Function callee = m.function("callee").orElseThrow();
            Instruction mul = callee.entryBlock().instructions().stream().filter(i -> i.opcode() == Opcode.MUL)
                    .findFirst().orElseThrow();
            Instruction sub = callee.entryBlock().first();
            // %d is used by the mul and by debug info only: replace the mul's use, then erase %d
            mul.setOperand(0, callee.argument(1));
            sub.eraseFromParent();
            String out = IrPrinter.print(m);
            String expected = name.contains("records") ? "!DIArgList(i64 %p, i64 poison)" : "!DIArgList(i64 %p, i64 undef)";
            assertTrue(out.contains(expected), out);
            assertEquals(List.of(), IrVerifier.verify(m));
        }
    }

    @Test
    void aCallOnlyDebugInfoNamesIsReplacedByTheReturnedValue() {
        Module m = IrParser.parse("arglist-inline.ll", fixture("arglist-inline.ll"));
        Function caller = m.function("caller").orElseThrow();
        CallInst call = (CallInst) caller.instructions().filter(i -> i instanceof CallInst c
                && c.calledFunction() != null && c.calledFunction().name().equals("callee")).findFirst().orElseThrow();
        Instruction ret = caller.entryBlock().terminator();
        ret.setOperand(0, call.argument(0)); // the call's value is now named by debug info only
        Inliner.inline(call);
        String out = IrPrinter.print(m);
        assertTrue(out.contains("metadata !DIArgList(i64 %3, i64 %1)"), out);
        assertEquals(List.of(), IrVerifier.verify(m));
    }

    @Test
    void reflectFoldingAndLower128KeepDebugInfoValid(@TempDir Path dir) throws IOException {
        Module m = IrParser.parse("reflect-fp128.ll", fixture("reflect-fp128.ll"));
        NvvmReflect.Result r = NvvmReflect.run(m, java.util.Map.of("__CUDA_FTZ", 0));
        ReflectBranchFold.run(r.functions());
        String folded = IrPrinter.print(m);
        // the folded call's debug use is the constant; the block removed took %t, the dead %m went: undef
        assertTrue(folded.contains("metadata !DIArgList(i32 0, i64 %n)"), folded);
        assertTrue(folded.contains("metadata !DIArgList(fp128 %s, i64 undef)"), folded);
        assertTrue(!folded.contains("%t"), folded);
        assertEquals(List.of(), IrVerifier.verify(m));
        org.nvlower.llvm.ir.ToolChecksAccess.assertLlvmAsAccepts(dir, folded);

        Module l = IrParser.parse("reflect-fp128.ll", fixture("reflect-fp128.ll"));
        Lower128.run(l, Lower128.Options.DEFAULT);
        String lowered = IrPrinter.print(l);
        assertTrue(lowered.contains("%s = call fp128 @__nv_add_fp128(fp128 %a, fp128 %b)"), lowered);
        assertTrue(lowered.contains("metadata !DIArgList(fp128 %s, i64 %m)"), lowered);
        assertEquals(List.of(), IrVerifier.verify(l));
        org.nvlower.llvm.ir.ToolChecksAccess.assertLlvmAsAccepts(dir, lowered);
    }

    @Test
    void metadataOperandsAreNotCheckedForDominance() {
        String text = """
                define void @f(i32 %a) {
                  call void @llvm.dbg.value(metadata i32 %x, metadata !0, metadata !DIExpression())
                  %x = add i32 %a, 1
                  ret void
                }
                declare void @llvm.dbg.value(metadata, metadata, metadata)
                !0 = !{}
                """;
        assertEquals(List.of(), IrVerifier.verify(IrParser.parse("t.ll", text)));
    }

    /** The report, on clang output: C++ with exceptions at -O2 -g, inlined, for LLVM 14 and 19. */
    @Test
    void clangOutputInlinedStaysValid(@TempDir Path dir) throws IOException {
        int checked = 0;
        for (String version : List.of("14", "19")) {
            Path bin = Path.of("/usr/lib/llvm-" + version + "/bin");
            if (!Files.isExecutable(bin.resolve("clang++")) || !Files.isExecutable(bin.resolve("llvm-as"))) {
                continue;
            }
            String text = Corpus.clang(bin.resolve("clang++"), "debug-arglist.cpp", "debug-arglist-" + version + ".ll",
                    "-target", "x86_64-linux-gnu", "-O2", "-g", "-mllvm", "-inline-threshold=-1000");
            assertTrue(text.contains("!DIArgList("), "clang-" + version + " no longer emits DIArgList here");
            assertTrue(text.contains("__cxa_throw"), "exceptions expected");
            Module m = inlineAll("debug-arglist.ll", text);
            String out = IrPrinter.print(m);
            assertTrue(out.contains("inlinedAt: !"), out);
            Path file = dir.resolve("inlined-" + version + ".ll");
            Files.writeString(file, out, StandardCharsets.ISO_8859_1);
            ExternalTools.Result r = ExternalTools.run(60, bin.resolve("llvm-as"), file.toString(), "-o", "/dev/null");
            assertEquals(0, r.exitCode(), r.stderr());
            assertEquals("", r.stderr(), "llvm-as " + version + " found invalid debug info");
            if (version.equals("19")) {
                ExternalTools.Result v = ExternalTools.run(60, bin.resolve("opt"), "-passes=verify", "-disable-output",
                        file.toString());
                assertEquals(0, v.exitCode(), v.stderr());
                assertEquals("", v.stderr());
            }
            checked++;
        }
        Assumptions.assumeTrue(checked > 0, "clang++ and llvm-as of LLVM 14 or 19 needed");
    }
}

package org.nvlower.llvm.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.nvlower.llvm.text.IrParser;

import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.Value;
import org.nvlower.llvm.ir.TerminatorInst;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.FastMathFlags;
import org.nvlower.llvm.ir.Constants;
import org.nvlower.llvm.ir.IrBuilderTest;
/** The verifier accepts valid IR and names each kind of breakage a pass can cause. */
class IrVerifierTest {

    private static final String OK = """
            define i32 @f(i1 %c, i32 %x) {
            entry:
              %y = add i32 %x, 1
              br i1 %c, label %a, label %b
            a:
              br label %j
            b:
              br label %j
            j:
              %p = phi i32 [ %y, %a ], [ 0, %b ]
              switch i32 %p, label %out [ i32 1, label %out2 ]
            out:
              ret i32 %p
            out2:
              ret i32 0
            }
            """;

    @Test
    void validIrHasNoProblems() {
        assertEquals(List.of(), IrVerifier.verify(IrParser.parse("ok.ll", OK)));
        assertEquals(List.of(), IrVerifier.verify(IrBuilderTest.umaxModule(false)));
    }

    /** Text edits that the parser accepts (it reads syntax, not meaning) but that are invalid IR. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "  %y = add i32 %x, 1|  %y = add i32 %p, 1|does not dominate",
        "  %p = phi i32 [ %y, %a ], [ 0, %b ]|  %p = phi i32 [ %y, %a ]|PHI node entries do not match",
        "  %p = phi i32 [ %y, %a ], [ 0, %b ]|  %p = phi i32 [ %y, %a ], [ 0, %b ], [ 1, %entry ]|PHI node entries do not match",
        "[ i32 1, label %out2 ]|[ i32 1, label %out2 i32 1, label %out ]|duplicate integer as switch case",
        "  ret i32 %p|  ret i32 %p, !dbg !7|undefined metadata !7",
    })
    void brokenIrIsReported(String from, String to, String message) {
        String text = OK.replace(from.replace("\\n", "\n"), to.replace("\\n", "\n"));
        assertTrue(!text.equals(OK), "the edit applies");
        List<IrVerifier.Problem> problems;
        try {
            problems = IrVerifier.verify(IrParser.parse("bad.ll", text));
        } catch (org.nvlower.diag.InputException e) {
            // the parser itself may reject some: that is fine, the point is that nothing passes
            return;
        }
        assertTrue(problems.stream().anyMatch(p -> p.message().contains(message)), problems.toString());
    }

    @Test
    void usesOfErasedValuesAndForeignValuesAreReported() {
        Module m = IrParser.parse("ok.ll", OK);
        Function f = m.function("f").orElseThrow();
        Instruction y = f.entryBlock().first();
        // detach %y while it is still used (what a buggy pass does)
        y.removeFromParent();
        List<IrVerifier.Problem> problems = IrVerifier.verify(m);
        assertTrue(problems.stream().anyMatch(p -> p.message().contains("which was erased")), problems.toString());

        Module m2 = IrParser.parse("ok.ll", OK + "define i32 @other(i32 %z) {\n  ret i32 %z\n}\n");
        Function g = m2.function("f").orElseThrow();
        Instruction add = g.entryBlock().first();
        add.setOperand(0, m2.function("other").orElseThrow().argument(0));
        assertTrue(IrVerifier.verify(m2).stream().anyMatch(p -> p.message().contains("another function")));
    }

    @Test
    void aTerminatorInTheMiddleIsReported() {
        Module m = IrParser.parse("ok.ll", OK);
        Function f = m.function("f").orElseThrow();
        BasicBlock a = f.blocks().get(1);
        Instruction br = a.terminator();
        // what a buggy pass does: appends after the terminator through the raw read path
        a.appendParsed(Instruction.read(Opcode.ADD, IntegerType.I32, 0, FastMathFlags.NONE,
                new Value[] {f.argument(1), Constants.i32(1)}, null));
        assertTrue(IrVerifier.verify(m).stream().anyMatch(p -> p.message().contains("terminator in the middle")),
                IrVerifier.verify(m).toString());
        assertTrue(br.isTerminator());
    }

    @Test
    void callsAreCheckedAgainstTheirCallee() {
        Module m = IrParser.parse("c.ll", """
                declare i32 @g(i32)
                define i32 @f() {
                  %r = call i32 @g(i32 1)
                  ret i32 %r
                }
                """);
        assertEquals(List.of(), IrVerifier.verify(m));
        Function f = m.function("f").orElseThrow();
        Instruction ret = f.entryBlock().terminator();
        ret.setOperand(0, Constants.i32(0));
        f.entryBlock().setTerminator(TerminatorInst.retVoid());
        assertTrue(IrVerifier.verify(m).stream().anyMatch(p -> p.message().contains("return type")));
    }

    /**
     * The verifier classes of docs/llvm-ir.md ("What nvlower accepts and llvm-as rejects"): the
     * parser reads each of these modules, llvm-as 14 rejects it, and the IrVerifier must too.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "define i32 @f() {/  %y = add i32 %x, 1/  %x = add i32 0, 1/  ret i32 %y/}|does not dominate",
        "define void @f() #0 {/  ret void/}/attributes #0 = { \"unsafe-fp-math\"=\"fals\" }|invalid value for 'unsafe-fp-math'",
        "define void @f() #0 {/  ret void/}/attributes #0 = { \"frame-pointer\"=\"\" }|invalid value for 'frame-pointer'",
        "define <2 x i1> @f() {/  %s = shufflevector <2 x i1> zeroinitializer, <2 x i1> zeroinitializer, <2 x i32> <i32 7, i32 1>/  ret <2 x i1> %s/}|invalid shufflevector operands",
        "@g = global i32 0, comdat($c)|use of undefined comdat '$c'",
        "@g = global i32 add (i32 1, i32 2)/@h = global [1 x i32] [i32 1]|",
    })
    void theVerifierClassesOfTheDifferentialFuzzAreCaught(String module, String message) {
        Module m = IrParser.parse("class.ll", module.replace("/", "\n") + "\n");
        List<IrVerifier.Problem> problems = IrVerifier.verify(m);
        if (message == null) {
            assertEquals(List.of(), problems, "valid constants");
        } else {
            assertTrue(problems.stream().anyMatch(p -> p.toString().contains(message)), problems.toString());
        }
    }
}

package org.nvlower.llvm.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;

import org.nvlower.llvm.analysis.IrVerifier;
import org.nvlower.llvm.transform.Inliner;
/** What the libdevice-linking pass needed from the model (reported by its author), each pinned. */
class PassAuthorTest {

    private static final String TEXT = """
            @s = private constant [3 x i8] c"ab\\00"
            declare i32 @use(i8*)
            define i32 @f(i32 %a) #0 {
              %q = add i32 %a, 1
              %1 = mul i32 %q, 2
              %r = call i32 @use(i8* getelementptr inbounds ([3 x i8], [3 x i8]* @s, i32 0, i32 0))
              %s = add i32 %1, %r
              ret i32 %s
            }
            define internal i32 @g(i32 %x) {
              %1 = add i32 %x, 7
              ret i32 %1
            }
            define i32 @h(i32 %y) {
              %1 = call i32 @g(i32 %y)
              ret i32 %1
            }
            attributes #0 = { nounwind }
            attributes #1 = { readnone }
            """;

    @Test
    void movingAnInstructionKeepsItsNameAndNumber(@TempDir Path dir) {
        Module m = IrParser.parse("m.ll", TEXT);
        Function f = m.function("f").orElseThrow();
        List<Instruction> insts = f.entryBlock().instructions();
        Instruction q = insts.get(0);
        Instruction numbered = insts.get(1);
        Instruction call = insts.get(2);
        call.moveBefore(q);
        assertEquals("q", q.name());
        assertFalse(numbered.hasName());
        String text = IrPrinter.print(m);
        assertTrue(text.contains("  %r = call i32 @use(i8* getelementptr inbounds ([3 x i8], [3 x i8]* @s, i32 0, i32 0))\n"
                + "  %q = add i32 %a, 1\n  %1 = mul i32 %q, 2\n"), text);
        assertEquals(List.of(), IrVerifier.verify(m));
        ToolChecks.assertLlvmAsAccepts(dir, text);
    }

    @Test
    void inlinedNumberedValuesStayNumbered(@TempDir Path dir) {
        Module m = IrParser.parse("m.ll", TEXT);
        Function h = m.function("h").orElseThrow();
        Inliner.inline((CallInst) h.entryBlock().first());
        String text = IrPrinter.print(m);
        assertFalse(text.contains("nvl."), text);
        assertEquals(List.of(), IrVerifier.verify(m));
        ToolChecks.assertLlvmAsAccepts(dir, text);
    }

    @Test
    void namingTheImplicitEntryBlockWritesItsLabel(@TempDir Path dir) {
        Module m = IrParser.parse("m.ll", TEXT);
        m.function("g").orElseThrow().entryBlock().setName("start");
        String text = IrPrinter.print(m);
        assertTrue(text.contains("define internal i32 @g(i32 %x) {\nstart:\n  %0 = add i32 %x, 7"), text);
        ToolChecks.assertLlvmAsAccepts(dir, text);
    }

    @Test
    void referencesInsideConstantExpressionsCount() {
        Module m = IrParser.parse("m.ll", TEXT);
        GlobalValue s = m.global("s");
        assertFalse(s.hasUses(), "no instruction uses @s directly");
        assertTrue(m.isReferenced(s), "the GEP constant in the call refers to it");
        assertFalse(m.isReferenced(m.function("h").orElseThrow()));
    }

    @Test
    void unusedAttributeGroupsCanBeRemovedAndInternalizingPrintsAsLlvm(@TempDir Path dir) {
        Module m = IrParser.parse("m.ll", TEXT);
        assertEquals(1, m.removeUnusedAttributeGroups());
        assertEquals(List.of(0), m.attributeGroups().stream().map(AttributeGroup::id).toList());
        Function f = m.function("f").orElseThrow();
        f.internalize();
        String text = IrPrinter.print(m);
        assertTrue(text.contains("define internal i32 @f(i32 %a) #0 {"), text);
        ToolChecks.assertLlvmAsAccepts(dir, text);
    }
}

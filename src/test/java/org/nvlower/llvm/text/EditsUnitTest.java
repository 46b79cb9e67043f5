package org.nvlower.llvm.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.diag.InputException;
import org.nvlower.llvm.ir.AttributeSet;
import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.BinaryInst;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.CastInst;
import org.nvlower.llvm.ir.CmpInst;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.runtime.RuntimeDispatch;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.Value;
import org.nvlower.llvm.ir.VectorType;

/** Def-use and edits, and that edited modules print as IR llvm-as accepts. */
class EditsUnitTest {

    private static final String SMALL = """
            define i32 @f(i32 %a, i32 %b) {
            entry:
              %0 = add i32 %a, %b ; sum
              %m = mul i32 %0, %0
              %1 = sub i32 %m, %a
              ret i32 %1
            }
            """;

    private static Instruction inst(Module m, String fn, int block, int index) {
        return m.function(fn).orElseThrow().blocks().get(block).instructions().get(index);
    }

    @Test
    void usersFollowOperands() {
        Module m = IrParser.parse("s.ll", SMALL);
        Instruction add = inst(m, "f", 0, 0);
        Instruction mul = inst(m, "f", 0, 1);
        assertEquals(List.of(mul), add.users());
        assertEquals(2, add.useCount());
        Function f = m.function("f").orElseThrow();
        assertEquals(List.of(add, inst(m, "f", 0, 2)), f.arguments().get(0).users());
    }

    @Test
    void replaceAllUsesWithAConstantReprintsOnlyThatOperand() {
        Module m = IrParser.parse("s.ll", SMALL);
        Instruction add = inst(m, "f", 0, 0);
        add.replaceAllUsesWith(ConstantInt.of(IntegerType.I32, 5));
        assertFalse(add.hasUses());
        assertEquals(SMALL.replace("%m = mul i32 %0, %0", "%m = mul i32 5, 5"), IrPrinter.print(m));
        assertThrows(IllegalArgumentException.class, () -> add.replaceAllUsesWith(ConstantInt.of(IntegerType.I64, 1)));
    }

    @Test
    void erasingANumberedValueRenumbersTheFunction() {
        Module m = IrParser.parse("s.ll", SMALL);
        Instruction add = inst(m, "f", 0, 0);
        assertThrows(IllegalStateException.class, add::eraseFromParent, "still used");
        add.replaceAllUsesWith(m.function("f").orElseThrow().arguments().get(1));
        add.eraseFromParent();
        String expected = """
                define i32 @f(i32 %a, i32 %b) {
                entry:
                  %m = mul i32 %b, %b
                  %0 = sub i32 %m, %a
                  ret i32 %0
                }
                """;
        assertEquals(expected, IrPrinter.print(m));
    }

    /** Renumbered text: strings, comments, numbered globals and renamed names keep their spelling. */
    private static final String NUMBERED = """
            @0 = global i32 1
            @g = global i32 2

            define i32 @h(i32 %0, i32 %b) {
              %2 = add i32 %0, 1
              %3 = add i32 %2, %b
              %4 = call i32 asm "add.s32 %0, %1;", "=r,r"(i32 %3)
              %5 = load i32, ptr @0
              %6 = load i32, ptr @g
              %7 = add i32 %4, %5 ; uses %3
              %8 = add i32 %7, %6
              ret i32 %8
            }
            """;

    @Test
    void erasingRenumbersOnlyTheLocalsOfTheText() {
        Module m = IrParser.parseWithBodies("n.ll", NUMBERED);
        Function h = m.function("h").orElseThrow();
        Instruction first = inst(m, "h", 0, 0);
        first.replaceAllUsesWith(h.arguments().get(0));
        first.eraseFromParent();
        String renumbered = """
                @0 = global i32 1
                @g = global i32 2

                define i32 @h(i32 %0, i32 %b) {
                  %2 = add i32 %0, %b
                  %3 = call i32 asm "add.s32 %0, %1;", "=r,r"(i32 %2)
                  %4 = load i32, ptr @0
                  %5 = load i32, ptr @g
                  %6 = add i32 %3, %4 ; uses %3
                  %7 = add i32 %6, %5
                  ret i32 %7
                }
                """;
        assertEquals(renumbered, IrPrinter.print(m));
        // then a global and an argument renamed: their uses in unedited instructions follow
        m.global("g").setName("g2");
        h.arguments().get(1).setName("c");
        assertEquals(renumbered.replace("@g =", "@g2 =").replace("ptr @g\n", "ptr @g2\n")
                .replace("%b", "%c"), IrPrinter.print(m));
    }

    @Test
    void insertBeforeNamesNewValuesSoNothingMoves() {
        Module m = IrParser.parse("s.ll", SMALL);
        Instruction mul = inst(m, "f", 0, 1);
        BinaryInst x = BinaryInst.create(Opcode.XOR, mul.operand(0), ConstantInt.of(IntegerType.I32, -1));
        mul.parent().insertBefore(mul, x);
        mul.setOperand(1, x);
        assertEquals("nvl.0", x.name());
        assertEquals(List.of(mul), x.users());
        assertEquals(SMALL.replace("  %m = mul i32 %0, %0", "  %nvl.0 = xor i32 %0, -1\n  %m = mul i32 %0, %nvl.0"),
                IrPrinter.print(m));
    }

    @Test
    void replaceWithKeepsTheNumberAndTheDebugLocation() {
        String text = """
                define fp128 @g(fp128 %x, fp128 %y) {
                  %1 = fadd fp128 %x, %y, !dbg !4
                  %2 = fmul fp128 %1, %1
                  ret fp128 %2
                }
                !4 = !{}
                """;
        Module m = IrParser.parse("g.ll", text);
        Instruction fadd = inst(m, "g", 0, 0);
        Function add = m.getOrInsertFunction("__nv_add_fp128", FloatType.FP128, List.of(FloatType.FP128, FloatType.FP128));
        CallInst call = CallInst.create(add, fadd.operands());
        fadd.replaceWith(call);
        assertSame(call, inst(m, "g", 0, 0));
        assertEquals(List.of(inst(m, "g", 0, 1)), call.users());
        assertEquals("""
                define fp128 @g(fp128 %x, fp128 %y) {
                  %1 = call fp128 @__nv_add_fp128(fp128 %x, fp128 %y), !dbg !4
                  %2 = fmul fp128 %1, %1
                  ret fp128 %2
                }

                declare fp128 @__nv_add_fp128(fp128, fp128)
                !4 = !{}
                """, IrPrinter.print(m));
    }

    @Test
    void getOrInsertFunctionReusesAMatchingDeclarationAndRejectsAConflict() {
        Module m = IrParser.parse("d.ll", "declare fp128 @__nv_add_fp128(fp128, fp128)\n@v = global i32 0\n");
        Function existing = m.function("__nv_add_fp128").orElseThrow();
        assertSame(existing, m.getOrInsertFunction("__nv_add_fp128", FloatType.FP128,
                List.of(FloatType.FP128, FloatType.FP128)));
        InputException conflict = assertThrows(InputException.class,
                () -> m.getOrInsertFunction("__nv_add_fp128", FloatType.DOUBLE, List.of(FloatType.DOUBLE)));
        assertTrue(conflict.getMessage().contains("declared as 'fp128 (fp128, fp128)'"), conflict.getMessage());
        assertEquals(1, conflict.position().line());
        assertThrows(InputException.class, () -> m.getOrInsertFunction("v", FloatType.FP128, List.of()));
        assertEquals(1, m.functions().size(), "nothing inserted on error");
    }

    @Test
    void attributeGroupsCanBeAdded() {
        Module m = IrParser.parse("a.ll", "declare void @f() #0\nattributes #0 = { nounwind }\n");
        assertEquals(1, m.addAttributeGroup(AttributeSet.words("nounwind", "readnone")).id());
        assertEquals("declare void @f() #0\nattributes #0 = { nounwind }\nattributes #1 = { nounwind readnone }\n",
                IrPrinter.print(m));
    }

    /** A scalar operation the 128-bit lowering replaces by a call (not a folded fcmp, not a vector). */
    private static boolean scalarCall(Instruction i) {
        return RuntimeDispatch.decide(i) instanceof RuntimeDispatch.Call && !(i.type() instanceof VectorType);
    }

    /** The 128-bit lowering's edit pattern over every operation of the fixture; llvm-as must accept the result. */
    @Test
    void loweringPatternPrintsValidIr(@TempDir Path dir) throws Exception {
        Module m = IrParser.parse("typed.ll", Fixtures.TYPED);
        List<Instruction> wide = m.instructions().filter(EditsUnitTest::scalarCall).toList();
        assertEquals(9, wide.size());
        for (Instruction i : wide) {
            List<Type> params = new ArrayList<>();
            List<Value> args = new ArrayList<>();
            int n = i instanceof CastInst ? 1 : 2;
            for (int k = 0; k < n; k++) {
                params.add(i.operand(k).type());
                args.add(i.operand(k));
            }
            String name = "__nv_" + i.opcode().keyword() + (i instanceof CmpInst c ? "_" + c.predicate() : "")
                    + "_" + i.type().toString().replace(' ', '_');
            Function callee = m.getOrInsertFunction(name, i.type(), params);
            CallInst call = CallInst.create(callee, args);
            i.parent().insertBefore(i, call);
            i.replaceAllUsesWith(call);
            i.eraseFromParent();
        }
        assertEquals(0, m.instructions().filter(EditsUnitTest::scalarCall).count());
        String printed = IrPrinter.print(m);
        assertTrue(printed.contains("%nvl.0 = call fp128 @__nv_fadd_fp128(fp128 %a, fp128 %b)"), printed);
        assertTrue(printed.contains("declare i1 @__nv_fcmp_olt_i1(fp128, fp128)"), printed);
        assertTrue(printed.contains("%t = fcmp true fp128 %nvl.1, %a"), printed);
        assertTrue(printed.startsWith(Fixtures.TYPED.substring(0, Fixtures.TYPED.indexOf("define fp128 @wide"))),
                "untouched text is unchanged");
        assertLlvmAsAccepts(dir, printed);
    }

    @Test
    void renumberedModulePassesLlvmAs(@TempDir Path dir) throws Exception {
        Module m = IrParser.parse("typed.ll", Fixtures.TYPED);
        Function f = m.function("typed").orElseThrow();
        Instruction add = f.blocks().get(0).instructions().get(3);
        assertEquals(Opcode.ADD, add.opcode());
        add.replaceAllUsesWith(add.operand(0));
        add.eraseFromParent();
        String printed = IrPrinter.print(m);
        assertTrue(printed.contains("%5 = icmp sgt i32 %4, 0"), printed);
        assertTrue(printed.contains("%10 = phi i32 [ %8, %6 ], [ %4, %1 ]"), printed);
        assertLlvmAsAccepts(dir, printed);
    }

    @Test
    void renamingALocalRespellsItsDefinitionAndUses() {
        Module m = IrParser.parse("s.ll", SMALL);
        Instruction mul = inst(m, "f", 0, 1);
        mul.setName("product");
        m.function("f").orElseThrow().blocks().get(0).setName("start");
        assertEquals("""
                define i32 @f(i32 %a, i32 %b) {
                start:
                  %0 = add i32 %a, %b ; sum
                  %product = mul i32 %0, %0
                  %1 = sub i32 %product, %a
                  ret i32 %1
                }
                """, IrPrinter.print(m));
    }

    @Test
    void renamingAFunctionAndAnArgumentRespellsHeaderAndUses() {
        Module m = IrParser.parse("s.ll", SMALL + "define i32 @caller() {\n  %r = call i32 @f(i32 1, i32 2)\n  ret i32 %r\n}\n");
        Function f = m.function("f").orElseThrow();
        f.setName("g");
        f.arguments().get(0).setName("z");
        assertEquals("""
                define i32 @g(i32 %z, i32 %b) {
                entry:
                  %0 = add i32 %z, %b ; sum
                  %m = mul i32 %0, %0
                  %1 = sub i32 %m, %z
                  ret i32 %1
                }
                define i32 @caller() {
                  %r = call i32 @g(i32 1, i32 2)
                  ret i32 %r
                }
                """, IrPrinter.print(m));
        assertSame(f, m.global("g"));
        assertEquals(null, m.global("f"));
        assertThrows(IllegalArgumentException.class, () -> f.setName("caller"));
    }

    @Test
    void blocksAreValuesWithUsers() {
        Module m = IrParser.parse("typed.ll", Fixtures.TYPED);
        Function f = m.function("typed").orElseThrow();
        BasicBlock join = f.blocks().get(2);
        assertEquals(2, join.useCount(), "the conditional branch and the branch from %7");
        assertEquals(2, f.blocks().get(1).useCount(), "the conditional branch and the phi");
        assertEquals(1, f.blocks().get(0).useCount(), "the phi");
        assertEquals(List.of(f.blocks().get(0).terminator(), f.blocks().get(1).terminator()), join.users());
    }

    static void assertLlvmAsAccepts(Path dir, String ir) throws IOException, InterruptedException {
        Path llvmAs = Tools.find("llvm-as");
        Assumptions.assumeTrue(llvmAs != null, "llvm-as not found on PATH or in /usr/lib/llvm-*/bin");
        Path file = dir.resolve("edited.ll");
        Files.writeString(file, ir);
        Process p = new ProcessBuilder(llvmAs.toString(), file.toString(), "-o", dir.resolve("edited.bc").toString())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "llvm-as timed out");
        assertEquals(0, p.exitValue(), "llvm-as rejected the printed module:\n" + output + "\n" + ir);
    }
}

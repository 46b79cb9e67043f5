package org.nvlower.llvm.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;

/** Functions built from scratch with the builder print as {@code define} and are valid IR. */
class IrBuilderTest {

    /** {@code umax(a, b)} with a branch and a phi, built from nothing. */
    static Module umaxModule(boolean opaque) {
        Module m = Module.create("built", opaque);
        m.setTargetTriple("nvptx64-nvidia-cuda");
        Function f = m.addFunction("umax", new FunctionType(IntegerType.I64, List.of(IntegerType.I64, IntegerType.I64), false));
        f.argument(0).setName("a");
        f.argument(1).setName("b");
        BasicBlock entry = f.appendBlock("entry");
        BasicBlock takeA = f.appendBlock("take.a");
        BasicBlock join = f.appendBlock("join");
        IrBuilder b = IrBuilder.atEnd(m, entry);
        CmpInst gt = b.icmp(Predicate.IUGT, f.argument(0), f.argument(1), "gt");
        b.condBr(gt, takeA, join);
        b.positionAtEnd(takeA).br(join);
        b.positionAtEnd(join);
        PhiInst phi = b.phi(IntegerType.I64, "max", f.argument(0), takeA, f.argument(1), entry);
        b.ret(phi);
        return m;
    }

    @Test
    void aFunctionBuiltFromScratchPrintsAsADefinition(@TempDir Path dir) {
        Module m = umaxModule(false);
        Function f = m.function("umax").orElseThrow();
        assertFalse(f.isDeclaration());
        String text = IrPrinter.print(m);
        assertEquals("""
                target triple = "nvptx64-nvidia-cuda"

                define i64 @umax(i64 %a, i64 %b) {
                entry:
                  %gt = icmp ugt i64 %a, %b
                  br i1 %gt, label %take.a, label %join

                take.a:
                  br label %join

                join:
                  %max = phi i64 [ %a, %take.a ], [ %b, %entry ]
                  ret i64 %max
                }
                """, text);
        ToolChecks.assertLlvmAsAccepts(dir, text);
        assertEquals(text, IrPrinter.print(IrParser.parse("again.ll", text)), "reads back and prints the same");
    }

    @Test
    void unnamedValuesAreNumberedAndNamesStayUnique(@TempDir Path dir) {
        Module m = Module.create("n", true);
        Function f = m.addFunction("g", new FunctionType(IntegerType.I32, List.of(IntegerType.I32), false));
        IrBuilder b = IrBuilder.atEnd(m, f.appendBlock(""));
        BinaryInst x = b.add(f.argument(0), Constants.i32(1), "");
        BinaryInst y = b.mul(x, x, "y");
        BinaryInst y2 = b.mul(y, x, "y");
        b.ret(y2);
        assertEquals("y", y.name());
        assertTrue(!y2.name().equals("y") && y2.name().startsWith("y"), y2.name());
        String text = IrPrinter.print(m);
        assertTrue(text.contains("define i32 @g(i32 %0) {\n  %2 = add i32 %0, 1\n"), text);
        ToolChecks.assertLlvmAsAccepts(dir, text);
    }

    @Test
    void theBuilderChecksWhatItBuilds() {
        Module m = Module.create("c", true);
        Function f = m.addFunction("h", new FunctionType(PrimitiveType.VOID, List.of(IntegerType.I32, FloatType.FLOAT), false));
        IrBuilder b = IrBuilder.atEnd(m, f.appendBlock("entry"));
        assertThrows(IllegalArgumentException.class, () -> b.add(f.argument(0), f.argument(1), "bad"));
        assertThrows(IllegalArgumentException.class, () -> b.fadd(f.argument(0), f.argument(0), "bad"));
        assertThrows(IllegalArgumentException.class, () -> b.trunc(f.argument(0), IntegerType.I64, "bad"));
        assertThrows(IllegalArgumentException.class, () -> b.ret(f.argument(0)));
        assertThrows(IllegalArgumentException.class, () -> b.icmp(Predicate.OLT, f.argument(0), f.argument(0), "bad"));
        b.retVoid();
        assertThrows(IllegalStateException.class, () -> b.add(f.argument(0), f.argument(0), "after"));
        assertEquals(1, f.entryBlock().instructions().size());
    }

    @Test
    void insertionBeforeAndAfterAnInstruction() {
        Module m = umaxModule(true);
        Function f = m.function("umax").orElseThrow();
        Instruction gt = f.entryBlock().first();
        IrBuilder b = new IrBuilder(m).positionBefore(gt);
        BinaryInst first = b.xor(f.argument(0), f.argument(1), "x");
        b.positionAfter(gt);
        BinaryInst after = b.and(f.argument(0), f.argument(1), "y");
        assertSame(first, f.entryBlock().instructions().get(0));
        assertSame(gt, first.next());
        assertSame(after, gt.next());
        assertSame(gt, after.previous());
    }
}

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

import org.nvlower.llvm.analysis.IrVerifier;
/** Functions built from scratch with the builder print as {@code define} and are valid IR. */
public class IrBuilderTest {

    /** {@code umax(a, b)} with a branch and a phi, built from nothing. */
    public static Module umaxModule(boolean opaque) {
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
        PhiInst phi = b.phi(IntegerType.I64, List.of(IrBuilder.incoming(f.argument(0), takeA), IrBuilder.incoming(f.argument(1), entry)), "max");
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

    @Test
    void everyKindHasAFactoryThatPrintsValidIr(@TempDir Path dir) {
        Module m = Module.create("kinds", false);
        Type i32p = m.pointerTo(IntegerType.I32, 0);
        Function personality = m.addFunction("__gxx_personality_v0", new FunctionType(IntegerType.I32, List.of(), true));
        Function callee = m.addFunction("may_throw", new FunctionType(PrimitiveType.VOID, List.of(), false));
        Function f = m.addFunction("kinds", new FunctionType(PrimitiveType.VOID, List.of(i32p, m.pointerTo(IntegerType.I8, 0)), false));
        f.readFunctionHeader("", AttributeSet.EMPTY, AttributeSet.EMPTY, List.of(), null, null, null,
                "i32 (...)* @__gxx_personality_v0");
        BasicBlock entry = f.appendBlock("entry");
        BasicBlock ok = f.appendBlock("ok");
        BasicBlock pad = f.appendBlock("pad");
        BasicBlock jump = f.appendBlock("jump");
        IrBuilder b = IrBuilder.atEnd(m, entry);
        b.insert(MemoryInst.fence(AtomicOrdering.SEQ_CST, null));
        b.insert(MemoryInst.fence(AtomicOrdering.ACQUIRE, "singlethread"));
        b.insert(MemoryInst.cmpxchg(f.argument(0), Constants.i32(0), Constants.i32(1), AtomicOrdering.ACQ_REL,
                AtomicOrdering.ACQUIRE, 4), "cx");
        b.insert(MemoryInst.atomicRmw("add", f.argument(0), Constants.i32(2), AtomicOrdering.MONOTONIC, 4), "old");
        b.insert(OtherInst.vaArg(f.argument(1), IntegerType.I32), "va");
        b.insert(CallInst.invoke(callee, List.of(), ok, pad));
        b.positionAtEnd(ok).insert(TerminatorInst.indirectBr(Constants.nullPointer((PointerType) m.pointerTo(IntegerType.I8, 0)),
                List.of(jump)));
        b.positionAtEnd(jump).retVoid();
        b.positionAtEnd(pad);
        StructType lp = StructType.of(m.pointerTo(IntegerType.I8, 0), IntegerType.I32);
        OtherInst landing = b.insert(OtherInst.landingPad(lp, true, List.of(), List.of()), "lp");
        b.insert(TerminatorInst.resume(landing));
        assertEquals(List.of(), IrVerifier.verify(m));
        String text = IrPrinter.print(m);
        assertTrue(text.contains("cmpxchg i32* %0, i32 0, i32 1 acq_rel acquire, align 4"), text);
        assertTrue(text.contains("fence syncscope(\"singlethread\") acquire"), text);
        assertTrue(text.contains("landingpad { i8*, i32 }\n          cleanup"), text);
        ToolChecks.assertLlvmAsAccepts(dir, text);
        assertEquals(text, IrPrinter.printFromModel(IrParser.parse("k.ll", text)));
    }
}

package org.nvlower.llvm.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
/** Splitting, deleting and rewiring blocks keeps phis consistent and the text valid. */
class ControlFlowEditTest {

    private static final String DIAMOND = """
            define i32 @d(i1 %c, i32 %x) {
            entry:
              %y = add i32 %x, 1
              br i1 %c, label %left, label %right

            left:                                             ; preds = %entry
              %l = mul i32 %y, 2
              br label %join

            right:                                            ; preds = %entry
              %r = sub i32 %y, 3
              br label %join

            join:                                             ; preds = %right, %left
              %p = phi i32 [ %l, %left ], [ %r, %right ]
              ret i32 %p
            }
            """;

    private static BasicBlock block(Function f, String name) {
        return f.blocks().stream().filter(b -> b.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void predecessorsAndSuccessors() {
        Function f = IrParser.parse("d.ll", DIAMOND).function("d").orElseThrow();
        BasicBlock entry = f.entryBlock();
        assertEquals(List.of(block(f, "left"), block(f, "right")), entry.successors());
        assertEquals(List.of(block(f, "left"), block(f, "right")), block(f, "join").predecessors());
        assertEquals(List.of(), entry.predecessors());
        assertTrue(entry.isEntry());
    }

    @Test
    void splittingABlockMovesTheTailAndRetargetsPhis(@TempDir Path dir) {
        Module m = IrParser.parse("d.ll", DIAMOND);
        Function f = m.function("d").orElseThrow();
        BasicBlock left = block(f, "left");
        BasicBlock tail = left.splitAt(left.terminator(), "left.tail");
        assertEquals(List.of(tail), left.successors());
        assertEquals(List.of(left), tail.predecessors());
        PhiInst p = block(f, "join").phis().get(0);
        assertSame(tail, p.incomingBlock(0));
        String text = IrPrinter.print(m);
        assertTrue(text.contains("  %l = mul i32 %y, 2\n  br label %left.tail\n\nleft.tail:"), text);
        assertTrue(text.contains("[ %l, %left.tail ]"), text);
        assertEquals(0, IrVerifier.verify(m).size(), IrVerifier.verify(m).toString());
        ToolChecks.assertLlvmAsAccepts(dir, text);
    }

    @Test
    void replacingATerminatorDropsPhiEntriesOfLostEdges(@TempDir Path dir) {
        Module m = IrParser.parse("d.ll", DIAMOND);
        Function f = m.function("d").orElseThrow();
        BasicBlock right = block(f, "right");
        f.entryBlock().setTerminator(TerminatorInst.br(block(f, "left")));
        assertEquals(List.of(), right.predecessors());
        assertEquals(1, f.removeUnreachableBlocks());
        PhiInst p = block(f, "join").phis().get(0);
        assertEquals(1, p.incomingCount());
        assertEquals(List.of(), IrVerifier.verify(m));
        ToolChecks.assertLlvmAsAccepts(dir, IrPrinter.print(m));
    }

    @Test
    void aBlockWithPredecessorsCannotBeRemoved() {
        Function f = IrParser.parse("d.ll", DIAMOND).function("d").orElseThrow();
        assertThrows(IllegalStateException.class, () -> block(f, "join").eraseFromParent());
    }

    @Test
    void phiEntriesCanBeAddedAndRemoved(@TempDir Path dir) {
        Module m = IrParser.parse("d.ll", DIAMOND);
        Function f = m.function("d").orElseThrow();
        BasicBlock join = block(f, "join");
        BasicBlock extra = new BasicBlock("extra");
        f.insertBlockBefore(join, extra);
        IrBuilder.atEnd(m, extra).br(join);
        f.entryBlock().terminator().replaceSuccessor(block(f, "right"), extra);
        PhiInst p = join.phis().get(0);
        p.addIncoming(Constants.i32(7), extra);
        assertEquals(3, p.incomingCount());
        // right is now unreachable: removing it drops its phi entry
        assertEquals(1, f.removeUnreachableBlocks());
        assertEquals(2, p.incomingCount());
        assertEquals(List.of(), IrVerifier.verify(m));
        ToolChecks.assertLlvmAsAccepts(dir, IrPrinter.print(m));
    }
}

package org.nvlower.llvm.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.nvlower.llvm.analysis.IrVerifier;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;

/** The one-line helpers the passes are written on (docs/llvm-ir.md, "Writing a pass"), each pinned. */
class PassHelpersTest {

    private static final String TEXT = """
            @s = private constant [3 x i8] c"ab\\00"
            declare i32 @pure(i32) readnone nounwind willreturn
            declare i32 @reads(i32) readonly
            declare i32 @any(i32)
            declare i32 @use(i8*)
            define i32 @f(i32 %a, i32* %p, i1 %c) {
            entry:
              %x = call i32 @pure(i32 %a)
              %y = call i32 @reads(i32 %x)
              %z = call i32 @any(i32 %y)
              %l = load i32, i32* %p
              %v = load volatile i32, i32* %p
              %k = call i32 @use(i8* getelementptr inbounds ([3 x i8], [3 x i8]* @s, i32 0, i32 0))
              switch i32 %a, label %d [ i32 1, label %one
                                        i32 2, label %d ]
            one:
              br i1 %c, label %d, label %d
            d:
              %m = phi i32 [ 7, %entry ], [ 7, %entry ], [ 7, %one ], [ 7, %one ]
              ret i32 %m
            }
            """;

    @Test
    void callsAnswerTheirMemoryEffectsAndCallee() {
        Function f = IrParser.parse("m.ll", TEXT).function("f").orElseThrow();
        List<CallInst> calls = f.instructions(CallInst.class).toList();
        assertEquals(List.of("pure", "reads", "any", "use"), calls.stream().map(CallInst::calleeName).toList());
        assertTrue(calls.get(0).isPure() && calls.get(0).doesNotAccessMemory() && calls.get(0).wouldBeTriviallyDead());
        assertTrue(calls.get(1).onlyReadsMemory() && !calls.get(1).doesNotAccessMemory() && !calls.get(1).isPure());
        assertFalse(calls.get(2).onlyReadsMemory() || calls.get(2).wouldBeTriviallyDead());
        assertEquals(List.of(calls.get(2)), f.module().function("any").orElseThrow().callSites());
        List<LoadInst> loads = f.instructions(LoadInst.class).toList();
        assertTrue(loads.get(0).isSimple() && loads.get(0).wouldBeTriviallyDead());
        assertFalse(loads.get(1).isSimple() || loads.get(1).wouldBeTriviallyDead());
        assertEquals("ab", ((ConstantString) ((GlobalVariable) calls.get(3).argument(0).stripPointerCasts()).initializer())
                .cString());
    }

    @Test
    void foldingABranchKeepsOnePhiEntryPerEdgeLeft() {
        Module m = IrParser.parse("m.ll", TEXT);
        Function f = m.function("f").orElseThrow();
        BasicBlock entry = f.entryBlock();
        BasicBlock one = f.blocks().get(1);
        BasicBlock d = f.blocks().get(2);
        TerminatorInst sw = (TerminatorInst) entry.terminator();
        assertSame(one, sw.successorFor(Constants.i32(1)));
        assertSame(d, sw.successorFor(Constants.i32(2)));
        assertSame(d, sw.successorFor(Constants.i32(9)));
        TerminatorInst br = (TerminatorInst) one.terminator();
        assertSame(d, br.successorFor(ConstantInt.FALSE));
        one.setTerminator(TerminatorInst.br(d));
        entry.setTerminator(TerminatorInst.br(d));
        PhiInst phi = d.phis().get(0);
        assertEquals(List.of(entry, one), phi.incoming().stream().map(PhiInst.Incoming::block).toList());
        assertEquals(Constants.i32(7), phi.hasConstantValue());
        phi.replaceAndErase(phi.hasConstantValue());
        assertEquals(List.of(), IrVerifier.verify(m));
        assertTrue(IrPrinter.print(m).contains("ret i32 7"), IrPrinter.print(m));
    }

    @Test
    void aValueTakesAnotherOnesName() {
        Function f = IrParser.parse("m.ll", TEXT).function("f").orElseThrow();
        Instruction x = f.entryBlock().first();
        PhiInst phi = PhiInst.create(IntegerType.I32);
        phi.takeName(x);
        assertEquals("x", phi.name());
        assertFalse(x.hasName());
        assertEquals(java.math.BigInteger.valueOf(-1), new ConstantInt(IntegerType.I8, java.math.BigInteger.valueOf(255))
                .signedValue());
        assertTrue(ConstantInt.FALSE.isZero() && !ConstantInt.TRUE.isZero());
    }
}

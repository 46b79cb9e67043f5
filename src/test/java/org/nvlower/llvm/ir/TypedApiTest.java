package org.nvlower.llvm.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nvlower.llvm.ir.IrBuilder.incoming;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.nvlower.llvm.analysis.IrVerifier;
import org.nvlower.llvm.text.IrPrinter;

/** Names optional and last, typed phi entries, and the branch accessors passes read. */
class TypedApiTest {

    @Test
    void namesAreOptionalAndLastAndPhiEntriesAreTyped() {
        Module m = Module.create("t", true);
        Function f = m.addFunction("max", new FunctionType(IntegerType.I32, List.of(IntegerType.I32, IntegerType.I32),
                false));
        BasicBlock entry = f.appendBlock("entry");
        BasicBlock big = f.appendBlock("big");
        BasicBlock join = f.appendBlock("join");
        IrBuilder b = IrBuilder.atEnd(m, entry);
        CmpInst gt = b.icmp(Predicate.SGT, f.argument(0), f.argument(1));
        TerminatorInst br = b.condBr(gt, big, join);
        b.positionAtEnd(big);
        BinaryInst twice = b.add(f.argument(0), f.argument(0), "twice");
        b.br(join);
        b.positionAtEnd(join);
        PhiInst phi = b.phi(IntegerType.I32, List.of(incoming(f.argument(1), entry), incoming(twice, big)), "r");
        b.ret(phi);
        assertFalse(gt.hasName());
        assertEquals("twice", twice.name());
        assertEquals(List.of(new PhiInst.Incoming(f.argument(1), entry), new PhiInst.Incoming(twice, big)), phi.incoming());
        assertTrue(IrVerifier.verify(m).isEmpty(), IrVerifier.verify(m).toString());
        String text = IrPrinter.print(m);
        assertTrue(text.contains("  %2 = icmp sgt i32 %0, %1\n"), text);
        assertTrue(text.contains("%r = phi i32 [ "), text);

        assertTrue(br.isConditional() && br.isBranch() && !br.isUnconditional() && !br.isSwitch());
        assertSame(gt, br.condition());
        assertSame(big, br.trueDest());
        assertSame(join, br.falseDest());
        TerminatorInst toJoin = (TerminatorInst) big.terminator();
        assertTrue(toJoin.isUnconditional());
        assertSame(join, toJoin.dest());
        assertThrows(IllegalStateException.class, toJoin::condition);
        assertThrows(IllegalStateException.class, br::dest);
        assertThrows(IllegalStateException.class, br::defaultDest);
    }
}

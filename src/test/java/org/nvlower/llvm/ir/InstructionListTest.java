package org.nvlower.llvm.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.ListIterator;

import org.junit.jupiter.api.Test;

/** A block's instructions as a linked list: navigation, insertion and removal, and walks that erase. */
class InstructionListTest {

    private static List<String> names(BasicBlock b) {
        return b.instructions().stream().map(i -> i.hasName() ? i.name() : i.opcode().name()).toList();
    }

    @Test
    void insertRemoveAndNavigateInPlace() {
        Module m = Module.create("l", true);
        Function f = m.addFunction("g", new FunctionType(IntegerType.I32, List.of(IntegerType.I32), false));
        BasicBlock entry = f.appendBlock("entry");
        IrBuilder b = IrBuilder.atEnd(m, entry);
        BinaryInst a = b.add(f.argument(0), Constants.i32(1), "a");
        BinaryInst c = b.add(a, a, "c");
        b.ret(c);
        BinaryInst mid = b.positionBefore(c).mul(a, a, "mid");
        assertEquals(List.of("a", "mid", "c", "RET"), names(entry));
        assertSame(mid, a.next());
        assertSame(a, mid.previous());
        assertSame(c, mid.next());
        assertNull(a.previous());
        assertNull(entry.terminator().next());
        assertSame(a, entry.first());
        assertSame(entry.terminator(), entry.last());
        BinaryInst after = b.positionAfter(c).sub(c, a, "after");
        assertSame(after, c.next());
        c.replaceAllUsesWith(mid);
        after.replaceAllUsesWith(mid);
        after.eraseFromParent();
        c.eraseFromParent();
        assertEquals(List.of("a", "mid", "RET"), names(entry));
        assertSame(entry.terminator(), mid.next());
        assertEquals(3, entry.instructions().size());
        assertSame(mid, entry.instructions().get(1));
        assertThrows(UnsupportedOperationException.class, () -> entry.instructions().listIterator().remove());
    }

    @Test
    void aWalkMayEraseTheInstructionItStandsOn() {
        Module m = Module.create("w", true);
        Function f = m.addFunction("g", new FunctionType(IntegerType.I32, List.of(IntegerType.I32), false));
        BasicBlock entry = f.appendBlock("entry");
        IrBuilder b = IrBuilder.atEnd(m, entry);
        List<Instruction> dead = new ArrayList<>();
        for (int k = 0; k < 5; k++) {
            dead.add(b.add(f.argument(0), Constants.i32(k), "d" + k));
        }
        b.ret(f.argument(0));
        List<String> seen = new ArrayList<>();
        for (Instruction i : entry.instructions()) {
            seen.add(i.opcode().toString());
            if (i != entry.terminator()) {
                i.eraseFromParent();
            }
        }
        assertEquals(6, seen.size(), "every instruction visited once: " + seen);
        assertEquals(List.of("RET"), names(entry));
        ListIterator<Instruction> back = entry.instructions().listIterator(1);
        assertSame(entry.terminator(), back.previous());
        assertEquals(0, back.nextIndex());
    }

    @Test
    void splitMovesTheTailInOrder() {
        Module m = Module.create("s", true);
        Function f = m.addFunction("g", new FunctionType(IntegerType.I32, List.of(IntegerType.I32), false));
        BasicBlock entry = f.appendBlock("entry");
        IrBuilder b = IrBuilder.atEnd(m, entry);
        BinaryInst x = b.add(f.argument(0), Constants.i32(1), "x");
        BinaryInst y = b.add(x, x, "y");
        BinaryInst z = b.add(y, y, "z");
        b.ret(z);
        BasicBlock tail = entry.splitAt(y, "tail");
        assertEquals(List.of("x", "BR"), names(entry));
        assertEquals(List.of("y", "z", "RET"), names(tail));
        assertSame(tail, y.parent());
        assertNull(y.previous());
        assertSame(entry.terminator(), x.next());
    }
}

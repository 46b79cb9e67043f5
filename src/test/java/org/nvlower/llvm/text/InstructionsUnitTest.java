package org.nvlower.llvm.text;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.nvlower.llvm.ir.AggregateInst;
import org.nvlower.llvm.ir.Argument;
import org.nvlower.llvm.ir.AtomicOrdering;
import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.CmpInst;
import org.nvlower.llvm.ir.ConstantKeyword;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.InlineAsm;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.MemoryInst;
import org.nvlower.llvm.ir.MetadataValue;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.runtime.RuntimeDispatch;
import org.nvlower.llvm.ir.PhiInst;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.Predicate;
import org.nvlower.llvm.ir.PrimitiveType;
import org.nvlower.llvm.ir.StructType;

/** Every instruction kind of the fixtures, read back with its opcode, type, operands and flags. */
class InstructionsUnitTest {

    static Module modern;
    static Module typed;
    static Map<String, Instruction> byName = new HashMap<>();

    @BeforeAll
    static void parse() {
        modern = IrParser.parse("modern.ll", Fixtures.MODERN);
        typed = IrParser.parse("typed.ll", Fixtures.TYPED);
        for (Module m : List.of(modern, typed)) {
            for (Function f : m.functions()) {
                f.instructions().filter(Instruction::hasName).forEach(i -> byName.put(f.name() + "." + i.name(), i));
            }
        }
    }

    private static Instruction m(String name) {
        return byName.get("modern." + name);
    }

    @Test
    void binaryWithFlags() {
        Instruction add = m("add");
        assertEquals(Opcode.ADD, add.opcode());
        assertEquals(List.of("nuw", "nsw"), add.flags());
        assertEquals(IntegerType.I32, add.type());
        assertSame(m("ld"), add.operand(0));
        assertInstanceOf(Argument.class, add.operand(1));
        assertEquals(List.of("disjoint"), m("or").flags());
        assertEquals(List.of("exact"), m("sh").flags());
        assertEquals(List.of("fast"), m("fm").flags());
        assertEquals(List.of("nnan"), m("fn").flags());
        assertEquals(Opcode.FNEG, m("fn").opcode());
        assertEquals("<4 x i32>", m("spl").type().toString());
    }

    @Test
    void castsAndCompares() {
        assertEquals(List.of("nuw"), m("t").flags());
        assertEquals(IntegerType.I8, m("t").type());
        assertEquals(List.of("nneg"), m("z").flags());
        CmpInst cmp = (CmpInst) m("cmp");
        assertEquals(Predicate.IULT, cmp.predicate());
        assertEquals(List.of("samesign"), cmp.flags());
        assertEquals(IntegerType.I1, cmp.type());
        assertEquals(Predicate.OLT, ((CmpInst) m("fc")).predicate());
        assertEquals(FloatType.FLOAT, m("f").type());
    }

    @Test
    void memoryAndAtomics() {
        assertEquals(PointerType.OPAQUE, m("a").type());
        assertEquals(IntegerType.I32, ((MemoryInst) m("a")).elementType());
        assertEquals(List.of("inbounds", "nuw"), m("gep").flags());
        assertEquals(PointerType.OPAQUE, m("gep").type());
        assertEquals(List.of("nusw"), m("gep2").flags());
        assertEquals(List.of("atomic"), m("ld").flags());
        assertEquals(AtomicOrdering.SEQ_CST, ((MemoryInst) m("ld")).access().ordering());
        MemoryInst.Access rmw = ((MemoryInst) m("rmw")).access();
        assertEquals(List.of("add", "agent", AtomicOrdering.MONOTONIC),
                Arrays.asList(rmw.operation(), rmw.syncScope(), rmw.ordering()));
        assertEquals(List.of(), m("rmw").flags());
        assertEquals(FloatType.FLOAT, m("fadd").type());
        assertEquals(StructType.of(IntegerType.I32, IntegerType.I1), m("cx").type());
        assertEquals(List.of("weak", "volatile"), m("cx").flags());
        MemoryInst.Access cx = ((MemoryInst) m("cx")).access();
        assertEquals(List.of(AtomicOrdering.ACQ_REL, AtomicOrdering.ACQUIRE), Arrays.asList(cx.ordering(), cx.failureOrdering()));
        Function f = modern.function("modern").orElseThrow();
        Instruction store = f.instructions().filter(i -> i.opcode() == Opcode.STORE).findFirst().orElseThrow();
        assertEquals(List.of("volatile"), store.flags());
        assertEquals("tbaa", store.metadata().get(0).name());
        assertEquals("!13", store.metadata().get(0).node());
        Instruction fence = f.instructions().filter(i -> i.opcode() == Opcode.FENCE).findFirst().orElseThrow();
        assertEquals(List.of(), fence.flags());
        assertEquals("singlethread", ((MemoryInst) fence).access().syncScope());
        assertEquals(AtomicOrdering.RELEASE, ((MemoryInst) fence).access().ordering());
    }

    @Test
    void vectorsAndAggregates() {
        assertEquals(FloatType.FLOAT, m("ee").type());
        assertEquals("<4 x float>", m("ie").type().toString());
        assertEquals("<4 x float>", m("sv").type().toString());
        assertArrayEquals(new long[] {0}, ((AggregateInst) m("ev")).indices());
        assertEquals(IntegerType.I32, m("ev").type());
        assertEquals("{ i32, float }", m("agg").type().toString());
        assertEquals(Opcode.FREEZE, m("fr").opcode());
        assertEquals(Opcode.SELECT, m("sel").opcode());
    }

    @Test
    void calls() {
        CallInst call = (CallInst) m("call");
        assertEquals("tail", call.tailKind());
        assertSame(modern.function("callee").orElseThrow(), call.calledFunction());
        assertEquals(1, call.arguments().size());
        CallInst va = (CallInst) m("mc");
        assertTrue(va.calleeType().varArgs());
        assertEquals(3, va.arguments().size());
        assertInstanceOf(InlineAsm.class, ((CallInst) m("asm")).callee());
        CallInst bundle = (CallInst) m("bun");
        assertEquals(PrimitiveType.TOKEN, bundle.type());
        assertEquals(0, bundle.arguments().size());
        assertEquals(3, bundle.operandCount(), "callee plus two bundle inputs");
        assertEquals("<vscale x 4 x i32>", m("vs").type().toString());
        assertEquals("target(\"spirv.Image\", i8, 0)", m("te").type().toString());
        Instruction dbgCall = typed.function("typed").orElseThrow().instructions()
                .filter(i -> i.opcode() == Opcode.CALL).findFirst().orElseThrow();
        assertEquals(IntegerType.I32, dbgCall.type());
    }

    @Test
    void metadataOperandsAndDebugRecords() {
        Function f = modern.function("modern").orElseThrow();
        Instruction gep = m("gep");
        assertEquals(1, gep.debugRecords().size());
        assertEquals("dbg_value", gep.debugRecords().get(0).kind());
        Module dbg = IrParser.parse("d.ll", "define void @f(i32 %x) {\n  call void @llvm.dbg.value(metadata i32 %x, "
                + "metadata !1, metadata !DIExpression()), !dbg !2\n  ret void\n}\n"
                + "declare void @llvm.dbg.value(metadata, metadata, metadata)\n!1 = !{}\n!2 = !{}\n");
        Instruction call = dbg.function("f").orElseThrow().blocks().get(0).instructions().get(0);
        assertSame(dbg.function("f").orElseThrow().arguments().get(0), call.operand(1),
                "a local wrapped as metadata is an ordinary use");
        assertInstanceOf(MetadataValue.class, call.operand(2));
        assertEquals("!DIExpression()", ((MetadataValue) call.operand(3)).text());
        assertTrue(f.arguments().get(1).users().contains(call) == false);
    }

    @Test
    void controlFlow() {
        Function f = modern.function("modern").orElseThrow();
        assertEquals(List.of("entry", "then", "else", "exit"), f.blocks().stream().map(BasicBlock::name).toList());
        PhiInst r = (PhiInst) m("r");
        assertEquals(3, r.incomingCount());
        assertSame(f.blocks().get(2), r.incomingBlock(2));
        Instruction sw = f.blocks().get(1).terminator();
        assertEquals(Opcode.SWITCH, sw.opcode());
        assertEquals(6, sw.operandCount());
        assertSame(f.blocks().get(3), sw.operand(3));
        Instruction br = f.blocks().get(0).terminator();
        assertEquals(3, br.operandCount());
        assertEquals("prof", br.metadata().get(0).name());
        Function ind = modern.function("indirect").orElseThrow();
        assertEquals(Opcode.INDIRECTBR, ind.blocks().get(0).terminator().opcode());
        assertEquals(Opcode.UNREACHABLE, ind.blocks().get(2).terminator().opcode());
    }

    @Test
    void exceptionHandling() {
        Function eh = modern.function("eh").orElseThrow();
        CallInst invoke = (CallInst) eh.blocks().get(0).terminator();
        assertEquals(Opcode.INVOKE, invoke.opcode());
        assertSame(eh.blocks().get(1), invoke.operand(2));
        assertSame(eh.blocks().get(2), invoke.operand(3));
        Instruction lp = byName.get("eh.lp");
        assertEquals(Opcode.LANDINGPAD, lp.opcode());
        assertEquals(List.of("cleanup"), lp.flags());
        assertEquals(2, lp.operandCount());
        assertEquals(Opcode.RESUME, eh.blocks().get(2).terminator().opcode());
        Function win = modern.function("wineh").orElseThrow();
        Instruction cs = win.blocks().get(1).terminator();
        assertEquals(Opcode.CATCHSWITCH, cs.opcode());
        assertEquals(PrimitiveType.TOKEN, cs.type());
        assertInstanceOf(ConstantKeyword.class, cs.operand(0));
        assertEquals(Opcode.CATCHPAD, win.blocks().get(2).instructions().get(0).opcode());
        assertEquals(Opcode.CATCHRET, win.blocks().get(2).terminator().opcode());
        assertEquals(Opcode.CLEANUPRET, win.blocks().get(4).terminator().opcode());
        Function cbr = modern.function("cbr").orElseThrow();
        assertEquals(Opcode.CALLBR, cbr.blocks().get(0).terminator().opcode());
        assertEquals(Opcode.VA_ARG, byName.get("va.v").opcode());
    }

    @Test
    void typedPointersAndNumbering() {
        Function f = typed.function("typed").orElseThrow();
        assertEquals(List.of(-1, 0), f.arguments().stream().map(Argument::slot).toList());
        assertEquals(List.of(1, 7, 10), f.blocks().stream().map(BasicBlock::slot).toList(),
                "the entry block is implicitly %1; '; <label>:7:' comments are not labels");
        Instruction gep = f.blocks().get(0).instructions().get(0);
        assertEquals("double*", gep.type().toString());
        assertEquals(2, gep.slot());
        Instruction gep2 = f.blocks().get(1).instructions().get(0);
        assertEquals("i32 addrspace(1)*", gep2.type().toString());
        assertEquals(Opcode.PHI, f.blocks().get(2).instructions().get(0).opcode());
    }

    @Test
    void wideOperationsQuery() {
        Function wide = typed.function("wide").orElseThrow();
        List<String> lowered = wide.instructions().filter(RuntimeDispatch::isWide).map(Instruction::name).toList();
        // t (fcmp true) folds to a constant, v (a vector) is scalarized: both are the lowering's
        assertEquals(List.of("sum", "q", "c", "t", "u", "s", "f", "g", "h", "k", "v"), lowered);
        assertEquals(FloatType.FP128, byName.get("wide.q").operand(1).type());
    }

    @Test
    void moduleQueries() {
        assertEquals(2, typed.instructions(Opcode.FADD).count());
        assertEquals(9, typed.instructionsOfType(FloatType.FP128).count(), "sum q c t f h k r and the ret");
    }
}

package org.nvlower.llvm.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.PointerType;

/** Syntax the model once kept only as text now prints from the model too. */
class ModelCompletenessTest {

    @Test
    void attributesAfterAGlobalAreModelled() {
        Module m = IrParser.parse("g.ll", "@g = global i32 0 \"k\"=\"v\" align 4 nounwind\n");
        assertEquals("@g = global i32 0 \"k\"=\"v\" align 4 nounwind\n", IrPrinter.printFromModel(m));
    }

    @Test
    void aKeywordCalleeInTypedPointerIrPointsToTheCallsType() {
        Module m = IrParser.parse("c.ll", "define void @f() {\n  call void undef(i32 1)\n  ret void\n}\n");
        CallInst call = (CallInst) m.function("f").orElseThrow().entryBlock().first();
        assertEquals("void (i32)*", call.callee().type().toString());
        assertTrue(((PointerType) call.callee().type()).pointee() != null);
        assertTrue(IrPrinter.printFromModel(m).contains("call void undef(i32 1)"));
    }
}

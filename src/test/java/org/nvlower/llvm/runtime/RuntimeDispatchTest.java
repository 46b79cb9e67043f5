package org.nvlower.llvm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrParser;

/** The text pre-check of unread bodies: every body with a wide type is found, names do not fool it. */
class RuntimeDispatchTest {

    @Test
    void unreadBodiesAnswerFromTheTypesTheirTextSpells() {
        String text = """
                define i32 @narrow(i32 %x.i90, i64 %fp128) {
                entry:
                  %i100 = add i32 %x.i90, 1
                  br label %__nv_fmaf_rn.exit.i128
                __nv_fmaf_rn.exit.i128:
                  ret i32 %i100
                }

                define i100 @odd(i100 %a) {
                  ret i100 %a
                }

                define void @vec(<2 x fp128>* %p) {
                  %v = load <2 x fp128>, <2 x fp128>* %p
                  ret void
                }

                define i64 @i65(i65 %a) {
                  %t = trunc i65 %a to i64
                  ret i64 %t
                }

                define i64 @wide64(i64 %a) {
                  ret i64 %a
                }

                define i32 @headerOnly(i128 %a, fp128 %b) {
                  ret i32 0
                }
                """;
        Module m = IrParser.parse("t.ll", text);
        List<Function> defined = m.functions();
        assertFalse(defined.get(0).isMaterialized(), "the parser reads bodies on demand");
        List<Boolean> got = defined.stream().map(RuntimeDispatch::mayHoldWideOperations).toList();
        assertEquals(List.of(false, true, true, true, false, false), got);
        assertEquals(List.of(32, 100, 128, 65, 64, 32),
                defined.stream().map(Function::widestSourceScalarBits).toList());
        assertFalse(defined.get(0).isMaterialized(), "the check does not read the body");
        defined.get(4).blocks();
        assertTrue(RuntimeDispatch.mayHoldWideOperations(defined.get(4)), "a read body answers true");
        assertTrue(defined.get(4).release());
        assertFalse(RuntimeDispatch.mayHoldWideOperations(defined.get(4)), "released, it answers from its text again");
    }
}

package org.nvlower.llvm.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.Module;

/**
 * Instructions of a renumbered function whose operands were replaced print from their text with
 * the replaced operands and the moved numbers re-spelled (what reflect folding leaves in every
 * libdevice body): each expected text is written out here.
 */
class RenumberedEditsPrintTest {

    private static final String HEAD = """
            declare i32 @g(i32, i32, i32)

            define i32 @f(i32 %a) {
            """;

    private static final String BODY = """
              %1 = add i32 %a, 1
              %x = add i32 %a, 2
              %2 = add i32 %a, 3
              %3 = call i32 @g(i32 %1, i32 %x, i32 %1)
              %4 = call i32 asm "mov.b32 $0, %r1; // %2 @1", "=r,r"(i32 %3)
              ret i32 %4
            }
            """;

    private static Instruction inst(Module m, int index) {
        return m.function("f").orElseThrow().blocks().get(0).instructions().get(index);
    }

    private static ConstantInt seven() {
        return ConstantInt.of(IntegerType.I32, 7);
    }

    @Test
    void aNumberedOperandReplacedAtEveryUseIsRespelledWithTheMovedNumbers() {
        Module m = IrParser.parse("f.ll", HEAD + BODY);
        Instruction one = inst(m, 0);
        one.replaceAllUsesWith(seven());
        one.eraseFromParent();
        assertEquals(HEAD + """
                  %x = add i32 %a, 2
                  %1 = add i32 %a, 3
                  %2 = call i32 @g(i32 7, i32 %x, i32 7)
                  %3 = call i32 asm "mov.b32 $0, %r1; // %2 @1", "=r,r"(i32 %2)
                  ret i32 %3
                }
                """, IrPrinter.print(m));
    }

    @Test
    void anOperandReplacedAtOneOfItsTwoUsesKeepsTheOther() {
        Module m = IrParser.parse("f.ll", HEAD + BODY);
        inst(m, 3).setOperand(1, seven()); // the first argument; the third still reads %1
        inst(m, 2).eraseFromParent();
        assertEquals(HEAD + """
                  %1 = add i32 %a, 1
                  %x = add i32 %a, 2
                  %2 = call i32 @g(i32 7, i32 %x, i32 %1)
                  %3 = call i32 asm "mov.b32 $0, %r1; // %2 @1", "=r,r"(i32 %2)
                  ret i32 %3
                }
                """, IrPrinter.print(m));
    }

    @Test
    void aNamedOperandAndANumberedOneReplacedInOneCall() {
        Module m = IrParser.parse("f.ll", HEAD + BODY);
        Instruction x = inst(m, 1);
        x.replaceAllUsesWith(inst(m, 2));
        x.eraseFromParent();
        Instruction one = inst(m, 0);
        one.replaceAllUsesWith(seven());
        one.eraseFromParent();
        assertEquals(HEAD + """
                  %1 = add i32 %a, 3
                  %2 = call i32 @g(i32 7, i32 %1, i32 7)
                  %3 = call i32 asm "mov.b32 $0, %r1; // %2 @1", "=r,r"(i32 %2)
                  ret i32 %3
                }
                """, IrPrinter.print(m));
    }

    @Test
    void aBranchTargetReplacedByAnotherNumberedBlock() {
        String text = """
                define i32 @h(i1 %c) {
                  br i1 %c, label %1, label %2

                1:
                  %v = add i32 0, 1
                  br label %2

                2:
                  %3 = phi i32 [ 0, %0 ], [ %v, %1 ]
                  ret i32 %3
                }
                """;
        Module m = IrParser.parse("h.ll", text);
        var blocks = m.function("h").orElseThrow().blocks();
        Instruction phi = blocks.get(2).instructions().get(0);
        phi.setOperand(0, ConstantInt.of(IntegerType.I32, 5)); // [ 5, %0 ]
        phi.setOperand(3, blocks.get(0)); // the second entry now from %0 too
        blocks.get(1).instructions().get(0).setName("w"); // a rename: the re-read path
        assertEquals(text.replace("[ 0, %0 ], [ %v, %1 ]", "[ 5, %0 ], [ %w, %0 ]").replace("%v = add", "%w = add"),
                IrPrinter.print(m));
    }

    @Test
    void aReplacedValueAndBlockOfAPhiInARenumberedFunction() {
        String text = """
                define i32 @h(i1 %c) {
                  br i1 %c, label %1, label %3

                1:
                  %2 = add i32 0, 1
                  br label %3

                3:
                  %4 = phi i32 [ 0, %0 ], [ %2, %1 ]
                  ret i32 %4
                }
                """;
        Module m = IrParser.parse("h.ll", text);
        var blocks = m.function("h").orElseThrow().blocks();
        Instruction phi = blocks.get(2).instructions().get(0);
        phi.setOperand(2, ConstantInt.of(IntegerType.I32, 9));
        phi.setOperand(3, blocks.get(0));
        blocks.get(1).instructions().get(0).eraseFromParent();
        assertEquals("""
                define i32 @h(i1 %c) {
                  br i1 %c, label %1, label %2

                1:
                  br label %2

                2:
                  %3 = phi i32 [ 0, %0 ], [ 9, %0 ]
                  ret i32 %3
                }
                """, IrPrinter.print(m));
    }
}

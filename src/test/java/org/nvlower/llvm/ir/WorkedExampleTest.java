package org.nvlower.llvm.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;

import org.nvlower.llvm.analysis.IrVerifier;
import org.nvlower.llvm.transform.Inliner;
/** The worked example of docs/llvm-ir.md ("Editing IR, worked example"), run as written there. */
class WorkedExampleTest {

    static final String INPUT = """
            define internal float @square(float %x) {
              %s = fmul float %x, %x
              ret float %s
            }

            define float @f(float %a, i32 %n) {
            entry:
              %q = fdiv float %a, 3.0   ; the division we replace
              %r = call float @square(float %q)
              %c = icmp sgt i32 %n, 0
              br i1 %c, label %pos, label %done

            pos:
              br label %done

            done:
              %v = phi float [ %r, %pos ], [ 0.0, %entry ]
              ret float %v
            }
            """;

    static final String OUTPUT = """
            define internal float @square(float %x) {
              %s = fmul float %x, %x
              ret float %s
            }

            define float @f(float %a, i32 %n) {
            entry:
              %q = fmul float %a, 0x3FD5555560000000
              br label %0

            0:
              %s.i = fmul float %q, %q
              br label %entry.exit

            entry.exit:
              br label %check

            check:
              %c = icmp sgt i32 %n, 0
              br i1 %c, label %pos, label %done

            pos:
              br label %done

            done:
              %v = phi float [ %s.i, %pos ], [ 0.0, %check ]
              ret float %v
            }
            """;

    @Test
    void theExampleDoesWhatTheDocumentationShows(@TempDir Path dir) {
        Module m = IrParser.parse("example.ll", INPUT);
        Function f = m.function("f").orElseThrow();
        BasicBlock entry = f.entryBlock();

        // 1. replace an instruction: x / 3.0 becomes x * (1/3), same name, uses follow
        Instruction div = entry.first();
        BinaryInst mul = BinaryInst.create(Opcode.FMUL, div.operand(0), ConstantFP.ofFloat(1.0f / 3));
        div.replaceWith(mul);

        // 2. split the block before the compare: the phi in %done now names the new block
        Instruction cmp = mul.next().next();
        entry.splitAt(cmp, "check");

        // 3. inline the call of @square
        CallInst call = (CallInst) mul.next();
        Inliner.inline(call);

        assertEquals(List.of(), IrVerifier.verify(m));
        assertEquals(OUTPUT, IrPrinter.print(m));
        ToolChecks.assertLlvmAsAccepts(dir, IrPrinter.print(m));
    }
}

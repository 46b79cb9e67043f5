package org.nvlower.llvm.pass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;

/** Branch folding after reflect: what is left is the selected arm, valid, and untouched code prints as read. */
class ReflectBranchFoldTest {

    /** libdevice's shape: reflect tests guarding intrinsic arms, met in a phi (from __nv_sqrtf). */
    static final String SQRT = """
            @.str = private unnamed_addr constant [11 x i8] c"__CUDA_FTZ\\00"
            @.str.2 = private unnamed_addr constant [17 x i8] c"__CUDA_PREC_SQRT\\00"

            define float @sqrtf(float %x) {
              %1 = call i32 @__nvvm_reflect(i8* getelementptr inbounds ([11 x i8], [11 x i8]* @.str, i32 0, i32 0))
              %2 = icmp ne i32 %1, 0
              br i1 %2, label %3, label %10

            3:                                                ; preds = %0
              %4 = call i32 @__nvvm_reflect(i8* getelementptr inbounds ([17 x i8], [17 x i8]* @.str.2, i32 0, i32 0))
              %5 = icmp ne i32 %4, 0
              br i1 %5, label %6, label %8

            6:                                                ; preds = %3
              %7 = call float @llvm.nvvm.sqrt.rn.ftz.f(float %x)
              br label %exit

            8:                                                ; preds = %3
              %9 = call float @llvm.nvvm.sqrt.approx.ftz.f(float %x)
              br label %exit

            10:                                               ; preds = %0
              %11 = call i32 @__nvvm_reflect(i8* getelementptr inbounds ([17 x i8], [17 x i8]* @.str.2, i32 0, i32 0))
              %12 = icmp ne i32 %11, 0
              br i1 %12, label %13, label %15

            13:                                               ; preds = %10
              %14 = call float @llvm.nvvm.sqrt.rn.f(float %x)
              br label %exit

            15:                                               ; preds = %10
              %16 = call float @llvm.nvvm.sqrt.approx.f(float %x)
              br label %exit

            exit:                                             ; preds = %15, %13, %8, %6
              %.0 = phi float [ %7, %6 ], [ %9, %8 ], [ %14, %13 ], [ %16, %15 ]
              ret float %.0
            }

            ; untouched: no constant anywhere, odd spacing kept
            define   i32 @other(i32 %a,   i32 %b) {
            entry:
              %s = add   i32 %a, %b
              br label %next
            next:
              ret i32 %s
            }

            declare i32 @__nvvm_reflect(i8*)
            declare float @llvm.nvvm.sqrt.rn.ftz.f(float) #0
            declare float @llvm.nvvm.sqrt.approx.ftz.f(float) #0
            declare float @llvm.nvvm.sqrt.rn.f(float) #0
            declare float @llvm.nvvm.sqrt.approx.f(float) #0

            attributes #0 = { nounwind readnone }
            """;

    private static String body(String text, String function) {
        int start = text.indexOf("define float @" + function);
        return text.substring(start, text.indexOf("\n}", start) + 3);
    }

    private static String reflectAndFold(Path dir, String text, Map<String, Integer> values) {
        Module m = IrParser.parse("f.ll", text);
        NvvmReflect.Result r = NvvmReflect.run(m, values);
        ReflectBranchFold.run(r.functions());
        return PassChecks.assertValid(dir, m);
    }

    @Test
    void eachReflectConfigurationLeavesOneArm(@TempDir Path dir) {
        String[][] cases = {
                {"0", "0", "llvm.nvvm.sqrt.approx.f"}, {"0", "1", "llvm.nvvm.sqrt.rn.f"},
                {"1", "0", "llvm.nvvm.sqrt.approx.ftz.f"}, {"1", "1", "llvm.nvvm.sqrt.rn.ftz.f"}};
        for (String[] c : cases) {
            String out = reflectAndFold(dir, SQRT, Map.of("__CUDA_FTZ", Integer.parseInt(c[0]),
                    "__CUDA_PREC_SQRT", Integer.parseInt(c[1])));
            assertEquals("define float @sqrtf(float %x) {\n  %1 = call float @" + c[2] + "(float %x)\n  ret float %1\n}\n",
                    body(out, "sqrtf"), "FTZ=" + c[0] + " PREC_SQRT=" + c[1]);
            assertTrue(out.contains("""
                    ; untouched: no constant anywhere, odd spacing kept
                    define   i32 @other(i32 %a,   i32 %b) {
                    entry:
                      %s = add   i32 %a, %b
                      br label %next
                    next:
                      ret i32 %s
                    }
                    """), out);
        }
    }

    @Test
    void switchesSelectsAndPhis(@TempDir Path dir) {
        String text = """
                define i32 @f(i32 %n) {
                entry:
                  %k = select i1 true, i32 7, i32 %n
                  switch i32 %k, label %other [
                    i32 7, label %seven
                    i32 8, label %eight
                  ]

                seven:
                  %a = add i32 %n, 1
                  br label %join

                eight:
                  %b = add i32 %n, 2
                  br label %join

                other:
                  br label %join

                join:
                  %p = phi i32 [ %a, %seven ], [ %b, %eight ], [ 0, %other ]
                  %q = mul i32 %p, 3
                  ret i32 %q
                }
                """;
        Module m = IrParser.parse("s.ll", text);
        ReflectBranchFold.Result r = ReflectBranchFold.run(m);
        String out = PassChecks.assertValid(dir, m);
        assertEquals("""
                define i32 @f(i32 %n) {
                entry:
                  %a = add i32 %n, 1
                  %q = mul i32 %a, 3
                  ret i32 %q
                }
                """, out);
        assertEquals(2, r.blocksRemoved());
        assertEquals(1, r.branchesFolded());
    }

    @Test
    void twoEdgesToOneBlockKeepOnePhiEntry(@TempDir Path dir) {
        String text = """
                define i32 @f(i1 %c, i32 %x) {
                entry:
                  br i1 %c, label %join, label %join

                join:
                  %p = phi i32 [ %x, %entry ], [ %x, %entry ]
                  %d = icmp eq i32 %p, 5
                  br label %loop

                loop:
                  %i = phi i32 [ 0, %join ], [ %j, %loop ]
                  %j = add i32 %i, 1
                  %done = icmp eq i32 %j, 10
                  br i1 %done, label %exit, label %loop

                exit:
                  ret i32 %j
                }
                """;
        Module m = IrParser.parse("e.ll", text);
        ReflectBranchFold.run(m);
        String out = PassChecks.assertValid(dir, m);
        // the loop is left as it is; the duplicate edge became one branch, the phi folded away
        assertTrue(out.contains("%i = phi i32 [ 0, %entry ], [ %j, %loop ]"), out);
        assertTrue(!out.contains("%p = phi"), out);
    }

    @Test
    void sideEffectsStay(@TempDir Path dir) {
        String text = """
                @g = global i32 0

                define void @f(i32* %p) {
                entry:
                  %c = icmp eq i32 1, 1
                  %unused = load i32, i32* %p
                  %kept = load volatile i32, i32* %p
                  %call = call i32 @g2()
                  %pure = call float @llvm.nvvm.sqrt.rn.f(float 2.0)
                  br i1 %c, label %yes, label %no

                yes:
                  store i32 1, i32* @g
                  ret void

                no:
                  store i32 2, i32* @g
                  ret void
                }

                declare i32 @g2()
                declare float @llvm.nvvm.sqrt.rn.f(float) #0
                attributes #0 = { nounwind readnone }
                """;
        Module m = IrParser.parse("se.ll", text);
        ReflectBranchFold.Result r = ReflectBranchFold.run(m);
        String out = PassChecks.assertValid(dir, m);
        assertTrue(out.contains("%kept = load volatile i32, i32* %p"), out);
        assertTrue(out.contains("%call = call i32 @g2()"), out);
        assertTrue(out.contains("store i32 1, i32* @g"), out);
        assertTrue(!out.contains("%unused") && !out.contains("%pure") && !out.contains("store i32 2"), out);
        assertEquals(List.of("f"), r.changed().stream().map(f -> f.name()).toList());
    }

    @Test
    void nothingToFoldChangesNothing() {
        String text = """
                define i32 @f(i1 %c, i32 %x) {
                entry:
                  br i1 %c, label %a, label %b
                a:
                  br label %b
                b:
                  ret i32 %x
                }
                """;
        Module m = IrParser.parse("n.ll", text);
        ReflectBranchFold.Result r = ReflectBranchFold.run(m);
        assertEquals(List.of(), r.changed());
        assertEquals(text, IrPrinter.print(m));
    }
}

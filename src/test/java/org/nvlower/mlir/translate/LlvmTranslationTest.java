package org.nvlower.mlir.translate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.diag.InputException;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.analysis.IrVerifier;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.mlir.MlirFloatType;
import org.nvlower.mlir.MlirIntegerType;
import org.nvlower.mlir.MlirFixtures;
import org.nvlower.mlir.MlirVersion;
import org.nvlower.mlir.Operation;
import org.nvlower.mlir.MlirType;
import org.nvlower.mlir.MlirVectorType;
import org.nvlower.mlir.math.Crosswalk;
import org.nvlower.mlir.math.MathToLibdevice;
import org.nvlower.nvptx.TargetMachine;
import org.nvlower.testing.ExternalTools;

/**
 * {@code --emit llvm}: the lowered MLIR as LLVM IR, built with the IrBuilder. nvlower's own IR
 * verifier and the llvm-as of LLVM 14 and 19 accept it; every crosswalk row on every scalar and
 * 1-D vector type becomes the libdevice call it should; kernels, branches, memrefs and fast-math
 * come out as LLVM spells them; what has no LLVM IR form is a positioned error.
 */
class LlvmTranslationTest {

    private static final TargetMachine SM80 = TargetMachine.fromCommandLine("-arch=sm_80", "-ftz=1");

    private static String emit(String mlir, TargetMachine target) {
        Operation m = MlirFixtures.parse("in.mlir", mlir);
        MathToLibdevice.run(m);
        Module ir = LlvmTranslation.translate(m, target, "in.mlir");
        assertEquals(List.of(), IrVerifier.verify(ir), "nvlower's IR verifier");
        return IrPrinter.print(ir);
    }

    /** llvm-as 14 and 19 (those installed) accept {@code text}; returns how many judged it. */
    static int llvmAsAccepts(Path dir, String text) throws IOException {
        Path file = Files.createTempFile(dir, "m", ".ll");
        Files.writeString(file, text);
        int judged = 0;
        for (Optional<Path> as : List.of(ExternalTools.llvmAs(), ExternalTools.llvm19("llvm-as"))) {
            if (as.isPresent()) {
                ExternalTools.Result r = ExternalTools.run(60, as.get(), file.toString(), "-o", "/dev/null");
                assertEquals(0, r.exitCode(), as.get() + " rejects:\n" + r.stderr() + "\n" + text);
                judged++;
            }
        }
        return judged;
    }

    /** One function per (row, type): every row on f16, bf16, f32, f64 and two 1-D vectors, i32 for absi. */
    @Test
    void everyRowBecomesItsLibdeviceCallInLlvmIr(@TempDir Path dir) throws IOException {
        List<MlirType> floats = List.of(MlirFloatType.F16, MlirFloatType.BF16, MlirFloatType.F32, MlirFloatType.F64,
                MlirVectorType.of(List.of(2L), MlirFloatType.F16), MlirVectorType.of(List.of(3L), MlirFloatType.F64));
        List<MlirType> ints = List.of(MlirIntegerType.I32, MlirVectorType.of(List.of(2L), MlirIntegerType.I32));
        StringBuilder mlir = new StringBuilder("gpu.module @m {\n");
        List<String> expectedCalls = new ArrayList<>();
        int n = 0;
        for (Crosswalk row : Crosswalk.values()) {
            for (MlirType t : row.shape() == Crosswalk.Shape.INTEGER ? ints : floats) {
                MlirType i32s = t.withElementType(MlirIntegerType.I32);
                String args = switch (row.shape()) {
                    case UNARY, CLASSIFY -> "%a";
                    case BINARY -> "%a, %a";
                    case TERNARY -> "%a, %a, %a";
                    case POWI -> "%a, %i";
                    case INTEGER -> "%a";
                };
                MlirType result = row.shape() == Crosswalk.Shape.CLASSIFY ? t.withElementType(MlirIntegerType.I1) : t;
                String types = row.shape() == Crosswalk.Shape.POWI ? t + ", " + i32s : t.toString();
                mlir.append("  func.func @f").append(n++).append("(%a: ").append(t).append(", %i: ").append(i32s)
                        .append(") -> ").append(result).append(" {\n    %r = ").append(row.op()).append(' ').append(args)
                        .append(" : ").append(types).append("\n    return %r : ").append(result).append("\n  }\n");
                MlirType e = t.elementType();
                String callType = e == MlirFloatType.F64 ? "double" : e instanceof MlirIntegerType ? "i32" : "float";
                String symbol = row.symbol(e);
                String ret = row.shape() == Crosswalk.Shape.CLASSIFY || row.shape() == Crosswalk.Shape.INTEGER ? "i32" : callType;
                expectedCalls.add("call " + ret + " @" + symbol + "(");
            }
        }
        String ir = emit(mlir.append("}\n").toString(), SM80);
        for (String call : expectedCalls) {
            assertTrue(ir.contains(call), call + " in\n" + ir);
        }
        assertEquals(40 * 6 + 2, n);
        assertTrue(ir.contains("declare i32 @__nv_isnanf(float)"), ir);
        assertTrue(ir.contains("declare float @__nv_powif(float, i32)"), ir);
        assertTrue(ir.contains("declare i32 @__nv_abs(i32)"), ir);
        assertEquals(IrPrinter.print(IrParser.parse("again.ll", ir)), ir, "nvlower's IR reader reads it back");
        Assumptions.assumeTrue(llvmAsAccepts(dir, ir) > 0, "llvm-as not found: checked by nvlower's verifier only");
    }

    @Test
    void kernelsBranchesMemrefsAndFastMath(@TempDir Path dir) throws IOException {
        String ir = emit("""
                gpu.module @kernels {
                  gpu.func @k(%in: memref<?xf32, 1>, %out: memref<4x8xf16, 3>, %n: index) kernel {
                    %c1 = arith.constant 1 : index
                    %x = memref.load %in[%n] : memref<?xf32, 1>
                    %s = math.sin %x : f32
                    %z = arith.constant 0.0 : f32
                    %lt = arith.cmpf olt, %s, %z fastmath<nnan> : f32
                    cf.cond_br %lt, ^bb1(%s : f32), ^bb2(%z : f32)
                  ^bb1(%q: f32):
                    %t = arith.mulf %q, %q fastmath<fast> : f32
                    cf.br ^bb2(%t : f32)
                  ^bb2(%r: f32):
                    %h = arith.truncf %r : f32 to f16
                    memref.store %h, %out[%c1, %n] : memref<4x8xf16, 3>
                    gpu.return
                  }
                }
                """, SM80);
        assertTrue(ir.contains("target triple = \"nvptx64-nvidia-cuda\""), ir);
        assertTrue(ir.contains("define void @k(float addrspace(1)* %0, half addrspace(3)* %1, i64 %2)"), ir);
        assertTrue(ir.contains("fcmp nnan olt float"), ir);
        assertTrue(ir.contains("fmul fast float"), ir);
        assertTrue(ir.contains("%7 = phi float [ %5, %entry ]"), "block argument of ^bb1: " + ir);
        assertTrue(ir.contains("%9 = phi float [ 0.000000e+00, %entry ], [ %8, %bb1 ]"), "of ^bb2: " + ir);
        assertTrue(ir.contains("!{void (float addrspace(1)*, half addrspace(3)*, i64)* @k, !\"kernel\", i32 1}"), ir);
        assertTrue(ir.contains("!{i32 4, !\"nvvm-reflect-ftz\", i32 1}"), ir);
        assertTrue(ir.contains("mul i64 1, 8"), "row-major index of memref<4x8xf16>: " + ir);
        llvmAsAccepts(dir, ir);
    }

    @Test
    void targetOptionsSetTripleLayoutAndFtz() {
        String ir = emit("func.func @f(%x: index) -> index {\n  return %x : index\n}\n",
                TargetMachine.fromCommandLine("-arch=sm_70", "-m32", "-ftz=0"));
        assertTrue(ir.contains("target triple = \"nvptx-nvidia-cuda\""), ir);
        assertTrue(ir.contains("define i32 @f(i32 %0)"), "index is the pointer width: " + ir);
        assertTrue(ir.contains("!{i32 4, !\"nvvm-reflect-ftz\", i32 0}"), ir);
    }

    @Test
    void whatHasNoLlvmIrFormIsAPositionedError() {
        String[][] cases = {
            {"func.func @f(%x: vector<2x2xf32>) -> vector<2x2xf32> {\n  return %x : vector<2x2xf32>\n}",
                "in.mlir:1:1: type 'vector<2x2xf32>' has no LLVM IR form here"},
            {"func.func @f(%x: f32) -> (f32, f32) {\n  return %x, %x : f32, f32\n}",
                "in.mlir:1:1: functions with 2 results have no LLVM IR form here"},
            {"func.func @f(%x: f32) -> f32 {\n  %y = \"test.op\"(%x) : (f32) -> f32\n  return %y : f32\n}",
                "in.mlir:2:3: 'test.op' has no LLVM IR form here"},
            {"func.func @f(%m: memref<?x?xf32>, %i: index) -> f32 {\n  %y = memref.load %m[%i, %i] : memref<?x?xf32>\n"
                + "  return %y : f32\n}",
                "in.mlir:1:1: 'memref<?x?xf32>' has no bare-pointer form (unranked, a layout, or a dynamic inner dimension)"},
            {"gpu.module @a {\n  func.func @f() {\n    return\n  }\n}\ngpu.module @b {\n  func.func @f() {\n    return\n  }\n}",
                "in.mlir:7:3: @f is defined twice (in two modules); LLVM IR has one symbol table"},
            {"func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {\n  %y = math.exp %x : tensor<2xf32>\n  return %y : tensor<2xf32>\n}",
                "in.mlir:1:1: type 'tensor<2xf32>' has no LLVM IR form here"},
        };
        for (String[] c : cases) {
            InputException e = assertThrows(InputException.class, () -> emit(c[0], SM80), c[0]);
            assertEquals(c[1], e.position() + ": " + e.getMessage(), c[0]);
        }
    }
}

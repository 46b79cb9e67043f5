package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.testing.ExternalTools;

/** nvlower reflect, link-libdevice, fold and compile: output, --stats, options, and the error messages. */
class MathPassCommandsTest {

    static final String LAYOUT = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f16:16:16"
            + "-f32:32:32-f64:64:64-v16:16:16-v32:32:32-n16:32:64";

    private static final String REFLECT = """
            @ftz = private constant [11 x i8] c"__CUDA_FTZ\\00"
            @arch = private constant [12 x i8] c"__CUDA_ARCH\\00"
            declare i32 @__nvvm_reflect(i8*)

            define i32 @f() {
              %a = call i32 @__nvvm_reflect(i8* getelementptr ([12 x i8], [12 x i8]* @arch, i32 0, i32 0))
              %new = icmp sge i32 %a, 800
              br i1 %new, label %yes, label %no

            yes:
              ret i32 1

            no:
              %f = call i32 @__nvvm_reflect(i8* getelementptr ([11 x i8], [11 x i8]* @ftz, i32 0, i32 0))
              ret i32 %f
            }
            """;

    private static Path miniLibdevice() {
        Path p = Path.of("src/test/resources/pass/mini-libdevice.ll");
        assertTrue(Files.isRegularFile(p), p.toAbsolutePath().toString());
        return p;
    }

    @Test
    void reflectFoldsToTheOptionsAndReports() {
        CliRunner r = CliRunner.run(REFLECT, "reflect", "-", "-arch=sm_90", "--stats");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("define i32 @f() {\n  ret i32 1\n}"), r.out());
        // the call in the arm not taken is folded too (before its block goes)
        assertEquals("""
                2 __nvvm_reflect call(s) folded in 1 function(s)
                  __CUDA_ARCH = 900  (1 call(s))
                  __CUDA_FTZ = 0  (1 call(s))
                1 branch(es), 1 value(s) folded; 1 block(s) removed, 1 merged; 0 dead instruction(s) removed
                """, r.err());
        CliRunner old = CliRunner.run(REFLECT, "reflect", "-", "-arch=sm_75", "-R", "__CUDA_FTZ=1");
        assertTrue(old.out().contains("define i32 @f() {\n  ret i32 1\n}"), old.out());
        CliRunner override = CliRunner.run(REFLECT, "reflect", "-", "-arch=sm_90", "-R", "__CUDA_ARCH=520", "--no-fold");
        assertTrue(override.out().contains("%new = icmp sge i32 520, 800"), override.out());
    }

    @Test
    void reflectErrors() {
        CliRunner.assertOneLineErrors("reflect", new String[][] {
                {"-R __CUDA_FTZ: expected KEY=VALUE", "-", "-R", "__CUDA_FTZ"},
                {"unknown architecture", "-", "-arch=sm_81"}});
        CliRunner bad = CliRunner.run("""
                declare i32 @__nvvm_reflect(i8*)
                define i32 @f(i8* %s) {
                  %r = call i32 @__nvvm_reflect(i8* %s)
                  ret i32 %r
                }
                """, "reflect", "-");
        assertEquals(1, bad.exitCode());
        assertEquals("", bad.out());
        assertTrue(bad.err().startsWith("<stdin>:3:3: error: the argument of @__nvvm_reflect is not a constant string"),
                bad.err());
    }

    @Test
    void linkLibdeviceWithAUserFile() {
        String kernel = """
                target datalayout = "%s"
                target triple = "nvptx64-nvidia-cuda"

                define float @k(float %%x) {
                  %%s = call float @__nv_sqrtf(float %%x)
                  %%e = call float @__nv_exp2f(float %%s)
                  ret float %%e
                }
                declare float @__nv_sqrtf(float)
                declare float @__nv_exp2f(float)
                """.formatted(LAYOUT);
        CliRunner r = CliRunner.run(kernel, "link-libdevice", "-", "--libdevice", miniLibdevice().toString(),
                "-prec-sqrt=1", "-ftz=1", "--stats");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("3 libdevice function(s) linked, 3 call(s) inlined, 2 __nvvm_reflect call(s) and 2 branch(es) "
                + "folded\n", r.err());
        assertTrue(r.out().contains("""
                define float @k(float %x) {
                  %a.i = call float @llvm.nvvm.sqrt.rn.ftz.f(float %x)
                  %r.i.i = call float @llvm.nvvm.ex2.approx.ftz.f(float %a.i)
                  ret float %r.i.i
                }
                """), r.out());
        assertTrue(!r.out().contains("__nv_") && !r.out().contains("reflect"), r.out());
    }

    @Test
    void linkLibdeviceErrors(@TempDir Path dir) throws IOException {
        Path k32 = dir.resolve("k32.ll");
        Files.writeString(k32, """
                target datalayout = "%s"
                target triple = "nvptx-nvidia-cuda"
                declare float @__nv_sqrtf(float)
                define float @k(float %%x) {
                  %%r = call float @__nv_sqrtf(float %%x)
                  ret float %%r
                }
                """.formatted(org.nvlower.nvptx.DataLayout.NVPTX32));
        CliRunner.assertOneLineErrors("link-libdevice", new String[][] {
                {k32 + ": cannot link libdevice (nvptx64-nvidia-gpulibs, 64-bit pointers) into a module for "
                        + "'nvptx-nvidia-cuda' (32-bit pointers)", k32.toString(), "--libdevice", miniLibdevice().toString()},
                {dir.resolve("none.bc") + ": no such file (--libdevice)", k32.toString(), "--libdevice",
                        dir.resolve("none.bc").toString()}});
    }

    @Test
    void foldReplacesConstantCalls() {
        CliRunner r = CliRunner.run("""
                define float @f() {
                  %s = call float @sinf(float 0.0)
                  %m = call double @_Z4fmoddd(double 7.5, double 2.0)
                  %t = fptrunc double %m to float
                  %sum = fadd float %s, %t
                  ret float %sum
                }
                declare float @sinf(float)
                declare double @_Z4fmoddd(double, double)
                """, "fold", "-", "--stats");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("define float @f() {\n  ret float 1.500000e+00\n}\n", r.out());
        assertEquals("2 call(s) folded {sinf=1, _Z4fmoddd=1}; 2 value(s) and 0 branch(es) folded\n", r.err());
    }

    @Test
    void compileMlirWithAUserLibdevice(@TempDir Path dir) throws IOException {
        Path in = dir.resolve("k.mlir");
        Files.writeString(in, """
                func.func @k(%x: f32) -> f32 {
                  %s = math.sqrt %x : f32
                  %c = arith.constant 4.0 : f32
                  %t = math.sqrt %c : f32
                  %y = arith.addf %s, %t : f32
                  return %y : f32
                }
                """);
        Path out = dir.resolve("k.ll");
        CliRunner r = CliRunner.run("", "compile", in.toString(), "-o", out.toString(), "--libdevice",
                miniLibdevice().toString(), "-prec-sqrt=0", "--stats");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.out());
        String ll = Files.readString(out);
        // sqrt(4) under -prec-sqrt=0 is left to the GPU (sqrt.approx): both calls reach libdevice
        assertTrue(ll.contains("call float @llvm.nvvm.sqrt.approx.f(float %0)"), ll);
        assertTrue(ll.contains("call float @llvm.nvvm.sqrt.approx.f(float 4.000000e+00)"), ll);
        assertTrue(!ll.contains("__nv_") && !ll.contains("__nvvm_reflect"), ll);
        assertTrue(r.err().startsWith("mathlower       2 operation(s) to libdevice calls\n"), r.err());
        assertTrue(r.err().contains("lower128        "), r.err());
        CliRunner precise = CliRunner.run("", "compile", in.toString(), "--libdevice", miniLibdevice().toString());
        assertTrue(precise.out().contains("%b.i = call float @llvm.nvvm.sqrt.rn.f(float %0)\n"
                + "  %1 = fadd float %b.i, 2.000000e+00"), precise.out());
    }

    @Test
    void compileLowersFp128AndI128Operations(@TempDir Path dir) throws IOException {
        Path in = dir.resolve("w.ll");
        Files.writeString(in, """
                define fp128 @f(fp128 %a, fp128 %b, i128 %x, i128 %y) {
                  %s = fadd fp128 %a, %b
                  %q = sdiv i128 %x, %y
                  %t = sitofp i128 %q to fp128
                  %r = fmul fp128 %s, %t
                  ret fp128 %r
                }
                """);
        CliRunner r = CliRunner.run("", "compile", in.toString(), "--stats");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("call fp128 @__nv_add_fp128(fp128 %a, fp128 %b)"), r.out());
        assertTrue(r.out().contains("@__nv_mul_fp128("), r.out());
        assertTrue(!r.out().contains("fadd fp128") && !r.out().contains("sdiv i128"), r.out());
        assertTrue(r.err().contains("lower128        4 runtime call(s), 0 constant(s) folded (4 __nv_* function(s))"),
                r.err());
    }

    @Test
    void compileLinksTheRuntimeWhenAsked(@TempDir Path dir) throws IOException {
        Path in = dir.resolve("w.ll");
        Files.writeString(in, """
                define fp128 @f(fp128 %a, fp128 %b, i128 %x, i128 %y) {
                  %s = fadd fp128 %a, %b
                  %q = sdiv i128 %x, %y
                  %t = sitofp i128 %q to fp128
                  %r = fmul fp128 %s, %t
                  ret fp128 %r
                }
                """);
        String plain = CliRunner.run("", "compile", in.toString()).out();
        CliRunner r = CliRunner.run("", "compile", in.toString(), "--link-runtime");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(!plain.contains("define internal") && plain.contains("declare fp128 @__nv_add_fp128"), plain);
        for (String f : new String[] {"__nv_add_fp128", "__nv_mul_fp128", "__nv_idiv128", "__nv_int128_to_fp128"}) {
            assertTrue(r.out().contains("define internal i128 @" + f + "("), f + "\n" + r.out());
        }
        assertTrue(!r.out().contains("fp128 %") && !r.out().contains("(fp128"), "fp128 carried as i128:\n" + r.out());
    }

    @Test
    void compileErrors() {
        CliRunner.assertOneLineErrors("compile", new String[][] {
                {"-x c: expected mlir or llvm", "-", "-x", "c"},
                {"unknown option '-prec-sqrtt=1'; did you mean '-prec-sqrt'?", "-", "-prec-sqrtt=1"}});
    }

    @Test
    void compileWithTheRealLibdevice(@TempDir Path dir) throws IOException {
        Assumptions.assumeTrue(ExternalTools.libdeviceBitcode().isPresent(), "libdevice.10.bc not found");
        Assumptions.assumeTrue(ExternalTools.llvmDis().isPresent(), "llvm-dis not found");
        Path in = dir.resolve("k.mlir");
        Files.writeString(in, """
                gpu.module @m {
                  func.func @k(%x: f32) -> f32 {
                    %y = math.rsqrt %x : f32
                    return %y : f32
                  }
                }
                """);
        CliRunner r = CliRunner.run("", "compile", in.toString(), "-ftz=1");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("call float @llvm.nvvm.rsqrt.approx.ftz.f(float %0)"), r.out());
    }
}

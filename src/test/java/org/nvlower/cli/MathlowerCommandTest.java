package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code nvlower mathlower}: file or stdin in, lowered MLIR out, warnings and errors on stderr. */
class MathlowerCommandTest {

    private static final String KERNEL = """
            gpu.module @k {
              func.func @f(%x: f16, %t: tensor<2xf32>) -> (f16, tensor<2xf32>) {
                %y = math.sin %x : f16
                %z = math.exp %t : tensor<2xf32>
                return %y, %z : f16, tensor<2xf32>
              }
            }
            """;

    @Test
    void lowersStdinAndWarnsAboutWhatItLeaves() {
        CliRunner r = CliRunner.run(KERNEL, "mathlower", "-", "-arch=sm_80", "-ftz=1");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("""
                module {
                  gpu.module @k {
                    llvm.func @__nv_sinf(f32) -> f32
                    func.func @f(%arg0: f16, %arg1: tensor<2xf32>) -> (f16, tensor<2xf32>) {
                      %0 = arith.extf %arg0 : f16 to f32
                      %1 = llvm.call @__nv_sinf(%0) : (f32) -> f32
                      %2 = arith.truncf %1 : f32 to f16
                      %3 = math.exp %arg1 : tensor<2xf32>
                      return %2, %3 : f16, tensor<2xf32>
                    }
                  }
                }

                """, r.out());
        assertEquals("<stdin>:4:5: warning: math.exp not lowered: tensor operands (tensor<2xf32>) are not lowered; "
                + "bufferize or vectorize first\n", r.err());
    }

    @Test
    void mlir14SpellingAndItsWarnings(@TempDir Path dir) throws IOException {
        Path in = dir.resolve("in.mlir");
        Files.writeString(in, """
                func.func @f(%x: f32, %i: i64) -> (f32, f32, i64) {
                  %a = math.absf %x : f32
                  %b = math.trunc %x : f32
                  %c = math.absi %i : i64
                  return %a, %b, %c : f32, f32, i64
                }
                """);
        CliRunner r = CliRunner.run("", "mathlower", in.toString(), "--mlir-version", "14");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("  func @f(%arg0: f32, %arg1: i64) -> (f32, f32, i64) {"), r.out());
        assertTrue(r.out().contains("llvm.call @__nv_fabsf(%arg0) : (f32) -> f32"), r.out());
        assertEquals(in + ":4:3: warning: math.absi not lowered: libdevice's __nv_abs takes i32, not i64\n"
                + "warning: math.trunc does not exist in MLIR 14; mlir-opt 14 will not read the output\n"
                + "warning: math.absi does not exist in MLIR 14; mlir-opt 14 will not read the output\n", r.err());
    }

    @Test
    void emitsLlvmIrForTheTarget() {
        CliRunner r = CliRunner.run("""
                func.func @f(%x: f16) -> f16 {
                  %y = math.sin %x : f16
                  return %y : f16
                }
                """, "mathlower", "-", "--emit", "llvm", "-arch=sm_90", "-ftz=1");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
        assertTrue(r.out().contains("target triple = \"nvptx64-nvidia-cuda\""), r.out());
        assertTrue(r.out().contains("""
                define half @f(half %0) {
                entry:
                  %1 = fpext half %0 to float
                  %2 = call float @__nv_sinf(float %1)
                  %3 = fptrunc float %2 to half
                  ret half %3
                }
                """), r.out());
        assertTrue(r.out().contains("!{i32 4, !\"nvvm-reflect-ftz\", i32 1}"), r.out());
        r = CliRunner.run("func.func @f(%x: vector<2x2xf32>) {\n  return\n}\n", "mathlower", "-", "--emit", "llvm");
        assertEquals(1, r.exitCode());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("<stdin>:1:1: error: type 'vector<2x2xf32>' has no LLVM IR form here"), r.err());
    }

    @Test
    void errorsAreOneMessageAndExitCode1() {
        CliRunner r = CliRunner.run("func.func @f(%x: f32) {\n  %y = math.sin %x : f64\n}\n", "mathlower", "-");
        assertEquals(1, r.exitCode());
        assertEquals("", r.out());
        assertEquals("""
                <stdin>:2:17: error: use of value '%x' expects different type than prior uses: 'f64' vs 'f32'
                  %y = math.sin %x : f64
                                ^
                """, r.err());
        CliRunner.assertOneLineErrors("mathlower", new String[][] {
            {"no such file: /nonexistent.mlir", "/nonexistent.mlir"},
            {"unknown --emit format 'ptx' (expected mlir or llvm)", "-", "--emit", "ptx"},
            {"unknown --mlir-version '15'", "-", "--mlir-version", "15"},
            {"-arch=sm_999: unknown architecture", "-", "-arch=sm_999"},
        });
        r = CliRunner.run("", "mathlower", "--help");
        assertEquals(0, r.exitCode());
        assertTrue(r.out().startsWith("Usage: nvlower mathlower "), r.out());
        assertFalse(r.err().contains("\tat "));
    }
}

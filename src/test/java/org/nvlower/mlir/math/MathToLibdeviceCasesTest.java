package org.nvlower.mlir.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.nvlower.mlir.MlirFixtures;
import org.nvlower.mlir.MlirVersion;
import org.nvlower.mlir.Operation;

/** The pass on whole modules: uses rewired, declarations per module, what it leaves and why. */
class MathToLibdeviceCasesTest {

    private static String lower(String text) {
        Operation m = MlirFixtures.parse("t.mlir", text);
        MathToLibdevice.run(m);
        return MlirFixtures.print(m, MlirVersion.MLIR_19);
    }

    @Test
    void chainedUsesAcrossBlocksAndRegionsAreRewired() {
        String out = lower("""
                func.func @f(%x: f32, %c: i1) -> f32 {
                  %a = math.sin %x : f32
                  %b = math.cos %a : f32
                  cf.cond_br %c, ^bb1(%b : f32), ^bb2(%a : f32)
                ^bb1(%p: f32):
                  %d = math.exp %p : f32
                  "test.region"() ({
                    %e = math.log %b : f32
                    "test.use"(%e, %a) : (f32, f32) -> ()
                  }) : () -> ()
                  cf.br ^bb2(%d : f32)
                ^bb2(%q: f32):
                  return %q : f32
                }
                """);
        assertEquals("""
                module {
                  llvm.func @__nv_sinf(f32) -> f32
                  llvm.func @__nv_cosf(f32) -> f32
                  llvm.func @__nv_expf(f32) -> f32
                  llvm.func @__nv_logf(f32) -> f32
                  func.func @f(%arg0: f32, %arg1: i1) -> f32 {
                    %0 = llvm.call @__nv_sinf(%arg0) : (f32) -> f32
                    %1 = llvm.call @__nv_cosf(%0) : (f32) -> f32
                    cf.cond_br %arg1, ^bb1(%1 : f32), ^bb2(%0 : f32)
                  ^bb1(%2: f32):  // pred: ^bb0
                    %3 = llvm.call @__nv_expf(%2) : (f32) -> f32
                    "test.region"() ({
                      %5 = llvm.call @__nv_logf(%1) : (f32) -> f32
                      "test.use"(%5, %0) : (f32, f32) -> ()
                    }) : () -> ()
                    cf.br ^bb2(%3 : f32)
                  ^bb2(%4: f32):  // 2 preds: ^bb0, ^bb1
                    return %4 : f32
                  }
                }

                """, out);
    }

    @Test
    void eachModuleGetsItsOwnDeclarationsOnce() {
        String out = lower("""
                module {
                  gpu.module @a {
                    func.func @f(%x: f32) -> f32 {
                      %a = math.sin %x : f32
                      %b = math.sin %a : f32
                      return %b : f32
                    }
                    func.func @g(%x: f32) -> f32 {
                      %a = math.sin %x : f32
                      return %a : f32
                    }
                  }
                  gpu.module @b {
                    func.func @f(%x: f64) -> f64 {
                      %a = math.sin %x : f64
                      return %a : f64
                    }
                  }
                }
                """);
        assertEquals(1, count(out, "llvm.func @__nv_sinf(f32) -> f32"), out);
        assertEquals(1, count(out, "llvm.func @__nv_sin(f64) -> f64"), out);
        assertTrue(out.indexOf("@__nv_sinf(f32)") < out.indexOf("gpu.module @b"), "declared in @a");
        assertTrue(out.indexOf("llvm.func @__nv_sin(f64)") > out.indexOf("gpu.module @b"), "declared in @b");
    }

    @Test
    void anExistingDeclarationIsReusedAndAConflictingSymbolIsLeftAlone() {
        Operation m = MlirFixtures.parse("t.mlir", """
                llvm.func @__nv_sinf(f32) -> f32
                func.func private @__nv_cosf(f64) -> f64
                func.func @f(%x: f32) -> f32 {
                  %a = math.sin %x : f32
                  %b = math.cos %a : f32
                  return %b : f32
                }
                """);
        MathToLibdevice.Result r = MathToLibdevice.run(m);
        assertEquals(1, r.lowered());
        assertEquals(List.of(), r.declared());
        assertEquals(1, r.skipped().size());
        assertEquals("@__nv_cosf is already defined as func.func of type (f64) -> f64, not as libdevice's "
                + "!llvm.func<f32 (f32)>", r.skipped().get(0).reason());
        assertEquals("t.mlir:5:3: ", r.skipped().get(0).where());
        String out = MlirFixtures.print(m, MlirVersion.MLIR_19);
        assertEquals(1, count(out, "llvm.func @__nv_sinf"));
        assertTrue(out.contains("math.cos %0 : f32"), out);
    }

    @Test
    void whatCannotBeLoweredIsLeftWithItsReason() {
        Operation m = MlirFixtures.parse("t.mlir", """
                func.func @f(%t: tensor<4xf32>, %s: vector<[4]xf32>, %l: i64, %x: f32, %e: i64) {
                  %a = math.exp %t : tensor<4xf32>
                  %b = math.exp %s : vector<[4]xf32>
                  %c = math.absi %l : i64
                  %d = math.fpowi %x, %e : f32, i64
                  "test.use"(%a, %b, %c, %d) : (tensor<4xf32>, vector<[4]xf32>, i64, f32) -> ()
                  return
                }
                """);
        MathToLibdevice.Result r = MathToLibdevice.run(m);
        assertEquals(0, r.lowered());
        assertFalse(r.changed());
        assertEquals(List.of(
                "t.mlir:2:3: tensor operands (tensor<4xf32>) are not lowered; bufferize or vectorize first",
                "t.mlir:3:3: a scalable vector (vector<[4]xf32>) cannot be unrolled",
                "t.mlir:4:3: libdevice's __nv_abs takes i32, not i64",
                "t.mlir:5:3: libdevice's __nv_powif takes an i32 exponent, not i64"),
                r.skipped().stream().map(s -> s.where() + s.reason()).toList());
        assertFalse(MlirFixtures.print(m, MlirVersion.MLIR_19).contains("llvm.func"), "nothing declared");
    }

    @Test
    void fastmathFlagsAndOtherOperationsStay() {
        String out = lower("""
                func.func @f(%x: f32, %y: f32) -> f32 {
                  %a = math.sin %x fastmath<fast> : f32
                  %b = arith.addf %a, %y fastmath<fast> : f32
                  %c = math.trunc %b : f32
                  return %c : f32
                }
                """);
        assertTrue(out.contains("%0 = llvm.call @__nv_sinf(%arg0) : (f32) -> f32"), out);
        assertTrue(out.contains("arith.addf %0, %arg1 fastmath<fast> : f32"), out);
        assertTrue(out.contains("math.trunc %1 : f32"), "not in the crosswalk: kept");
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}

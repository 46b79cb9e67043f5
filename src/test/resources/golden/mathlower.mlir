// RUN: nvlower mathlower %s
// Written from seed 4's crosswalk: math.sin on f32 calls __nv_sinf, math.powf on f64 __nv_pow,
// math.isnan on f32 __nv_isnanf (libdevice returns i32; the operation's i1 is "nonzero"), math.exp
// on f16 goes through f32 (extf, __nv_expf, truncf), math.fpowi calls __nv_powif(f32, i32); one
// llvm.func declaration per callee, as mlir-opt's --convert-gpu-to-nvvm writes them; arguments
// printed as mlir-opt prints them (%argN).
module {
  func.func @f(%x: f32, %y: f64, %h: f16, %n: i32) -> (f32, f64, i1, f16, f32) {
    %0 = math.sin %x : f32
    %1 = math.powf %y, %y : f64
    %2 = math.isnan %x : f32
    %3 = math.exp %h : f16
    %4 = math.fpowi %x, %n : f32, i32
    return %0, %1, %2, %3, %4 : f32, f64, i1, f16, f32
  }
}
// CHECK: llvm.func @__nv_sinf(f32) -> f32
// CHECK: llvm.func @__nv_pow(f64, f64) -> f64
// CHECK: llvm.func @__nv_isnanf(f32) -> i32
// CHECK: llvm.func @__nv_expf(f32) -> f32
// CHECK: llvm.func @__nv_powif(f32, i32) -> f32
// CHECK-LABEL: func.func @f(
// CHECK-NOT: math.
// CHECK: [[S:%[0-9]+]] = llvm.call @__nv_sinf(%arg0) : (f32) -> f32
// CHECK: [[P:%[0-9]+]] = llvm.call @__nv_pow(%arg1, %arg1) : (f64, f64) -> f64
// CHECK: [[I:%[0-9]+]] = llvm.call @__nv_isnanf(%arg0) : (f32) -> i32
// CHECK: [[B:%[0-9]+]] = arith.cmpi ne, [[I]], {{%[a-z0-9_]+}} : i32
// CHECK: [[E:%[0-9]+]] = arith.extf %arg2 : f16 to f32
// CHECK-NEXT: [[X:%[0-9]+]] = llvm.call @__nv_expf([[E]]) : (f32) -> f32
// CHECK-NEXT: [[T:%[0-9]+]] = arith.truncf [[X]] : f32 to f16
// CHECK: [[W:%[0-9]+]] = llvm.call @__nv_powif(%arg0, %arg3) : (f32, i32) -> f32
// CHECK-NOT: math.
// CHECK: return [[S]], [[P]], [[B]], [[T]], [[W]] : f32, f64, i1, f16, f32

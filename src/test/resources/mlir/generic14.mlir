// mlir-opt 14 --mlir-print-op-generic of syntax14.mlir: MLIR 14's generic form (attribute 'type',
// operand_segment_sizes). The .14 file is what LLVM 14's mlir-opt prints for it.
#map = affine_map<(d0) -> (d0 * 2)>
"builtin.module"() ({
  "gpu.module"() ({
    "gpu.func"() ({
    ^bb0(%arg0: f32, %arg1: memref<?xf32, #map>):
      %0 = "arith.constant"() {value = 0 : index} : () -> index
      %1 = "memref.load"(%arg1, %0) : (memref<?xf32, #map>, index) -> f32
      %2 = "math.abs"(%1) : (f32) -> f32
      "memref.store"(%2, %arg1, %0) : (f32, memref<?xf32, #map>, index) -> ()
      "gpu.return"() : () -> ()
    }) {gpu.kernel, sym_name = "k", type = (f32, memref<?xf32, #map>) -> (), workgroup_attributions = 0 : i64} : () -> ()
    "builtin.func"() ({
    ^bb0(%arg0: f32, %arg1: f64, %arg2: i32):
      %0 = "math.sin"(%arg0) : (f32) -> f32
      %1 = "math.exp2"(%arg1) : (f64) -> f64
      %2 = "math.powf"(%0, %arg0) : (f32, f32) -> f32
      %3 = "arith.maxf"(%2, %0) : (f32, f32) -> f32
      %4 = "arith.minf"(%3, %0) : (f32, f32) -> f32
      %5 = "arith.remf"(%4, %arg0) : (f32, f32) -> f32
      %6 = "math.copysign"(%5, %arg0) : (f32, f32) -> f32
      %7 = "math.fma"(%6, %arg0, %arg0) : (f32, f32, f32) -> f32
      %8 = "math.ctlz"(%arg2) : (i32) -> i32
      %9 = "arith.constant"() {value = true} : () -> i1
      %10 = "std.select"(%9, %7, %arg0) : (i1, f32, f32) -> f32
      "std.cond_br"(%9, %10)[^bb1, ^bb2] {operand_segment_sizes = dense<[1, 1, 0]> : vector<3xi32>} : (i1, f32) -> ()
    ^bb1(%11: f32):  // pred: ^bb0
      %12 = "arith.mulf"(%11, %11) : (f32, f32) -> f32
      "std.br"()[^bb2] : () -> ()
    ^bb2:  // 2 preds: ^bb0, ^bb1
      %13 = "std.call"(%arg0) {callee = @g} : (f32) -> f32
      "std.return"(%13) : (f32) -> ()
    }) {sym_name = "f", type = (f32, f64, i32) -> f32} : () -> ()
    "builtin.func"() ({
    }) {sym_name = "g", sym_visibility = "private", type = (f32) -> f32} : () -> ()
    "gpu.module_end"() : () -> ()
  }) {sym_name = "kernels"} : () -> ()
  "builtin.func"() ({
  ^bb0(%arg0: f32):
    %0 = "math.rsqrt"(%arg0) : (f32) -> f32
    "std.return"(%0) : (f32) -> ()
  }) {sym_name = "top", type = (f32) -> f32} : () -> ()
}) {gpu.container_module} : () -> ()


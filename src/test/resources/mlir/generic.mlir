// The generic form: known operations (MLIR 19's properties and MLIR 14's attribute names),
// unknown ones with regions, successors and properties. The .19 file is what LLVM 19's
// mlir-opt --allow-unregistered-dialect prints for it.
"builtin.module"() ({
  "gpu.module"() <{sym_name = "m"}> ({
    "func.func"() <{function_type = (f32, i1) -> f32, sym_name = "f"}> ({
    ^bb0(%arg0: f32, %arg1: i1):
      %0 = "math.sin"(%arg0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %1 = "arith.addf"(%0, %arg0) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
      %2 = "arith.constant"() <{value = 2.0 : f32}> : () -> f32
      %3 = "arith.cmpf"(%1, %2) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (f32, f32) -> i1
      %4 = "test.op"(%3, %1) <{prop = 1 : i32}> {attr = "x"} : (i1, f32) -> f32
      "test.region"() ({
        %5 = "math.cos"(%4) : (f32) -> f32
        "test.yield"(%5) : (f32) -> ()
      }, {
      ^bb0(%a: f32):
        "test.yield"(%a) : (f32) -> ()
      }) : () -> ()
      "cf.cond_br"(%arg1, %4, %0)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, f32, f32) -> ()
    ^bb1(%6: f32):
      "cf.br"(%6)[^bb2] : (f32) -> ()
    ^bb2(%7: f32):
      "test.term"(%7)[^bb1] : (f32) -> ()
    }) : () -> ()
    "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<f32 (f32)>, linkage = #llvm.linkage<external>, sym_name = "h", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
    }) : () -> ()
    "gpu.module_end"() : () -> ()
  }) : () -> ()
}) {gpu.container_module} : () -> ()

// mlir-opt 19 --mlir-print-op-generic of syntax19.mlir. The .19 file is what LLVM 19's mlir-opt prints for it.
#map = affine_map<(d0)[s0] -> (d0 + s0)>
#map1 = affine_map<(d0) -> (d0)>
"builtin.module"() <{sym_name = "top"}> ({
  "gpu.module"() <{sym_name = "kernels"}> ({
    "gpu.func"() <{function_type = (f32, memref<?x4xf32, 3>, memref<4xf32, strided<[1], offset: ?>>, memref<*xf32>, vector<[4]xf32>, vector<2x3xbf16>, tensor<?xf32>, memref<f32>, vector<f32>) -> ()}> ({
    ^bb0(%arg7: f32, %arg8: memref<?x4xf32, 3>, %arg9: memref<4xf32, strided<[1], offset: ?>>, %arg10: memref<*xf32>, %arg11: vector<[4]xf32>, %arg12: vector<2x3xbf16>, %arg13: tensor<?xf32>, %arg14: memref<f32>, %arg15: vector<f32>, %arg16: memref<32xf32, 3>, %arg17: memref<4xf32, 5>):
      %40 = "arith.constant"() <{value = 0 : index}> : () -> index
      %41 = "memref.load"(%arg8, %40, %40) : (memref<?x4xf32, 3>, index, index) -> f32
      %42 = "math.sin"(%41) <{fastmath = #arith.fastmath<fast>}> : (f32) -> f32
      "memref.store"(%42, %arg16, %40) : (f32, memref<32xf32, 3>, index) -> ()
      "gpu.return"() : () -> ()
    }) {blah = 1 : i32, gpu.kernel, sym_name = "k", workgroup_attributions = 1 : i64} : () -> ()
    "func.func"() <{arg_attrs = [{foo.x = 1 : i32}, {}, {}, {}, {}], function_type = (f32, i64, f16, memref<?xf32>, index) -> (f32, i64), res_attrs = [{foo.r}, {}], sym_name = "f"}> ({
    ^bb0(%arg1: f32, %arg2: i64, %arg3: f16, %arg4: memref<?xf32>, %arg5: index):
      %7 = "arith.constant"() <{value = 1 : index}> : () -> index
      %8 = "arith.constant"() <{value = 1 : index}> : () -> index
      %9 = "arith.constant"() <{value = 7 : i32}> : () -> i32
      %10 = "arith.constant"() <{value = -7 : i64}> : () -> i64
      %11 = "arith.constant"() <{value = true}> : () -> i1
      %12 = "arith.constant"() <{value = false}> : () -> i1
      %13 = "arith.constant"() <{value = 1.500000e+00 : f32}> : () -> f32
      %14 = "arith.constant"() <{value = dense<[1.000000e+00, 2.000000e+00]> : vector<2xf32>}> : () -> vector<2xf32>
      %15 = "math.sin"(%arg1) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %16 = "math.atan2"(%15, %arg1) <{fastmath = #arith.fastmath<nnan,ninf>}> : (f32, f32) -> f32
      %17 = "math.fma"(%15, %16, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32, f32) -> f32
      %18 = "math.fpowi"(%17, %9) <{fastmath = #arith.fastmath<none>}> : (f32, i32) -> f32
      %19 = "math.absi"(%9) : (i32) -> i32
      %20 = "arith.addf"(%18, %13) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
      %21 = "arith.remf"(%20, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %22 = "arith.maxnumf"(%21, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %23 = "arith.minimumf"(%22, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %24 = "arith.negf"(%23) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %25 = "arith.addi"(%arg2, %10) <{overflowFlags = #arith.overflow<nsw>}> : (i64, i64) -> i64
      %26 = "arith.cmpf"(%24, %arg1) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (f32, f32) -> i1
      %27 = "arith.cmpi"(%25, %arg2) <{predicate = 5 : i64}> : (i64, i64) -> i1
      %28 = "arith.select"(%26, %24, %arg1) : (i1, f32, f32) -> f32
      %29 = "arith.extf"(%arg3) : (f16) -> f32
      %30 = "arith.truncf"(%28) : (f32) -> f16
      %31 = "arith.index_cast"(%arg5) : (index) -> i64
      %32 = "memref.load"(%arg4, %arg5) : (memref<?xf32>, index) -> f32
      "memref.store"(%28, %arg4, %arg5) : (f32, memref<?xf32>, index) -> ()
      %33 = "func.call"(%28) <{callee = @g}> : (f32) -> f32
      %34 = "llvm.call"(%33) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, callee = @h, fastmathFlags = #llvm.fastmath<none>}> : (f32) -> f32
      %35:2 = "test.two"(%34) {attr = #map} : (f32) -> (f32, i64)
      "test.region"(%35#0) ({
      ^bb0(%arg6: f32):
        %38 = "math.cos"(%arg6) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
        %39 = "arith.constant"() <{value = 2.500000e+00 : f32}> : () -> f32
        "test.yield"(%38) : (f32) -> ()
      }) : (f32) -> ()
      "cf.cond_br"(%26, %35#0)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, f32) -> ()
    ^bb1(%36: f32):  // pred: ^bb0
      %37 = "arith.mulf"(%36, %36) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "cf.br"()[^bb2] : () -> ()
    ^bb2:  // 2 preds: ^bb0, ^bb1
      "func.return"(%28, %35#1) : (f32, i64) -> ()
    }) {llvm.emit_c_interface} : () -> ()
    "func.func"() <{function_type = (f32) -> f32, sym_name = "g", sym_visibility = "private"}> ({
    }) : () -> ()
    "func.func"() <{function_type = (f32) -> (), sym_name = "g2", sym_visibility = "nested"}> ({
    }) : () -> ()
    "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<f32 (f32)>, linkage = #llvm.linkage<external>, sym_name = "h", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
    }) : () -> ()
    "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<f32 (f32)>, linkage = #llvm.linkage<internal>, sym_name = "h2", sym_visibility = "private", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
    ^bb0(%arg0: f32):
      %0 = "llvm.mlir.undef"() : () -> vector<2xf32>
      %1 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
      %2 = "llvm.insertelement"(%0, %arg0, %1) : (vector<2xf32>, f32, i64) -> vector<2xf32>
      %3 = "llvm.extractelement"(%2, %1) : (vector<2xf32>, i64) -> f32
      %4 = "llvm.fpext"(%3) : (f32) -> f64
      %5 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
      %6 = "llvm.icmp"(%5, %5) <{predicate = 1 : i64}> : (i32, i32) -> i1
      "llvm.return"(%3) : (f32) -> ()
    }) : () -> ()
    "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (f32, ...)>, linkage = #llvm.linkage<external>, sym_name = "h3", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
    }) : () -> ()
    "gpu.module_end"() : () -> ()
  }) {x} : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "unreachable"}> ({
    "func.return"() : () -> ()
  ^bb1:  // no predecessors
    "func.return"() : () -> ()
  }) : () -> ()
}) {a.list = [1, 2.500000e+00, "s\0A\22q", @sym, @a::@b, unit, true, false, f32, i7, index, dense<[1, 2]> : vector<2xi32>, dense<1.000000e+00> : tensor<2x2xf16>, dense<1.000000e+00> : vector<2xf64>, dense<[[true, false]]> : tensor<1x2xi1>, 0x7FC00000 : f32, -0.000000e+00, 1.000000e-10 : f32, 1.000000e-01, 0.33333333333333331, 0x4CEB79A3 : f32, 9.999940e-41 : f32, 6.550400e+04 : f16, 1.000980e-01 : bf16, 4.940660e-324, 9.9999999999999991E+22, {y, z = 1 : i64}, -1 : i8, -1 : i32, 10 : ui8, -5 : si8, #map1, #map, #arith.fastmath<fast>, array<i32: 1, 2>], gpu.container_module} : () -> ()


// Custom forms of the operations nvlower knows, MLIR 19 spelling. The .19 file is what
// LLVM 19's mlir-opt --allow-unregistered-dialect prints for this input.
#map = affine_map<(d0)[s0] -> (d0 + s0)>
!f = f32
module @top attributes {gpu.container_module, a.list = [1, 2.5, "s\n\"q", @sym, @a::@b, unit, true, false, f32, i7, index, dense<[1, 2]> : vector<2xi32>, dense<1.0> : tensor<2x2xf16>, dense<[1.0, 1.0]> : vector<2xf64>, dense<[[true, false]]> : tensor<1x2xi1>, 0x7FC00000 : f32, -0.0 : f64, 1.0e-10 : f32, 0.1 : f64, 0.3333333333333333 : f64, 123456789.0 : f32, 1.0e-40 : f32, 65504.0 : f16, 0.1 : bf16, 5.0e-324 : f64, 1.0e23, {z = 1, y}, 255 : i8, 4294967295 : i32, 10 : ui8, -5 : si8, affine_map<(d0) -> (d0)>, #map, #arith.fastmath<fast>, array<i32: 1, 2>]} {
  gpu.module @kernels attributes {x} {
    gpu.func @k(%a: f32, %m: memref<?x4xf32, 3>, %s: memref<4xf32, strided<[1], offset: ?>>, %u: memref<*xf32>, %v: vector<[4]xf32>, %w: vector<2x3xbf16>, %t: tensor<?xf32>, %z: memref<f32>, %zv: vector<f32>) workgroup(%ws: memref<32xf32, 3>) private(%ps: memref<4xf32, 5>) kernel attributes {blah = 1 : i32} {
      %c0 = arith.constant 0 : index
      %x = memref.load %m[%c0, %c0] : memref<?x4xf32, 3>
      %y = math.sin %x fastmath<fast> : f32
      memref.store %y, %ws[%c0] : memref<32xf32, 3>
      gpu.return
    }
    func.func @f(%a: !f {foo.x = 1 : i32}, %b: i64, %h: f16, %p: memref<?xf32>, %i: index) -> (f32 {foo.r}, i64) attributes {llvm.emit_c_interface} {
      %c1 = arith.constant 1 : index
      %c1b = arith.constant 1 : index
      %k = arith.constant 7 : i32
      %km = arith.constant -7 : i64
      %t = arith.constant true
      %fa = arith.constant false
      %cf = arith.constant 1.5 : f32
      %cv = arith.constant dense<[1.0, 2.0]> : vector<2xf32>
      %s = math.sin %a : f32
      %s2 = math.atan2 %s, %a fastmath<nnan,ninf> : f32
      %s3 = math.fma %s, %s2, %a : f32
      %s4 = math.fpowi %s3, %k : f32, i32
      %s6 = math.absi %k : i32
      %e = arith.addf %s4, %cf fastmath<fast> : f32
      %e2 = arith.remf %e, %a : f32
      %e3 = arith.maxnumf %e2, %a : f32
      %e4 = arith.minimumf %e3, %a : f32
      %n = arith.negf %e4 : f32
      %ii = arith.addi %b, %km overflow<nsw> : i64
      %cmp = arith.cmpf olt, %n, %a : f32
      %cmpi = arith.cmpi sge, %ii, %b : i64
      %sel = arith.select %cmp, %n, %a : f32
      %ext = arith.extf %h : f16 to f32
      %tr = arith.truncf %sel : f32 to f16
      %ic = arith.index_cast %i : index to i64
      %l = memref.load %p[%i] : memref<?xf32>
      memref.store %sel, %p[%i] : memref<?xf32>
      %call = call @g(%sel) : (f32) -> f32
      %lc = llvm.call @h(%call) : (f32) -> f32
      %two:2 = "test.two"(%lc) {attr = #map} : (f32) -> (f32, i64)
      "test.region"(%two#0) ({
      ^bb0(%r: f32):
        %in = math.cos %r : f32
        %cst2 = arith.constant 2.5 : f32
        "test.yield"(%in) : (f32) -> ()
      }) : (f32) -> ()
      cf.cond_br %cmp, ^bb1(%two#0 : f32), ^bb2
    ^bb1(%q: f32):
      %u = arith.mulf %q, %q : f32
      cf.br ^bb2
    ^bb2:
      return %sel, %two#1 : f32, i64
    }
    func.func private @g(f32) -> f32
    func.func nested @g2(f32)
    llvm.func @h(f32) -> f32
    llvm.func internal @h2(%x: f32) -> f32 attributes {sym_visibility = "private"} {
      %v0 = llvm.mlir.undef : vector<2xf32>
      %i0 = llvm.mlir.constant(0 : i64) : i64
      %v1 = llvm.insertelement %x, %v0[%i0 : i64] : vector<2xf32>
      %e0 = llvm.extractelement %v1[%i0 : i64] : vector<2xf32>
      %d = llvm.fpext %e0 : f32 to f64
      %ci = llvm.mlir.constant(1 : i32) : i32
      %cmp = llvm.icmp "ne" %ci, %ci : i32
      llvm.return %e0 : f32
    }
    llvm.func @h3(f32, ...)
  }
  func.func @unreachable() {
    return
  ^bb1:
    return
  }
}

// MLIR 14 spellings (builtin func, std.return, br/cond_br, math.abs, arith.maxf). The .14 file
// is what LLVM 14's mlir-opt --allow-unregistered-dialect prints for it.
#map = affine_map<(d0) -> (d0 * 2)>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: f32, %m: memref<?xf32, #map>) kernel {
      %c0 = arith.constant 0 : index
      %x = memref.load %m[%c0] : memref<?xf32, #map>
      %y = math.abs %x : f32
      memref.store %y, %m[%c0] : memref<?xf32, #map>
      gpu.return
    }
    builtin.func @f(%a: f32, %b: f64, %i: i32) -> f32 {
      %s = math.sin %a : f32
      %d = math.exp2 %b : f64
      %p = math.powf %s, %a : f32
      %mx = arith.maxf %p, %s : f32
      %mn = arith.minf %mx, %s : f32
      %r = arith.remf %mn, %a : f32
      %cp = math.copysign %r, %a : f32
      %fm = math.fma %cp, %a, %a : f32
      %ct = math.ctlz %i : i32
      %t = arith.constant true
      %sel = select %t, %fm, %a : f32
      cond_br %t, ^bb1(%sel : f32), ^bb2
    ^bb1(%q: f32):
      %u = arith.mulf %q, %q : f32
      br ^bb2
    ^bb2:
      %c = call @g(%a) : (f32) -> f32
      return %c : f32
    }
    builtin.func private @g(f32) -> f32
  }
  func @top(%x: f32) -> f32 {
    %y = math.rsqrt %x : f32
    return %y : f32
  }
}

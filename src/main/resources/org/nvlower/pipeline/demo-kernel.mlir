// The demo's kernel (nvlower demo): one function per math operation, so that what each
// libdevice call becomes under the cicc options can be read function by function.
gpu.module @demo {
  func.func @sqrt(%x: f32) -> f32 {
    %y = math.sqrt %x : f32
    return %y : f32
  }
  func.func @rsqrt(%x: f32) -> f32 {
    %y = math.rsqrt %x : f32
    return %y : f32
  }
  func.func @exp(%x: f32) -> f32 {
    %y = math.exp %x : f32
    return %y : f32
  }
  func.func @sin(%x: f32) -> f32 {
    %y = math.sin %x : f32
    return %y : f32
  }
  func.func @isnan(%x: f32) -> i1 {
    %y = math.isnan %x : f32
    return %y : i1
  }
  func.func @sqrt_f64(%x: f64) -> f64 {
    %y = math.sqrt %x : f64
    return %y : f64
  }
  func.func @sin_of_half() -> f32 {
    %c = arith.constant 0.5 : f32
    %y = math.sin %c : f32
    return %y : f32
  }
}

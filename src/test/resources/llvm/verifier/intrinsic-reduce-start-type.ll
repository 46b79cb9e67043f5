; LLVM: Intrinsic has incorrect argument type!
define float @f(<4 x float> %x) {
  %r = call float @llvm.vector.reduce.fadd.v4f32(double 0.0, <4 x float> %x)
  ret float %r
}
declare float @llvm.vector.reduce.fadd.v4f32(double, <4 x float>)

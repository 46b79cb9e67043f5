; LLVM: Intrinsic has incorrect argument type!
define float @f(<4 x float> %x) {
  %r = call float @llvm.vector.reduce.umin.v4f32(<4 x float> %x)
  ret float %r
}
declare float @llvm.vector.reduce.umin.v4f32(<4 x float>)

; LLVM: Intrinsic has incorrect argument type!
declare float @llvm.fma.f32(float, float, double)
define float @f(float %a, double %b) {
  %r = call float @llvm.fma.f32(float %a, float %a, double %b)
  ret float %r
}

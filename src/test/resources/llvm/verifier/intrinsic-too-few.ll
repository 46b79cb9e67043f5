; LLVM: Callsite was not defined with variable arguments!
; Fewer parameters than the intrinsic's: LLVM reports the descriptors left over as a varargs mismatch.
declare float @llvm.fma.f32(float, float)

define float @f(float %a) {
  %r = call float @llvm.fma.f32(float %a, float %a)
  ret float %r
}

; LLVM: fpmath accuracy must have float type
define float @f(float %x) {
  %s = fadd float %x, %x, !fpmath !0
  ret float %s
}
!0 = !{double 2.5}

; LLVM: fpmath accuracy not a positive number!
define float @f(float %x) {
  %s = fadd float %x, %x, !fpmath !0
  ret float %s
}
!0 = !{float -1.0}

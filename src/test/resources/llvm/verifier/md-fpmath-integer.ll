; LLVM: fpmath requires a floating point result!
define i32 @f(i32 %i) {
  %s = add i32 %i, %i, !fpmath !0
  ret i32 %s
}
!0 = !{float 2.5}

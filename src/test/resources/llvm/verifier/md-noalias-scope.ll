; LLVM: scope must have two or three operands
define i8 @f(i8* %p) {
  %v = load i8, i8* %p, !noalias !0
  ret i8 %v
}

!0 = !{!1}
!1 = distinct !{!1}

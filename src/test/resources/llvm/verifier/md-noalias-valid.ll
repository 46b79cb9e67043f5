; VALID
; Scoped-noalias metadata as clang's inliner writes it, and a scope declaration.
declare void @llvm.experimental.noalias.scope.decl(metadata)

define i8 @f(i8* %p, i8* %q) {
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  %v = load i8, i8* %p, !alias.scope !3, !noalias !4
  store i8 %v, i8* %q, !alias.scope !4, !noalias !3
  ret i8 %v
}

!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"f: %p"}
!2 = distinct !{!2, !0}
!3 = !{!1}
!4 = !{!2}

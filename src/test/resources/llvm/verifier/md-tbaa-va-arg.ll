; VALID
; va_arg may carry a TBAA access tag.
declare void @llvm.va_start(i8*)

define void @f(i8* %p, ...) {
  %args = alloca i8, align 8
  call void @llvm.va_start(i8* %args)
  %v = va_arg i8* %args, i8, !tbaa !2
  ret void
}

!0 = !{!"root"}
!1 = !{!"char", !0}
!2 = !{!1, !1, i64 0}

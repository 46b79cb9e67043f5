; LLVM: This instruction shall not have a TBAA access tag!
define void @f(i32* %p) {
  %x = add i32 0, 0, !tbaa !0
  ret void
}
!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"root"}

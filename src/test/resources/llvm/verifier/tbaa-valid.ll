; VALID
define void @f(i32* %p) {
  store i32 0, i32* %p, !tbaa !0
  %x = load i32, i32* %p, !tbaa !3
  ret void
}
!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"root"}
!3 = !{!"int", !2}

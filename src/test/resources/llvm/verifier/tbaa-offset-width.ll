; LLVM: Access bit-width not the same as description bit-width
define void @f(i32* %p) {
  store i32 0, i32* %p, !tbaa !0
  ret void
}
!0 = !{!1, !1, i32 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"root"}
